#ifndef T9PHONE_CEVDEV_SHIM_H
#define T9PHONE_CEVDEV_SHIM_H
/* libevdev, linked from Debian's libevdev-dev: dynamically by the host
   tool (pkg-config), statically (libevdev.a of the target's architecture)
   by the board firmware. */
#include <libevdev/libevdev.h>
#endif
