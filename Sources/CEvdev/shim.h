#ifndef T9PHONE_CEVDEV_SHIM_H
#define T9PHONE_CEVDEV_SHIM_H
#include <libevdev/libevdev.h>
#endif
