/* SPDX-License-Identifier: MIT */
/* The atomics of cudajit.h on the CPU backend: inline functions on GCC's
   atomic builtins, for each type of cudajit-scalar-types.def, which the
   cuda_atomic_* macros of cudajit.h choose from by the type.  On the GPU,
   kernels call the functions of the same names that the plugin's CUDA
   prelude defines with CUDA's atomics.  Included by cudajit.h; programs
   do not include it themselves.  */

#ifndef CUDAJIT_ATOMICS_H
#define CUDAJIT_ATOMICS_H

/* As cudajit.h, which includes it: faults in the uses of its macros are
   reported on the user's line alone.  */
#pragma GCC system_header

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
#include "cudajit-scalar-types.def"
#undef CUDAJIT_SCALAR
#undef CUDAJIT_ADDEND
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
