/* SPDX-License-Identifier: MIT */
/* The CUDA C prelude: what every module that cudajit builds starts with.
   The plugin's CUDA C calls these where C has what CUDA C++ lacks or
   spells otherwise; their host twins, for the CPU backend, are in
   cudajit.h.  This file holds the types and the atomics, and
   prelude-functions.cuh, which follows it, the rest.  The build turns
   both into a string of the plugin (prelude.cc), inlining the tables
   they include; NVRTC compiles it with the CUDA C of a unit.

   It comes in parts, each starting with a line "@part NAME TRIGGER...",
   so that a unit's CUDA C gets only those it uses, which saves NVRTC
   time: a part goes with CUDA C that contains one of its TRIGGERs, and
   a part without any goes with all.  */


/* @part core */
/* C copies volatile structures and unions as it copies others; C++
   has no copy from or to a volatile class object, so the CUDA C
   copies them byte by byte through volatile.  */
template <typename T> __device__ __forceinline__ T
cudajit_volatile_load (const volatile T &from)
{ T to; for (unsigned long i = 0; i < sizeof (T); i++)
  ((char *) &to)[i] = ((const volatile char *) &from)[i]; return to; }
template <typename T, typename F> __device__ __forceinline__ T
cudajit_volatile_store (volatile T &to, const F &from)
{ for (unsigned long i = 0; i < sizeof (T); i++)
  ((volatile char *) &to)[i] = ((const char *) &from)[i];
  return from; }
__device__ __forceinline__ long cuda_grid_x (void)
{ return (long) blockIdx.x * blockDim.x + threadIdx.x; }
__device__ __forceinline__ long cuda_grid_y (void)
{ return (long) blockIdx.y * blockDim.y + threadIdx.y; }
__device__ __forceinline__ long cuda_grid_z (void)
{ return (long) blockIdx.z * blockDim.z + threadIdx.z; }
__device__ __forceinline__ long cuda_gridsize_x (void)
{ return (long) gridDim.x * blockDim.x; }
__device__ __forceinline__ long cuda_gridsize_y (void)
{ return (long) gridDim.y * blockDim.y; }
__device__ __forceinline__ long cuda_gridsize_z (void)
{ return (long) gridDim.z * blockDim.z; }
__device__ __forceinline__ int cudajit_ctz (unsigned int x)
{ return __ffs (x) - 1; }
__device__ __forceinline__ int cudajit_ctzll (unsigned long long x)
{ return __ffsll (x) - 1; }

/* A class cudajit_T of a floating type narrower than float, _Float16 or
   __bf16, its BITS, with its conversions to and from float
   (cudajit_T_to_float and cudajit_float_to_T): its operators, computed
   in float, which holds it exactly, and rounded back once, as GCC
   computes it on x86-64 and rounds it; where GCC leaves the arithmetic
   in the type (as _Float16's with -mavx512fp16), the operators round as
   that does: float holds a sum, difference, product or quotient of two
   closely enough that rounding it again is exact.  signbit returns what
   GCC computes on x86-64, the sign bit in its place.  And what
   cuda_reduce needs of a type (see the reduce part).  */
#define CUDAJIT_NARROW_OPERATOR(t, op, result, value) \
  __device__ __forceinline__ result \
  operator op (cudajit_##t a, cudajit_##t b) \
  { return value (cudajit_##t##_to_float (a) op cudajit_##t##_to_float (b)); }
#define CUDAJIT_NARROW_STEP(t, op, step) \
  __device__ __forceinline__ cudajit_##t &operator op (cudajit_##t &x) \
  { return x = cudajit_float_to_##t (cudajit_##t##_to_float (x) step); } \
  __device__ __forceinline__ cudajit_##t operator op (cudajit_##t &x, int) \
  { cudajit_##t old = x; op x; return old; }
#define CUDAJIT_NARROW_FLOAT(t) \
  __device__ __forceinline__ cudajit_##t operator- (cudajit_##t x) \
  { return cudajit_##t{ (unsigned short) (x.bits ^ 0x8000u) }; } \
  __device__ __forceinline__ cudajit_##t cudajit_narrow_abs (cudajit_##t x) \
  { return cudajit_##t{ (unsigned short) (x.bits & 0x7fffu) }; } \
  __device__ __forceinline__ int cudajit_signbit (cudajit_##t x) \
  { return x.bits & 0x8000; } \
  CUDAJIT_NARROW_OPERATOR (t, +, cudajit_##t, cudajit_float_to_##t) \
  CUDAJIT_NARROW_OPERATOR (t, -, cudajit_##t, cudajit_float_to_##t) \
  CUDAJIT_NARROW_OPERATOR (t, *, cudajit_##t, cudajit_float_to_##t) \
  CUDAJIT_NARROW_OPERATOR (t, /, cudajit_##t, cudajit_float_to_##t) \
  CUDAJIT_NARROW_OPERATOR (t, <, bool, ) \
  CUDAJIT_NARROW_OPERATOR (t, <=, bool, ) \
  CUDAJIT_NARROW_OPERATOR (t, >, bool, ) \
  CUDAJIT_NARROW_OPERATOR (t, >=, bool, ) \
  CUDAJIT_NARROW_OPERATOR (t, ==, bool, ) \
  CUDAJIT_NARROW_OPERATOR (t, !=, bool, ) \
  CUDAJIT_NARROW_STEP (t, ++, + 1.0f) \
  CUDAJIT_NARROW_STEP (t, --, - 1.0f) \
  __device__ __forceinline__ cudajit_##t \
  cudajit_reduce_shuffle (cudajit_##t v, unsigned int delta) \
  { return cudajit_##t{ (unsigned short) __shfl_down_sync (0xffffffffu, \
                                                            (int) v.bits, \
                                                            delta) }; } \
  __device__ __forceinline__ cudajit_##t \
  cudajit_reduce_result (const volatile cudajit_##t *results, \
                         unsigned int j) \
  { return cudajit_##t{ results[j].bits }; }

/* @part half cudajit_half cuda_h cudajit_atomic_add_half cudajit_wmma */
/* _Float16, laid out as CUDA's __half.  NVRTC has no cuda_fp16.h of its
   own, and the toolkit's headers need not be where a program runs, so
   the prelude converts with PTX as cuda_fp16.h does.  */
struct cudajit_half { unsigned short bits; };
__device__ __forceinline__ float cudajit_half_to_float (cudajit_half x)
{ float f; asm ("cvt.f32.f16 %0, %1;" : "=f" (f) : "h" (x.bits)); return f; }
__device__ __forceinline__ cudajit_half cudajit_float_to_half (float x)
{ cudajit_half h; asm ("cvt.rn.f16.f32 %0, %1;" : "=h" (h.bits) : "f" (x));
  return h; }
__device__ __forceinline__ cudajit_half cudajit_double_to_half (double x)
{ cudajit_half h; asm ("cvt.rn.f16.f64 %0, %1;" : "=h" (h.bits) : "d" (x));
  return h; }
CUDAJIT_NARROW_FLOAT (half)

/* cudajit.h's half math (Numba's cuda.fp16).  Each but hfma is the
   float function, within 2 ulps of float (exact for floor, ceil, trunc
   and rint), rounded once to _Float16: so within 1 ulp of _Float16 of
   the exact value, as the CPU backend's, which computes it the same
   way.  hfma is PTX's, fused in _Float16 as
   CUDA's __hfma, rounded once: the CPU backend gives the same bits.  */
#define CUDAJIT_HALF_MATH(name, value) \
  __device__ __forceinline__ cudajit_half name (cudajit_half x) \
  { float f = cudajit_half_to_float (x); \
  return cudajit_float_to_half (value); }
CUDAJIT_HALF_MATH (cuda_hrcp, 1.0f / f)
CUDAJIT_HALF_MATH (cuda_hrsqrt, rsqrtf (f))
CUDAJIT_HALF_MATH (cuda_hexp, expf (f))
CUDAJIT_HALF_MATH (cuda_hlog, logf (f))
CUDAJIT_HALF_MATH (cuda_hsin, sinf (f))
CUDAJIT_HALF_MATH (cuda_hcos, cosf (f))
CUDAJIT_HALF_MATH (cuda_hsqrt, sqrtf (f))
CUDAJIT_HALF_MATH (cuda_hexp2, exp2f (f))
CUDAJIT_HALF_MATH (cuda_hexp10, exp10f (f))
CUDAJIT_HALF_MATH (cuda_hlog2, log2f (f))
CUDAJIT_HALF_MATH (cuda_hlog10, log10f (f))
CUDAJIT_HALF_MATH (cuda_hfloor, floorf (f))
CUDAJIT_HALF_MATH (cuda_hceil, ceilf (f))
CUDAJIT_HALF_MATH (cuda_htrunc, truncf (f))
CUDAJIT_HALF_MATH (cuda_hrint, rintf (f))
#undef CUDAJIT_HALF_MATH
__device__ __forceinline__ cudajit_half
cuda_hfma (cudajit_half a, cudajit_half b, cudajit_half c)
{ cudajit_half r;
  asm ("fma.rn.f16 %0, %1, %2, %3;"
       : "=h" (r.bits) : "h" (a.bits), "h" (b.bits), "h" (c.bits));
  return r; }
/* cuda_atomic_add on _Float16, CUDA's atomicAdd on __half, relaxed as
   it is: PTX's from sm_70; before, as with CUDA, a kernel that calls it
   does not compile.  */
#if __CUDA_ARCH__ >= 700
__device__ __forceinline__ cudajit_half
cudajit_atomic_add_half (cudajit_half *p, cudajit_half v)
{ cudajit_half old;
  asm volatile ("atom.add.noftz.f16 %0, [%1], %2;"
                : "=h" (old.bits) : "l" (p), "h" (v.bits) : "memory");
  return old; }
#endif

/* @part bf16 cudajit_bf16 cudajit_atomic_add_bf16 cudajit_wmma */
/* __bf16 (GCC 13 and later), laid out as CUDA's __nv_bfloat16: float's
   upper half, to which the conversions round to nearest even, as GCC
   does, keeping NaNs quiet.  Double rounds to odd into float first
   (toward zero, with the last bit set where that dropped any), which
   float's 16 bits beyond __bf16's make the same as rounding it once.  */
struct cudajit_bf16 { unsigned short bits; };
__device__ __forceinline__ float cudajit_bf16_to_float (cudajit_bf16 x)
{ return __uint_as_float ((unsigned int) x.bits << 16); }
__device__ __forceinline__ cudajit_bf16 cudajit_float_to_bf16 (float x)
{ unsigned int u = __float_as_uint (x);
  if (isnan (x)) return cudajit_bf16{ (unsigned short) ((u >> 16) | 0x40) };
  u += 0x7fffu + ((u >> 16) & 1);
  return cudajit_bf16{ (unsigned short) (u >> 16) }; }
__device__ __forceinline__ cudajit_bf16 cudajit_double_to_bf16 (double x)
{ float f = __double2float_rz (x);
  if (!isnan (x) && (double) f != x)
    f = __uint_as_float (__float_as_uint (f) | 1);
  return cudajit_float_to_bf16 (f); }
CUDAJIT_NARROW_FLOAT (bf16)

/* @part vector _CjVector cudajit_atomic_add_half2 cudajit_atomic_add_bfloat162 */
/* GCC's vector types: N elements of T, aligned to their size as GCC's
   are, so that a copy of a float4's worth is one 16-byte load or store;
   the operators are GCC's, element by element.  CUDA's float4 and the
   like have no operators.  */
template <typename T, int N> struct alignas (sizeof (T) * N) _CjVector
{ T _CjElements[N]; };
#define CUDAJIT_VECTOR_OPERATOR(op) \
  template <typename T, int N> __device__ __forceinline__ _CjVector<T, N> \
  operator op (const _CjVector<T, N> &a, const _CjVector<T, N> &b) \
  { _CjVector<T, N> r; for (int i = 0; i < N; i++) \
      r._CjElements[i] = (T) (a._CjElements[i] op b._CjElements[i]); \
    return r; }
CUDAJIT_VECTOR_OPERATOR (+)
CUDAJIT_VECTOR_OPERATOR (-)
CUDAJIT_VECTOR_OPERATOR (*)
CUDAJIT_VECTOR_OPERATOR (/)
CUDAJIT_VECTOR_OPERATOR (%)
CUDAJIT_VECTOR_OPERATOR (&)
CUDAJIT_VECTOR_OPERATOR (|)
CUDAJIT_VECTOR_OPERATOR (^)
CUDAJIT_VECTOR_OPERATOR (<<)
CUDAJIT_VECTOR_OPERATOR (>>)
#undef CUDAJIT_VECTOR_OPERATOR
/* ++ and -- of a vector, which add or subtract a vector of ones.  */
#define CUDAJIT_VECTOR_STEP(op) \
  template <typename T, int N> __device__ __forceinline__ _CjVector<T, N> & \
  operator op##= (_CjVector<T, N> &a, const _CjVector<T, N> &b) \
  { return a = a op b; }
CUDAJIT_VECTOR_STEP (+)
CUDAJIT_VECTOR_STEP (-)
#undef CUDAJIT_VECTOR_STEP
/* GCC shifts a vector by a scalar too.  */
#define CUDAJIT_VECTOR_SHIFT(op) \
  template <typename T, int N> __device__ __forceinline__ _CjVector<T, N> \
  operator op (const _CjVector<T, N> &a, long long b) \
  { _CjVector<T, N> r; for (int i = 0; i < N; i++) \
      r._CjElements[i] = (T) (a._CjElements[i] op b); \
    return r; }
CUDAJIT_VECTOR_SHIFT (<<)
CUDAJIT_VECTOR_SHIFT (>>)
#undef CUDAJIT_VECTOR_SHIFT
#define CUDAJIT_VECTOR_PREFIX(op) \
  template <typename T, int N> __device__ __forceinline__ _CjVector<T, N> \
  operator op (const _CjVector<T, N> &a) \
  { _CjVector<T, N> r; for (int i = 0; i < N; i++) \
      r._CjElements[i] = (T) op a._CjElements[i]; \
    return r; }
CUDAJIT_VECTOR_PREFIX (-)
CUDAJIT_VECTOR_PREFIX (~)
#undef CUDAJIT_VECTOR_PREFIX
/* A comparison's truth values, which GCC turns into -1 and 0 with
   _CjSelect.  */
#define CUDAJIT_VECTOR_COMPARISON(op) \
  template <typename T, int N> __device__ __forceinline__ _CjVector<bool, N> \
  operator op (const _CjVector<T, N> &a, const _CjVector<T, N> &b) \
  { _CjVector<bool, N> r; for (int i = 0; i < N; i++) \
      r._CjElements[i] = a._CjElements[i] op b._CjElements[i]; \
    return r; }
CUDAJIT_VECTOR_COMPARISON (<)
CUDAJIT_VECTOR_COMPARISON (<=)
CUDAJIT_VECTOR_COMPARISON (>)
CUDAJIT_VECTOR_COMPARISON (>=)
CUDAJIT_VECTOR_COMPARISON (==)
CUDAJIT_VECTOR_COMPARISON (!=)
#undef CUDAJIT_VECTOR_COMPARISON
template <typename M, typename T, int N>
__device__ __forceinline__ _CjVector<T, N>
_CjSelect (const _CjVector<M, N> &mask, const _CjVector<T, N> &a,
           const _CjVector<T, N> &b)
{ _CjVector<T, N> r; for (int i = 0; i < N; i++)
    r._CjElements[i] = mask._CjElements[i] ? a._CjElements[i]
                                           : b._CjElements[i];
  return r; }

/* @part half_vector cudajit_atomic_add_half2 */
/* cuda_atomic_add on cuda_half2, CUDA's atomicAdd on __half2: PTX's,
   which adds each half, from sm_60; before, as with CUDA, a kernel that
   calls it does not compile.  Its call brings the half and vector parts
   too.  */
#if __CUDA_ARCH__ >= 600
__device__ __forceinline__ _CjVector<cudajit_half, 2>
cudajit_atomic_add_half2 (_CjVector<cudajit_half, 2> *p,
                          _CjVector<cudajit_half, 2> v)
{ unsigned int bits, old;
  memcpy (&bits, &v, sizeof bits);
  asm volatile ("atom.add.noftz.f16x2 %0, [%1], %2;"
                : "=r" (old) : "l" (p), "r" (bits) : "memory");
  _CjVector<cudajit_half, 2> r;
  memcpy (&r, &old, sizeof r);
  return r; }
#endif

/* @part bytes cudajit_bswap cudajit_parity */
/* GCC's byte swaps and parities, which CUDA spells otherwise.  */
__device__ __forceinline__ unsigned short cudajit_bswap16 (unsigned short x)
{ return (unsigned short) (x << 8 | x >> 8); }
__device__ __forceinline__ unsigned int cudajit_bswap32 (unsigned int x)
{ return __byte_perm (x, 0, 0x0123); }
__device__ __forceinline__ unsigned long long
cudajit_bswap64 (unsigned long long x)
{ return (unsigned long long) cudajit_bswap32 ((unsigned int) x) << 32
         | cudajit_bswap32 ((unsigned int) (x >> 32)); }
__device__ __forceinline__ int cudajit_parity (unsigned int x)
{ return __popc (x) & 1; }
__device__ __forceinline__ int cudajit_parityll (unsigned long long x)
{ return __popcll (x) & 1; }

/* @part memory cudajit_memmove cudajit_memcmp */
/* <string.h>'s, which CUDA lacks, byte by byte.  */
__device__ void *cudajit_memmove (void *to, const void *from, unsigned long n)
{ unsigned char *d = (unsigned char *) to;
  const unsigned char *s = (const unsigned char *) from;
  if (d < s) for (unsigned long i = 0; i < n; i++) d[i] = s[i];
  else for (unsigned long i = n; i-- > 0;) d[i] = s[i];
  return to; }
__device__ int cudajit_memcmp (const void *a, const void *b, unsigned long n)
{ const unsigned char *p = (const unsigned char *) a;
  const unsigned char *q = (const unsigned char *) b;
  for (unsigned long i = 0; i < n; i++)
    if (p[i] != q[i]) return p[i] < q[i] ? -1 : 1;
  return 0; }

/* @part atomics cudajit_atomic_ */
/* Atomics.  cudajit.h's cuda_atomic_OP (p, v) is
   cudajit_atomic_OP_TYPE, relaxed as CUDA's are, and GCC's atomic
   builtins on N bytes are cudajit_atomic_*_N, which take GCC's memory
   order: CUDA's relaxed atomic between fences, as the PTX memory
   model's release pattern (a fence, then the write) and acquire pattern
   (the read, then a fence).  The __sync builtins are the __atomic ones
   without a memory order, which GCC makes sequentially consistent.  Each
   macro is one line of CUDA C.  */
/* GCC's memory orders (its memmodel), below the bits of its hardware
   lock elision hints.  */
enum { CUDAJIT_ORDER_RELAXED, CUDAJIT_ORDER_CONSUME, CUDAJIT_ORDER_ACQUIRE,
       CUDAJIT_ORDER_RELEASE, CUDAJIT_ORDER_ACQ_REL, CUDAJIT_ORDER_SEQ_CST,
       CUDAJIT_ORDER_MASK = 0xffff };
__device__ __forceinline__ void cudajit_fence_before (int order)
{ order &= CUDAJIT_ORDER_MASK;
  if (order >= CUDAJIT_ORDER_RELEASE) __threadfence (); }
__device__ __forceinline__ void cudajit_fence_after (int order)
{ order &= CUDAJIT_ORDER_MASK;
  if (order != CUDAJIT_ORDER_RELAXED && order != CUDAJIT_ORDER_RELEASE)
  __threadfence (); }
__device__ __forceinline__ void cudajit_atomic_thread_fence (int order)
{ if ((order & CUDAJIT_ORDER_MASK) != CUDAJIT_ORDER_RELAXED)
  __threadfence (); }
#define CUDAJIT_ATOMIC(name, type, cuda_type, atomic, value) \
  __device__ __forceinline__ type \
  cudajit_atomic_##name (type *p, type v) \
  { return (type) atomic ((cuda_type *) p, (cuda_type) (value)); }

/* The same on GCC's builtins, which take a memory order: relaxed, as
   CUDA's atomics are.  */
#define CUDAJIT_ATOMIC_RELAXED(name, type, bits, atomic) \
  __device__ __forceinline__ type \
  cudajit_atomic_##name (type *p, type v) \
  { return (type) atomic (p, (bits) v, CUDAJIT_ORDER_RELAXED); }

/* Operations that CUDA lacks, with CAS, a compare-and-swap, on the
   BITS of the type: NEXT replaces OLD for as long as REPLACES.  */
#define CUDAJIT_ATOMIC_LOOP(name, type, bits, cas, to_bits, \
  from_bits, replaces, next) \
  __device__ __forceinline__ type \
  cudajit_atomic_##name (type *p, type v) \
  { type old = *(volatile type *) p; \
  while (replaces) { bits expected = to_bits (old); \
  bits seen = cas ((bits *) p, expected, (bits) to_bits (next)); \
  if (seen == expected) break; old = from_bits (seen); } \
  return old; }

/* Subtraction is the addition of the negation; add, sub, exch, cas
   and the bit operations work on the bits, max and min on the
   ORDERED type.  SCOPE, which ends the names, is empty, _block or
   _system, the scope of CUDA's atomics (CUDAJIT_IN_SCOPE).  */
#define CUDAJIT_ATOMIC_INTEGER(t, type, bits, ordered, scope) \
  CUDAJIT_ATOMIC (add##scope##_##t, type, bits, \
  CUDAJIT_IN_SCOPE (atomicAdd, scope), v) \
  CUDAJIT_ATOMIC (sub##scope##_##t, type, bits, \
  CUDAJIT_IN_SCOPE (atomicAdd, scope), 0 - (bits) v) \
  CUDAJIT_ATOMIC (exch##scope##_##t, type, bits, \
  CUDAJIT_IN_SCOPE (atomicExch, scope), v) \
  CUDAJIT_ATOMIC (max##scope##_##t, type, ordered, \
  CUDAJIT_IN_SCOPE (atomicMax, scope), v) \
  CUDAJIT_ATOMIC (min##scope##_##t, type, ordered, \
  CUDAJIT_IN_SCOPE (atomicMin, scope), v) \
  CUDAJIT_ATOMIC (and##scope##_##t, type, bits, \
  CUDAJIT_IN_SCOPE (atomicAnd, scope), v) \
  CUDAJIT_ATOMIC (or##scope##_##t, type, bits, \
  CUDAJIT_IN_SCOPE (atomicOr, scope), v) \
  CUDAJIT_ATOMIC (xor##scope##_##t, type, bits, \
  CUDAJIT_IN_SCOPE (atomicXor, scope), v) \
  __device__ __forceinline__ type \
  cudajit_atomic_cas##scope##_##t (type *p, type compare, type v) \
  { return (type) CUDAJIT_IN_SCOPE (atomicCAS, scope) ((bits *) p, \
  (bits) compare, (bits) v); }
#define CUDAJIT_ATOMIC_FLOAT(t, type, bits, to_bits, from_bits, scope) \
  CUDAJIT_ATOMIC_LOOP (max##scope##_##t, type, bits, \
  CUDAJIT_IN_SCOPE (atomicCAS, scope), to_bits, \
  from_bits, v > old || isnan (old), v) \
  CUDAJIT_ATOMIC_LOOP (min##scope##_##t, type, bits, \
  CUDAJIT_IN_SCOPE (atomicCAS, scope), to_bits, \
  from_bits, v < old || isnan (old), v) \
  __device__ __forceinline__ type \
  cudajit_atomic_exch##scope##_##t (type *p, type v) \
  { return from_bits (CUDAJIT_IN_SCOPE (atomicExch, scope) ((bits *) p, \
  (bits) to_bits (v))); }

/* CUDA's atomicInc and atomicDec, which keep a counter in 0 ... V,
   exist on 4 bytes only; on 8 they are compare-and-swap loops.  */
#define CUDAJIT_ATOMIC_WRAPPING_4(t, type, scope) \
  CUDAJIT_ATOMIC (inc##scope##_##t, type, unsigned int, \
  CUDAJIT_IN_SCOPE (atomicInc, scope), v) \
  CUDAJIT_ATOMIC (dec##scope##_##t, type, unsigned int, \
  CUDAJIT_IN_SCOPE (atomicDec, scope), v)
#define CUDAJIT_ATOMIC_WRAPPING_8(t, type, scope) \
  CUDAJIT_ATOMIC_LOOP (inc##scope##_##t, type, unsigned long long, \
  CUDAJIT_IN_SCOPE (atomicCAS, scope), , , true, old >= v ? 0 : old + 1) \
  CUDAJIT_ATOMIC_LOOP (dec##scope##_##t, type, unsigned long long, \
  CUDAJIT_IN_SCOPE (atomicCAS, scope), , , true, \
  old == 0 || old > v ? v : old - 1)

/* On 1 and 2 bytes, GCC's builtins, defined below, serve; the bits
   of these types are their values.  */
#define CUDAJIT_ATOMIC_NARROW(t, type, n, bits) \
  CUDAJIT_ATOMIC_RELAXED (add_##t, type, bits, cudajit_atomic_fetch_add_##n) \
  CUDAJIT_ATOMIC_RELAXED (sub_##t, type, bits, cudajit_atomic_fetch_sub_##n) \
  CUDAJIT_ATOMIC_RELAXED (exch_##t, type, bits, cudajit_atomic_exchange_##n) \
  CUDAJIT_ATOMIC_LOOP (max_##t, type, bits, cudajit_atomic_val_cas_##n, \
  , , v > old, v) \
  CUDAJIT_ATOMIC_LOOP (min_##t, type, bits, cudajit_atomic_val_cas_##n, \
  , , v < old, v) \
  CUDAJIT_ATOMIC_RELAXED (and_##t, type, bits, cudajit_atomic_fetch_and_##n) \
  CUDAJIT_ATOMIC_RELAXED (or_##t, type, bits, cudajit_atomic_fetch_or_##n) \
  CUDAJIT_ATOMIC_RELAXED (xor_##t, type, bits, cudajit_atomic_fetch_xor_##n) \
  __device__ __forceinline__ type \
  cudajit_atomic_cas_##t (type *p, type compare, type v) \
  { return (type) cudajit_atomic_val_cas_##n (p, (bits) compare, \
  (bits) v); }
/* The atomics of cudajit.h's types, from the table that cudajit.h
   expands too: those narrower than int after GCC's builtins, below.  */
#define CUDAJIT_BITS_1 unsigned char
#define CUDAJIT_BITS_2 unsigned short
#define CUDAJIT_BITS_4 unsigned int
#define CUDAJIT_BITS_8 unsigned long long
#define CUDAJIT_SIGNED_4 int
#define CUDAJIT_SIGNED_8 long long
#define CUDAJIT_TO_BITS_4 __float_as_uint
#define CUDAJIT_FROM_BITS_4 __uint_as_float
#define CUDAJIT_TO_BITS_8 __double_as_longlong
#define CUDAJIT_FROM_BITS_8 __longlong_as_double
/* The scopes came with sm_60; before it every atomic is the device's.  */
#if __CUDA_ARCH__ >= 600
#define CUDAJIT_IN_SCOPE(atomic, scope) atomic##scope
#else
#define CUDAJIT_IN_SCOPE(atomic, scope) atomic
#endif
#define CUDAJIT_WIDE_ATOMICS_SMALL_INTEGER(t, type, n, scope)
#define CUDAJIT_WIDE_ATOMICS_SIGNED_INTEGER(t, type, n, scope) \
  CUDAJIT_ATOMIC_INTEGER (t, type, CUDAJIT_BITS_##n, CUDAJIT_SIGNED_##n, \
  scope)
#define CUDAJIT_WIDE_ATOMICS_UNSIGNED_INTEGER(t, type, n, scope) \
  CUDAJIT_ATOMIC_INTEGER (t, type, CUDAJIT_BITS_##n, CUDAJIT_BITS_##n, \
  scope) \
  CUDAJIT_ATOMIC_WRAPPING_##n (t, type, scope)
#define CUDAJIT_WIDE_ATOMICS_FLOATING(t, type, n, scope) \
  CUDAJIT_ATOMIC_FLOAT (t, type, CUDAJIT_BITS_##n, CUDAJIT_TO_BITS_##n, \
  CUDAJIT_FROM_BITS_##n, scope)
/* Each type's in the device's scope, the cudajit_atomic_OP_T of
   cuda_atomic_OP, and in the block's and the system's, those of
   cuda_atomic_OP_block and cuda_atomic_OP_system.  */
#define CUDAJIT_SCALAR(t, type, kind, n) \
  CUDAJIT_WIDE_ATOMICS_##kind (t, type, n, ) \
  CUDAJIT_WIDE_ATOMICS_##kind (t, type, n, _block) \
  CUDAJIT_WIDE_ATOMICS_##kind (t, type, n, _system)
#include "cudajit-scalar-types.def"
#undef CUDAJIT_SCALAR
/* Addition and subtraction on floating point; atomicAdd on doubles
   needs sm_60.  */
#define CUDAJIT_ATOMIC_ADD_FLOATING(scope) \
  CUDAJIT_ATOMIC (add##scope##_float, float, float, \
  CUDAJIT_IN_SCOPE (atomicAdd, scope), v) \
  CUDAJIT_ATOMIC (sub##scope##_float, float, float, \
  CUDAJIT_IN_SCOPE (atomicAdd, scope), -v) \
  CUDAJIT_ATOMIC_ADD_DOUBLE (scope)
#if __CUDA_ARCH__ >= 600
#define CUDAJIT_ATOMIC_ADD_DOUBLE(scope) \
  CUDAJIT_ATOMIC (add##scope##_double, double, double, atomicAdd##scope, v) \
  CUDAJIT_ATOMIC (sub##scope##_double, double, double, atomicAdd##scope, -v)
#else
#define CUDAJIT_ATOMIC_ADD_DOUBLE(scope) \
  CUDAJIT_ATOMIC_LOOP (add##scope##_double, double, unsigned long long, \
  atomicCAS, __double_as_longlong, __longlong_as_double, true, old + v) \
  CUDAJIT_ATOMIC_LOOP (sub##scope##_double, double, unsigned long long, \
  atomicCAS, __double_as_longlong, __longlong_as_double, true, old - v)
#endif
CUDAJIT_ATOMIC_ADD_FLOATING ()
CUDAJIT_ATOMIC_ADD_FLOATING (_block)
CUDAJIT_ATOMIC_ADD_FLOATING (_system)
#undef CUDAJIT_ATOMIC_ADD_FLOATING
#undef CUDAJIT_ATOMIC_ADD_DOUBLE

#define CUDAJIT_GCC_ATOMIC(name, n, type, atomic, value, result) \
  __device__ __forceinline__ type cudajit_atomic_##name##_##n \
  (volatile void *p, type v, int order = CUDAJIT_ORDER_SEQ_CST) \
  { cudajit_fence_before (order); \
  type old = atomic ((type *) p, value); \
  cudajit_fence_after (order); return result; }

/* What CUDA has no atomic for: NEXT, computed from OLD and V,
   replaces OLD by compare-and-swap; fetch_OP returns OLD and OP_fetch
   NEXT.  */
#define CUDAJIT_GCC_LOOP(name, n, type, next, result) \
  __device__ __forceinline__ type cudajit_atomic_##name##_##n \
  (volatile void *p, type v, int order = CUDAJIT_ORDER_SEQ_CST) \
  { cudajit_fence_before (order); \
  type old = *(volatile type *) p, seen; \
  while ((seen = cudajit_atomic_val_cas_##n (p, old, next)) != old) \
  old = seen; \
  cudajit_fence_after (order); return result; }
#define CUDAJIT_GCC_LOOPS(op, n, type, next) \
  CUDAJIT_GCC_LOOP (fetch_##op, n, type, next, old) \
  CUDAJIT_GCC_LOOP (op##_fetch, n, type, next, next)

/* What every size builds on its compare-and-swap and its store.  */
#define CUDAJIT_GCC_CAS_ATOMICS(n, type) \
  CUDAJIT_GCC_LOOPS (nand, n, type, ~(old & v)) \
  __device__ __forceinline__ bool cudajit_atomic_compare_exchange_##n \
  (volatile void *p, void *expected, type desired, bool, int success, \
  int failure) \
  { type compare = *(type *) expected; \
  cudajit_fence_before (success); \
  type old = cudajit_atomic_val_cas_##n (p, compare, desired); \
  cudajit_fence_after (old == compare ? success : failure); \
  if (old != compare) *(type *) expected = old; \
  return old == compare; } \
  __device__ __forceinline__ type cudajit_atomic_sync_val_cas_##n \
  (volatile void *p, type compare, type v) \
  { cudajit_fence_before (CUDAJIT_ORDER_SEQ_CST); \
  type old = cudajit_atomic_val_cas_##n (p, compare, v); \
  cudajit_fence_after (CUDAJIT_ORDER_SEQ_CST); return old; } \
  __device__ __forceinline__ bool cudajit_atomic_bool_cas_##n \
  (volatile void *p, type compare, type v) \
  { return cudajit_atomic_sync_val_cas_##n (p, compare, v) == compare; } \
  __device__ __forceinline__ type \
  cudajit_atomic_load_##n (const volatile void *p, int order) \
  { cudajit_fence_before (order); \
  type v = *(const volatile type *) p; \
  cudajit_fence_after (order); return v; } \
  __device__ __forceinline__ void \
  cudajit_atomic_lock_release_##n (volatile void *p) \
  { cudajit_atomic_store_##n (p, 0, CUDAJIT_ORDER_RELEASE); }
#define CUDAJIT_GCC_ATOMICS(n, type) \
  CUDAJIT_GCC_ATOMIC (fetch_add, n, type, atomicAdd, v, old) \
  CUDAJIT_GCC_ATOMIC (add_fetch, n, type, atomicAdd, v, old + v) \
  CUDAJIT_GCC_ATOMIC (fetch_sub, n, type, atomicAdd, 0 - v, old) \
  CUDAJIT_GCC_ATOMIC (sub_fetch, n, type, atomicAdd, 0 - v, old - v) \
  CUDAJIT_GCC_ATOMIC (fetch_and, n, type, atomicAnd, v, old) \
  CUDAJIT_GCC_ATOMIC (and_fetch, n, type, atomicAnd, v, old & v) \
  CUDAJIT_GCC_ATOMIC (fetch_or, n, type, atomicOr, v, old) \
  CUDAJIT_GCC_ATOMIC (or_fetch, n, type, atomicOr, v, old | v) \
  CUDAJIT_GCC_ATOMIC (fetch_xor, n, type, atomicXor, v, old) \
  CUDAJIT_GCC_ATOMIC (xor_fetch, n, type, atomicXor, v, old ^ v) \
  CUDAJIT_GCC_ATOMIC (exchange, n, type, atomicExch, v, old) \
  __device__ __forceinline__ type cudajit_atomic_val_cas_##n \
  (volatile void *p, type compare, type v) \
  { return atomicCAS ((type *) p, compare, v); } \
  __device__ __forceinline__ void \
  cudajit_atomic_store_##n (volatile void *p, type v, int order) \
  { cudajit_fence_before (order); *(volatile type *) p = v; \
  cudajit_fence_after (order); } \
  CUDAJIT_GCC_CAS_ATOMICS (n, type)

/* CUDA has no atomics on 1 byte, and none but atomicCAS on 2 (from
   sm_70), so these are compare-and-swaps on the aligned word that
   holds the object, repeated while only its other bytes change; the
   GPU is little-endian.  A store is an exchange too: CUDA's memory
   model does not make a plain store of the object atomic with the
   compare-and-swap of a neighbour's word, which could put back the
   older value.  */
#define CUDAJIT_GCC_NARROW_ATOMICS(n, type) \
  __device__ __forceinline__ type cudajit_atomic_val_cas_##n \
  (volatile void *p, type compare, type v) \
  { unsigned int *word = (unsigned int *) ((unsigned long) p & ~3ul); \
  unsigned int shift = ((unsigned long) p & 3) * 8; \
  unsigned int mask = (unsigned int) (type) ~0u << shift; \
  unsigned int seen = *(volatile unsigned int *) word; \
  while ((type) (seen >> shift) == compare) \
  { unsigned int expected = seen; \
  seen = atomicCAS (word, expected, \
  (expected & ~mask) | (unsigned int) v << shift); \
  if (seen == expected) break; } \
  return (type) (seen >> shift); } \
  CUDAJIT_GCC_LOOPS (add, n, type, old + v) \
  CUDAJIT_GCC_LOOPS (sub, n, type, old - v) \
  CUDAJIT_GCC_LOOPS (and, n, type, old & v) \
  CUDAJIT_GCC_LOOPS (or, n, type, old | v) \
  CUDAJIT_GCC_LOOPS (xor, n, type, old ^ v) \
  CUDAJIT_GCC_LOOP (exchange, n, type, v, old) \
  __device__ __forceinline__ void \
  cudajit_atomic_store_##n (volatile void *p, type v, int order) \
  { cudajit_atomic_exchange_##n (p, v, order); } \
  CUDAJIT_GCC_CAS_ATOMICS (n, type)
CUDAJIT_GCC_NARROW_ATOMICS (1, unsigned char)
CUDAJIT_GCC_NARROW_ATOMICS (2, unsigned short)
CUDAJIT_GCC_ATOMICS (4, unsigned int)
CUDAJIT_GCC_ATOMICS (8, unsigned long long)
#define CUDAJIT_NARROW_ATOMICS_SMALL_INTEGER(t, type, n) \
  CUDAJIT_ATOMIC_NARROW (t, type, n, CUDAJIT_BITS_##n)
#define CUDAJIT_NARROW_ATOMICS_SIGNED_INTEGER(t, type, n)
#define CUDAJIT_NARROW_ATOMICS_UNSIGNED_INTEGER(t, type, n)
#define CUDAJIT_NARROW_ATOMICS_FLOATING(t, type, n)
#define CUDAJIT_SCALAR(t, type, kind, n) \
  CUDAJIT_NARROW_ATOMICS_##kind (t, type, n)
#include "cudajit-scalar-types.def"
#undef CUDAJIT_SCALAR

/* GCC's test-and-set flag is a byte, set to 1 as on x86.  */
__device__ __forceinline__ bool
  cudajit_atomic_test_and_set (volatile void *p, int order)
  { return cudajit_atomic_exchange_1 (p, 1, order); }
__device__ __forceinline__ void
  cudajit_atomic_clear (volatile void *p, int order)
  { cudajit_atomic_store_1 (p, 0, order); }
#undef CUDAJIT_ATOMIC
#undef CUDAJIT_ATOMIC_RELAXED
#undef CUDAJIT_ATOMIC_LOOP
#undef CUDAJIT_ATOMIC_INTEGER
#undef CUDAJIT_ATOMIC_FLOAT
#undef CUDAJIT_ATOMIC_NARROW
#undef CUDAJIT_ATOMIC_WRAPPING_4
#undef CUDAJIT_ATOMIC_WRAPPING_8
#undef CUDAJIT_IN_SCOPE
#undef CUDAJIT_GCC_ATOMIC
#undef CUDAJIT_GCC_LOOP
#undef CUDAJIT_GCC_LOOPS
#undef CUDAJIT_GCC_CAS_ATOMICS
#undef CUDAJIT_GCC_ATOMICS
#undef CUDAJIT_GCC_NARROW_ATOMICS

/* @part bf16_atomics cudajit_atomic_add_bf16 cudajit_atomic_add_bfloat162 */
/* cuda_atomic_add on __bf16 and cuda_bfloat162, CUDA's atomicAdd on
   __nv_bfloat16 and __nv_bfloat162, relaxed: compare-and-swap loops of
   the sums that __bf16's + rounds, as the CPU backend's, on every GPU
   (CUDA's own are before sm_90).  Their calls bring the bf16, vector and
   atomics parts too.  */
__device__ __forceinline__ cudajit_bf16
cudajit_atomic_add_bf16 (cudajit_bf16 *p, cudajit_bf16 v)
{ cudajit_bf16 old = { *(volatile unsigned short *) p };
  unsigned short seen;
  while ((seen = cudajit_atomic_val_cas_2 (p, old.bits, (old + v).bits))
         != old.bits)
    old.bits = seen;
  return old; }
__device__ __forceinline__ _CjVector<cudajit_bf16, 2>
cudajit_atomic_add_bfloat162 (_CjVector<cudajit_bf16, 2> *p,
                              _CjVector<cudajit_bf16, 2> v)
{ unsigned int old = *(volatile unsigned int *) p, expected;
  do
    { _CjVector<cudajit_bf16, 2> sum;
      expected = old;
      memcpy (&sum, &old, sizeof sum);
      sum = sum + v;
      unsigned int bits;
      memcpy (&bits, &sum, sizeof bits);
      old = atomicCAS ((unsigned int *) p, expected, bits); }
  while (old != expected);
  _CjVector<cudajit_bf16, 2> r;
  memcpy (&r, &old, sizeof r);
  return r; }
