/* SPDX-License-Identifier: MIT */
/* The collectives of cudajit.h: cuda_warp_reduce, cuda_block_scan_*
   and the rest, which choose by the type of their value a function for
   each type of cudajit-scalar-types.def, the cuda_reduce_*_sync
   functions, and the arithmetic of the CPU backend's collectives.  On
   the GPU, kernels call the functions of the same names that the
   plugin's CUDA prelude defines.  Included by cudajit.h after
   cudajit-atomics.h; programs do not include it themselves.  */

#ifndef CUDAJIT_COLLECTIVES_H
#define CUDAJIT_COLLECTIVES_H

/* As cudajit.h, which includes it: faults in the uses of its macros are
   reported on the user's line alone.  */
#pragma GCC system_header

#ifdef __cplusplus
extern "C"
{
#endif

  /* The block and warp collectives, what CUB's WarpReduce, WarpScan,
     BlockReduce and BlockScan give CUDA C: cuda_warp_reduce (v, op) gives
     every lane of the warp V of all its lanes combined by OP;
     cuda_warp_scan_inclusive (v, op) gives lane N those of lanes 0 to N,
     cuda_warp_scan_exclusive (v, op) those of lanes 0 to N - 1, and lane 0
     OP's identity: 0 for CUDA_ADD, CUDA_OR and CUDA_XOR, all ones for
     CUDA_AND, the type's largest value for CUDA_MIN and its smallest for
     CUDA_MAX (infinity and minus infinity for float and double).
     cuda_block_reduce, cuda_block_scan_inclusive and
     cuda_block_scan_exclusive do the same over the threads of the block,
     in the order of their linear index, each thread getting its own result
     (every thread the same one for the reduction).  A warp is the warp's
     threads of the block, the last one maybe fewer than 32.  OP is a
     constant: CUDA_ADD, CUDA_MIN, CUDA_MAX (fmin and fmax on floating
     types, which skip a NaN), or, for integers only, CUDA_AND, CUDA_OR and
     CUDA_XOR; another OP is an error at compile time.  V is an integer or
     floating value, and the result has its type.  As with CUB, every
     thread of the warp (or of the block) must make the same call, at the
     same point: a warp collective under a condition that divides a warp,
     or a block collective under one that divides the block, is undefined
     on the GPU.  The order in which CUDA_ADD adds floating values differs
     between the GPU and the CPU backend, so their rounding may too.

     cuda_reduce_add_sync (mask, v), and cuda_reduce_min_sync,
     cuda_reduce_max_sync, cuda_reduce_and_sync, cuda_reduce_or_sync and
     cuda_reduce_xor_sync, are CUDA's __reduce_add_sync and the rest: the
     lanes of MASK, each making the same call, combine their V, an int or
     unsigned int; sm_80's redux.sync on a GPU of compute capability 8.0 or
     later, shuffles before.  */
  enum cuda_collective_op
  {
#define CUDAJIT_COLLECTIVE_OP(name, bitwise) CUDA_##name,
#include "cudajit-collective-ops.def"
#undef CUDAJIT_COLLECTIVE_OP
    CUDAJIT_COLLECTIVE_OPS
  };

#define cuda_warp_reduce(v, op) CUDAJIT_COLLECTIVE (warp_reduce, v, op)
#define cuda_warp_scan_inclusive(v, op)                                       \
  CUDAJIT_COLLECTIVE (warp_scan_inclusive, v, op)
#define cuda_warp_scan_exclusive(v, op)                                       \
  CUDAJIT_COLLECTIVE (warp_scan_exclusive, v, op)
#define cuda_block_reduce(v, op) CUDAJIT_COLLECTIVE (block_reduce, v, op)
#define cuda_block_scan_inclusive(v, op)                                      \
  CUDAJIT_COLLECTIVE (block_scan_inclusive, v, op)
#define cuda_block_scan_exclusive(v, op)                                      \
  CUDAJIT_COLLECTIVE (block_scan_exclusive, v, op)

/* cudajit_NAME_T (V, OP) for the type T of V.  The plugin checks OP at
   compile time, on the caller's line: a constant, one of the
   operations, and bitwise only for an integer V.  */
#define CUDAJIT_COLLECTIVE(name, v, op)                                       \
  CUDAJIT_BY_SCALAR_TYPE ((v), name,                                          \
                          cuda_collective_not_available_for_this_type)        \
  ((v), (int) (op))

  void cuda_collective_not_available_for_this_type (
      struct cudajit_no_such_type value, ...);
  void cuda_reduce_sync_not_available_for_this_type (
      unsigned int mask, struct cudajit_no_such_type value);

#define CUDAJIT_COLLECTIVES_DECLARE(t, type)                                  \
  type cudajit_warp_reduce_##t (type v, int op);                              \
  type cudajit_warp_scan_inclusive_##t (type v, int op);                      \
  type cudajit_warp_scan_exclusive_##t (type v, int op);                      \
  type cudajit_block_reduce_##t (type v, int op);                             \
  type cudajit_block_scan_inclusive_##t (type v, int op);                     \
  type cudajit_block_scan_exclusive_##t (type v, int op);
#define CUDAJIT_SCALAR(t, type, kind, bytes)                                  \
  CUDAJIT_COLLECTIVES_DECLARE (t, type)
#include "cudajit-scalar-types.def"
#undef CUDAJIT_SCALAR
#undef CUDAJIT_COLLECTIVES_DECLARE

/* __reduce_OP_sync (mask, v) on an int or an unsigned int.  */
#define cuda_reduce_add_sync(mask, v) CUDAJIT_REDUCE_SYNC (add, mask, v)
#define cuda_reduce_min_sync(mask, v) CUDAJIT_REDUCE_SYNC (min, mask, v)
#define cuda_reduce_max_sync(mask, v) CUDAJIT_REDUCE_SYNC (max, mask, v)
#define cuda_reduce_and_sync(mask, v) CUDAJIT_REDUCE_SYNC (and, mask, v)
#define cuda_reduce_or_sync(mask, v) CUDAJIT_REDUCE_SYNC (or, mask, v)
#define cuda_reduce_xor_sync(mask, v) CUDAJIT_REDUCE_SYNC (xor, mask, v)
#define CUDAJIT_REDUCE_SYNC(op, mask, v)                                      \
  __extension__ _Generic((v), int                                             \
                         : cudajit_reduce_##op##_sync_int, unsigned int       \
                         : cudajit_reduce_##op##_sync_uint, default           \
                         : cuda_reduce_sync_not_available_for_this_type) (    \
      mask, v)
#define CUDAJIT_REDUCE_SYNC_DECLARE(op)                                       \
  int cudajit_reduce_##op##_sync_int (unsigned int mask, int v);              \
  unsigned int cudajit_reduce_##op##_sync_uint (unsigned int mask,            \
                                                unsigned int v);
  CUDAJIT_REDUCE_SYNC_DECLARE (add)
  CUDAJIT_REDUCE_SYNC_DECLARE (min)
  CUDAJIT_REDUCE_SYNC_DECLARE (max)
  CUDAJIT_REDUCE_SYNC_DECLARE (and)
  CUDAJIT_REDUCE_SYNC_DECLARE (or)
  CUDAJIT_REDUCE_SYNC_DECLARE (xor)
#undef CUDAJIT_REDUCE_SYNC_DECLARE

/* The collectives' arithmetic on the CPU backend, on each type T:
   cudajit_combine_T (op, a, b), A OP B, wrapping on integers as on the
   GPU, and fmin and fmax on floating types; cudajit_identity_T (op),
   what an exclusive scan gives its first thread; cudajit_fold_T, the
   first COUNT of VALUES combined, for the fibers' reductions.  And, for
   a block function that runs a collective thread by thread in the order
   of their index (the plugin's block-warp-collectives.cc), each
   thread's step of a scan or a reduction, which RUNNING carries from one
   to the next, FIRST for the first thread of the warp or the block; and
   cudajit_fold_from_first_T, the first COUNT of VALUES combined in the
   same order, from the first, as lane 0 computes its warp's reduction
   for the others.  */
#define CUDAJIT_COLLECTIVE_INTEGER(t, type)                                   \
  static __inline__ type cudajit_combine_##t (int op, type a, type b)         \
  {                                                                           \
    switch (op)                                                               \
      {                                                                       \
      case CUDA_MIN:                                                          \
        return b < a ? b : a;                                                 \
      case CUDA_MAX:                                                          \
        return a < b ? b : a;                                                 \
      case CUDA_AND:                                                          \
        return a & b;                                                         \
      case CUDA_OR:                                                           \
        return a | b;                                                         \
      case CUDA_XOR:                                                          \
        return a ^ b;                                                         \
      default:                                                                \
        return (type) ((unsigned long long) a + (unsigned long long) b);      \
      }                                                                       \
  }                                                                           \
                                                                              \
  static __inline__ type cudajit_identity_##t (int op)                        \
  {                                                                           \
    int is_signed = (type) -1 < (type) 1;                                     \
    unsigned long long ones = ~0ull >> (64 - 8 * sizeof (type));              \
    type largest = (type) (is_signed ? ones >> 1 : ones);                     \
                                                                              \
    switch (op)                                                               \
      {                                                                       \
      case CUDA_MIN:                                                          \
        return largest;                                                       \
      case CUDA_MAX:                                                          \
        return is_signed ? (type) (-largest - 1) : (type) 0;                  \
      case CUDA_AND:                                                          \
        return (type) ones;                                                   \
      default:                                                                \
        return 0;                                                             \
      }                                                                       \
  }
#define CUDAJIT_COLLECTIVE_FLOATING(t, type)                                  \
  static __inline__ type cudajit_combine_##t (int op, type a, type b)         \
  {                                                                           \
    switch (op)                                                               \
      {                                                                       \
      case CUDA_MIN:                                                          \
        return CUDAJIT_FMIN_##t (a, b);                                       \
      case CUDA_MAX:                                                          \
        return CUDAJIT_FMAX_##t (a, b);                                       \
      default:                                                                \
        return a + b;                                                         \
      }                                                                       \
  }                                                                           \
                                                                              \
  static __inline__ type cudajit_identity_##t (int op)                        \
  {                                                                           \
    switch (op)                                                               \
      {                                                                       \
      case CUDA_MIN:                                                          \
        return (type) __builtin_inf ();                                       \
      case CUDA_MAX:                                                          \
        return (type) -__builtin_inf ();                                      \
      default:                                                                \
        return 0;                                                             \
      }                                                                       \
  }
#define CUDAJIT_FMIN_float __builtin_fminf
#define CUDAJIT_FMAX_float __builtin_fmaxf
#define CUDAJIT_FMIN_double __builtin_fmin
#define CUDAJIT_FMAX_double __builtin_fmax
#define CUDAJIT_COLLECTIVE_SMALL_INTEGER CUDAJIT_COLLECTIVE_INTEGER
#define CUDAJIT_COLLECTIVE_SIGNED_INTEGER CUDAJIT_COLLECTIVE_INTEGER
#define CUDAJIT_COLLECTIVE_UNSIGNED_INTEGER CUDAJIT_COLLECTIVE_INTEGER
#define CUDAJIT_REDUCE_UNROLL 4
#define CUDAJIT_COLLECTIVE_STEPS(t, type)                                     \
  static __inline__ type cudajit_fold_##t (const type *values,                \
                                           unsigned int count, int op)        \
  {                                                                           \
    type r = cudajit_identity_##t (op);                                       \
    unsigned int i;                                                           \
                                                                              \
    for (i = 0; i < count; i++)                                               \
      r = cudajit_combine_##t (op, r, values[i]);                             \
    return r;                                                                 \
  }                                                                           \
                                                                              \
  static __inline__ type cudajit_fold_from_first_##t (                        \
      const type *values, unsigned int count, int op)                         \
  {                                                                           \
    type r = values[0];                                                       \
    __SIZE_TYPE__ i = 1;                                                      \
                                                                              \
    /* By CUDAJIT_REDUCE_UNROLL values a turn, which -O2 would not: the       \
       loop's own instructions cost as much as the combining.  */             \
    for (; i + CUDAJIT_REDUCE_UNROLL <= count; i += CUDAJIT_REDUCE_UNROLL)    \
      {                                                                       \
        r = cudajit_combine_##t (op, r, values[i]);                           \
        r = cudajit_combine_##t (op, r, values[i + 1]);                       \
        r = cudajit_combine_##t (op, r, values[i + 2]);                       \
        r = cudajit_combine_##t (op, r, values[i + 3]);                       \
      }                                                                       \
    for (; i < count; i++)                                                    \
      r = cudajit_combine_##t (op, r, values[i]);                             \
    return r;                                                                 \
  }                                                                           \
                                                                              \
  static __inline__ type cudajit_scan_inclusive_step_##t (                    \
      type *running, type v, int op, int first)                               \
  {                                                                           \
    return *running = first ? v : cudajit_combine_##t (op, *running, v);      \
  }                                                                           \
                                                                              \
  static __inline__ type cudajit_scan_exclusive_step_##t (                    \
      type *running, type v, int op, int first)                               \
  {                                                                           \
    type before = first ? cudajit_identity_##t (op) : *running;               \
    *running = first ? v : cudajit_combine_##t (op, *running, v);             \
    return before;                                                            \
  }
#define CUDAJIT_SCALAR(t, type, kind, bytes)                                  \
  CUDAJIT_COLLECTIVE_##kind (t, type) CUDAJIT_COLLECTIVE_STEPS (t, type)
#include "cudajit-scalar-types.def"
#undef CUDAJIT_SCALAR
#undef CUDAJIT_COLLECTIVE_INTEGER
#undef CUDAJIT_COLLECTIVE_FLOATING
#undef CUDAJIT_COLLECTIVE_SMALL_INTEGER
#undef CUDAJIT_COLLECTIVE_SIGNED_INTEGER
#undef CUDAJIT_COLLECTIVE_UNSIGNED_INTEGER
#undef CUDAJIT_COLLECTIVE_STEPS
#undef CUDAJIT_REDUCE_UNROLL
#undef CUDAJIT_FMIN_float
#undef CUDAJIT_FMAX_float
#undef CUDAJIT_FMIN_double
#undef CUDAJIT_FMAX_double

#ifdef __cplusplus
}
#endif

#endif /* cudajit-collectives.h */
