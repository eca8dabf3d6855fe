#include "CEvdevShims.h"

#include <errno.h>
#include <stdint.h>
#include <sys/ioctl.h>
#include <linux/input.h>

int t9_evdev_grab(int fd, int grab) {
  if (ioctl(fd, EVIOCGRAB, (void *)(intptr_t)(grab ? 1 : 0)) < 0) {
    return -errno;
  }
  return 0;
}
