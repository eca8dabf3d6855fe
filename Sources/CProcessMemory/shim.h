#ifndef T9PHONE_CPROCESSMEMORY_SHIM_H
#define T9PHONE_CPROCESSMEMORY_SHIM_H
/* glibc's interfaces to the process's own memory, for the executable:
   malloc tuning (mallopt, M_ARENA_MAX) and where the kernel loaded the
   program (getauxval(AT_PHDR), the ELF program headers). */
#include <malloc.h>
#include <elf.h>
#include <sys/auxv.h>
#endif
