#ifndef T9PHONE_CZLIB_SHIM_H
#define T9PHONE_CZLIB_SHIM_H
/* zlib, for the PNG encoder: compress2, uncompress, crc32. */
#include <zlib.h>
#endif
