#ifndef T9PHONE_CMALLOC_SHIM_H
#define T9PHONE_CMALLOC_SHIM_H
/* glibc's malloc tuning, for the executable: mallopt and M_ARENA_MAX. */
#include <malloc.h>
#endif
