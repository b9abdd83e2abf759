/* SPDX-License-Identifier: MIT */
/* cudajit: CUDA kernels written in C, compiled by a GCC plugin.

   Kernels are ordinary C functions marked __attribute__ ((cuda_jit)).
   Compiled with the plugin, gcc $(pkg-config --cflags cudajit), they are
   translated to CUDA C, kept in the object file, compiled by NVRTC at
   their first launch and run on the GPU, or on the host when no GPU is
   usable.  Names follow numba.cuda:
   numba.cuda.X is cuda_X here.  */

#ifndef CUDAJIT_H
#define CUDAJIT_H

/* As it is once installed: GCC then reports faults in the uses of its
   macros, such as a launch's arguments, on the user's line alone, without
   notes that lead into this header.  */
#pragma GCC system_header

#include <stddef.h>

/* The version of cudajit that this header belongs to, which configure.ac
   reads from here; cudajit_version () is that of the runtime library that
   the program runs with, which should be the same.  */
#define CUDAJIT_VERSION_MAJOR 0
#define CUDAJIT_VERSION_MINOR 1
#define CUDAJIT_VERSION_PATCH 0
#define CUDAJIT_VERSION "0.1.0"

/* The host API is C89 but for long long, and the macros are C99, which
   GCC accepts in C89 as extensions: this keeps -pedantic quiet about
   them, here and, with __extension__, where the macros are used.  */
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wlong-long"
#pragma GCC diagnostic ignored "-Wvariadic-macros"

/* The entry points that the macros below expand to.  */
#include "cudajit-abi.h"

/* __bf16, CUDA's __nv_bfloat16 and Numba's bfloat16, has arithmetic from
   GCC 13 on; before it, C on x86-64 has no such type, and cudajit.h makes
   it one for storage alone, laid out as GCC 13's: its bits in a structure,
   which copies, arrays and fields take, and cudajit-narrow-floats.h's
   cuda_float2bfloat16_rn and cuda_bfloat162float convert, but no
   arithmetic or cast, which are errors on the user's line whose type the
   structure's tag says needs GCC 13.  */
#if !defined __cplusplus && defined __x86_64__ && __GNUC__ < 13
typedef struct cudajit_bfloat16_arithmetic_needs_gcc_13
{
  unsigned short bits;
} __bf16;
#define CUDAJIT_BF16_STORAGE 1
#endif

#ifdef __cplusplus
extern "C"
{
#endif

  /* Thread geometry, CUDA's dim3 and uint3.  */
  typedef struct cuda_dim3
  {
    unsigned int x, y, z;
  } cuda_dim3;

  typedef struct cuda_uint3
  {
    unsigned int x, y, z;
  } cuda_uint3;

  /* CUDA's vector types, as GCC's vectors: in kernels, one load or store
     of 8 or 16 bytes, v[i] for an element, and GCC's operators element
     by element (the manual's "Vector types").  */
  typedef signed char cuda_char2
      __attribute__ ((vector_size (2 * sizeof (signed char))));
  typedef signed char cuda_char4
      __attribute__ ((vector_size (4 * sizeof (signed char))));
  typedef unsigned char cuda_uchar2
      __attribute__ ((vector_size (2 * sizeof (unsigned char))));
  typedef unsigned char cuda_uchar4
      __attribute__ ((vector_size (4 * sizeof (unsigned char))));
  typedef short cuda_short2 __attribute__ ((vector_size (2 * sizeof (short))));
  typedef short cuda_short4 __attribute__ ((vector_size (4 * sizeof (short))));
  typedef unsigned short cuda_ushort2
      __attribute__ ((vector_size (2 * sizeof (unsigned short))));
  typedef unsigned short cuda_ushort4
      __attribute__ ((vector_size (4 * sizeof (unsigned short))));
  typedef int cuda_int2 __attribute__ ((vector_size (2 * sizeof (int))));
  typedef int cuda_int4 __attribute__ ((vector_size (4 * sizeof (int))));
  typedef unsigned int cuda_uint2
      __attribute__ ((vector_size (2 * sizeof (unsigned int))));
  typedef unsigned int cuda_uint4
      __attribute__ ((vector_size (4 * sizeof (unsigned int))));
  typedef long cuda_long2 __attribute__ ((vector_size (2 * sizeof (long))));
  typedef unsigned long cuda_ulong2
      __attribute__ ((vector_size (2 * sizeof (unsigned long))));
  typedef long long cuda_longlong2
      __attribute__ ((vector_size (2 * sizeof (long long))));
  typedef unsigned long long cuda_ulonglong2
      __attribute__ ((vector_size (2 * sizeof (unsigned long long))));
  typedef float cuda_float2 __attribute__ ((vector_size (2 * sizeof (float))));
  typedef float cuda_float4 __attribute__ ((vector_size (4 * sizeof (float))));
  typedef double cuda_double2
      __attribute__ ((vector_size (2 * sizeof (double))));
  /* CUDA's __half2, where C has _Float16 (GCC 12 and later).  */
#if defined __FLT16_MAX__ && !defined __cplusplus
  typedef _Float16 cuda_half2
      __attribute__ ((vector_size (2 * sizeof (_Float16))));
#endif
  /* CUDA's __nv_bfloat162, where C has __bf16's arithmetic (GCC 13 and
     later).  */
#if defined __BFLT16_MAX__ && !defined __cplusplus
  typedef __bf16 cuda_bfloat162
      __attribute__ ((vector_size (2 * sizeof (__bf16))));
#endif

  /* The driver's stream handle (CUstream), so that streams made with the
     CUDA runtime or driver API can be passed as they are.  */
  typedef struct CUstream_st *cuda_stream_t;

  /* In a kernel these are CUDA's built-in variables.  The CPU backend sets
     them for every simulated thread, which is why they are thread-local.  */
  extern __thread cuda_uint3 threadIdx;
  extern __thread cuda_uint3 blockIdx;
  extern __thread cuda_dim3 blockDim;
  extern __thread cuda_dim3 gridDim;

  /* What the plugin's C version of a kernel calls to run the threads of
     a block on the CPU backend in loops of its own: it takes the block's
     built-in variables, and runs the threads, unless the runtime runs the
     block thread by thread (to name the thread that faulted, for the race
     check, under a debugger), when it runs the kernel for the thread in
     threadIdx alone.  */
  extern __thread int cudajit_one_thread;

  static __inline__ int
  cudajit_block_start (cuda_uint3 *block_index, cuda_dim3 *block_dim,
                       cuda_dim3 *grid_dim)
  {
    *block_index = blockIdx;
    *block_dim = blockDim;
    *grid_dim = gridDim;
    return !cudajit_one_thread;
  }

  /* And before it calls what may read threadIdx.  */
  static __inline__ void
  cudajit_enter_thread (cuda_uint3 thread)
  {
    threadIdx = thread;
  }

  /* Whether the threads that run check their accesses to the elements
     of shared arrays, under CUDAJIT_CHECK=bounds: the plugin makes the
     kernel as written, a version of its block function, and device
     functions make each such access at WHERE ("file:line") the one at
     ADDRESS that cudajit_shared_access returns: SIZE bytes of NAME, of
     BYTES bytes at ARRAY (0 for the dynamic shared memory).  */
  extern __thread int cudajit_cpu_check_shared;

  static __inline__ int
  cudajit_checks_shared (void)
  {
    return cudajit_cpu_check_shared;
  }

  static __inline__ void *
  cudajit_shared_access (void *address, __SIZE_TYPE__ size, const void *array,
                         __SIZE_TYPE__ bytes, const char *name,
                         const char *where)
  {
    if (__builtin_expect (cudajit_checks_shared (), 0))
      cudajit_check_shared_access (address, size, array, bytes, name, where);
    return address;
  }

  /* numba.cuda.grid and numba.cuda.gridsize, one function per axis.  */
  static __inline__ long
  cuda_grid_x (void)
  {
    return (long) blockIdx.x * blockDim.x + threadIdx.x;
  }

  static __inline__ long
  cuda_grid_y (void)
  {
    return (long) blockIdx.y * blockDim.y + threadIdx.y;
  }

  static __inline__ long
  cuda_grid_z (void)
  {
    return (long) blockIdx.z * blockDim.z + threadIdx.z;
  }

  static __inline__ long
  cuda_gridsize_x (void)
  {
    return (long) gridDim.x * blockDim.x;
  }

  static __inline__ long
  cuda_gridsize_y (void)
  {
    return (long) gridDim.y * blockDim.y;
  }

  static __inline__ long
  cuda_gridsize_z (void)
  {
    return (long) gridDim.z * blockDim.z;
  }

/* cudajit_NAME_T for the type T of VALUE, one of the numbers of
   cudajit-scalar-types.def, or MISSING for another type.  */
#define CUDAJIT_BY_SCALAR_TYPE(value, name, missing)                          \
  __extension__ _Generic((value), char                                        \
                         : cudajit_##name##_char, signed char                 \
                         : cudajit_##name##_schar, unsigned char              \
                         : cudajit_##name##_uchar, short                      \
                         : cudajit_##name##_short, unsigned short             \
                         : cudajit_##name##_ushort, int                       \
                         : cudajit_##name##_int, unsigned int                 \
                         : cudajit_##name##_uint, long                        \
                         : cudajit_##name##_long, unsigned long               \
                         : cudajit_##name##_ulong, long long                  \
                         : cudajit_##name##_ll, unsigned long long            \
                         : cudajit_##name##_ull, float                        \
                         : cudajit_##name##_float, double                     \
                         : cudajit_##name##_double, default                   \
                         : missing)

/* numba.cuda.atomic, and CUDA's scoped atomics: the cuda_atomic_*
   macros, and the CPU backend's functions that they choose.  */
#include "cudajit-atomics.h"

/* libdevice's functions and CUDA's intrinsics that C has no name for.  */
#include "cudajit-intrinsics.h"

  /* __syncthreads and the memory fences: in a kernel, CUDA's; on the CPU
     backend a real barrier among the threads of a block.  And numba's
     syncthreads_count, syncthreads_and and syncthreads_or: the barrier,
     which returns how many of the block's threads gave a nonzero
     PREDICATE, whether all did, whether one did.  */
  void cuda_syncthreads (void);
  int cuda_syncthreads_count (int predicate);
  int cuda_syncthreads_and (int predicate);
  int cuda_syncthreads_or (int predicate);
  void cuda_threadfence (void);
  void cuda_threadfence_block (void);
  void cuda_threadfence_system (void);

  /* numba.cuda's cg.this_grid ().sync (): a barrier of all the threads of
     the grid, each waiting there until every thread of every block has
     arrived, with what each wrote before it visible to all after it.  A
     kernel that may reach it, itself or through a device function
     (defined before the kernel), needs its whole grid alive at once: on a
     GPU it is launched cooperatively, and a grid of more blocks than the
     GPU holds at once (those of its size that the occupancy calculator
     fits on a multiprocessor, times the multiprocessors) is an error at
     the launch, not a hang.  The CPU backend runs such a grid's threads
     as fibers of one thread and holds 2048 threads in up to 32 blocks
     for each of its multiprocessors, cuda_device_properties's
     multiprocessor_count, with the same error.  As in CUDA, every thread of
     the grid must reach each cuda_grid_sync: where some do not (a branch, an
     early return), a GPU hangs, and the CPU backend ends the program with an
     error.  The kernels of a unit share one barrier on the GPU: two of them
     must not run at once on different streams.  */
  void cuda_grid_sync (void);

/* Warp functions: numba.cuda.shfl_sync, shfl_up_sync, shfl_down_sync,
   shfl_xor_sync, all_sync, any_sync, eq_sync, ballot_sync, match_any_sync,
   match_all_sync, activemask, lanemask_lt, laneid and warpsize.  The warps
   of a block are its threads 32 at a time in the order of their linear
   index, threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z),
   the last one maybe fewer; cuda_laneid () is that index % 32.

   The threads of a warp named by MASK exchange VALUE, each making the
   same call, as CUDA's __shfl_sync and the rest require:
   cuda_shfl_sync (mask, value, src_lane) returns the VALUE of lane
   SRC_LANE % 32, cuda_shfl_up_sync (mask, value, delta) that of lane
   laneid - DELTA, cuda_shfl_down_sync that of laneid + DELTA, and
   cuda_shfl_xor_sync (mask, value, lane_mask) that of laneid ^ LANE_MASK;
   where that lane is not in the warp's 32, each returns its own VALUE, and
   where it is a thread that is not in MASK or does not exist, the result
   is undefined.  VALUE is an int, unsigned int, long, unsigned long, long
   long, unsigned long long, float or double, or a smaller integer, which
   is shuffled as an int.  As in CUDA, a shuffle takes a WIDTH after its
   last argument, a power of two up to 32 (warpSize if not given), that
   splits the warp into groups of WIDTH lanes: cuda_shfl_sync's SRC_LANE %
   WIDTH is a lane of the caller's group, cuda_shfl_up_sync and
   cuda_shfl_down_sync return the caller's VALUE for a lane outside its
   group, and cuda_shfl_xor_sync for a lane of a later group.

   The votes and the match functions count the lanes of MASK that have
   not returned: cuda_ballot_sync (mask, predicate) has bit N set where
   lane N has a nonzero PREDICATE, cuda_all_sync (mask, predicate) is
   nonzero where all of them have, cuda_any_sync where one has, and
   cuda_eq_sync where all or none have.  cuda_match_any_sync (mask, value)
   has the lanes whose VALUE has the same bits as the caller's;
   cuda_match_all_sync (mask, value, pred) is MASK where they all have the
   same VALUE, else 0, and sets the int that PRED points to to 1 or 0
   likewise.  VALUE is as for the shuffles.  Like CUDA's, the match
   functions need a GPU of compute capability 7.0 or later.
   cuda_activemask () has the lanes that run it, and cuda_lanemask_lt ()
   those below the caller's.

   On the GPU these are CUDA's, through the plugin's prelude.  On the CPU
   backend a shuffle, a vote or cuda_syncwarp with the constant mask
   0xffffffff, in code that the whole block reaches alike, cuts the block
   function as cuda_syncthreads does; elsewhere the threads of a block
   that calls them run as fibers, and each waits for the threads of MASK
   that have not returned to call one with the same MASK; a shuffle from
   a lane that is not in MASK, or does not run, gives the caller's own
   VALUE, which CUDAJIT_CHECK=warps reports.  cuda_activemask (), as on a
   GPU of compute capability 7.0 or later, has the lanes that took the
   same branches to the call: in a branch that not all of them take,
   those that took it.  */
#define cuda_shfl_sync(mask, value, ...)                                      \
  CUDAJIT_SHFL (sync, value) (mask, value, CUDAJIT_WIDTH (__VA_ARGS__))
#define cuda_shfl_up_sync(mask, value, ...)                                   \
  CUDAJIT_SHFL (up_sync, value) (mask, value, CUDAJIT_WIDTH (__VA_ARGS__))
#define cuda_shfl_down_sync(mask, value, ...)                                 \
  CUDAJIT_SHFL (down_sync, value) (mask, value, CUDAJIT_WIDTH (__VA_ARGS__))
#define cuda_shfl_xor_sync(mask, value, ...)                                  \
  CUDAJIT_SHFL (xor_sync, value) (mask, value, CUDAJIT_WIDTH (__VA_ARGS__))
#define cuda_match_any_sync(mask, value)                                      \
  CUDAJIT_MATCH (any_sync, value) (mask, value)
#define cuda_match_all_sync(mask, value, pred)                                \
  CUDAJIT_MATCH (all_sync, value) (mask, value, pred)

/* cudajit_NAME_T, the function NAME for the type T of VALUE, or MISSING
   for a type that has none; the integers smaller than int are int, as in
   CUDA's overloads.  */
#define CUDAJIT_WARP_TYPED(name, value, missing)                              \
  __extension__ _Generic((value), _Bool                                       \
                         : cudajit_##name##_int, char                         \
                         : cudajit_##name##_int, signed char                  \
                         : cudajit_##name##_int, unsigned char                \
                         : cudajit_##name##_int, short                        \
                         : cudajit_##name##_int, unsigned short               \
                         : cudajit_##name##_int, int                          \
                         : cudajit_##name##_int, unsigned int                 \
                         : cudajit_##name##_uint, long                        \
                         : cudajit_##name##_long, unsigned long               \
                         : cudajit_##name##_ulong, long long                  \
                         : cudajit_##name##_ll, unsigned long long            \
                         : cudajit_##name##_ull, float                        \
                         : cudajit_##name##_float, double                     \
                         : cudajit_##name##_double, default                   \
                         : missing)
#define CUDAJIT_SHFL(op, value)                                               \
  CUDAJIT_SHFL_NARROW (                                                       \
      op, value,                                                              \
      CUDAJIT_WARP_TYPED (shfl_##op, value,                                   \
                          cuda_shfl_not_available_for_this_type))

/* A shuffle's ARG and WIDTH, which is warpSize unless given.  */
#define CUDAJIT_WIDTH(...)                                                    \
  CUDAJIT_PICK3 (__VA_ARGS__, CUDAJIT_WIDTH_2, CUDAJIT_WIDTH_1, ) (__VA_ARGS__)
#define CUDAJIT_PICK3(a, b, name, ...) name
#define CUDAJIT_WIDTH_1(arg) arg, warpSize
#define CUDAJIT_WIDTH_2(arg, width) arg, width
#define CUDAJIT_MATCH(op, value)                                              \
  CUDAJIT_WARP_TYPED (match_##op, value,                                      \
                      cuda_match_not_available_for_this_type)

  void cuda_shfl_not_available_for_this_type (
      unsigned int mask, struct cudajit_no_such_type value, ...);
  void cuda_match_not_available_for_this_type (
      unsigned int mask, struct cudajit_no_such_type value, ...);

/* For the expansions of cudajit-scalar-types.def: X where the types of a
   class have shuffles and match functions, all but those narrower than
   int; the runtime defines its functions with them too.  */
#define CUDAJIT_IF_WARP_SMALL_INTEGER(x)
#define CUDAJIT_IF_WARP_SIGNED_INTEGER(x) x
#define CUDAJIT_IF_WARP_UNSIGNED_INTEGER(x) x
#define CUDAJIT_IF_WARP_FLOATING(x) x

#define CUDAJIT_WARP_DECLARE(t, type)                                         \
  type cudajit_shfl_sync_##t (unsigned int mask, type value, int src_lane,    \
                              int width);                                     \
  type cudajit_shfl_up_sync_##t (unsigned int mask, type value,               \
                                 unsigned int delta, int width);              \
  type cudajit_shfl_down_sync_##t (unsigned int mask, type value,             \
                                   unsigned int delta, int width);            \
  type cudajit_shfl_xor_sync_##t (unsigned int mask, type value,              \
                                  int lane_mask, int width);                  \
  unsigned int cudajit_match_any_sync_##t (unsigned int mask, type value);    \
  unsigned int cudajit_match_all_sync_##t (unsigned int mask, type value,     \
                                           int *pred);
#define CUDAJIT_SCALAR(t, type, kind, bytes)                                  \
  CUDAJIT_IF_WARP_##kind (CUDAJIT_WARP_DECLARE (t, type))
#include "cudajit-scalar-types.def"
#undef CUDAJIT_SCALAR
#undef CUDAJIT_WARP_DECLARE

  /* numba.cuda.syncwarp: CUDA's __syncwarp, a barrier of the lanes of
     MASK, each of which must call it with the same MASK; what each wrote
     before it is visible to the others after it.  */
  void cuda_syncwarp (unsigned int mask);
  unsigned int cuda_ballot_sync (unsigned int mask, int predicate);
  int cuda_all_sync (unsigned int mask, int predicate);
  int cuda_any_sync (unsigned int mask, int predicate);
  int cuda_eq_sync (unsigned int mask, int predicate);
  unsigned int cuda_activemask (void);
  int cuda_laneid (void);

  static __inline__ unsigned int
  cuda_lanemask_lt (void)
  {
    return (1u << cuda_laneid ()) - 1;
  }

  /* The lane whose VALUE a shuffle gives lane LANE, or -1 (or another lane
     that is not in the warp) for LANE's own, as the fibers' shuffles and
     the block functions cut at shuffles both find it.  */
  static __inline__ int
  cudajit_shfl_sync_source (int lane, int src_lane, int width)
  {
    return (lane & -width) | (src_lane & (width - 1));
  }

  static __inline__ int
  cudajit_shfl_up_sync_source (int lane, unsigned int delta, int width)
  {
    return (unsigned int) (lane & (width - 1)) >= delta ? lane - (int) delta
                                                        : -1;
  }

  static __inline__ int
  cudajit_shfl_down_sync_source (int lane, unsigned int delta, int width)
  {
    int room = width - (lane & (width - 1));
    return room > 0 && delta < (unsigned int) room ? lane + (int) delta : -1;
  }

  static __inline__ int
  cudajit_shfl_xor_sync_source (int lane, int lane_mask, int width)
  {
    return (lane ^ lane_mask) <= (lane | (width - 1)) ? lane ^ lane_mask : -1;
  }

  /* For a block function cut at a warp function (the plugin's
     block-warp-collectives.cc), whose warp has LANES lanes, the first
     LANES of the warp's 32, and whose values of the call lie in an array
     of one element a lane: the element that lane LANE reads for a
     shuffle whose source is SOURCE; the lanes of the warp, as a mask;
     the votes, from the lanes' VOTES, a byte a lane, nonzero where its
     predicate is.  */
  static __inline__ unsigned int
  cudajit_warp_slot (int source, unsigned int lane, unsigned int lanes)
  {
    /* A negative SOURCE is past LANES as an unsigned int.  */
    return (unsigned int) source < lanes ? (unsigned int) source : lane;
  }

  static __inline__ unsigned int
  cudajit_warp_lanes (unsigned int lanes)
  {
    return lanes >= 32 ? ~0u : (1u << lanes) - 1;
  }

  static __inline__ unsigned int
  cudajit_ballot_sync_lanes (const unsigned char *votes, unsigned int lanes)
  {
    unsigned int ballot = 0, lane;
#if defined __SSE2__ && defined __GNUC__
    /* A whole warp's, the usual case: each half's bytes compared with 0,
       whose sign bits one instruction gathers.  */
    typedef char cudajit_warp_half __attribute__ ((__vector_size__ (16)));
    enum
    {
      HALF = sizeof (cudajit_warp_half)
    };
    if (lanes == 2 * HALF)
      {
        cudajit_warp_half low, high, none = { 0 };
        __builtin_memcpy (&low, votes, HALF);
        __builtin_memcpy (&high, votes + HALF, HALF);
        return (unsigned int) __builtin_ia32_pmovmskb128 (
                   (cudajit_warp_half) (low != none))
               | (unsigned int) __builtin_ia32_pmovmskb128 (
                     (cudajit_warp_half) (high != none))
                     << HALF;
      }
#endif
    for (lane = 0; lane < lanes; lane++)
      ballot |= (unsigned int) (votes[lane] != 0) << lane;
    return ballot;
  }

  static __inline__ int
  cudajit_all_sync_lanes (const unsigned char *votes, unsigned int lanes)
  {
    return cudajit_ballot_sync_lanes (votes, lanes)
           == cudajit_warp_lanes (lanes);
  }

  static __inline__ int
  cudajit_any_sync_lanes (const unsigned char *votes, unsigned int lanes)
  {
    return cudajit_ballot_sync_lanes (votes, lanes) != 0;
  }

  static __inline__ int
  cudajit_eq_sync_lanes (const unsigned char *votes, unsigned int lanes)
  {
    unsigned int ballot = cudajit_ballot_sync_lanes (votes, lanes);
    return ballot == 0 || ballot == cudajit_warp_lanes (lanes);
  }

/* The block and warp collectives, as CUB's: cuda_warp_reduce,
   cuda_block_scan_inclusive and the rest.  */
#include "cudajit-collectives.h"

/* CUDA's functions on __half2 and __nv_bfloat162, and the shuffles of
   _Float16 and __bf16.  */
#include "cudajit-narrow-floats.h"

/* The warp-matrix operations on the tensor cores, as CUDA's
   nvcuda::wmma: cuda_wmma_load_a, cuda_wmma_mma and the rest.  */
#include "cudajit-wmma.h"

  /* CUDA's warpSize, a constant here as numba.cuda.warpsize is.  Not a
     macro, which would break the field of that name in the CUDA runtime's
     cudaDeviceProp.  */
  enum
  {
    warpSize = 32
  };

/* Cooperative groups' tiles: cuda_tiled_partition, cuda_tile_shfl and the
   rest.  */
#include "cudajit-tiles.h"

/* cuda_dim3 (x), cuda_dim3 (x, y) and cuda_dim3 (x, y, z); missing
   extents are 1.  */
#define cuda_dim3(...)                                                        \
  CUDAJIT_PICK4 (__VA_ARGS__, CUDAJIT_DIM3_3, CUDAJIT_DIM3_2,                 \
                 CUDAJIT_DIM3_1, )                                            \
  (__VA_ARGS__)
#define CUDAJIT_PICK4(a, b, c, name, ...) name
#define CUDAJIT_DIM3_1(x) (__extension__(cuda_dim3){ (x), 1, 1 })
#define CUDAJIT_DIM3_2(x, y) (__extension__(cuda_dim3){ (x), (y), 1 })
#define CUDAJIT_DIM3_3(x, y, z) (__extension__(cuda_dim3){ (x), (y), (z) })

  /* How a kernel is launched.  shared_bytes and stream are the optional
     named settings of cuda_launch.  */
  struct cudajit_launch_config
  {
    cuda_dim3 grid;
    cuda_dim3 block;
    size_t shared_bytes;
    cuda_stream_t stream;
  };

  static __inline__ cuda_dim3
  cudajit_dim3_identity (cuda_dim3 dim)
  {
    return dim;
  }

  /* A count that does not fit an unsigned int becomes 0, which the runtime
     rejects with the launch's file:line rather than truncating it.  */
  static __inline__ cuda_dim3
  cudajit_dim3_from_count (long long count)
  {
    unsigned int x = (count > 0 && count <= 0xffffffffLL) ? count : 0;
    return __extension__(cuda_dim3){ x, 1, 1 };
  }

#define cudajit_dim3_of(v)                                                    \
  __extension__ _Generic((v), cuda_dim3                                       \
                         : cudajit_dim3_identity, default                     \
                         : cudajit_dim3_from_count) (v)

/* Designated, so that -Wextra does not ask for the optional settings.  */
#define CUDAJIT_CONFIG(grid_size, block_size, ...)                            \
  (__extension__(struct cudajit_launch_config){                               \
      .grid = cudajit_dim3_of (grid_size),                                    \
      .block = cudajit_dim3_of (block_size),                                  \
      __VA_ARGS__ })

/* cuda_launch (kernel, grid, block [, .shared_bytes = N] [, .stream = S])
   (args...) is Numba's kernel[grid, block](args...).  Before the plugin
   rewrites it, it is a conditional expression that records the
   configuration and then calls the kernel, so the code is valid C without
   the plugin too (cudajit_unlaunched ends the program).  The kernel's name
   is left bare so that C checks the arguments of the call of the kernel
   itself, and reports their faults on the user's line, naming the kernel.
   The plugin turns the whole expression into one call of cudajit_launch.  */
#define cuda_launch(kernel, grid, ...)                                        \
  cudajit_unlaunched (CUDAJIT_CONFIG (grid, __VA_ARGS__, ), __FILE__,         \
                      __LINE__)                                               \
      ? (void) 0                                                              \
      : kernel

  /* Host memory.  Device pointers are plain pointers; on the CPU backend
     they point to host memory.  */
  void *cuda_to_device (const void *host, size_t bytes);
  void *cuda_device_array (size_t bytes);
  void cuda_copy_to_host (void *host, const void *dev, size_t bytes);
  void cuda_copy_to_device (void *dev, const void *host, size_t bytes);
  void cuda_free (void *dev);
  void cuda_synchronize (void);

  /* Streams and events: numba.cuda.stream and numba.cuda.event.  A stream
     is the driver's CUstream and an event its CUevent, so those made with
     the CUDA runtime or driver API can be passed too.  The null stream is
     the default stream.  */
  typedef struct CUevent_st *cuda_event_t;

  cuda_stream_t cuda_stream (void);
  void cuda_stream_synchronize (cuda_stream_t stream);
  void cuda_stream_destroy (cuda_stream_t stream);
  cuda_event_t cuda_event (void);
  /* Numba's event (timing=False) and CUDA's cudaEventDisableTiming: an
     event for ordering alone, cheaper to record and to wait for, whose
     cuda_event_elapsed_ms is an error.  */
  cuda_event_t cuda_event_without_timing (void);
  void cuda_event_record (cuda_event_t event, cuda_stream_t stream);
  void cuda_event_synchronize (cuda_event_t event);
  /* Nonzero when the work before the event's record has completed.  */
  int cuda_event_query (cuda_event_t event);
  float cuda_event_elapsed_ms (cuda_event_t start, cuda_event_t stop);
  void cuda_event_destroy (cuda_event_t event);
  /* Numba's event.wait (stream) and CUDA's cudaStreamWaitEvent: the work
     queued on STREAM from now on waits for EVENT's record.  Numba's
     stream.add_callback and CUDA's cudaLaunchHostFunc: FUNCTION (ARG) runs
     on a host thread once STREAM reaches it, before the work queued after
     it; it must not call cudajit, as CUDA's may not call CUDA: a call
     from it ends the program.  On the
     CPU backend, where every call has finished when it returns, the wait
     has nothing to wait for and FUNCTION runs at once.  */
  void cuda_stream_wait_event (cuda_stream_t stream, cuda_event_t event);
  void cuda_stream_add_callback (cuda_stream_t stream,
                                 void (*function) (void *), void *arg);

  /* Graphs, CUDA's stream capture (Numba has none): the launches, copies
     and fills queued on STREAM from cuda_graph_capture_begin (stream) to
     cuda_graph_capture_end (stream) are not run but recorded into the
     graph that the end returns (null after an error), which
     cuda_graph_launch (graph, stream) runs again as one launch, as often
     as wanted, until cuda_graph_destroy (graph).  A graph keeps its
     launches' argument values and its copies' addresses, not the data
     they point to.  In a capture, nothing may wait (cuda_synchronize,
     cuda_stream_synchronize, cuda_reduce, the synchronous copies, host
     arrays), and the default stream may not be used.  */
  typedef struct cudajit_graph *cuda_graph_t;
#define cuda_graph_capture_begin(stream)                                      \
  cudajit_graph_capture_begin (1 ? (stream) : (cuda_stream_t) 0, __FILE__,    \
                               __LINE__)
#define cuda_graph_capture_end(stream)                                        \
  ((cuda_graph_t) cudajit_graph_capture_end (                                 \
      1 ? (stream) : (cuda_stream_t) 0, __FILE__, __LINE__))
#define cuda_graph_launch(graph, stream)                                      \
  cudajit_graph_launch (1 ? (graph) : (cuda_graph_t) 0,                       \
                        1 ? (stream) : (cuda_stream_t) 0, __FILE__, __LINE__)
#define cuda_graph_destroy(graph)                                             \
  cudajit_graph_destroy (1 ? (graph) : (cuda_graph_t) 0, __FILE__, __LINE__)

  /* Pinned (page-locked) host memory, numba.cuda.pinned_array, and copies
     that are queued on a stream and return at once.  */
  void *cuda_pinned_array (size_t bytes);
  void cuda_free_pinned (void *host);
  /* Numba's cuda.pinned (array) and CUDA's cudaHostRegister: pin the BYTES
     of the program's own host memory at HOST, such as an array from
     malloc, so that copies and launches with it as a host array move it
     at the bus's speed, as they do cuda_pinned_array's, until
     cuda_unpin (HOST).  Memory that cudajit handed out, or that is
     pinned already, is an error, as is unpinning what cuda_pin did not
     pin; the memory must stay allocated until then.  The CPU backend
     checks the same and pins nothing.  */
  void cuda_pin (void *host, size_t bytes);
  void cuda_unpin (void *host);

  /* Device memory from the driver's stream-ordered pool, CUDA's
     cudaMallocAsync and cudaFreeAsync: the BYTES are usable by what is
     queued on STREAM after the call (and by anything once STREAM is
     synchronized), and cuda_free_async gives them back to the pool in
     STREAM's order, where the next allocation takes them without the cost
     of cuda_device_array.  Only cuda_free_async frees them.  The CPU
     backend allocates and frees at once, as cuda_device_array.  */
  void *cuda_device_array_async (size_t bytes, cuda_stream_t stream);
  void cuda_free_async (void *dev, cuda_stream_t stream);

  /* Device memory shared between the processes of a node, Numba's
     get_ipc_handle () and IpcHandle.open (), CUDA's cudaIpcGetMemHandle
     and cudaIpcOpenMemHandle: cuda_ipc_handle (DEV) names the device
     memory from cuda_device_array or cuda_to_device that holds DEV, as a
     value of plain bytes that may go to another process by any means;
     there, cuda_ipc_open (HANDLE) is DEV in that process's own address
     space, until cuda_ipc_close (of what it returned).  The process that
     made the handle must outlive the others' use of it, and cannot open
     it itself.  On the CPU backend, the memory's pages become a memfd
     that the other process maps through /proc.  */
#define CUDA_IPC_HANDLE_BYTES 128
  typedef struct
  {
    unsigned char bytes[CUDA_IPC_HANDLE_BYTES];
  } cuda_ipc_handle_t;
  cuda_ipc_handle_t cuda_ipc_handle (const void *dev);
  void *cuda_ipc_open (cuda_ipc_handle_t handle);
  void cuda_ipc_close (void *dev);
  void cuda_copy_to_device_async (void *dev, const void *host, size_t bytes,
                                  cuda_stream_t stream);
  void cuda_copy_to_host_async (void *host, const void *dev, size_t bytes,
                                cuda_stream_t stream);

  /* CUDA's cudaMemcpyToSymbol and cudaMemcpyFromSymbol, for a device
     variable (__attribute__ ((cuda_device)) at file scope), which host
     code may not read or write itself: SYMBOL is the variable, and a
     size past its end, a null host pointer, or a copy to a const
     variable is an error that names it.  The _async forms are
     queued on STREAM and return at once.  On the CPU backend, and for a
     variable that no kernel uses, they copy the host variable.  */
#define cuda_copy_to_symbol(symbol, src, bytes)                               \
  CUDAJIT_COPY_SYMBOL (symbol, src, bytes, CUDAJIT_SYMBOL_TO, NULL)
#define cuda_copy_from_symbol(dst, symbol, bytes)                             \
  CUDAJIT_COPY_SYMBOL (symbol, dst, bytes, 0, NULL)
#define cuda_copy_to_symbol_async(symbol, src, bytes, stream)                 \
  CUDAJIT_COPY_SYMBOL (symbol, src, bytes,                                    \
                       CUDAJIT_SYMBOL_TO | CUDAJIT_SYMBOL_ASYNC, stream)
#define cuda_copy_from_symbol_async(dst, symbol, bytes, stream)               \
  CUDAJIT_COPY_SYMBOL (symbol, dst, bytes, CUDAJIT_SYMBOL_ASYNC, stream)
#define CUDAJIT_COPY_SYMBOL(symbol, host, bytes, how, stream)                 \
  cudajit_copy_symbol (                                                       \
      (void *) &(symbol), sizeof (symbol), #symbol, (void *) (host), (bytes), \
      (how) | (CUDAJIT_CONST_P (symbol) ? CUDAJIT_SYMBOL_CONST : 0),          \
      (void *) (1 ? (stream) : (cuda_stream_t) 0), __FILE__, __LINE__)
  /* Whether the variable OBJECT, or the elements of an array, is const:
     a pointer to it is a pointer to it made const.  */
#if defined __GNUC__ && !defined __cplusplus
#define CUDAJIT_CONST_P(object)                                               \
  __builtin_types_compatible_p (__typeof__ (&(object)),                       \
                                const __typeof__ (object) *)
#else
#define CUDAJIT_CONST_P(object) 0
#endif

  /* Copies and fills on the device, Numba's d.copy_to_device (other
     device array) and CUDA's cudaMemcpy device to device and cudaMemset:
     cuda_copy_device copies BYTES from SRC to DST, each device, managed
     or mapped memory from cudajit, of the current GPU or of a peer whose
     memory it reaches (cuda_enable_peer_access); cuda_memset sets the
     BYTES at PTR to BYTE.  The _async forms are queued on STREAM and
     return at once.  Like the other copies, one past the end of its
     memory is an error.  */
  void cuda_copy_device (void *dst, const void *src, size_t bytes);
  void cuda_copy_device_async (void *dst, const void *src, size_t bytes,
                               cuda_stream_t stream);
  void cuda_memset (void *ptr, int byte, size_t bytes);
  void cuda_memset_async (void *ptr, int byte, size_t bytes,
                          cuda_stream_t stream);

  /* Pitched 2-D device memory, CUDA's cudaMallocPitch and cudaMemcpy2D.
     cuda_device_array_pitched (&pitch, width, height) allocates HEIGHT
     rows of WIDTH bytes, each row PITCH bytes after the one before,
     padded so that every row starts as aligned as the array: a kernel
     reaches row R at (T *) ((char *) base + R * pitch).  cuda_free frees
     it.  The pitch is the driver's choice on the GPU; on the CPU backend,
     WIDTH rounded up to 512 bytes, as the GPUs give.  cuda_copy_2d copies
     HEIGHT rows of WIDTH bytes from SRC, whose rows are SPITCH bytes
     apart, to DST, whose rows are DPITCH bytes apart, in the direction
     KIND: CUDA_COPY_TO_DEVICE (host to device, as cuda_copy_to_device),
     CUDA_COPY_TO_HOST or CUDA_COPY_DEVICE (device to device), waiting for
     the kernels before it.  A width past either pitch, a null pointer, or
     rows past the end of device memory are errors that name the call.  */
  typedef enum
  {
    CUDA_COPY_TO_DEVICE,
    CUDA_COPY_TO_HOST,
    CUDA_COPY_DEVICE
  } cuda_copy_kind;
  void *cuda_device_array_pitched (size_t *pitch, size_t width, size_t height);
  void cuda_copy_2d (void *dst, size_t dpitch, const void *src, size_t spitch,
                     size_t width, size_t height, cuda_copy_kind kind);

  /* 2-D textures, CUDA's texture objects (cudaCreateTextureObject of a
     cudaResourceTypePitch2D of floats, cudaFilterModeLinear,
     cudaAddressModeClamp, coordinates not normalized, tex2D<float>):
     cuda_texture_2d (dev, width, height, pitch) reads the HEIGHT rows of
     WIDTH floats at DEV, device memory from cuda_device_array_pitched,
     PITCH bytes apart, until cuda_texture_destroy; a kernel that takes
     it as a parameter reads it with cuda_tex2d (texture, x, y), at
     coordinates in elements, element (i, j)'s centre at (i + 0.5,
     j + 0.5): the four elements around it weighted by their distance, in
     steps of 1/256, those past an edge replaced by the edge's.  The CPU
     backend computes the same, as CUDA's programming guide describes
     the filtering.  */
  typedef unsigned long long cuda_texture_t;
  cuda_texture_t cuda_texture_2d (const float *dev, size_t width,
                                  size_t height, size_t pitch);
  void cuda_texture_destroy (cuda_texture_t texture);
  float cuda_tex2d (cuda_texture_t texture, float x, float y);

  /* numba.cuda.mapped_array: pinned host memory that kernels also take,
     reaching it across the bus, at the same address as the host.  And
     numba.cuda.managed_array: unified memory, which host and kernels both
     use, the driver moving its pages where they are used.  After a
     launch, the host reads them once cuda_synchronize () or the stream's
     synchronization returned.  Each is freed by its own function, which
     refuses memory of another kind.  On the CPU backend all are host
     memory.  */
  void *cuda_mapped_array (size_t bytes);
  /* Mapped memory that the host writes write-combined (Numba's
     mapped_array (..., wc=True), CUDA's cudaHostAllocWriteCombined): the
     GPU reads it faster across the bus, but the host should only write
     it, as reading it is very slow.  */
  void *cuda_mapped_array_wc (size_t bytes);
  void cuda_free_mapped (void *host);
  void *cuda_managed_array (size_t bytes);
  void cuda_free_managed (void *p);

/* Typed arrays, without byte counts: cuda_device_array_of (type, count)
   is a TYPE * to COUNT elements of TYPE in device memory, as
   numba.cuda.device_array (count, dtype); cuda_device_array_like
   (pointer, count), Numba's device_array_like, is COUNT elements of the
   type that POINTER points to, without its qualifiers in C (a const
   float * gives a float *).  cuda_pinned_array_of, cuda_mapped_array_of and
   cuda_managed_array_of are those kinds of memory.  A negative COUNT, or
   one whose bytes do not fit size_t, is an error at the call's line
   rather than a smaller array.  */
#define cuda_device_array_of(type, count)                                     \
  CUDAJIT_ARRAY_OF (cuda_device_array, type, sizeof (type), count,            \
                    "cuda_device_array_of")
#define cuda_pinned_array_of(type, count)                                     \
  CUDAJIT_ARRAY_OF (cuda_pinned_array, type, sizeof (type), count,            \
                    "cuda_pinned_array_of")
#define cuda_mapped_array_of(type, count)                                     \
  CUDAJIT_ARRAY_OF (cuda_mapped_array, type, sizeof (type), count,            \
                    "cuda_mapped_array_of")
#define cuda_managed_array_of(type, count)                                    \
  CUDAJIT_ARRAY_OF (cuda_managed_array, type, sizeof (type), count,           \
                    "cuda_managed_array_of")
/* The comma drops the qualifiers of *POINTER's type.  */
#define cuda_device_array_like(pointer, count)                                \
  CUDAJIT_ARRAY_OF (cuda_device_array, __typeof__ (((void) 0, *(pointer))),   \
                    sizeof *(pointer), count, "cuda_device_array_like")
#define CUDAJIT_ARRAY_OF(allocator, type, size, count, function)              \
  ((type *) cudajit_array_of (allocator, __extension__(long long) (count),    \
                              size, function, __FILE__, __LINE__))
  void *cudajit_array_of (void *(*allocator) (size_t bytes), long long count,
                          size_t size, const char *function, const char *file,
                          int line);

  /* Devices: numba.cuda.is_available, the number of GPUs, and the GPU that
     the calling host thread uses from now on (0 at first).  Memory, streams
     and events belong to the GPU that was selected when they were made;
     kernels may use another GPU's memory only once
     cuda_enable_peer_access (that GPU) was called with the launching GPU
     selected, as cudaDeviceEnablePeerAccess.  */
  int cuda_is_available (void);
  int cuda_device_count (void);
  void cuda_select_device (int device);
  void cuda_enable_peer_access (int peer_device);
  /* For one process among several on a node, as an MPI launcher starts
     them: select GPU LOCAL_RANK % cuda_device_count (), LOCAL_RANK being the
     process's rank among those of its node that the launcher says (Open
     MPI, MPICH, MVAPICH, Slurm), or 0; return that GPU, or 0 on the CPU
     backend.  */
  int cuda_select_device_for_local_rank (void);

  /* numba.cuda.detect: print the GPUs on stdout, each with its name and
     compute capability and whether cudajit can use it, then how many it
     can; or, on the CPU backend, why kernels run on the CPU.  Nonzero if
     a GPU is usable.  */
  int cuda_detect (void);
  /* The GPU that the calling thread uses, numba.cuda.get_current_device
     ().id; 0 on the CPU backend.  */
  int cuda_current_device (void);

  /* What a device is and allows, the attributes of Numba's Device.  On
     the CPU backend, device 0 is "CPU backend", of compute capability
     0.0, whose multiprocessors are the threads that run a launch and
     whose memory is the host's, with the limits that the backend enforces
     so that what runs there runs on any GPU.  */
  struct cuda_device_properties
  {
    char name[256];
    /* The compute capability, 9.0 for an H100.  */
    int major, minor;
    int multiprocessor_count;
    size_t total_memory;
    int warp_size;
    int max_threads_per_block;
    cuda_dim3 max_block_dim;
    cuda_dim3 max_grid_dim;
    /* The most shared memory a block may have, its static arrays and a
       launch's .shared_bytes together: above 48 KiB, a GPU's opt-in
       limit (CUDA's sharedMemPerBlockOptin, 227 KiB on an H100), which
       cudajit asks for where a launch needs it; the same on the CPU
       backend.  */
    size_t shared_memory_per_block;
    /* What a multiprocessor holds at once, which bounds the occupancy
       queries' answers.  */
    int max_threads_per_multiprocessor;
    int max_blocks_per_multiprocessor;
    int shared_memory_per_multiprocessor;
    int l2_cache_bytes;
    /* Nonzero where the device may run kernels at once, launch those
       that wait at cuda_grid_sync, has managed memory, and maps host
       memory (cuda_mapped_array).  */
    int concurrent_kernels;
    int cooperative_launch;
    int managed_memory;
    int can_map_host_memory;
    /* Where the GPU sits: as "0000:65:00.0", and its parts.  */
    char pci_bus_id[32];
    int pci_domain_id, pci_bus, pci_device;
    /* As nvidia-smi and Numba's Device.uuid write it,
       "GPU-xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx".  */
    char uuid[48];
  };
  /* Those of DEVICE, from 0 to cuda_device_count () - 1; all zero after
     an error, such as a device that does not exist.  */
  struct cuda_device_properties cuda_device_properties (int device);
  /* numba.cuda.current_context ().get_memory_info (): the free and the
     total bytes of memory of the calling thread's GPU, or on the CPU
     backend of the host.  */
  void cuda_memory_info (size_t *free_bytes, size_t *total_bytes);
  /* CUDA's cudaDeviceSetLimit (cudaLimitMallocHeapSize, BYTES): the size
     of the heap of malloc and free in kernels on the selected GPU, 8 MiB
     unless set; before the program's first launch, else an error naming
     the call, on both backends.  Kernels' malloc returns NULL once the
     heap is exhausted.  On the CPU backend kernels allocate from the C
     library, whose heap has no such size.  */
  void cuda_set_device_heap (size_t bytes);

  /* numba.cuda.profile_start and profile_stop: the range of the program
     that a profiler started with its capture limited to it records, as
     nsys profile --capture-range=cudaProfilerApi.  They do nothing on the
     CPU backend, or where the driver lacks cuProfilerStart.  */
  void cuda_profile_start (void);
  void cuda_profile_stop (void);

  /* With CUDAJIT_ERRORS=return, an error does not end the program: the call
     that failed returns (a null pointer where it returns one) and the error
     is kept for this function, which returns its message and forgets it, or
     returns NULL when there was none since the last call.  */
  const char *cuda_last_error (void);

  /* The runtime library's version, as CUDAJIT_VERSION.  */
  const char *cudajit_version (void);

  /* What a kernel was compiled into, as Numba's get_regs_per_thread and
     the rest tell: on a GPU, what the driver says of the code loaded
     there; on the CPU backend, the limits that it enforces, no registers
     and architecture 0.  */
  struct cuda_kernel_info
  {
    int registers;
    size_t shared_bytes;
    size_t local_bytes;
    size_t const_bytes;
    int max_threads_per_block;
    /* As 90 for sm_90.  */
    int arch;
  };

/* cuda_kernel_info (kernel) is a struct cuda_kernel_info.
   cuda_kernel_ptx (kernel) is the PTX of the kernel's unit, for the GPU
   or, on the CPU backend, the newest architecture that NVRTC knows.
   cuda_kernel_cubin (kernel, &size) is its cubin, SIZE bytes, for the GPU
   (of the same architecture as the CPU backend's PTX there).  The code
   belongs to the runtime; both need NVRTC, unless the unit was compiled
   ahead of time (-fplugin-arg-cudajit-arch): then they are its newest PTX
   for the GPU or older, and the cubin that the GPU runs (on the CPU
   backend, the newest of each).  The plugin rewrites the calls so that
   they name the kernel's code.  */
#define cuda_kernel_info(kernel)                                              \
  (__extension__({                                                            \
    struct cuda_kernel_info cudajit_info_;                                    \
    cudajit_unqueried_kernel ((void (*) (void)) (kernel), CUDAJIT_QUERY_INFO, \
                              &cudajit_info_, __FILE__, __LINE__);            \
    cudajit_info_;                                                            \
  }))
#define cuda_kernel_ptx(kernel)                                               \
  ((const char *) cudajit_unqueried_kernel ((void (*) (void)) (kernel),       \
                                            CUDAJIT_QUERY_PTX, NULL,          \
                                            __FILE__, __LINE__))
#define cuda_kernel_cubin(kernel, size)                                       \
  cudajit_unqueried_kernel ((void (*) (void)) (kernel), CUDAJIT_QUERY_CUBIN,  \
                            1 ? (size) : (size_t *) 0, __FILE__, __LINE__)

/* Occupancy, as Numba's get_max_potential_block_size,
   get_active_blocks_per_multiprocessor and max_cooperative_grid_blocks and
   CUDA's cudaOccupancy* functions, for KERNEL with BLOCK threads (a count
   or a cuda_dim3) and .shared_bytes, 0 unless given, of dynamic shared
   memory a block: cuda_occupancy_max_block_size (kernel
   [, .shared_bytes = N]) is the block size that cuda_forall takes, one
   that gives the best occupancy; cuda_occupancy_blocks_per_sm (kernel,
   block [, .shared_bytes = N]) is how many such blocks a multiprocessor
   runs at once; cuda_max_cooperative_grid_blocks (kernel, block
   [, .shared_bytes = N]) is that times the multiprocessors, the most
   blocks of a grid that waits at cuda_grid_sync.  On the CPU backend the
   block size is 256, and a multiprocessor, one of its threads, holds 2048
   threads in up to 32 blocks, whatever their shared memory.  A BLOCK or
   shared memory beyond what a launch may have is an error at the call's
   line, and the answer 0.  */
#define cuda_occupancy_max_block_size(kernel, ...)                            \
  CUDAJIT_OCCUPANCY (kernel, CUDAJIT_QUERY_MAX_BLOCK_SIZE, 1, __VA_ARGS__)
#define cuda_occupancy_blocks_per_sm(kernel, block, ...)                      \
  CUDAJIT_OCCUPANCY (kernel, CUDAJIT_QUERY_BLOCKS_PER_SM, block, __VA_ARGS__)
#define cuda_max_cooperative_grid_blocks(kernel, block, ...)                  \
  CUDAJIT_OCCUPANCY (kernel, CUDAJIT_QUERY_COOPERATIVE_BLOCKS, block,         \
                     __VA_ARGS__)
#define CUDAJIT_OCCUPANCY(kernel, what, block_size, ...)                      \
  (__extension__({                                                            \
    struct cudajit_occupancy_query cudajit_query_                             \
        = { cudajit_dim3_of (block_size), __VA_ARGS__ };                      \
    cudajit_unqueried_kernel ((void (*) (void)) (kernel), (what),             \
                              &cudajit_query_, __FILE__, __LINE__);           \
    cudajit_query_.result;                                                    \
  }))
  /* What the occupancy queries ask, and the answer.  */
  struct cudajit_occupancy_query
  {
    cuda_dim3 block;
    size_t shared_bytes;
    int result;
  };

/* cuda_forall (kernel, n [, .block = B] [, .stream = S]
   [, .shared_bytes = M]) (args...) is Numba's
   kernel.forall(n, tpb, stream, sharedmem)(args): at least N threads, in
   blocks of B threads or, without .block, of the size that gives the
   kernel the best occupancy with M bytes of dynamic shared memory a
   block.  */
#define cuda_forall(kernel, ...)                                              \
  cudajit_unlaunched_forall (                                                 \
      __extension__(long long) CUDAJIT_FIRST (__VA_ARGS__, ),                 \
      cudajit_forall_config (CUDAJIT_FORALL_SETTINGS (__VA_ARGS__, )),        \
      __FILE__, __LINE__)                                                     \
      ? (void) 0                                                              \
      : kernel
  /* The settings that cuda_forall takes, so that C refuses any other.  */
  struct cudajit_forall_settings
  {
    unsigned int block;
    size_t shared_bytes;
    cuda_stream_t stream;
  };
#define CUDAJIT_FORALL_SETTINGS(count, ...)                                   \
  (__extension__(struct cudajit_forall_settings){ __VA_ARGS__ })
  /* A launch's configuration without a grid, which the count gives, and
     with a block of 0 threads where the runtime chooses it.  */
  static __inline__ struct cudajit_launch_config
  cudajit_forall_config (struct cudajit_forall_settings settings)
  {
    struct cudajit_launch_config config = { { 0, 0, 0 },
                                            { settings.block, 1, 1 },
                                            settings.shared_bytes,
                                            settings.stream };
    return config;
  }

/* cuda_vectorize (f, n [, .stream = S]) (out, args...) is Numba's
   @vectorize (target='cuda'): out[i] = f (args[0][i], args[1][i], ...)
   for i < n, where each argument points to n elements or is a scalar for
   all of them.  The plugin makes the kernel at the call.  F goes through
   a function type without parameters so that C passes the output and
   the arguments as they are, for the plugin to check against F's own
   parameters: () before C23, (...) from it.  */
#define cuda_vectorize(f, ...)                                                \
  cudajit_unlaunched_vectorize (                                              \
      __extension__(long long) CUDAJIT_FIRST (__VA_ARGS__, ),                 \
      CUDAJIT_GENERATOR_CONFIG (__VA_ARGS__, ), __FILE__, __LINE__)           \
      ? (void) 0                                                              \
      : ((void (*) (CUDAJIT_ANY_ARGUMENTS)) (void (*) (void)) (f))
/* cuda_guvectorize (f, count [, .stream = S]) (args...) is Numba's
   @guvectorize (target='cuda'): F, void, runs once for each of COUNT
   instances.  F declares the core shape of each array parameter with C99
   array syntax whose extents are its own parameters, as in
   void matvec (int m, int n, const double a[m][n], const double x[n],
   double y[m]); each array argument holds COUNT instances back to back,
   and scalar arguments are the same for every instance.  */
#define cuda_guvectorize(f, ...)                                              \
  cudajit_unlaunched_guvectorize (                                            \
      __extension__(long long) CUDAJIT_FIRST (__VA_ARGS__, ),                 \
      CUDAJIT_GENERATOR_CONFIG (__VA_ARGS__, ), __FILE__, __LINE__)           \
      ? (void) 0                                                              \
      : ((void (*) (CUDAJIT_ANY_ARGUMENTS)) (void (*) (void)) (f))
#define CUDAJIT_FIRST(first, ...) first
#if defined __STDC_VERSION__ && __STDC_VERSION__ > 201710L && __GNUC__ >= 13
#define CUDAJIT_ANY_ARGUMENTS ...
#else
#define CUDAJIT_ANY_ARGUMENTS
#endif
/* The named settings after the count; the plugin refuses any but those
   the generator takes.  */
#define CUDAJIT_GENERATOR_CONFIG(count, ...)                                  \
  (__extension__(struct cudajit_launch_config){ __VA_ARGS__ })

/* T cuda_reduce (f, array, n [, .init = V] [, .stream = S] [, .res = R])
   is Numba's cuda.reduce: F, of type T f (T, T), associative and
   commutative, folds the N elements of type T at ARRAY (host or device
   memory, left as it is), and the result comes back to the host; .init,
   0 unless given, is folded in once, and is the result of an empty array.
   With .res, the result goes to the device memory at R once STREAM gets
   there, and the call returns without waiting, its value .init.  The
   plugin makes the kernel at the call.  The call of F after the unplugged
   call gives the expression F's type, and C's check of its arguments.  */
#define cuda_reduce(f, array, ...)                                            \
  (cudajit_unlaunched_reduce (                                                \
       __extension__(long long) CUDAJIT_FIRST (__VA_ARGS__, ), (array),       \
       &CUDAJIT_REDUCE_SETTINGS (f, array, __VA_ARGS__, ), __FILE__,          \
       __LINE__),                                                             \
   (f) ((array)[0], (array)[0]))
/* The settings, of which .init has F's type: the plugin reads them by
   name.  */
#define CUDAJIT_REDUCE_SETTINGS(f, array, count, ...)                         \
  (__extension__(struct {                                                     \
    __typeof__ ((f) ((array)[0], (array)[0])) init;                           \
    cuda_stream_t stream;                                                     \
    __typeof__ ((f) ((array)[0], (array)[0])) *res;                           \
  }){ __VA_ARGS__ })

#ifdef __cplusplus
}

/* Kernels, and their launches, are written in C (the manual's With C++): in
   C++ each launching macro is one error that names it and says so,
   rather than the errors of the C that C++ lacks.  */
#undef cuda_launch
#undef cuda_forall
#undef cuda_vectorize
#undef cuda_guvectorize
#undef cuda_reduce
/* The arguments named are used, against warnings of unused variables.  */
#define cuda_launch(kernel, grid, ...)                                        \
  CUDAJIT_IN_CXX (cuda_launch, ((void) (kernel), (void) (grid)),              \
                  (cudajit_any_function) 0)
#define cuda_forall(kernel, ...)                                              \
  CUDAJIT_IN_CXX (cuda_forall,                                                \
                  ((void) (kernel), (void) (CUDAJIT_FIRST (__VA_ARGS__, ))),  \
                  (cudajit_any_function) 0)
#define cuda_vectorize(f, ...)                                                \
  CUDAJIT_IN_CXX (cuda_vectorize,                                             \
                  ((void) (f), (void) (CUDAJIT_FIRST (__VA_ARGS__, ))),       \
                  (cudajit_any_function) 0)
#define cuda_guvectorize(f, ...)                                              \
  CUDAJIT_IN_CXX (cuda_guvectorize,                                           \
                  ((void) (f), (void) (CUDAJIT_FIRST (__VA_ARGS__, ))),       \
                  (cudajit_any_function) 0)
/* Of F's type, for the expression around it.  */
#define cuda_reduce(f, array, ...)                                            \
  CUDAJIT_IN_CXX (cuda_reduce, (void) (CUDAJIT_FIRST (__VA_ARGS__, )),        \
                  (f) ((array)[0], (array)[0]))
/* What the launch's arguments are passed to.  */
typedef void (*cudajit_any_function) (...);
#define CUDAJIT_IN_CXX_TEXT(macro)                                            \
#macro " cannot be used in C++: kernels and their launches are written "    \
         "in C, compiled by gcc with the plugin; call a C function that "     \
         "launches the kernel"
#if __cplusplus >= 201103L
#define CUDAJIT_IN_CXX(macro, used, value)                                    \
  (__extension__({                                                            \
    static_assert (false, CUDAJIT_IN_CXX_TEXT (macro));                       \
    used;                                                                     \
    value;                                                                    \
  }))
#else
/* Without static_assert, a call that GCC refuses once it compiles it.  */
#define CUDAJIT_IN_CXX(macro, used, value)                                    \
  (cudajit_in_cxx_##macro (), used, value)
void cudajit_in_cxx_cuda_launch (void)
    __attribute__ ((__error__ (CUDAJIT_IN_CXX_TEXT (cuda_launch))));
void cudajit_in_cxx_cuda_forall (void)
    __attribute__ ((__error__ (CUDAJIT_IN_CXX_TEXT (cuda_forall))));
void cudajit_in_cxx_cuda_vectorize (void)
    __attribute__ ((__error__ (CUDAJIT_IN_CXX_TEXT (cuda_vectorize))));
void cudajit_in_cxx_cuda_guvectorize (void)
    __attribute__ ((__error__ (CUDAJIT_IN_CXX_TEXT (cuda_guvectorize))));
void cudajit_in_cxx_cuda_reduce (void)
    __attribute__ ((__error__ (CUDAJIT_IN_CXX_TEXT (cuda_reduce))));
#endif
#endif

#pragma GCC diagnostic pop

#endif /* cudajit.h */
