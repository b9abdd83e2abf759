/* SPDX-License-Identifier: MIT */
/* The atomics of cudajit.h: the cuda_atomic_* macros, which choose by
   the type that their pointer points to a function for each type of
   cudajit-scalar-types.def, and those functions on the CPU backend,
   inline on GCC's atomic builtins.  On the GPU, kernels call the
   functions of the same names that the plugin's CUDA prelude defines
   with CUDA's atomics.  Included by cudajit.h; programs do not include it
   themselves.  */

#ifndef CUDAJIT_ATOMICS_H
#define CUDAJIT_ATOMICS_H

/* As cudajit.h, which includes it: faults in the uses of its macros are
   reported on the user's line alone.  */
#pragma GCC system_header

/* numba.cuda.atomic.  cuda_atomic_add (ptr, value) replaces *PTR with
   *PTR + VALUE in one indivisible step and returns the old *PTR, as CUDA's
   atomicAdd does; cuda_atomic_sub, cuda_atomic_max, cuda_atomic_min,
   cuda_atomic_exch (which stores VALUE), cuda_atomic_and, cuda_atomic_or
   and cuda_atomic_xor likewise.  cuda_atomic_cas (ptr, compare, value)
   stores VALUE only where *PTR equals COMPARE.  PTR points to an integer
   (char, short, int, long or long long, signed or unsigned), or for add,
   sub, max, min and exch also to a float or a double, and for add to a
   _Float16 (sm_70 and later on the GPU) or a cuda_half2, which adds each
   half, or a __bf16 or cuda_bfloat162 (GCC 13 and later); max and min
   ignore a NaN, as fmax and fmin do: a NaN VALUE leaves *PTR alone, and
   a NaN in *PTR gives way to VALUE.  That is Numba's atomic.nanmax and
   nanmin, and cuda_atomic_nanmax and cuda_atomic_nanmin are the same
   functions under Numba's names.  (Numba's atomic.max and min differ only
   there: they leave a NaN already in *PTR in place.)

   cuda_atomic_inc (ptr, value) and cuda_atomic_dec (ptr, value) count
   with wrapping, as CUDA's atomicInc and atomicDec and Numba's atomic.inc
   and dec do: inc stores *PTR >= VALUE ? 0 : *PTR + 1, dec stores
   *PTR == 0 || *PTR > VALUE ? VALUE : *PTR - 1, so that a counter started
   in 0 ... VALUE stays there.  PTR points to an unsigned int, unsigned
   long or unsigned long long (Numba's uint32 and uint64).

   Like CUDA's, they are relaxed: they order no other access to memory
   (cuda_threadfence does).  On the GPU, those on char and short, and inc
   and dec on 8 bytes, for which CUDA has no atomic, are compare-and-swap
   loops, on the 4-byte word that holds the object for char and short.  */
#define cuda_atomic_add(ptr, value) CUDAJIT_ATOMIC_ADDEND (ptr) (ptr, value)
#define cuda_atomic_sub(ptr, value)                                           \
  CUDAJIT_ATOMIC_NUMBER (sub, ptr) (ptr, value)
#define cuda_atomic_max(ptr, value)                                           \
  CUDAJIT_ATOMIC_NUMBER (max, ptr) (ptr, value)
#define cuda_atomic_min(ptr, value)                                           \
  CUDAJIT_ATOMIC_NUMBER (min, ptr) (ptr, value)
#define cuda_atomic_exch(ptr, value)                                          \
  CUDAJIT_ATOMIC_NUMBER (exch, ptr) (ptr, value)
#define cuda_atomic_cas(ptr, compare, value)                                  \
  CUDAJIT_ATOMIC_INTEGER (cas, ptr) (ptr, compare, value)
#define cuda_atomic_and(ptr, value)                                           \
  CUDAJIT_ATOMIC_INTEGER (and, ptr) (ptr, value)
#define cuda_atomic_or(ptr, value)                                            \
  CUDAJIT_ATOMIC_INTEGER (or, ptr) (ptr, value)
#define cuda_atomic_xor(ptr, value)                                           \
  CUDAJIT_ATOMIC_INTEGER (xor, ptr) (ptr, value)
#define cuda_atomic_nanmax(ptr, value)                                        \
  CUDAJIT_ATOMIC_NUMBER (max, ptr) (ptr, value)
#define cuda_atomic_nanmin(ptr, value)                                        \
  CUDAJIT_ATOMIC_NUMBER (min, ptr) (ptr, value)
/* CUDA's atomicAdd_block and atomicAdd_system: cuda_atomic_add, atomic
   among the threads of the caller's block only, or among every thread of
   the system, the host's and other GPUs' too, on int and wider; and so
   for each of the others, with the types of int and wider that it
   takes.  */
#define cuda_atomic_add_block(ptr, value)                                     \
  CUDAJIT_ATOMIC_WIDE (add_block, ptr) (ptr, value)
#define cuda_atomic_add_system(ptr, value)                                    \
  CUDAJIT_ATOMIC_WIDE (add_system, ptr) (ptr, value)
#define cuda_atomic_sub_block(ptr, value)                                     \
  CUDAJIT_ATOMIC_WIDE (sub_block, ptr) (ptr, value)
#define cuda_atomic_sub_system(ptr, value)                                    \
  CUDAJIT_ATOMIC_WIDE (sub_system, ptr) (ptr, value)
#define cuda_atomic_max_block(ptr, value)                                     \
  CUDAJIT_ATOMIC_WIDE (max_block, ptr) (ptr, value)
#define cuda_atomic_max_system(ptr, value)                                    \
  CUDAJIT_ATOMIC_WIDE (max_system, ptr) (ptr, value)
#define cuda_atomic_min_block(ptr, value)                                     \
  CUDAJIT_ATOMIC_WIDE (min_block, ptr) (ptr, value)
#define cuda_atomic_min_system(ptr, value)                                    \
  CUDAJIT_ATOMIC_WIDE (min_system, ptr) (ptr, value)
#define cuda_atomic_exch_block(ptr, value)                                    \
  CUDAJIT_ATOMIC_WIDE (exch_block, ptr) (ptr, value)
#define cuda_atomic_exch_system(ptr, value)                                   \
  CUDAJIT_ATOMIC_WIDE (exch_system, ptr) (ptr, value)
#define cuda_atomic_cas_block(ptr, compare, value)                            \
  CUDAJIT_ATOMIC_WIDE_INTEGER (cas_block, ptr) (ptr, compare, value)
#define cuda_atomic_cas_system(ptr, compare, value)                           \
  CUDAJIT_ATOMIC_WIDE_INTEGER (cas_system, ptr) (ptr, compare, value)
#define cuda_atomic_and_block(ptr, value)                                     \
  CUDAJIT_ATOMIC_WIDE_INTEGER (and_block, ptr) (ptr, value)
#define cuda_atomic_and_system(ptr, value)                                    \
  CUDAJIT_ATOMIC_WIDE_INTEGER (and_system, ptr) (ptr, value)
#define cuda_atomic_or_block(ptr, value)                                      \
  CUDAJIT_ATOMIC_WIDE_INTEGER (or_block, ptr) (ptr, value)
#define cuda_atomic_or_system(ptr, value)                                     \
  CUDAJIT_ATOMIC_WIDE_INTEGER (or_system, ptr) (ptr, value)
#define cuda_atomic_xor_block(ptr, value)                                     \
  CUDAJIT_ATOMIC_WIDE_INTEGER (xor_block, ptr) (ptr, value)
#define cuda_atomic_xor_system(ptr, value)                                    \
  CUDAJIT_ATOMIC_WIDE_INTEGER (xor_system, ptr) (ptr, value)
#define cuda_atomic_inc_block(ptr, value)                                     \
  CUDAJIT_ATOMIC_UNSIGNED (inc_block, ptr,                                    \
                           cuda_atomic_not_available_for_this_type)           \
  (ptr, value)
#define cuda_atomic_inc_system(ptr, value)                                    \
  CUDAJIT_ATOMIC_UNSIGNED (inc_system, ptr,                                   \
                           cuda_atomic_not_available_for_this_type)           \
  (ptr, value)
#define cuda_atomic_dec_block(ptr, value)                                     \
  CUDAJIT_ATOMIC_UNSIGNED (dec_block, ptr,                                    \
                           cuda_atomic_not_available_for_this_type)           \
  (ptr, value)
#define cuda_atomic_dec_system(ptr, value)                                    \
  CUDAJIT_ATOMIC_UNSIGNED (dec_system, ptr,                                   \
                           cuda_atomic_not_available_for_this_type)           \
  (ptr, value)
#define cuda_atomic_inc(ptr, value)                                           \
  CUDAJIT_ATOMIC_UNSIGNED (inc, ptr, cuda_atomic_not_available_for_this_type) \
  (ptr, value)
#define cuda_atomic_dec(ptr, value)                                           \
  CUDAJIT_ATOMIC_UNSIGNED (dec, ptr, cuda_atomic_not_available_for_this_type) \
  (ptr, value)

/* The function for OP on the type that PTR points to, or for a type
   without OP one that no pointer converts to.  The cuda_atomic_* macros
   pass PTR to it unparenthesized, so that GCC's error is then at the
   caller's line and names the pointer's type.  Each names only the
   functions of its types, as an unchosen branch of _Generic must
   compile too: CUDAJIT_ATOMIC_UNSIGNED those of unsigned int and wider,
   which the others add to, and OTHERWISE for any other type;
   CUDAJIT_ATOMIC_WIDE those of int and wider, and
   CUDAJIT_ATOMIC_WIDE_INTEGER the integers among them.  */
#define CUDAJIT_ATOMIC_UNSIGNED(op, ptr, otherwise)                           \
  __extension__ _Generic(*(ptr), unsigned int                                 \
                         : cudajit_atomic_##op##_uint, unsigned long          \
                         : cudajit_atomic_##op##_ulong, unsigned long long    \
                         : cudajit_atomic_##op##_ull, default                 \
                         : otherwise)
#define CUDAJIT_ATOMIC_INTEGER(op, ptr)                                       \
  __extension__ _Generic(                                                     \
      *(ptr), char                                                            \
      : cudajit_atomic_##op##_char, signed char                               \
      : cudajit_atomic_##op##_schar, unsigned char                            \
      : cudajit_atomic_##op##_uchar, short                                    \
      : cudajit_atomic_##op##_short, unsigned short                           \
      : cudajit_atomic_##op##_ushort, int                                     \
      : cudajit_atomic_##op##_int, long                                       \
      : cudajit_atomic_##op##_long, long long                                 \
      : cudajit_atomic_##op##_ll, default                                     \
      : CUDAJIT_ATOMIC_UNSIGNED (op, ptr,                                     \
                                 cuda_atomic_not_available_for_this_type))
#define CUDAJIT_ATOMIC_WIDE(op, ptr)                                          \
  __extension__ _Generic(                                                     \
      *(ptr), int                                                             \
      : cudajit_atomic_##op##_int, long                                       \
      : cudajit_atomic_##op##_long, long long                                 \
      : cudajit_atomic_##op##_ll, float                                       \
      : cudajit_atomic_##op##_float, double                                   \
      : cudajit_atomic_##op##_double, default                                 \
      : CUDAJIT_ATOMIC_UNSIGNED (op, ptr,                                     \
                                 cuda_atomic_not_available_for_this_type))
#define CUDAJIT_ATOMIC_WIDE_INTEGER(op, ptr)                                  \
  __extension__ _Generic(                                                     \
      *(ptr), int                                                             \
      : cudajit_atomic_##op##_int, long                                       \
      : cudajit_atomic_##op##_long, long long                                 \
      : cudajit_atomic_##op##_ll, default                                     \
      : CUDAJIT_ATOMIC_UNSIGNED (op, ptr,                                     \
                                 cuda_atomic_not_available_for_this_type))
/* cuda_atomic_add's, which takes _Float16 and cuda_half2 too where C has
   them (GCC 12 and later), and __bf16 and cuda_bfloat162 (GCC 13 and
   later), as CUDA's atomicAdd takes __half, __half2, __nv_bfloat16 and
   __nv_bfloat162.  */
#if defined __BFLT16_MAX__ && !defined __cplusplus
#define CUDAJIT_ATOMIC_ADDEND(ptr)                                            \
  __extension__ _Generic(*(ptr), _Float16                                     \
                         : cudajit_atomic_add_half, cuda_half2                \
                         : cudajit_atomic_add_half2, __bf16                   \
                         : cudajit_atomic_add_bf16, cuda_bfloat162            \
                         : cudajit_atomic_add_bfloat162, default              \
                         : CUDAJIT_ATOMIC_NUMBER (add, ptr))
#elif defined __FLT16_MAX__ && !defined __cplusplus
#define CUDAJIT_ATOMIC_ADDEND(ptr)                                            \
  __extension__ _Generic(*(ptr), _Float16                                     \
                         : cudajit_atomic_add_half, cuda_half2                \
                         : cudajit_atomic_add_half2, default                  \
                         : CUDAJIT_ATOMIC_NUMBER (add, ptr))
#else
#define CUDAJIT_ATOMIC_ADDEND(ptr) CUDAJIT_ATOMIC_NUMBER (add, ptr)
#endif
#define CUDAJIT_ATOMIC_NUMBER(op, ptr)                                        \
  __extension__ _Generic(*(ptr), float                                        \
                         : cudajit_atomic_##op##_float, double                \
                         : cudajit_atomic_##op##_double, default              \
                         : CUDAJIT_ATOMIC_INTEGER (op, ptr))

#ifdef __cplusplus
extern "C"
{
#endif
  /* Whether the calling thread runs the blocks of a launch alone on the
     CPU backend, with no other thread running a kernel meanwhile; and
     the shared memory of the block it runs, which no other thread
     reaches (the threads of a block switch only at barriers and warp
     functions).  Atomics there need not be atomic to be indivisible, and
     are plain loads and stores, as fast as the C that they stand for.  */
  extern __thread int cudajit_cpu_alone;
  extern __thread __UINTPTR_TYPE__ cudajit_cpu_shared;
  extern __thread __SIZE_TYPE__ cudajit_cpu_shared_bytes;

  /* No value converts to it, so that a call of a function that takes it
     does not compile.  */
  struct cudajit_no_such_type
  {
    int unused;
  };
  void cuda_atomic_not_available_for_this_type (struct cudajit_no_such_type,
                                                ...);
#ifdef __cplusplus
}
#endif

static __inline__ int
cudajit_plain_atomic_p (const void *ptr)
{
  return cudajit_cpu_alone
         || (__UINTPTR_TYPE__) ptr - cudajit_cpu_shared
                < cudajit_cpu_shared_bytes;
}

/* *PTR becomes *PTR OP VALUE; the old *PTR.  */
#define CUDAJIT_ATOMIC_FETCH(name, type, builtin, op)                         \
  static __inline__ type cudajit_atomic_##name (type *ptr, type value)        \
  {                                                                           \
    type old;                                                                 \
    if (!cudajit_plain_atomic_p (ptr))                                        \
      return builtin (ptr, value, __ATOMIC_RELAXED);                          \
    old = *ptr;                                                               \
    *ptr = old op value;                                                      \
    return old;                                                               \
  }

/* What GCC has no atomic for: max, min, add and sub on floating point,
   and the wrapping inc and dec.  *PTR, OLD, becomes NEXT, computed from OLD
   and VALUE, where REPLACES holds.  */
#define CUDAJIT_ATOMIC_LOOP(name, type, replaces, next)                       \
  static __inline__ type cudajit_atomic_##name (type *ptr, type value)        \
  {                                                                           \
    type old;                                                                 \
    if (cudajit_plain_atomic_p (ptr))                                         \
      {                                                                       \
        old = *ptr;                                                           \
        if (replaces)                                                         \
          *ptr = (next);                                                      \
        return old;                                                           \
      }                                                                       \
    __atomic_load (ptr, &old, __ATOMIC_RELAXED);                              \
    while (replaces)                                                          \
      {                                                                       \
        type next_value = (next);                                             \
        if (__atomic_compare_exchange (ptr, &old, &next_value, 1,             \
                                       __ATOMIC_RELAXED, __ATOMIC_RELAXED))   \
          break;                                                              \
      }                                                                       \
    return old;                                                               \
  }

#define CUDAJIT_ATOMIC_EXCH(t, type)                                          \
  static __inline__ type cudajit_atomic_exch_##t (type *ptr, type value)      \
  {                                                                           \
    type old;                                                                 \
    if (cudajit_plain_atomic_p (ptr))                                         \
      {                                                                       \
        old = *ptr;                                                           \
        *ptr = value;                                                         \
        return old;                                                           \
      }                                                                       \
    __atomic_exchange (ptr, &value, &old, __ATOMIC_RELAXED);                  \
    return old;                                                               \
  }

#define CUDAJIT_ATOMIC_INTEGER_FUNCTIONS(t, type)                             \
  CUDAJIT_ATOMIC_FETCH (add_##t, type, __atomic_fetch_add, +)                 \
  CUDAJIT_ATOMIC_FETCH (sub_##t, type, __atomic_fetch_sub, -)                 \
  CUDAJIT_ATOMIC_FETCH (and_##t, type, __atomic_fetch_and, &)                 \
  CUDAJIT_ATOMIC_FETCH (or_##t, type, __atomic_fetch_or, |)                   \
  CUDAJIT_ATOMIC_FETCH (xor_##t, type, __atomic_fetch_xor, ^)                 \
  CUDAJIT_ATOMIC_LOOP (max_##t, type, value > old, value)                     \
  CUDAJIT_ATOMIC_LOOP (min_##t, type, value < old, value)                     \
  CUDAJIT_ATOMIC_EXCH (t, type)                                               \
  static __inline__ type cudajit_atomic_cas_##t (type *ptr, type compare,     \
                                                 type value)                  \
  {                                                                           \
    type old;                                                                 \
    if (!cudajit_plain_atomic_p (ptr))                                        \
      {                                                                       \
        __atomic_compare_exchange_n (ptr, &compare, value, 0,                 \
                                     __ATOMIC_RELAXED, __ATOMIC_RELAXED);     \
        return compare;                                                       \
      }                                                                       \
    old = *ptr;                                                               \
    if (old == compare)                                                       \
      *ptr = value;                                                           \
    return old;                                                               \
  }

#define CUDAJIT_ATOMIC_FLOAT_FUNCTIONS(t, type)                               \
  CUDAJIT_ATOMIC_LOOP (add_##t, type, 1, old + value)                         \
  CUDAJIT_ATOMIC_LOOP (sub_##t, type, 1, old - value)                         \
  CUDAJIT_ATOMIC_LOOP (max_##t, type, value > old || __builtin_isnan (old),   \
                       value)                                                 \
  CUDAJIT_ATOMIC_LOOP (min_##t, type, value < old || __builtin_isnan (old),   \
                       value)                                                 \
  CUDAJIT_ATOMIC_EXCH (t, type)

/* CUDA's atomicInc and atomicDec, which keep a counter in 0 ... VALUE.  */
#define CUDAJIT_ATOMIC_WRAPPING_FUNCTIONS(t, type)                            \
  CUDAJIT_ATOMIC_LOOP (inc_##t, type, 1, old >= value ? 0 : old + 1)          \
  CUDAJIT_ATOMIC_LOOP (dec_##t, type, 1,                                      \
                       old == 0 || old > value ? value : old - 1)

/* The scoped forms, CUDA's atomicAdd_block, atomicAdd_system and the
   others', on int and wider: on the CPU backend, whose threads share the
   host's memory with every other, the same as the unscoped ones.  */
#define CUDAJIT_ATOMIC_IN_SCOPES(op, t, type)                                 \
  CUDAJIT_ATOMIC_IN_SCOPE (op, block, t, type)                                \
  CUDAJIT_ATOMIC_IN_SCOPE (op, system, t, type)
#define CUDAJIT_ATOMIC_IN_SCOPE(op, scope, t, type)                           \
  static __inline__ type cudajit_atomic_##op##_##scope##_##t (type *ptr,      \
                                                              type value)     \
  {                                                                           \
    return cudajit_atomic_##op##_##t (ptr, value);                            \
  }
#define CUDAJIT_CAS_IN_SCOPE(scope, t, type)                                  \
  static __inline__ type cudajit_atomic_cas_##scope##_##t (                   \
      type *ptr, type compare, type value)                                    \
  {                                                                           \
    return cudajit_atomic_cas_##t (ptr, compare, value);                      \
  }
#define CUDAJIT_ATOMIC_SCOPED_FUNCTIONS(t, type)                              \
  CUDAJIT_ATOMIC_IN_SCOPES (add, t, type)                                     \
  CUDAJIT_ATOMIC_IN_SCOPES (sub, t, type)                                     \
  CUDAJIT_ATOMIC_IN_SCOPES (max, t, type)                                     \
  CUDAJIT_ATOMIC_IN_SCOPES (min, t, type)                                     \
  CUDAJIT_ATOMIC_IN_SCOPES (exch, t, type)
#define CUDAJIT_ATOMIC_SCOPED_INTEGER_FUNCTIONS(t, type)                      \
  CUDAJIT_ATOMIC_SCOPED_FUNCTIONS (t, type)                                   \
  CUDAJIT_ATOMIC_IN_SCOPES (and, t, type)                                     \
  CUDAJIT_ATOMIC_IN_SCOPES (or, t, type)                                      \
  CUDAJIT_ATOMIC_IN_SCOPES (xor, t, type)                                     \
  CUDAJIT_CAS_IN_SCOPE (block, t, type)                                       \
  CUDAJIT_CAS_IN_SCOPE (system, t, type)
#define CUDAJIT_ATOMIC_SCOPED_WRAPPING_FUNCTIONS(t, type)                     \
  CUDAJIT_ATOMIC_IN_SCOPES (inc, t, type)                                     \
  CUDAJIT_ATOMIC_IN_SCOPES (dec, t, type)

#define CUDAJIT_ATOMICS_SMALL_INTEGER CUDAJIT_ATOMIC_INTEGER_FUNCTIONS
#define CUDAJIT_ATOMICS_SIGNED_INTEGER(t, type)                               \
  CUDAJIT_ATOMIC_INTEGER_FUNCTIONS (t, type)                                  \
  CUDAJIT_ATOMIC_SCOPED_INTEGER_FUNCTIONS (t, type)
#define CUDAJIT_ATOMICS_UNSIGNED_INTEGER(t, type)                             \
  CUDAJIT_ATOMIC_INTEGER_FUNCTIONS (t, type)                                  \
  CUDAJIT_ATOMIC_WRAPPING_FUNCTIONS (t, type)                                 \
  CUDAJIT_ATOMIC_SCOPED_INTEGER_FUNCTIONS (t, type)                           \
  CUDAJIT_ATOMIC_SCOPED_WRAPPING_FUNCTIONS (t, type)
#define CUDAJIT_ATOMICS_FLOATING(t, type)                                     \
  CUDAJIT_ATOMIC_FLOAT_FUNCTIONS (t, type)                                    \
  CUDAJIT_ATOMIC_SCOPED_FUNCTIONS (t, type)
#define CUDAJIT_SCALAR(t, type, kind, bytes) CUDAJIT_ATOMICS_##kind (t, type)
/* Addition only, where C has the type; GCC compares the bits in its
   compare-and-swap, as the GPU's loop does.  */
#if defined __FLT16_MAX__ && !defined __cplusplus
#define CUDAJIT_ADDEND(t, type)                                               \
  CUDAJIT_ATOMIC_LOOP (add_##t, type, 1, old + value)
#endif
#if defined __BFLT16_MAX__ && !defined __cplusplus
#define CUDAJIT_BF16_ADDEND CUDAJIT_ADDEND
#endif
#include "cudajit-scalar-types.def"
#undef CUDAJIT_SCALAR
#undef CUDAJIT_ADDEND
#undef CUDAJIT_BF16_ADDEND
#undef CUDAJIT_ATOMICS_SMALL_INTEGER
#undef CUDAJIT_ATOMICS_SIGNED_INTEGER
#undef CUDAJIT_ATOMICS_UNSIGNED_INTEGER
#undef CUDAJIT_ATOMICS_FLOATING

#undef CUDAJIT_ATOMIC_FETCH
#undef CUDAJIT_ATOMIC_LOOP
#undef CUDAJIT_ATOMIC_EXCH
#undef CUDAJIT_ATOMIC_INTEGER_FUNCTIONS
#undef CUDAJIT_ATOMIC_FLOAT_FUNCTIONS
#undef CUDAJIT_ATOMIC_WRAPPING_FUNCTIONS
#undef CUDAJIT_ATOMIC_IN_SCOPES
#undef CUDAJIT_ATOMIC_IN_SCOPE
#undef CUDAJIT_CAS_IN_SCOPE
#undef CUDAJIT_ATOMIC_SCOPED_FUNCTIONS
#undef CUDAJIT_ATOMIC_SCOPED_INTEGER_FUNCTIONS
#undef CUDAJIT_ATOMIC_SCOPED_WRAPPING_FUNCTIONS

#endif /* cudajit-atomics.h */
