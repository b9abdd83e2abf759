/* SPDX-License-Identifier: GPL-3.0-or-later */
/* csmith.h: what csmith's programs expect of their include file, written
   for cudajit's differential test (csmith-kernel.py).

   The Debian package ships csmith without its runtime headers, and the
   checks need one set of definitions that the host and a kernel compute
   alike, so this file defines them itself.  Every "safe" operation returns
   its first operand where C leaves the result undefined; the host build and
   the kernel build include the same definitions, so they must agree.

   Built with CSMITH_KERNEL defined, the file declares no globals: the
   checksum lives in the globals structure that csmith-kernel.py passes to
   every function as G.  */

#ifndef CSMITH_H
#define CSMITH_H

#include <stdint.h>
#include <stdio.h>
#include <string.h>

/* Bitwise CRC-32 (reflected, polynomial 0xEDB88320) of VALUE's 8 bytes,
   least significant first, as csmith's own transparent_crc hashes them.
   No table, so the kernel needs no constant data.  */
static uint32_t
csmith_crc_update (uint32_t crc, uint64_t value)
{
  for (int byte = 0; byte < 8; byte++)
    {
      crc ^= (uint32_t) (value >> (8 * byte)) & 0xff;
      for (int bit = 0; bit < 8; bit++)
        crc = (crc >> 1) ^ (0xEDB88320u & -(crc & 1u));
    }
  return crc;
}

#ifdef CSMITH_KERNEL
#define transparent_crc(value, name, print)                                   \
  ((void) (print),                                                            \
   G->crc32_context = csmith_crc_update (G->crc32_context, (uint64_t) (value)))
#else
static uint32_t crc32_context = 0xFFFFFFFFu;

static void
crc32_gentab (void)
{
}

static void
transparent_crc (uint64_t value, const char *name, int print)
{
  crc32_context = csmith_crc_update (crc32_context, value);
  if (print)
    printf ("...checksum after hashing %s : %X\n", name,
            crc32_context ^ 0xFFFFFFFFu);
}

static void
platform_main_begin (void)
{
}

static void
platform_main_end (uint32_t crc, int print)
{
  (void) print;
  printf ("checksum = %X\n", crc);
}
#endif

/* The shifts of a type promoted to int are defined up to 31 places.  */
#define CSMITH_SHIFT_LIMIT(type) (sizeof (type) > 4 ? 64 : 32)

/* Shifts whose count has type COUNT (int for _s, unsigned int for _u).  */
#define CSMITH_SIGNED_SHIFTS(type, max, suffix, count)                        \
  static type safe_lshift_func_##type##_s_##suffix (type a, count b)          \
  {                                                                           \
    return (a < 0 || (long long) b < 0                                        \
            || (long long) b >= CSMITH_SHIFT_LIMIT (type) || a > (max >> b))  \
               ? a                                                            \
               : (type) (a << b);                                             \
  }                                                                           \
  static type safe_rshift_func_##type##_s_##suffix (type a, count b)          \
  {                                                                           \
    return (a < 0 || (long long) b < 0                                        \
            || (long long) b >= CSMITH_SHIFT_LIMIT (type))                    \
               ? a                                                            \
               : (type) (a >> b);                                             \
  }

#define CSMITH_UNSIGNED_SHIFTS(type, suffix, count)                           \
  static type safe_lshift_func_##type##_u_##suffix (type a, count b)          \
  {                                                                           \
    return ((long long) b < 0 || (long long) b >= CSMITH_SHIFT_LIMIT (type))  \
               ? a                                                            \
               : (type) ((uint64_t) a << b);                                  \
  }                                                                           \
  static type safe_rshift_func_##type##_u_##suffix (type a, count b)          \
  {                                                                           \
    return ((long long) b < 0 || (long long) b >= CSMITH_SHIFT_LIMIT (type))  \
               ? a                                                            \
               : (type) (a >> b);                                             \
  }

#define CSMITH_SIGNED(type, min, max)                                         \
  static type safe_unary_minus_func_##type##_s (type a)                       \
  {                                                                           \
    return a == min ? a : (type) -a;                                          \
  }                                                                           \
  static type safe_add_func_##type##_s_s (type a, type b)                     \
  {                                                                           \
    return ((b > 0 && a > max - b) || (b < 0 && a < min - b)) ? a             \
                                                              : (type) (a + b); \
  }                                                                           \
  static type safe_sub_func_##type##_s_s (type a, type b)                     \
  {                                                                           \
    return ((b < 0 && a > max + b) || (b > 0 && a < min + b)) ? a             \
                                                              : (type) (a - b); \
  }                                                                           \
  static type safe_mul_func_##type##_s_s (type a, type b)                     \
  {                                                                           \
    int overflows = a > 0 ? (b > 0 ? a > max / b : b < min / a)               \
                          : (b > 0 ? a < min / b : a != 0 && b < max / a);    \
    return overflows ? a : (type) (a * b);                                    \
  }                                                                           \
  static type safe_div_func_##type##_s_s (type a, type b)                     \
  {                                                                           \
    return (b == 0 || (a == min && b == -1)) ? a : (type) (a / b);            \
  }                                                                           \
  static type safe_mod_func_##type##_s_s (type a, type b)                     \
  {                                                                           \
    return (b == 0 || (a == min && b == -1)) ? a : (type) (a % b);            \
  }                                                                           \
  CSMITH_SIGNED_SHIFTS (type, max, s, int)                                    \
  CSMITH_SIGNED_SHIFTS (type, max, u, unsigned int)

/* Unsigned arithmetic wraps; only division by zero and oversized shifts
   need a rule.  uint64_t products keep the smaller types out of int.  */
#define CSMITH_UNSIGNED(type)                                                 \
  static type safe_unary_minus_func_##type##_u (type a)                       \
  {                                                                           \
    return (type) (0 - (uint64_t) a);                                         \
  }                                                                           \
  static type safe_add_func_##type##_u_u (type a, type b)                     \
  {                                                                           \
    return (type) ((uint64_t) a + b);                                         \
  }                                                                           \
  static type safe_sub_func_##type##_u_u (type a, type b)                     \
  {                                                                           \
    return (type) ((uint64_t) a - b);                                         \
  }                                                                           \
  static type safe_mul_func_##type##_u_u (type a, type b)                     \
  {                                                                           \
    return (type) ((uint64_t) a * b);                                         \
  }                                                                           \
  static type safe_div_func_##type##_u_u (type a, type b)                     \
  {                                                                           \
    return b == 0 ? a : (type) (a / b);                                       \
  }                                                                           \
  static type safe_mod_func_##type##_u_u (type a, type b)                     \
  {                                                                           \
    return b == 0 ? a : (type) (a % b);                                       \
  }                                                                           \
  CSMITH_UNSIGNED_SHIFTS (type, s, int)                                       \
  CSMITH_UNSIGNED_SHIFTS (type, u, unsigned int)

CSMITH_SIGNED (int8_t, INT8_MIN, INT8_MAX)
CSMITH_SIGNED (int16_t, INT16_MIN, INT16_MAX)
CSMITH_SIGNED (int32_t, INT32_MIN, INT32_MAX)
CSMITH_SIGNED (int64_t, INT64_MIN, INT64_MAX)
CSMITH_UNSIGNED (uint8_t)
CSMITH_UNSIGNED (uint16_t)
CSMITH_UNSIGNED (uint32_t)
CSMITH_UNSIGNED (uint64_t)

#endif
