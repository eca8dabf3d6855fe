// What the Swift runtime needs from a C library on wasm32-unknown-none-wasm,
// where there is none: memory (a size-class allocator over the module's
// linear memory, grown in 64 KiB pages and never returned, so freed blocks
// are reused rather than more memory taken) and the mem* and str*
// functions, on the bulk-memory instructions.
#include <stddef.h>
#include <stdint.h>

// The three WASI functions the module imports (Web/WebMain/Entry.swift).
#define WASI(name) __attribute__((import_module("wasi_snapshot_preview1"), import_name(name)))
WASI("fd_read") int32_t import_fd_read(int32_t fd, const void *vectors, int32_t count, int32_t *done);
WASI("fd_write") int32_t import_fd_write(int32_t fd, const void *vectors, int32_t count, int32_t *done);
WASI("proc_exit") void import_proc_exit(int32_t status);

int32_t wasi_fd_read(int32_t fd, const void *vectors, int32_t count, int32_t *done) {
  return import_fd_read(fd, vectors, count, done);
}
int32_t wasi_fd_write(int32_t fd, const void *vectors, int32_t count, int32_t *done) {
  return import_fd_write(fd, vectors, count, done);
}
void wasi_proc_exit(int32_t status) { import_proc_exit(status); }

#define PAGE 65536u
#define CLASSES 28

// A block's header: its size class; the free list links through the payload.
typedef struct Header { uint32_t klass; uint32_t pad[3]; } Header;
typedef struct Free { struct Free *next; } Free;

static Free *free_lists[CLASSES];
static uintptr_t bump, limit;

extern unsigned char __heap_base;

static void *take(size_t size) {
  if (bump == 0) { bump = (uintptr_t)&__heap_base; limit = __builtin_wasm_memory_size(0) * PAGE; }
  bump = (bump + 15u) & ~(uintptr_t)15u;
  if (bump + size > limit) {
    size_t pages = (bump + size - limit + PAGE - 1) / PAGE;
    if (__builtin_wasm_memory_grow(0, pages) == (size_t)-1) return NULL;
    limit += pages * PAGE;
  }
  void *block = (void *)bump;
  bump += size;
  return block;
}

static unsigned class_of(size_t size) {
  unsigned klass = 4;  // 16 bytes
  while (((size_t)1 << klass) < size) klass++;
  return klass;
}

// Every allocation counted, so the page and the tests can show that a
// key press allocates nothing.
static uint32_t allocations;
__attribute__((export_name("t9_allocations"))) uint32_t t9_allocations(void) { return allocations; }

// How much of the reserved memory the allocator has taken so far (blocks
// freed stay taken, on their size class's free list, for reuse).
__attribute__((export_name("t9_heap_taken"))) uint32_t t9_heap_taken(void) {
  return bump == 0 ? 0 : (uint32_t)(bump - (uintptr_t)&__heap_base);
}

#ifdef T9_TRACE_ALLOCATIONS
__attribute__((import_module("env"), import_name("trace_allocation"))) void trace_allocation(uint32_t);
#endif

void *malloc(size_t size) {
  allocations++;
#ifdef T9_TRACE_ALLOCATIONS
  trace_allocation((uint32_t)size);
#endif
  if (size == 0) size = 1;
  unsigned klass = class_of(size + sizeof(Header));
  if (klass >= CLASSES) return NULL;
  Free *block = free_lists[klass];
  Header *header;
  if (block) {
    free_lists[klass] = block->next;
    header = (Header *)block;
  } else {
    header = take((size_t)1 << klass);
    if (!header) return NULL;
  }
  header->klass = klass;
  return header + 1;
}

static uint32_t frees;
__attribute__((export_name("t9_frees"))) uint32_t t9_frees(void) { return frees; }

void free(void *pointer) {
  if (!pointer) return;
  frees++;
  Header *header = (Header *)pointer - 1;
  // The class is read before the link overwrites it (the link lives where
  // the header was).
  unsigned klass = header->klass;
  Free *block = (Free *)header;
  block->next = free_lists[klass];
  free_lists[klass] = block;
}

int posix_memalign(void **out, size_t alignment, size_t size) {
  // Blocks are 16-byte aligned; Swift asks for more only for types that
  // need it, which the firmware has none of.
  if (alignment > 16) return 22;  // EINVAL
  void *pointer = malloc(size);
  if (!pointer) return 12;  // ENOMEM
  *out = pointer;
  return 0;
}

void *calloc(size_t count, size_t size) {
  size_t total = count * size;
  unsigned char *pointer = malloc(total);
  if (pointer) __builtin_memset(pointer, 0, total);
  return pointer;
}

void *realloc(void *pointer, size_t size) {
  if (!pointer) return malloc(size);
  Header *header = (Header *)pointer - 1;
  size_t room = ((size_t)1 << header->klass) - sizeof(Header);
  if (size <= room) return pointer;
  void *moved = malloc(size);
  if (moved) { __builtin_memcpy(moved, pointer, room); free(pointer); }
  return moved;
}

void *memcpy(void *to, const void *from, size_t count) { __builtin_memcpy(to, from, count); return to; }
void *memmove(void *to, const void *from, size_t count) { __builtin_memmove(to, from, count); return to; }
void *memset(void *to, int value, size_t count) { __builtin_memset(to, value, count); return to; }

int memcmp(const void *left, const void *right, size_t count) {
  const unsigned char *a = left, *b = right;
  for (size_t index = 0; index < count; index++) {
    if (a[index] != b[index]) return a[index] < b[index] ? -1 : 1;
  }
  return 0;
}

size_t strlen(const char *text) {
  size_t length = 0;
  while (text[length]) length++;
  return length;
}

// Embedded Swift seeds hashing with random bytes: a fixed seed keeps
// replays deterministic, as the firmware's order never depends on it.
void arc4random_buf(void *buffer, size_t count) { __builtin_memset(buffer, 0x5A, count); }

// 128-bit multiplication and division, which Swift's Duration arithmetic
// uses and which no compiler-rt for wasm32 ships with the toolchain:
// written on 64-bit halves, so no shift or product of 128 bits calls back
// into a library.
typedef __int128 i128;
typedef unsigned __int128 u128;

static u128 join(uint64_t high, uint64_t low) { return ((u128)high << 64) | low; }

static u128 product64(uint64_t a, uint64_t b) {
  uint64_t a0 = (uint32_t)a, a1 = a >> 32, b0 = (uint32_t)b, b1 = b >> 32;
  uint64_t p00 = a0 * b0, p01 = a0 * b1, p10 = a1 * b0, p11 = a1 * b1;
  uint64_t middle = (p00 >> 32) + (uint32_t)p01 + (uint32_t)p10;
  return join(p11 + (p01 >> 32) + (p10 >> 32) + (middle >> 32), (middle << 32) | (uint32_t)p00);
}

i128 __multi3(i128 a, i128 b) {
  u128 ua = (u128)a, ub = (u128)b;
  uint64_t alow = (uint64_t)ua, ahigh = (uint64_t)(ua >> 64);
  uint64_t blow = (uint64_t)ub, bhigh = (uint64_t)(ub >> 64);
  u128 low = product64(alow, blow);
  uint64_t high = (uint64_t)(low >> 64) + alow * bhigh + ahigh * blow;
  return (i128)join(high, (uint64_t)low);
}

// Unsigned division, one bit at a time on (high, low) pairs.
static void divide(uint64_t nh, uint64_t nl, uint64_t dh, uint64_t dl, uint64_t *qh,
                   uint64_t *ql) {
  uint64_t rh = 0, rl = 0;
  *qh = 0;
  *ql = 0;
  if (dh == 0 && dl == 0) __builtin_trap();
  for (int bit = 127; bit >= 0; bit--) {
    rh = (rh << 1) | (rl >> 63);
    rl = (rl << 1) | ((bit >= 64 ? nh >> (bit - 64) : nl >> bit) & 1);
    if (rh > dh || (rh == dh && rl >= dl)) {
      uint64_t borrow = rl < dl;
      rl -= dl;
      rh -= dh + borrow;
      if (bit >= 64) *qh |= (uint64_t)1 << (bit - 64); else *ql |= (uint64_t)1 << bit;
    }
  }
}

i128 __divti3(i128 a, i128 b) {
  int negative = (a < 0) != (b < 0);
  u128 ua = a < 0 ? -(u128)a : (u128)a, ub = b < 0 ? -(u128)b : (u128)b;
  uint64_t qh, ql;
  divide((uint64_t)(ua >> 64), (uint64_t)ua, (uint64_t)(ub >> 64), (uint64_t)ub, &qh, &ql);
  u128 quotient = join(qh, ql);
  return negative ? -(i128)quotient : (i128)quotient;
}
