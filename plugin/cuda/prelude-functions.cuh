/* SPDX-License-Identifier: MIT */
/* The CUDA C prelude's functions, in parts as prelude.cuh's, which come
   after its own: warp functions and collectives, the layout of warps,
   floating comparisons, complex arithmetic, assertions and traps,
   clocks, textures, cache hints, the grid's barrier, overflow checks and
   reductions.  prelude.cuh holds the types and the atomics that these
   may use; prelude-wmma.cuh, after these, the warp-matrix operations.  */


/* @part warp cudajit_shfl_ cudajit_match_ */
/* Warp functions.  cudajit.h's cuda_shfl_OP (mask, v, arg
   [, width]) is cudajit_shfl_OP_TYPE (mask, v, arg, width), and
   cuda_match_OP (mask, v...) cudajit_match_OP_TYPE.  */
#define CUDAJIT_SHFL(op, t, type, arg_type) \
  __device__ __forceinline__ type \
  cudajit_shfl_##op##_##t (unsigned int mask, type v, arg_type arg, \
  int width) \
  { return __shfl_##op (mask, v, arg, width); }

/* CUDA has __match_*_sync from sm_70 only; before, a kernel that
   calls them does not compile.  */
#if __CUDA_ARCH__ >= 700
#define CUDAJIT_MATCH(t, type) \
  __device__ __forceinline__ unsigned int \
  cudajit_match_any_sync_##t (unsigned int mask, type v) \
  { return __match_any_sync (mask, v); } \
  __device__ __forceinline__ unsigned int \
  cudajit_match_all_sync_##t (unsigned int mask, type v, int *pred) \
  { return __match_all_sync (mask, v, pred); }
#else
#define CUDAJIT_MATCH(t, type)
#endif
#define CUDAJIT_WARP(t, type) \
  CUDAJIT_SHFL (sync, t, type, int) \
  CUDAJIT_SHFL (up_sync, t, type, unsigned int) \
  CUDAJIT_SHFL (down_sync, t, type, unsigned int) \
  CUDAJIT_SHFL (xor_sync, t, type, int) \
  CUDAJIT_MATCH (t, type)
/* Shuffled as int, the narrower integers have no functions of their
   own.  */
#define CUDAJIT_WARP_SMALL_INTEGER(t, type)
#define CUDAJIT_WARP_SIGNED_INTEGER CUDAJIT_WARP
#define CUDAJIT_WARP_UNSIGNED_INTEGER CUDAJIT_WARP
#define CUDAJIT_WARP_FLOATING CUDAJIT_WARP
#define CUDAJIT_SCALAR(t, type, kind, n) CUDAJIT_WARP_##kind (t, type)
#include "cudajit-scalar-types.def"
#undef CUDAJIT_SCALAR
#undef CUDAJIT_SHFL
#undef CUDAJIT_MATCH
#undef CUDAJIT_WARP

/* @part collectives cudajit_warp_ cudajit_block_ cudajit_reduce_ cudajit_tile */
/* The block and warp collectives: cudajit.h's cuda_warp_reduce (v, op)
   and the rest are cudajit_warp_reduce_TYPE (v, op), with OP a constant
   of cudajit-collective-ops.def, which inlining folds; and
   cuda_reduce_OP_sync (mask, v), cudajit_reduce_OP_sync_TYPE.  */
enum
{
#define CUDAJIT_COLLECTIVE_OP(name, bitwise) CUDA_##name,
#include "cudajit-collective-ops.def"
#undef CUDAJIT_COLLECTIVE_OP
};

/* A OP B; fmin and fmax on floating types, as on the CPU backend.  */
__device__ __forceinline__ float
cudajit_collective_op (int op, float a, float b)
{ return op == CUDA_MIN ? fminf (a, b) : op == CUDA_MAX ? fmaxf (a, b)
  : a + b; }
__device__ __forceinline__ double
cudajit_collective_op (int op, double a, double b)
{ return op == CUDA_MIN ? fmin (a, b) : op == CUDA_MAX ? fmax (a, b)
  : a + b; }
template <typename T> __device__ __forceinline__ T
cudajit_collective_op (int op, T a, T b)
{ switch (op)
    { case CUDA_MIN: return b < a ? b : a;
      case CUDA_MAX: return a < b ? b : a;
      case CUDA_AND: return a & b;
      case CUDA_OR: return a | b;
      case CUDA_XOR: return a ^ b;
      default: return a + b; } }

/* OP's identity on T: what an exclusive scan gives its first thread.  */
template <typename T> __device__ __forceinline__ T
cudajit_collective_identity (int op)
{ const bool is_signed = (T) -1 < (T) 1;
  const unsigned long long ones = ~0ull >> (64 - 8 * sizeof (T));
  const T largest = (T) (is_signed ? ones >> 1 : ones);
  switch (op)
    { case CUDA_MIN: return largest;
      case CUDA_MAX: return is_signed ? (T) (-largest - 1) : (T) 0;
      case CUDA_AND: return (T) ones;
      default: return (T) 0; } }
template <> __device__ __forceinline__ float
cudajit_collective_identity<float> (int op)
{ return op == CUDA_MIN ? __int_as_float (0x7f800000)
  : op == CUDA_MAX ? __int_as_float ((int) 0xff800000u) : 0.0f; }
template <> __device__ __forceinline__ double
cudajit_collective_identity<double> (int op)
{ return op == CUDA_MIN ? __longlong_as_double (0x7ff0000000000000ll)
  : op == CUDA_MAX
  ? __longlong_as_double ((long long) 0xfff0000000000000ull) : 0.0; }

/* Where the calling thread is: its linear index in the block, its lane
   and warp, and its warp's lanes, the last warp's maybe fewer than 32,
   as a count and a mask.  */
struct cudajit_warp_place
{ unsigned int thread, threads, lane, warp, lanes, mask; };
__device__ __forceinline__ cudajit_warp_place
cudajit_warp_place_of (void)
{ cudajit_warp_place p;
  p.thread = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y
             * threadIdx.z);
  p.threads = blockDim.x * blockDim.y * blockDim.z;
  p.lane = p.thread % 32;
  p.warp = p.thread / 32;
  p.lanes = min (p.threads - p.warp * 32, 32u);
  p.mask = p.lanes == 32 ? 0xffffffffu : (1u << p.lanes) - 1;
  return p; }

/* V of the lanes of P's warp combined by OP, in every lane: redux.sync
   for 32-bit integers where the GPU has it, else a butterfly of
   shuffles in a whole warp, and in a partial one shuffles down to lane
   0, which gives its value to the others.  */
#if __CUDA_ARCH__ >= 800
/* V of the lanes of MASK combined by OP: redux.sync.  */
__device__ __forceinline__ unsigned int
cudajit_collective_redux (unsigned int v, int op, unsigned int mask)
{ switch (op)
    { case CUDA_MIN: return __reduce_min_sync (mask, v);
      case CUDA_MAX: return __reduce_max_sync (mask, v);
      case CUDA_AND: return __reduce_and_sync (mask, v);
      case CUDA_OR: return __reduce_or_sync (mask, v);
      case CUDA_XOR: return __reduce_xor_sync (mask, v);
      default: return __reduce_add_sync (mask, v); } }
__device__ __forceinline__ int
cudajit_collective_redux (int v, int op, unsigned int mask)
{ switch (op)
    { case CUDA_MIN: return __reduce_min_sync (mask, v);
      case CUDA_MAX: return __reduce_max_sync (mask, v);
      case CUDA_ADD: return __reduce_add_sync (mask, v);
      default: return (int) cudajit_collective_redux ((unsigned int) v, op,
                                                      mask); } }
__device__ __forceinline__ unsigned int
cudajit_collective_warp_reduce (unsigned int v, int op,
                                const cudajit_warp_place &p)
{ return cudajit_collective_redux (v, op, p.mask); }
__device__ __forceinline__ int
cudajit_collective_warp_reduce (int v, int op, const cudajit_warp_place &p)
{ return cudajit_collective_redux (v, op, p.mask); }
#endif
template <typename T> __device__ __forceinline__ T
cudajit_collective_warp_reduce (T v, int op, const cudajit_warp_place &p)
{ if (p.lanes == 32)
    { for (int delta = 16; delta > 0; delta >>= 1)
        v = cudajit_collective_op (op, v,
                                   (T) __shfl_xor_sync (0xffffffffu, v, delta));
      return v; }
  for (unsigned int delta = 16; delta > 0; delta >>= 1)
    { T other = (T) __shfl_down_sync (p.mask, v, delta);
      if (p.lane + delta < p.lanes) v = cudajit_collective_op (op, v, other); }
  return (T) __shfl_sync (p.mask, v, 0); }

/* V of lanes 0 to P's lane combined by OP.  */
template <typename T> __device__ __forceinline__ T
cudajit_collective_warp_scan (T v, int op, const cudajit_warp_place &p)
{ for (unsigned int delta = 1; delta < 32; delta <<= 1)
    { T other = (T) __shfl_up_sync (p.mask, v, delta);
      if (p.lane >= delta) v = cudajit_collective_op (op, other, v); }
  return v; }

/* The inclusive scan INCLUSIVE made exclusive: the lane before's.  */
template <typename T> __device__ __forceinline__ T
cudajit_collective_warp_shift (T inclusive, int op,
                               const cudajit_warp_place &p)
{ T before = (T) __shfl_up_sync (p.mask, inclusive, 1);
  return p.lane == 0 ? cudajit_collective_identity<T> (op) : before; }

/* V of the block's threads combined by OP, in every thread: each warp
   combines its own, warp 0 their results, which each thread then reads.
   Warp 0 reads the warps' results before the second barrier, and every
   thread the block's before the first of the next call, so that calls
   one after the other need no third.  */
template <typename T> __device__ __forceinline__ T
cudajit_collective_block_reduce (T v, int op)
{ __shared__ T partial[33];
  cudajit_warp_place p = cudajit_warp_place_of ();
  unsigned int warps = (p.threads + 31) / 32;
  v = cudajit_collective_warp_reduce (v, op, p);
  if (warps == 1) return v;
  if (p.lane == 0) partial[p.warp] = v;
  __syncthreads ();
  if (p.warp == 0)
    { T w = p.lane < warps ? partial[p.lane]
            : cudajit_collective_identity<T> (op);
      w = cudajit_collective_warp_reduce (w, op, p);
      if (p.lane == 0) partial[32] = w; }
  __syncthreads ();
  return partial[32]; }

/* The inclusive scan of V over the block's threads, and in *EXCLUSIVE
   the exclusive one, if not null: each warp scans its own, warp 0 the
   warps' totals, whose exclusive scan each warp starts from.  */
template <typename T> __device__ __forceinline__ T
cudajit_collective_block_scan (T v, int op, T *exclusive)
{ __shared__ T partial[32], prefix[32];
  cudajit_warp_place p = cudajit_warp_place_of ();
  unsigned int warps = (p.threads + 31) / 32;
  T inclusive = cudajit_collective_warp_scan (v, op, p);
  T before = exclusive ? cudajit_collective_warp_shift (inclusive, op, p)
             : inclusive;
  if (warps > 1)
    { if (p.lane == p.lanes - 1) partial[p.warp] = inclusive;
      __syncthreads ();
      if (p.warp == 0)
        { T w = p.lane < warps ? partial[p.lane]
                : cudajit_collective_identity<T> (op);
          w = cudajit_collective_warp_scan (w, op, p);
          prefix[p.lane] = cudajit_collective_warp_shift (w, op, p); }
      __syncthreads ();
      if (p.warp > 0)
        { T start = prefix[p.warp];
          inclusive = cudajit_collective_op (op, start, inclusive);
          before = p.lane == 0 ? start
                   : cudajit_collective_op (op, start, before); } }
  if (exclusive) *exclusive = before;
  return inclusive; }

#define CUDAJIT_COLLECTIVES(t, type) \
  __device__ __forceinline__ type cudajit_warp_reduce_##t (type v, int op) \
  { return cudajit_collective_warp_reduce (v, op, \
                                           cudajit_warp_place_of ()); } \
  __device__ __forceinline__ type \
  cudajit_warp_scan_inclusive_##t (type v, int op) \
  { return cudajit_collective_warp_scan (v, op, cudajit_warp_place_of ()); } \
  __device__ __forceinline__ type \
  cudajit_warp_scan_exclusive_##t (type v, int op) \
  { cudajit_warp_place p = cudajit_warp_place_of (); \
    return cudajit_collective_warp_shift ( \
      cudajit_collective_warp_scan (v, op, p), op, p); } \
  __device__ __forceinline__ type cudajit_block_reduce_##t (type v, int op) \
  { return cudajit_collective_block_reduce (v, op); } \
  __device__ __forceinline__ type \
  cudajit_block_scan_inclusive_##t (type v, int op) \
  { return cudajit_collective_block_scan (v, op, (type *) 0); } \
  __device__ __forceinline__ type \
  cudajit_block_scan_exclusive_##t (type v, int op) \
  { type exclusive; \
    cudajit_collective_block_scan (v, op, &exclusive); \
    return exclusive; }
#define CUDAJIT_SCALAR(t, type, kind, n) CUDAJIT_COLLECTIVES (t, type)
#include "cudajit-scalar-types.def"
#undef CUDAJIT_SCALAR
#undef CUDAJIT_COLLECTIVES

/* V of the lanes of MASK combined by OP, each lane reading the others'
   one at a time.  */
template <typename T> __device__ __forceinline__ T
cudajit_collective_lanes_reduce (T v, int op, unsigned int mask)
{ T r = cudajit_collective_identity<T> (op);
  for (unsigned int lanes = mask; lanes; lanes &= lanes - 1)
    r = cudajit_collective_op (op, r, (T) __shfl_sync (mask, v,
                                                       __ffs (lanes) - 1));
  return r; }

/* CUDA's __reduce_OP_sync from sm_80; before, the lanes of MASK read
   each other's V one at a time.  */
#if __CUDA_ARCH__ >= 800
#define CUDAJIT_REDUCE_SYNC(op, name, t, type) \
  __device__ __forceinline__ type \
  cudajit_reduce_##name##_sync_##t (unsigned int mask, type v) \
  { return (type) __reduce_##name##_sync (mask, v); }
#else
#define CUDAJIT_REDUCE_SYNC(op, name, t, type) \
  __device__ __forceinline__ type \
  cudajit_reduce_##name##_sync_##t (unsigned int mask, type v) \
  { return cudajit_collective_lanes_reduce (v, op, mask); }
#endif
#define CUDAJIT_REDUCE_SYNCS(op, name) \
  CUDAJIT_REDUCE_SYNC (op, name, int, int) \
  CUDAJIT_REDUCE_SYNC (op, name, uint, unsigned int)
CUDAJIT_REDUCE_SYNCS (CUDA_ADD, add)
CUDAJIT_REDUCE_SYNCS (CUDA_MIN, min)
CUDAJIT_REDUCE_SYNCS (CUDA_MAX, max)
CUDAJIT_REDUCE_SYNCS (CUDA_AND, and)
CUDAJIT_REDUCE_SYNCS (CUDA_OR, or)
CUDAJIT_REDUCE_SYNCS (CUDA_XOR, xor)
#undef CUDAJIT_REDUCE_SYNC
#undef CUDAJIT_REDUCE_SYNCS

/* @part layout */
/* CUDA makes warps of consecutive linear thread indices.  */
__device__ __forceinline__ int cuda_laneid (void)
{ return (threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y
  * threadIdx.z)) % 32; }
__device__ __forceinline__ unsigned int cuda_lanemask_lt (void)
{ return (1u << cuda_laneid ()) - 1; }

/* The host and the GPU exchange structures and unions byte for byte,
   so each that the CUDA C defines is checked to have the size,
   alignment and field offsets that GCC gave it.  NVRTC has no
   offsetof without headers; __INTADDR__ is what its front end's own
   offsetof is made of.  */
#define CUDAJIT_LAYOUT(type, size, align) \
  static_assert (sizeof (type) == size && alignof (type) == align, \
  "cudajit: " #type " has another size or alignment on the GPU " \
  "than on the host")
#define CUDAJIT_OFFSET(type, field, offset) \
  static_assert (__INTADDR__ (&((type *) 0)->field) == offset, \
  "cudajit: field " #field " of " #type " is at another offset " \
  "on the GPU than on the host")

/* Folding makes some comparisons of bit-fields read whole bytes of
   their structure: as many as T has at BYTE of OBJECT.  */
template <typename T, typename O> __device__ __forceinline__ T
cudajit_bits (const O &object, long byte)
{ T bits; memcpy (&bits, (const char *) &object + byte, sizeof bits);
  return bits; }

/* @part tiles cudajit_tile */
/* Cooperative groups' tiles: a tile is the mask of its lanes, and
   cudajit.h's cuda_tiled_partition (n) is cudajit_tiled_partition (n),
   cuda_tile_shfl (t, v, src) cudajit_tile_shfl_TYPE (t, v, src), and so
   on, as cudajit-tiles.h's inline functions are on the CPU backend.  */
__device__ __forceinline__ unsigned int
cudajit_tiled_partition (unsigned int size)
{ cudajit_warp_place p = cudajit_warp_place_of ();
  unsigned int tile = (size >= 32 ? 0xffffffffu : (1u << size) - 1)
                      << (p.lane & ~(size - 1));
  return tile & p.mask; }
/* unsigned int, as on the CPU backend, where __popc is an int.  */
__device__ __forceinline__ unsigned int
cudajit_tile_size (unsigned int t)
{ return __popc (t); }
__device__ __forceinline__ unsigned int
cudajit_tile_rank (unsigned int t)
{ return __popc (t & cuda_lanemask_lt ()); }

/* The lane of rank RANK in T, or the caller's where T has no such
   rank: the shuffles' source; in a tile of contiguous lanes, the
   first's plus RANK.  */
__device__ __forceinline__ int
cudajit_tile_lane (unsigned int t, unsigned int rank)
{ unsigned int low = __ffs (t) - 1, run = t >> low;
  if (rank >= cudajit_tile_size (t)) return cuda_laneid ();
  if ((run & (run + 1)) == 0) return low + rank;
  for (; rank > 0; rank--) t &= t - 1;
  return __ffs (t) - 1; }

/* The bits of BALLOT at T's lanes, packed from bit 0 in rank order.  */
__device__ __forceinline__ unsigned int
cudajit_tile_ballot (unsigned int t, int predicate)
{ unsigned int ballot = __ballot_sync (t, predicate), packed = 0, rank = 0;
  for (; t; t &= t - 1, rank++)
    packed |= (ballot >> (__ffs (t) - 1) & 1) << rank;
  return packed; }

/* V of T's lanes combined by OP: redux.sync for 32-bit integers where
   the GPU has it; else, in a tile of tiled_partition, whose lanes are a
   whole aligned group of a power of two, a butterfly of shuffles within
   it, and in another each lane reads the others'.  */
template <typename T> __device__ __forceinline__ T
cudajit_collective_tile_reduce (T v, int op, unsigned int t)
{ unsigned int size = cudajit_tile_size (t), low = __ffs (t) - 1;
  if ((size & (size - 1)) == 0 && low % size == 0
      && (t >> low) == (size == 32 ? 0xffffffffu : (1u << size) - 1))
    { for (unsigned int delta = size / 2; delta > 0; delta >>= 1)
        v = cudajit_collective_op (op, v, (T) __shfl_xor_sync (t, v, delta,
                                                               (int) size));
      return v; }
  return cudajit_collective_lanes_reduce (v, op, t); }
#if __CUDA_ARCH__ >= 800
__device__ __forceinline__ unsigned int
cudajit_collective_tile_reduce (unsigned int v, int op, unsigned int t)
{ return cudajit_collective_redux (v, op, t); }
__device__ __forceinline__ int
cudajit_collective_tile_reduce (int v, int op, unsigned int t)
{ return cudajit_collective_redux (v, op, t); }
#endif

#define CUDAJIT_TILE_SHUFFLES(t, type) \
  __device__ __forceinline__ type \
  cudajit_tile_shfl_##t (unsigned int tile, type v, int src) \
  { return __shfl_sync (tile, v, cudajit_tile_lane (tile, \
      (unsigned int) src % cudajit_tile_size (tile))); } \
  __device__ __forceinline__ type \
  cudajit_tile_shfl_down_##t (unsigned int tile, type v, unsigned int delta) \
  { unsigned int rank = cudajit_tile_rank (tile); \
    return __shfl_sync (tile, v, cudajit_tile_lane (tile, \
      delta < cudajit_tile_size (tile) - rank ? rank + delta : rank)); } \
  __device__ __forceinline__ type \
  cudajit_tile_shfl_xor_##t (unsigned int tile, type v, int mask) \
  { return __shfl_sync (tile, v, cudajit_tile_lane (tile, \
      cudajit_tile_rank (tile) ^ (unsigned int) mask)); }
#define CUDAJIT_TILE_SMALL_INTEGER(t, type)
#define CUDAJIT_TILE_SIGNED_INTEGER CUDAJIT_TILE_SHUFFLES
#define CUDAJIT_TILE_UNSIGNED_INTEGER CUDAJIT_TILE_SHUFFLES
#define CUDAJIT_TILE_FLOATING CUDAJIT_TILE_SHUFFLES
#define CUDAJIT_SCALAR(t, type, kind, n) CUDAJIT_TILE_##kind (t, type) \
  __device__ __forceinline__ type \
  cudajit_tile_reduce_##t (unsigned int tile, type v, int op) \
  { return cudajit_collective_tile_reduce (v, op, tile); }
#include "cudajit-scalar-types.def"
#undef CUDAJIT_SCALAR
#undef CUDAJIT_TILE_SHUFFLES
#undef CUDAJIT_TILE_SMALL_INTEGER
#undef CUDAJIT_TILE_SIGNED_INTEGER
#undef CUDAJIT_TILE_UNSIGNED_INTEGER
#undef CUDAJIT_TILE_FLOATING

/* @part float_compare cudajit_un cudajit_ordered cudajit_ltgt cudajit_signbit */
/* Comparisons that are true or false for NaNs (see float-compare.cc).
   Without fast math, NVRTC keeps IEEE comparisons, false for NaNs but !=.
   signbit returns what GCC computes on x86-64: the sign bit in its place
   for float, and 1 for double.  */
#define CUDAJIT_FLOAT_COMPARE(name, result) \
  template <typename A, typename B> __device__ __forceinline__ int \
  cudajit_##name (A a, B b) { return result; }
CUDAJIT_FLOAT_COMPARE (unordered, a != a || b != b)
CUDAJIT_FLOAT_COMPARE (ordered, a == a && b == b)
CUDAJIT_FLOAT_COMPARE (unlt, !(a >= b))
CUDAJIT_FLOAT_COMPARE (unle, !(a > b))
CUDAJIT_FLOAT_COMPARE (ungt, !(a <= b))
CUDAJIT_FLOAT_COMPARE (unge, !(a < b))
CUDAJIT_FLOAT_COMPARE (uneq, !(a < b || a > b))
CUDAJIT_FLOAT_COMPARE (ltgt, a < b || a > b)
#undef CUDAJIT_FLOAT_COMPARE
__device__ __forceinline__ int cudajit_signbit (float x)
{ return __float_as_int (x) & (-2147483647 - 1); }
__device__ __forceinline__ int cudajit_signbit (double x)
{ return (int) ((unsigned long long) __double_as_longlong (x) >> 63); }

/* @part complex cudajit_complex */
/* C's _Complex float and double (see cuda-types.cc), laid out as on the
   host: the real part, then the imaginary part.  GCC computes products
   and quotients as C99's Annex G says, recovering infinities where the
   usual formulas give NaNs; these use the usual formulas, the quotient
   scaled as in Smith's algorithm, so that only results with infinities
   or NaNs may differ from the CPU backend's.  */
template <typename T> struct cudajit_complex
{ T re, im;
  cudajit_complex () = default;
  __device__ __forceinline__ constexpr cudajit_complex (T r, T i)
  : re (r), im (i) {}
  template <typename U> __device__ __forceinline__ explicit
  cudajit_complex (cudajit_complex<U> z) : re ((T) z.re), im ((T) z.im) {}
};
static_assert (sizeof (cudajit_complex<float>) == 8
  && alignof (cudajit_complex<float>) == 4
  && sizeof (cudajit_complex<double>) == 16
  && alignof (cudajit_complex<double>) == 8,
  "cudajit: complex numbers have another layout on the GPU");
#define CUDAJIT_COMPLEX(result) \
  template <typename T> __device__ __forceinline__ result
CUDAJIT_COMPLEX (cudajit_complex<T>) operator+ (cudajit_complex<T> a,
  cudajit_complex<T> b) { return cudajit_complex<T> (a.re + b.re,
  a.im + b.im); }
CUDAJIT_COMPLEX (cudajit_complex<T>) operator- (cudajit_complex<T> a,
  cudajit_complex<T> b) { return cudajit_complex<T> (a.re - b.re,
  a.im - b.im); }
CUDAJIT_COMPLEX (cudajit_complex<T>) operator* (cudajit_complex<T> a,
  cudajit_complex<T> b) { return cudajit_complex<T> (a.re * b.re
  - a.im * b.im, a.re * b.im + a.im * b.re); }
CUDAJIT_COMPLEX (cudajit_complex<T>) operator/ (cudajit_complex<T> a,
  cudajit_complex<T> b)
{ if (fabs (b.re) >= fabs (b.im))
    { T r = b.im / b.re, d = b.re + b.im * r;
      return cudajit_complex<T> ((a.re + a.im * r) / d,
        (a.im - a.re * r) / d); }
  T r = b.re / b.im, d = b.re * r + b.im;
  return cudajit_complex<T> ((a.re * r + a.im) / d,
    (a.im * r - a.re) / d); }
CUDAJIT_COMPLEX (cudajit_complex<T>) operator- (cudajit_complex<T> a)
{ return cudajit_complex<T> (-a.re, -a.im); }
CUDAJIT_COMPLEX (cudajit_complex<T>) operator~ (cudajit_complex<T> a)
{ return cudajit_complex<T> (a.re, -a.im); }
CUDAJIT_COMPLEX (bool) operator== (cudajit_complex<T> a,
  cudajit_complex<T> b) { return a.re == b.re && a.im == b.im; }
CUDAJIT_COMPLEX (bool) operator!= (cudajit_complex<T> a,
  cudajit_complex<T> b) { return !(a == b); }

/* <complex.h> (see complex-functions.def), from the real functions, with
   the branch cuts of C99 away from the axes' signed zeros.  */
CUDAJIT_COMPLEX (T) cudajit_creal (cudajit_complex<T> z) { return z.re; }
CUDAJIT_COMPLEX (T) cudajit_cimag (cudajit_complex<T> z) { return z.im; }
CUDAJIT_COMPLEX (cudajit_complex<T>) cudajit_conj (cudajit_complex<T> z)
{ return ~z; }
CUDAJIT_COMPLEX (T) cudajit_cabs (cudajit_complex<T> z)
{ return hypot (z.re, z.im); }
CUDAJIT_COMPLEX (T) cudajit_carg (cudajit_complex<T> z)
{ return atan2 (z.im, z.re); }
CUDAJIT_COMPLEX (cudajit_complex<T>) cudajit_cproj (cudajit_complex<T> z)
{ return isinf (z.re) || isinf (z.im)
  ? cudajit_complex<T> ((T) __longlong_as_double (0x7ff0000000000000ll),
  copysign ((T) 0, z.im)) : z; }
CUDAJIT_COMPLEX (cudajit_complex<T>) cudajit_cexp (cudajit_complex<T> z)
{ T e = exp (z.re); return cudajit_complex<T> (e * cos (z.im),
  e * sin (z.im)); }
CUDAJIT_COMPLEX (cudajit_complex<T>) cudajit_clog (cudajit_complex<T> z)
{ return cudajit_complex<T> (log (cudajit_cabs (z)), cudajit_carg (z)); }
CUDAJIT_COMPLEX (cudajit_complex<T>) cudajit_csqrt (cudajit_complex<T> z)
{ if (z.re == 0 && z.im == 0) return cudajit_complex<T> ((T) 0, z.im);
  T t = sqrt ((fabs (z.re) + cudajit_cabs (z)) / 2);
  return z.re >= 0 ? cudajit_complex<T> (t, z.im / (2 * t))
  : cudajit_complex<T> (fabs (z.im) / (2 * t), copysign (t, z.im)); }
CUDAJIT_COMPLEX (cudajit_complex<T>) cudajit_cpow (cudajit_complex<T> z,
  cudajit_complex<T> w) { return cudajit_cexp (w * cudajit_clog (z)); }
CUDAJIT_COMPLEX (cudajit_complex<T>) cudajit_csinh (cudajit_complex<T> z)
{ return cudajit_complex<T> (sinh (z.re) * cos (z.im),
  cosh (z.re) * sin (z.im)); }
CUDAJIT_COMPLEX (cudajit_complex<T>) cudajit_ccosh (cudajit_complex<T> z)
{ return cudajit_complex<T> (cosh (z.re) * cos (z.im),
  sinh (z.re) * sin (z.im)); }
CUDAJIT_COMPLEX (cudajit_complex<T>) cudajit_ctanh (cudajit_complex<T> z)
{ T d = cosh (2 * z.re) + cos (2 * z.im);
  return cudajit_complex<T> (sinh (2 * z.re) / d, sin (2 * z.im) / d); }
CUDAJIT_COMPLEX (cudajit_complex<T>) cudajit_casinh (cudajit_complex<T> z)
{ if (z.re < 0) return -cudajit_casinh (-z);
  cudajit_complex<T> one ((T) 1, (T) 0);
  return cudajit_clog (z + cudajit_csqrt (z * z + one)); }
CUDAJIT_COMPLEX (cudajit_complex<T>) cudajit_cacosh (cudajit_complex<T> z)
{ cudajit_complex<T> one ((T) 1, (T) 0);
  return cudajit_clog (z + cudajit_csqrt (z + one)
  * cudajit_csqrt (z - one)); }
CUDAJIT_COMPLEX (cudajit_complex<T>) cudajit_catanh (cudajit_complex<T> z)
{ cudajit_complex<T> one ((T) 1, (T) 0), half ((T) 0.5, (T) 0);
  return half * (cudajit_clog (one + z) - cudajit_clog (one - z)); }
/* The circular functions are the hyperbolic ones turned by i:
   f (z) = -i g (i z).  */
CUDAJIT_COMPLEX (cudajit_complex<T>) cudajit_times_i (cudajit_complex<T> z)
{ return cudajit_complex<T> (-z.im, z.re); }
CUDAJIT_COMPLEX (cudajit_complex<T>) cudajit_csin (cudajit_complex<T> z)
{ return -cudajit_times_i (cudajit_csinh (cudajit_times_i (z))); }
CUDAJIT_COMPLEX (cudajit_complex<T>) cudajit_ccos (cudajit_complex<T> z)
{ return cudajit_ccosh (cudajit_times_i (z)); }
CUDAJIT_COMPLEX (cudajit_complex<T>) cudajit_ctan (cudajit_complex<T> z)
{ return -cudajit_times_i (cudajit_ctanh (cudajit_times_i (z))); }
CUDAJIT_COMPLEX (cudajit_complex<T>) cudajit_casin (cudajit_complex<T> z)
{ return -cudajit_times_i (cudajit_casinh (cudajit_times_i (z))); }
CUDAJIT_COMPLEX (cudajit_complex<T>) cudajit_catan (cudajit_complex<T> z)
{ return -cudajit_times_i (cudajit_catanh (cudajit_times_i (z))); }
CUDAJIT_COMPLEX (cudajit_complex<T>) cudajit_cacos (cudajit_complex<T> z)
{ cudajit_complex<T> w = cudajit_casin (z);
  return cudajit_complex<T> ((T) 1.57079632679489661923 - w.re, -w.im); }
#undef CUDAJIT_COMPLEX

/* @part assert cudajit_assert_fail */
/* glibc's assert calls __assert_fail (see assertions.cc).  CUDA declares
   __assertfail, whose last argument is the size of a character of the
   message.  */
__device__ __forceinline__ void
cudajit_assert_fail (const char *expression, const char *file,
  unsigned int line, const char *function)
{ __assertfail (expression, file, line, function, 1); }

/* @part on_gpu cuda_on_gpu */
/* cuda_on_gpu: true here, false on the CPU backend (cudajit.h), whose
   host version drops the branch of inline PTX that it guards.  */
__device__ __forceinline__ int cuda_on_gpu (void)
{ return 1; }

/* @part trap cudajit_trap */
/* cuda_trap, CUDA's __trap, and the other ends of a kernel with an error:
   __trap after a line that says which thread, as the CPU backend's error
   does; the runtime names the kernel and its launch when the driver
   reports the trap.  */
#define DEF_CUDAJIT_TRAP(name, format)                                   \
__device__ __noinline__ void cudajit_##name (void)                     \
{ printf (format "\n", threadIdx.x, threadIdx.y, threadIdx.z,           \
          blockIdx.x, blockIdx.y, blockIdx.z);                          \
  __trap (); }
#include "cudajit-trap.def"
#undef DEF_CUDAJIT_TRAP

/* @part async_copy cudajit_memcpy_async cudajit_pipeline_ */
/* cuda_memcpy_async (dst, src, bytes): sm_80's cp.async of 4, 8 or 16
   bytes (a constant, which the plugin checks) from global memory to
   shared memory, done when a later cuda_pipeline_wait says so; .cg, past
   L1, for 16 bytes, as CUDA's own __pipeline_memcpy_async.  Other
   memory, and older GPUs, copy at once, as CUDA does there too.  A
   misaligned address faults, cp.async's as the copy's vector load or
   store (CUDA_ERROR_MISALIGNED_ADDRESS): a check here, where the CPU
   backend makes one, cost the pipelined GEMM of bench/gemm a tenth of
   its speed.  */
__device__ __forceinline__ void
cudajit_memcpy_async (void *dst, const void *src, unsigned long bytes)
{
#if __CUDA_ARCH__ >= 800
  if (__isShared (dst) && __isGlobal (src))
    {
      unsigned int shared = (unsigned int) __cvta_generic_to_shared (dst);
      if (bytes == 16)
        asm volatile ("cp.async.cg.shared.global [%0], [%1], 16;"
                      : : "r" (shared), "l" (src) : "memory");
      else if (bytes == 8)
        asm volatile ("cp.async.ca.shared.global [%0], [%1], 8;"
                      : : "r" (shared), "l" (src) : "memory");
      else
        asm volatile ("cp.async.ca.shared.global [%0], [%1], 4;"
                      : : "r" (shared), "l" (src) : "memory");
      return;
    }
#endif
  if (bytes == 16)
    *(uint4 *) dst = *(const uint4 *) src;
  else if (bytes == 8)
    *(uint2 *) dst = *(const uint2 *) src;
  else
    *(unsigned int *) dst = *(const unsigned int *) src;
}

/* cuda_pipeline_commit: the copies since the last commit become a
   group.  */
__device__ __forceinline__ void
cudajit_pipeline_commit (void)
{
#if __CUDA_ARCH__ >= 800
  asm volatile ("cp.async.commit_group;" ::: "memory");
#endif
}

/* cuda_pipeline_wait (n): all but the last N groups done.  cp.async's
   count is an immediate, so a count from 0 to 7, as CUDA's
   __pipeline_wait_prior, and more waits as for 8.  */
#define CUDAJIT_WAIT_GROUP(n)                                           \
  asm volatile ("cp.async.wait_group " #n ";" ::: "memory")
__device__ __forceinline__ void
cudajit_pipeline_wait (unsigned int groups)
{
#if __CUDA_ARCH__ >= 800
  switch (groups)
    {
    case 0: CUDAJIT_WAIT_GROUP (0); break;
    case 1: CUDAJIT_WAIT_GROUP (1); break;
    case 2: CUDAJIT_WAIT_GROUP (2); break;
    case 3: CUDAJIT_WAIT_GROUP (3); break;
    case 4: CUDAJIT_WAIT_GROUP (4); break;
    case 5: CUDAJIT_WAIT_GROUP (5); break;
    case 6: CUDAJIT_WAIT_GROUP (6); break;
    case 7: CUDAJIT_WAIT_GROUP (7); break;
    default: CUDAJIT_WAIT_GROUP (8); break;
    }
#endif
}
#undef CUDAJIT_WAIT_GROUP

/* @part clock cudajit_clock */
/* cuda_clock: the multiprocessor's 32-bit cycle counter, as an unsigned
   count whatever CUDA's clock () makes of it, as the CPU backend gives
   it.  */
__device__ __forceinline__ long cudajit_clock (void)
{ unsigned int c; asm volatile ("mov.u32 %0, %%clock;" : "=r" (c));
  return c; }

/* @part globaltimer cudajit_globaltimer */
/* cuda_globaltimer: the GPU's nanosecond timer, which CUDA C names only
   in PTX.  */
__device__ __forceinline__ unsigned long long cudajit_globaltimer (void)
{ unsigned long long t; asm volatile ("mov.u64 %0, %%globaltimer;" : "=l" (t));
  return t; }

/* @part tex2d cudajit_tex2d */
/* cuda_tex2d: a texture object's first channel of floats at (X, Y), by
   the PTX that CUDA's tex2D<float> becomes, as NVRTC has no texture
   headers without the toolkit's.  */
__device__ __forceinline__ float
cudajit_tex2d (unsigned long long texture, float x, float y)
{ float r, g, b, a;
  asm volatile ("tex.2d.v4.f32.f32 {%0, %1, %2, %3}, [%4, {%5, %6}];"
                : "=f" (r), "=f" (g), "=f" (b), "=f" (a)
                : "l" (texture), "f" (x), "f" (y));
  return r; }

/* @part cache cudajit_ld cudajit_st */
/* The cache-hinted loads and stores of cudajit.h, by type, as CUDA's
   overloads.  */
#define CUDAJIT_CACHE_LOAD(op, t, type) \
__device__ __forceinline__ type cudajit_##op##_##t (const type *ptr) \
{ return __##op (ptr); }
#define CUDAJIT_CACHE_STORE(op, t, type) \
__device__ __forceinline__ void cudajit_##op##_##t (type *ptr, type value) \
{ __##op (ptr, value); }
#define CUDAJIT_SCALAR(t, type, kind, n) \
  CUDAJIT_CACHE_LOAD (ldg, t, type) CUDAJIT_CACHE_LOAD (ldca, t, type) \
  CUDAJIT_CACHE_LOAD (ldcg, t, type) CUDAJIT_CACHE_LOAD (ldcs, t, type) \
  CUDAJIT_CACHE_LOAD (ldlu, t, type) CUDAJIT_CACHE_LOAD (ldcv, t, type) \
  CUDAJIT_CACHE_STORE (stwb, t, type) CUDAJIT_CACHE_STORE (stcg, t, type) \
  CUDAJIT_CACHE_STORE (stcs, t, type) CUDAJIT_CACHE_STORE (stwt, t, type)
#include "cudajit-scalar-types.def"
#undef CUDAJIT_SCALAR
#undef CUDAJIT_CACHE_LOAD
#undef CUDAJIT_CACHE_STORE

/* @part grid_sync cudajit_grid_sync */
/* cuda_grid_sync, the barrier of a grid that the runtime launched
   cooperatively, so that all its blocks are resident at once: without
   cooperative_groups.h, which NVRTC cannot find by itself.  Thread 0 of
   each block arrives for its block: block 0 adds 2^31 - (blocks - 1),
   the others 1, so that the last to arrive flips the top bit of the
   count, and the low bits are back as they were for the next barrier.
   Each waits for the top bit to differ from what it saw at its arrival;
   a block that runs ahead to the next barrier cannot flip it back before
   every block has arrived there too.  The fences make the writes before
   the barrier visible to every thread after it (fence-fence
   synchronization through the count).  The count is the module's, so
   kernels that wait at it must not run at once on two streams.  */
__device__ unsigned int cudajit_grid_barrier;
__device__ __forceinline__ void cudajit_grid_sync (void)
{ __syncthreads ();
  if (threadIdx.x == 0 && threadIdx.y == 0 && threadIdx.z == 0)
    { unsigned int blocks = gridDim.x * gridDim.y * gridDim.z;
      bool first = blockIdx.x == 0 && blockIdx.y == 0 && blockIdx.z == 0;
      unsigned int add = first ? 0x80000000u - (blocks - 1) : 1u;
      volatile unsigned int *count = &cudajit_grid_barrier;
      __threadfence ();
      unsigned int seen = atomicAdd (&cudajit_grid_barrier, add);
      while (((seen ^ *count) & 0x80000000u) == 0)
        ;
      __threadfence (); }
  __syncthreads (); }

/* @part overflow cudajit_overflow_result cudajit_wide */
/* GCC's overflow builtins (see overflow-builtins.cc).  */
template <typename T> struct __attribute__ ((unused)) cudajit_overflow
{ T value, overflow; };
struct cudajit_wide { bool negative; unsigned long long high, low;
  };
__device__ __forceinline__ cudajit_wide
cudajit_wide_of (long long a)
{ cudajit_wide w = { a < 0, 0, a < 0 ? 0ull - (unsigned long long) a
  : (unsigned long long) a }; return w; }
__device__ __forceinline__ cudajit_wide
cudajit_wide_of (unsigned long long a)
{ cudajit_wide w = { false, 0, a }; return w; }

/* Zero is never negative, so that it fits in unsigned types.  */
__device__ __forceinline__ cudajit_wide
cudajit_add_wide (cudajit_wide a, cudajit_wide b)
{ cudajit_wide w;
  if (a.negative == b.negative)
    { w.low = a.low + b.low; w.high = w.low < a.low;
  w.negative = a.negative; }
  else if (a.low >= b.low)
    { w.low = a.low - b.low; w.high = 0;
  w.negative = a.negative && w.low; }
  else
    { w.low = b.low - a.low; w.high = 0; w.negative = b.negative; }
  return w; }
__device__ __forceinline__ cudajit_wide
cudajit_sub_wide (cudajit_wide a, cudajit_wide b)
{ b.negative = !b.negative && b.low; return cudajit_add_wide (a, b);
  }
__device__ __forceinline__ cudajit_wide
cudajit_mul_wide (cudajit_wide a, cudajit_wide b)
{ cudajit_wide w = { false, __umul64hi (a.low, b.low), a.low * b.low
  };
  w.negative = a.negative != b.negative && (w.high || w.low);
  return w; }

/* T has BITS bits and is SIGNED or not: the magnitudes it holds are
   up to LARGEST, or one more when negative, and the value wraps
   modulo 2^BITS.  */
template <typename T, int BITS, bool SIGNED>
__device__ __forceinline__ cudajit_overflow<T>
cudajit_overflow_result (cudajit_wide w)
{ const unsigned long long largest = ~0ull >> (64 - BITS + SIGNED);
  bool fits = !w.high && (w.negative ? SIGNED && w.low - 1 <= largest
  : w.low <= largest);
  cudajit_overflow<T> r = { (T) (w.negative ? 0ull - w.low : w.low),
  (T) !fits };
  return r; }

/* @part reduce cudajit_reduce */
/* cuda_reduce's kernel (runtime/api/reduce.c says how it is launched):
   each block folds its share of A with F, and the last block to finish
   folds the blocks' results into *RESULT.  F may have no identity, so
   what is folded is never padded: the threads, warps and blocks that
   hold elements are a prefix of theirs, and only those are folded.  */
#define CUDAJIT_REDUCE_SHUFFLE(type, as) \
  __device__ __forceinline__ type \
  cudajit_reduce_shuffle (type v, unsigned int delta) \
  { return (type) __shfl_down_sync (0xffffffffu, (as) v, delta); }
#define CUDAJIT_REDUCE_SMALL_INTEGER(type) CUDAJIT_REDUCE_SHUFFLE (type, int)
#define CUDAJIT_REDUCE_SIGNED_INTEGER(type) CUDAJIT_REDUCE_SHUFFLE (type, type)
#define CUDAJIT_REDUCE_UNSIGNED_INTEGER(type) \
  CUDAJIT_REDUCE_SHUFFLE (type, type)
#define CUDAJIT_REDUCE_FLOATING(type) CUDAJIT_REDUCE_SHUFFLE (type, type)
#define CUDAJIT_SCALAR(t, type, kind, n) CUDAJIT_REDUCE_##kind (type)
#include "cudajit-scalar-types.def"
#undef CUDAJIT_SCALAR
CUDAJIT_REDUCE_SHUFFLE (bool, int)
#undef CUDAJIT_REDUCE_SHUFFLE
#undef CUDAJIT_REDUCE_SMALL_INTEGER
#undef CUDAJIT_REDUCE_SIGNED_INTEGER
#undef CUDAJIT_REDUCE_UNSIGNED_INTEGER
#undef CUDAJIT_REDUCE_FLOATING

/* The result of block J; the half part has its own for cudajit_half,
   which C++ does not copy from volatile.  */
template <typename T> __device__ __forceinline__ T
cudajit_reduce_result (const volatile T *results, unsigned int j)
{ return results[j]; }

/* V of the first COUNT lanes of the warp folded, in lane 0.  */
template <typename T, typename F> __device__ __forceinline__ T
cudajit_reduce_warp (T v, unsigned int count, F f)
{ unsigned int lane = threadIdx.x % 32;
  for (unsigned int delta = 16; delta > 0; delta >>= 1)
    { T other = cudajit_reduce_shuffle (v, delta);
      if (lane + delta < count) v = f (v, other); }
  return v; }

/* V of the first COUNT threads of the block folded, in thread 0.  */
template <typename T, typename F> __device__ __forceinline__ T
cudajit_reduce_block (T v, unsigned int count, F f)
{ __shared__ T warps[32];
  unsigned int warp = threadIdx.x / 32, lane = threadIdx.x % 32;
  unsigned int first = warp * 32;
  unsigned int in_warp = count <= first ? 0 : min (count - first, 32u);
  v = cudajit_reduce_warp (v, in_warp, f);
  /* The block may have folded before, through the same array.  */
  __syncthreads ();
  if (lane == 0 && in_warp) warps[warp] = v;
  __syncthreads ();
  if (warp == 0)
    { unsigned int warps_with = (count + 31) / 32;
      if (lane < warps_with) v = warps[lane];
      v = cudajit_reduce_warp (v, warps_with, f); }
  return v; }

template <typename T, typename F> __device__ __forceinline__ void
cudajit_reduce (const T *a, long long n, T *partials,
                unsigned int *blocks_done, T *result, T init, F f)
{ __shared__ bool last;
  long long stride = (long long) gridDim.x * blockDim.x;
  long long first = (long long) blockIdx.x * blockDim.x;
  long long i = first + threadIdx.x;
  T v = a[i < n ? i : 0];
  /* Four loads in flight at once: F is associative and commutative.  */
  for (i += stride; i + 3 * stride < n; i += 4 * stride)
    v = f (v, f (f (a[i], a[i + stride]),
                 f (a[i + 2 * stride], a[i + 3 * stride])));
  for (; i < n; i += stride) v = f (v, a[i]);
  /* The runtime launches no block without an element.  */
  unsigned int count = n - first >= blockDim.x ? blockDim.x
                       : (unsigned int) (n - first);
  v = cudajit_reduce_block (v, count, f);
  if (threadIdx.x == 0)
    { partials[blockIdx.x] = v;
      __threadfence ();
      last = atomicAdd (blocks_done, 1u) == gridDim.x - 1; }
  __syncthreads ();
  if (!last) return;
  /* Past the L1 cache, where the other blocks' results are.  */
  const volatile T *results = partials;
  unsigned int blocks = gridDim.x;
  v = cudajit_reduce_result (results, threadIdx.x < blocks ? threadIdx.x : 0);
  for (unsigned int j = threadIdx.x + blockDim.x; j < blocks;
       j += blockDim.x)
    v = f (v, cudajit_reduce_result (results, j));
  v = cudajit_reduce_block (v, min (blocks, blockDim.x), f);
  if (threadIdx.x == 0) { *result = f (init, v); *blocks_done = 0; } }
