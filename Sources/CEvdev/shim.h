#ifndef T9PHONE_CEVDEV_SHIM_H
#define T9PHONE_CEVDEV_SHIM_H
#include <stdint.h>
#include <libevdev/libevdev.h>

/// The seconds of an event's timestamp. `struct input_event` has `time`
/// (a `struct timeval`) where `time_t` is the native word, and `__sec`/`__usec`
/// on 32-bit targets with a 64-bit `time_t`; the header's `input_event_sec`
/// macro names whichever exists, and Swift cannot use the macro.
static inline int64_t t9_event_seconds(const struct input_event *event) {
  return (int64_t)event->input_event_sec;
}

/// The microseconds of an event's timestamp (see `t9_event_seconds`).
static inline int32_t t9_event_microseconds(const struct input_event *event) {
  return (int32_t)event->input_event_usec;
}

#endif
