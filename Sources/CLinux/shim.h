#ifndef T9PHONE_CLINUX_SHIM_H
#define T9PHONE_CLINUX_SHIM_H
/* The C library and kernel interfaces every adapter uses, as one module:
   the host tool (full Swift runtime, beside Glibc) and the board firmware
   (Embedded Swift, where no Glibc module exists) import the same
   declarations. What Swift cannot import — variadic functions, macros that
   expand to expressions — has a small inline wrapper here, prefixed t9_. */
#include <dirent.h>
#include <elf.h>
#include <errno.h>
#include <fcntl.h>
#include <malloc.h>
#include <arpa/inet.h>
#include <netdb.h>
#include <netinet/in.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <termios.h>
#include <time.h>
#include <unistd.h>
#include <sys/auxv.h>
#include <sys/inotify.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/signalfd.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/un.h>
#include <linux/i2c.h>
#include <linux/i2c-dev.h>
#include <linux/input.h>

/// The calling thread's errno (a macro in C).
static inline int t9_errno(void) { return errno; }

/// `open(2)` with its mode (variadic in C).
static inline int t9_open(const char *path, int flags, unsigned int mode) {
  return open(path, flags, (mode_t)mode);
}

/// `ioctl(2)` with a pointer argument (variadic in C).
static inline int t9_ioctl_pointer(int fd, unsigned long request, void *argument) {
  return ioctl(fd, request, argument);
}

/// `ioctl(2)` with an integer argument (variadic in C).
static inline int t9_ioctl_value(int fd, unsigned long request, unsigned long argument) {
  return ioctl(fd, request, argument);
}

/// `EVIOCGRAB`, a function-like macro: grabs (1) or releases (0) an evdev
/// device for this descriptor alone. 0, or a negative errno.
static inline int t9_evdev_grab(int fd, int grab) {
  if (ioctl(fd, EVIOCGRAB, (void *)(long)(grab ? 1 : 0)) < 0) return -errno;
  return 0;
}

/// The seconds of an event's timestamp: `time.tv_sec` where `time_t` is the
/// native word, `__sec` on 32-bit targets with a 64-bit `time_t`; the
/// header's `input_event_sec` macro names whichever exists.
static inline long long t9_event_seconds(const struct input_event *event) {
  return (long long)event->input_event_sec;
}

/// The microseconds of an event's timestamp (see `t9_event_seconds`).
static inline int t9_event_microseconds(const struct input_event *event) {
  return (int)event->input_event_usec;
}

/// Whether `mmap` failed (`MAP_FAILED` is a cast in C).
static inline int t9_map_failed(const void *address) { return address == MAP_FAILED; }

/// `I2C_SLAVE`, `I2C_FUNCS`, `I2C_RDWR`, `I2C_SMBUS` as values Swift imports
/// the same way on every target.
static inline unsigned long t9_i2c_slave(void) { return I2C_SLAVE; }
static inline unsigned long t9_i2c_funcs(void) { return I2C_FUNCS; }
static inline unsigned long t9_i2c_rdwr(void) { return I2C_RDWR; }
static inline unsigned long t9_i2c_smbus(void) { return I2C_SMBUS; }

#endif
