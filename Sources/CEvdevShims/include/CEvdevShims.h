#ifndef T9PHONE_CEVDEV_SHIMS_H
#define T9PHONE_CEVDEV_SHIMS_H
/// Placeholder: shims for what Swift cannot import (macros, variadics).
int t9_evdev_shims_version(void);
#endif
