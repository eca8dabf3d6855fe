#include "CEvdevShims.h"
int t9_evdev_shims_version(void) { return 1; }
