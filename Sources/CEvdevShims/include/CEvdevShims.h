#ifndef T9PHONE_CEVDEV_SHIMS_H
#define T9PHONE_CEVDEV_SHIMS_H

/// Grabs (grab != 0) or releases (grab == 0) an evdev device with the
/// EVIOCGRAB ioctl, a function-like macro Swift cannot import. While grabbed,
/// no other reader of the device (the console included) sees its events.
/// Returns 0, or a negative errno.
int t9_evdev_grab(int fd, int grab);

#endif
