/* SPDX-License-Identifier: MIT */
/* CUDA's functions on its pairs of narrow floats, __half2 and
   __nv_bfloat162 (cuda_fp16.h's and cuda_bf16.h's), by their names with
   cuda_ for their underscores: __hadd2 is cuda_hadd2.  cuda_half2 and
   cuda_bfloat162 are GCC's vectors of two _Float16 or __bf16, whose
   operators already work element by element; these are their C
   definitions, which the plugin translates into the kernel's CUDA C as
   it does the kernel's own functions, so that both backends compute the
   same bits.  Where CUDA overloads a name for both pairs, the macro
   chooses by the type of its first argument.  And the conversions of
   float to _Float16 and __bf16 in a rounding mode, the 8-bit floats
   cuda_fp8_e4m3 and cuda_fp8_e5m2 and their conversions, and the
   shuffles of _Float16, __bf16 and their pairs, which cudajit.h's
   cuda_shfl_* choose here.  Included by cudajit.h; programs do not
   include it themselves.  */

#ifndef CUDAJIT_NARROW_FLOATS_H
#define CUDAJIT_NARROW_FLOATS_H

/* As cudajit.h, which includes it: faults in the uses of its macros are
   reported on the user's line alone.  */
#pragma GCC system_header

#ifndef __cplusplus
/* How a float rounds to a narrower format: CUDA's _rn, _rz, _rd, _ru.  */
#define CUDAJIT_ROUND_NEAREST 0
#define CUDAJIT_ROUND_ZERO 1
#define CUDAJIT_ROUND_DOWN 2
#define CUDAJIT_ROUND_UP 3

/* The bits of the magnitude of the finite float whose bits are U, rounded
   in MODE to a binary format of EXP_BITS bits of exponent and MAN_BITS of
   mantissa laid out as IEEE's, its subnormals too; bits past the format's
   largest exponent, for the caller to saturate, where it overflows.  With
   integer operations alone, which the GPU computes as the CPU does, so
   that the conversions below give the same bits on both backends.  */
static __inline__ unsigned int
cudajit_round_float_magnitude (unsigned int u, int exp_bits, int man_bits,
                               int mode)
{
  int negative = (int) (u >> 31);
  int exponent = (int) (u >> 23 & 0xff);
  unsigned long long significand = u & 0x7fffff;
  int biased = exponent - 127 + (1 << (exp_bits - 1)) - 1;
  int shift = 23 - man_bits, away;
  unsigned long long kept, rest, half;

  /* A float's subnormals have the exponent of its smallest normal.  */
  if (exponent != 0)
    significand |= 0x800000;
  else
    biased++;
  /* The format's own subnormals: their bits start further down.  */
  if (biased < 1)
    {
      shift += 1 - biased;
      biased = 1;
    }
  /* Past 24 places all is dropped, and less than half.  */
  if (shift > 25)
    shift = 25;
  kept = significand >> shift;
  rest = significand & ((1ull << shift) - 1);
  half = 1ull << (shift - 1);
  if (mode == CUDAJIT_ROUND_NEAREST)
    away = rest > half || (rest == half && (kept & 1));
  else
    away = rest != 0
           && (mode == CUDAJIT_ROUND_UP
                   ? !negative
                   : mode == CUDAJIT_ROUND_DOWN && negative);
  /* KEPT holds the implicit bit of a normal number, which adds one to
     the exponent; a carry out of the mantissa adds one more.  */
  return ((unsigned int) (biased - 1) << man_bits)
         + (unsigned int) (kept + away);
}

/* The bits of X in an IEEE format narrower than float, rounded in MODE:
   past the largest finite value, infinity, or the largest finite value
   where MODE rounds toward zero; a NaN stays one, quiet, the top bits of
   its payload kept, as GCC converts.  */
static __inline__ unsigned int
cudajit_round_float_ieee (float x, int exp_bits, int man_bits, int mode)
{
  union
  {
    float value;
    unsigned int bits;
  } f;
  unsigned int sign, infinity, magnitude;
  int negative;

  f.value = x;
  negative = (int) (f.bits >> 31);
  sign = f.bits >> 31 << (exp_bits + man_bits);
  infinity = ((1u << exp_bits) - 1) << man_bits;
  if ((f.bits & 0x7fffffff) > 0x7f800000)
    return sign | infinity | 1u << (man_bits - 1)
           | (f.bits & 0x7fffff) >> (23 - man_bits);
  if ((f.bits & 0x7fffffff) == 0x7f800000)
    return sign | infinity;
  magnitude = cudajit_round_float_magnitude (f.bits, exp_bits, man_bits, mode);
  if (magnitude >= infinity)
    magnitude = (mode == CUDAJIT_ROUND_NEAREST
                 || mode == (negative ? CUDAJIT_ROUND_DOWN : CUDAJIT_ROUND_UP))
                    ? infinity
                    : infinity - 1;
  return sign | magnitude;
}

/* CUDA's 8-bit floats (cuda_fp8.h's __nv_fp8_e4m3 and __nv_fp8_e5m2),
   as storage: the bits, in a structure of their own, on which C has no
   arithmetic, with the conversions of CUDA's __nv_cvt_float_to_fp8 (x,
   __NV_SATFINITE, ...), rounded to nearest even and saturated to the
   largest finite value (infinities too), and its conversion back, which
   is exact.  E4M3 has 4 bits of exponent, 3 of mantissa and no infinity,
   its largest value 448; E5M2 is IEEE's layout, its largest value 57344.
   A NaN becomes 0x7f in both, and back a float NaN.  With integer
   operations, the same on both backends, on every GPU.  */
typedef struct cuda_fp8_e4m3
{
  unsigned char bits;
} cuda_fp8_e4m3;
typedef struct cuda_fp8_e5m2
{
  unsigned char bits;
} cuda_fp8_e5m2;

#define CUDAJIT_FP8_NAN 0x7f

/* X's bits in the 8-bit format of EXP_BITS and MAN_BITS whose largest
   finite magnitude has the bits LARGEST.  */
static __inline__ unsigned char
cudajit_float_to_fp8 (float x, int exp_bits, int man_bits,
                      unsigned int largest)
{
  union
  {
    float value;
    unsigned int bits;
  } f;
  unsigned int sign, magnitude;

  f.value = x;
  sign = f.bits >> 31 << 7;
  if ((f.bits & 0x7fffffff) > 0x7f800000)
    return CUDAJIT_FP8_NAN;
  if ((f.bits & 0x7fffffff) == 0x7f800000)
    return (unsigned char) (sign | largest);
  magnitude = cudajit_round_float_magnitude (f.bits, exp_bits, man_bits,
                                             CUDAJIT_ROUND_NEAREST);
  return (unsigned char) (sign | (magnitude > largest ? largest : magnitude));
}

/* The float of BITS in that format; INFINITY says whether its largest
   exponent is IEEE's, of infinities and NaNs, or E4M3's, of numbers but
   the NaNs of an all-ones mantissa.  */
static __inline__ float
cudajit_fp8_to_float (unsigned int bits, int exp_bits, int man_bits,
                      int infinity)
{
  union
  {
    float value;
    unsigned int bits;
  } f, scale;
  unsigned int top = (1u << exp_bits) - 1;
  unsigned int exponent = bits >> man_bits & top;
  unsigned int mantissa = bits & ((1u << man_bits) - 1);
  unsigned int bias = (1u << (exp_bits - 1)) - 1;
  unsigned int sign = (bits & 0x80) << 24;

  if (infinity ? exponent == top : (bits & 0x7f) == CUDAJIT_FP8_NAN)
    f.bits = sign | 0x7f800000
             | (mantissa != 0 ? 0x400000 | mantissa << (23 - man_bits) : 0);
  else if (exponent == 0)
    {
      /* A subnormal, MANTISSA units of 2^(1 - BIAS - MAN_BITS): a
         normal float, exact.  */
      scale.bits = (128 - bias - (unsigned int) man_bits) << 23;
      f.value = (float) mantissa * scale.value;
      f.bits |= sign;
    }
  else
    f.bits
        = sign | (exponent - bias + 127) << 23 | mantissa << (23 - man_bits);
  return f.value;
}

static __inline__ cuda_fp8_e4m3
cuda_float_to_fp8_e4m3 (float x)
{
  cuda_fp8_e4m3 r;
  r.bits = cudajit_float_to_fp8 (x, 4, 3, 0x7e);
  return r;
}

static __inline__ cuda_fp8_e5m2
cuda_float_to_fp8_e5m2 (float x)
{
  cuda_fp8_e5m2 r;
  r.bits = cudajit_float_to_fp8 (x, 5, 2, 0x7b);
  return r;
}

static __inline__ float
cuda_fp8_e4m3_to_float (cuda_fp8_e4m3 x)
{
  return cudajit_fp8_to_float (x.bits, 4, 3, 0);
}

static __inline__ float
cuda_fp8_e5m2_to_float (cuda_fp8_e5m2 x)
{
  return cudajit_fp8_to_float (x.bits, 5, 2, 1);
}
#undef CUDAJIT_FP8_NAN
#endif /* !__cplusplus */

/* cuda_float2NAME_rn, _rz, _rd and _ru, X rounded to TYPE, of EXP_BITS
   and MAN_BITS, to nearest even, toward zero, down or up.  */
#define CUDAJIT_NARROW_ROUNDED_MODE(name, type, exp_bits, man_bits, suffix,   \
                                    mode)                                     \
  static __inline__ type cuda_float2##name##_##suffix (float x)               \
  {                                                                           \
    union                                                                     \
    {                                                                         \
      unsigned short bits;                                                    \
      type value;                                                             \
    } h;                                                                      \
    h.bits = (unsigned short) cudajit_round_float_ieee (x, exp_bits,          \
                                                        man_bits, mode);      \
    return h.value;                                                           \
  }
#define CUDAJIT_NARROW_ROUNDED(name, type, exp_bits, man_bits)                \
  CUDAJIT_NARROW_ROUNDED_MODE (name, type, exp_bits, man_bits, rn,            \
                               CUDAJIT_ROUND_NEAREST)                         \
  CUDAJIT_NARROW_ROUNDED_MODE (name, type, exp_bits, man_bits, rz,            \
                               CUDAJIT_ROUND_ZERO)                            \
  CUDAJIT_NARROW_ROUNDED_MODE (name, type, exp_bits, man_bits, rd,            \
                               CUDAJIT_ROUND_DOWN)                            \
  CUDAJIT_NARROW_ROUNDED_MODE (name, type, exp_bits, man_bits, ru,            \
                               CUDAJIT_ROUND_UP)

#if defined __FLT16_MAX__ && !defined __cplusplus

/* CUDA's __float2half_rn, _rz, _rd and _ru: X rounded to _Float16 to
   nearest even, toward zero, down or up.  _rn is (_Float16) X.  */
CUDAJIT_NARROW_ROUNDED (half, _Float16, 5, 10)

#endif /* __FLT16_MAX__ && !__cplusplus */

#if (defined __BFLT16_MAX__ || defined CUDAJIT_BF16_STORAGE)                  \
    && !defined __cplusplus
/* CUDA's __float2bfloat16_rn, _rz, _rd and _ru likewise, and
   __float2bfloat16, which is _rn; and __bfloat162float, exact.  Before
   GCC 13 they are __bf16's conversions, as cudajit.h's __bf16 holds its
   bits alone.  */
CUDAJIT_NARROW_ROUNDED (bfloat16, __bf16, 8, 7)

static __inline__ __bf16
cuda_float2bfloat16 (float x)
{
  return cuda_float2bfloat16_rn (x);
}

static __inline__ float
cuda_bfloat162float (__bf16 x)
{
  union
  {
    __bf16 value;
    unsigned short bits;
  } h;
  union
  {
    unsigned int bits;
    float value;
  } f;
  h.value = x;
  f.bits = (unsigned int) h.bits << 16;
  return f.value;
}
#endif
#undef CUDAJIT_NARROW_ROUNDED
#undef CUDAJIT_NARROW_ROUNDED_MODE

#if defined __FLT16_MAX__ && !defined __cplusplus

/* The functions of a pair type V of elements T, which CUDA names by S, the
   pair, and E, the element: those of both pairs are cudajit_NAME_S, which
   the macros below choose from, and those of one alone have CUDA's name.
   CUDA's comparisons are ordered, false where an element is a NaN, __hne2
   too, and give 1 or 0 in the pair's type; habs2 is ABS on each element,
   which clears its sign bit.  */
#define CUDAJIT_PAIR_FUNCTIONS(V, T, S, E, ABS)                               \
  static __inline__ V cudajit_hadd2_##S (V a, V b) { return a + b; }          \
  static __inline__ V cudajit_hsub2_##S (V a, V b) { return a - b; }          \
  static __inline__ V cudajit_hmul2_##S (V a, V b) { return a * b; }          \
  static __inline__ V cudajit_h2div_##S (V a, V b) { return a / b; }          \
  static __inline__ V cudajit_hneg2_##S (V a) { return -a; }                  \
  static __inline__ V cudajit_habs2_##S (V a)                                 \
  {                                                                           \
    return (V){ ABS (a[0]), ABS (a[1]) };                                     \
  }                                                                           \
  CUDAJIT_PAIR_COMPARISON (V, T, S, heq2, ==)                                 \
  CUDAJIT_PAIR_COMPARISON (V, T, S, hlt2, <)                                  \
  CUDAJIT_PAIR_COMPARISON (V, T, S, hle2, <=)                                 \
  CUDAJIT_PAIR_COMPARISON (V, T, S, hgt2, >)                                  \
  CUDAJIT_PAIR_COMPARISON (V, T, S, hge2, >=)                                 \
  static __inline__ V cudajit_hne2_##S (V a, V b)                             \
  {                                                                           \
    return (V){ (T) (a[0] < b[0] || a[0] > b[0]),                             \
                (T) (a[1] < b[1] || a[1] > b[1]) };                           \
  }                                                                           \
  CUDAJIT_PAIR_EXTREMUM (V, T, S, hmax2, >)                                   \
  CUDAJIT_PAIR_EXTREMUM (V, T, S, hmin2, <)                                   \
  static __inline__ float cudajit_low2float_##S (V a) { return a[0]; }        \
  static __inline__ float cudajit_high2float_##S (V a) { return a[1]; }       \
  static __inline__ V cudajit_lowhigh2highlow_##S (V a)                       \
  {                                                                           \
    return (V){ a[1], a[0] };                                                 \
  }                                                                           \
  static __inline__ V cuda_lows2##S (V a, V b) { return (V){ a[0], b[0] }; }  \
  static __inline__ V cuda_highs2##S (V a, V b) { return (V){ a[1], b[1] }; } \
  static __inline__ V cuda_floats2##S##_rn (float a, float b)                 \
  {                                                                           \
    return (V){ (T) a, (T) b };                                               \
  }                                                                           \
  static __inline__ V cuda_float2##S##_rn (float a)                           \
  {                                                                           \
    return (V){ (T) a, (T) a };                                               \
  }                                                                           \
  static __inline__ V cuda_float22##S##_rn (cuda_float2 a)                    \
  {                                                                           \
    return (V){ (T) a[0], (T) a[1] };                                         \
  }                                                                           \
  static __inline__ cuda_float2 cuda_##S##2float2(V a)                        \
  {                                                                           \
    return (cuda_float2){ a[0], a[1] };                                       \
  }                                                                           \
  static __inline__ V cuda_halves2##S (T low, T high)                         \
  {                                                                           \
    return (V){ low, high };                                                  \
  }                                                                           \
  static __inline__ V cuda_##E##2##S (T a) { return (V){ a, a }; }            \
  static __inline__ T cuda_low2##E (V a) { return a[0]; }                     \
  static __inline__ T cuda_high2##E (V a) { return a[1]; }
/* The NaN of _Float16 and of __bf16 that a GPU's arithmetic gives.  */
#define CUDAJIT_CANONICAL_NAN 0x7fff

/* __hmax2 and __hmin2, and their _nan forms: of each element, the
   greater (OP >) or the lesser, +0 above -0; where one is a NaN, the
   other, and the canonical NaN where both are, or where either is for
   the _nan forms.  */
#define CUDAJIT_PAIR_EXTREMUM(V, T, S, name, op)                              \
  static __inline__ T cudajit_##name##_element_##S (T a, T b, int nan)        \
  {                                                                           \
    union                                                                     \
    {                                                                         \
      unsigned short bits;                                                    \
      T value;                                                                \
    } canonical = { CUDAJIT_CANONICAL_NAN };                                  \
    if (a != a || b != b)                                                     \
      return nan || (a != a && b != b) ? canonical.value : a != a ? b : a;    \
    /* Equal: the zeros, of which the lesser (0 < 1) is -0.  */               \
    if (a == b)                                                               \
      return !__builtin_signbit ((float) a) == !(0 op 1) ? a : b;             \
    return a op b ? a : b;                                                    \
  }                                                                           \
  static __inline__ V cudajit_##name##_##S (V a, V b)                         \
  {                                                                           \
    return (V){ cudajit_##name##_element_##S (a[0], b[0], 0),                 \
                cudajit_##name##_element_##S (a[1], b[1], 0) };               \
  }                                                                           \
  static __inline__ V cudajit_##name##_nan_##S (V a, V b)                     \
  {                                                                           \
    return (V){ cudajit_##name##_element_##S (a[0], b[0], 1),                 \
                cudajit_##name##_element_##S (a[1], b[1], 1) };               \
  }
#define CUDAJIT_PAIR_COMPARISON(V, T, S, name, op)                            \
  static __inline__ V cudajit_##name##_##S (V a, V b)                         \
  {                                                                           \
    return (V){ (T) (a[0] op b[0]), (T) (a[1] op b[1]) };                     \
  }
CUDAJIT_PAIR_FUNCTIONS (cuda_half2, _Float16, half2, half, __builtin_fabsf16)
#ifdef __BFLT16_MAX__
#define CUDAJIT_BF16_ABS(x) ((__bf16) __builtin_fabsf (x))
CUDAJIT_PAIR_FUNCTIONS (cuda_bfloat162, __bf16, bfloat162, bfloat16,
                        CUDAJIT_BF16_ABS)
#undef CUDAJIT_BF16_ABS
#define CUDAJIT_PAIR_CHOOSE(name, a)                                          \
  __extension__ _Generic((a), cuda_bfloat162                                  \
                         : cudajit_##name##_bfloat162, default                \
                         : cudajit_##name##_half2)
#else
#define CUDAJIT_PAIR_CHOOSE(name, a) cudajit_##name##_half2
#endif
#undef CUDAJIT_PAIR_FUNCTIONS
#undef CUDAJIT_PAIR_COMPARISON
#undef CUDAJIT_PAIR_EXTREMUM

#define cuda_hadd2(a, b) CUDAJIT_PAIR_CHOOSE (hadd2, a) (a, b)
#define cuda_hsub2(a, b) CUDAJIT_PAIR_CHOOSE (hsub2, a) (a, b)
#define cuda_hmul2(a, b) CUDAJIT_PAIR_CHOOSE (hmul2, a) (a, b)
#define cuda_h2div(a, b) CUDAJIT_PAIR_CHOOSE (h2div, a) (a, b)
#define cuda_hneg2(a) CUDAJIT_PAIR_CHOOSE (hneg2, a) (a)
#define cuda_habs2(a) CUDAJIT_PAIR_CHOOSE (habs2, a) (a)
#define cuda_heq2(a, b) CUDAJIT_PAIR_CHOOSE (heq2, a) (a, b)
#define cuda_hne2(a, b) CUDAJIT_PAIR_CHOOSE (hne2, a) (a, b)
#define cuda_hlt2(a, b) CUDAJIT_PAIR_CHOOSE (hlt2, a) (a, b)
#define cuda_hle2(a, b) CUDAJIT_PAIR_CHOOSE (hle2, a) (a, b)
#define cuda_hgt2(a, b) CUDAJIT_PAIR_CHOOSE (hgt2, a) (a, b)
#define cuda_hge2(a, b) CUDAJIT_PAIR_CHOOSE (hge2, a) (a, b)
#define cuda_hmax2(a, b) CUDAJIT_PAIR_CHOOSE (hmax2, a) (a, b)
#define cuda_hmin2(a, b) CUDAJIT_PAIR_CHOOSE (hmin2, a) (a, b)
#define cuda_hmax2_nan(a, b) CUDAJIT_PAIR_CHOOSE (hmax2_nan, a) (a, b)
#define cuda_hmin2_nan(a, b) CUDAJIT_PAIR_CHOOSE (hmin2_nan, a) (a, b)
#define cuda_low2float(a) CUDAJIT_PAIR_CHOOSE (low2float, a) (a)
#define cuda_high2float(a) CUDAJIT_PAIR_CHOOSE (high2float, a) (a)
#define cuda_lowhigh2highlow(a) CUDAJIT_PAIR_CHOOSE (lowhigh2highlow, a) (a)

/* __hfma2, each element's a * b + c rounded once, and CUDA's math on
   each element: on cuda_half2, cuda_hfma and the half math of
   cudajit-intrinsics.h; on cuda_bfloat162, float's math rounded to
   __bf16, which sqrt, rcp and the roundings give to the bit on both
   backends and the others within a unit in the last place, as CUDA's
   own bf16 math is.  */
static __inline__ cuda_half2
cudajit_hfma2_half2 (cuda_half2 a, cuda_half2 b, cuda_half2 c)
{
  return (cuda_half2){ cuda_hfma (a[0], b[0], c[0]),
                       cuda_hfma (a[1], b[1], c[1]) };
}
#define CUDAJIT_PAIR_MATH(name)                                               \
  static __inline__ cuda_half2 cudajit_h2##name##_half2 (cuda_half2 a)        \
  {                                                                           \
    return (cuda_half2){ cuda_h##name (a[0]), cuda_h##name (a[1]) };          \
  }
CUDAJIT_PAIR_MATH (rcp)
CUDAJIT_PAIR_MATH (rsqrt)
CUDAJIT_PAIR_MATH (sqrt)
CUDAJIT_PAIR_MATH (exp)
CUDAJIT_PAIR_MATH (exp2)
CUDAJIT_PAIR_MATH (exp10)
CUDAJIT_PAIR_MATH (log)
CUDAJIT_PAIR_MATH (log2)
CUDAJIT_PAIR_MATH (log10)
CUDAJIT_PAIR_MATH (sin)
CUDAJIT_PAIR_MATH (cos)
CUDAJIT_PAIR_MATH (floor)
CUDAJIT_PAIR_MATH (ceil)
CUDAJIT_PAIR_MATH (trunc)
CUDAJIT_PAIR_MATH (rint)
#undef CUDAJIT_PAIR_MATH

#ifdef __BFLT16_MAX__
/* A * B + C rounded once to __bf16: the product is exact in double, and
   the sum is rounded to odd there (its last bit set where it is
   inexact, which TwoSum's error says), so that the one rounding to
   __bf16, far narrower, rounds as the exact sum would.  */
static __inline__ __bf16
cudajit_bf16_fma (__bf16 a, __bf16 b, __bf16 c)
{
  double product = (double) a * (double) b;
  double sum = product + (double) c;
  double c_part = sum - product;
  double error = (product - (sum - c_part)) + ((double) c - c_part);
  union
  {
    double value;
    unsigned long long bits;
  } u;

  u.value = sum;
  if (error != 0 && sum - sum == 0 && !(u.bits & 1))
    u.bits += (error > 0) == (sum > 0) ? 1 : -1;
  return (__bf16) u.value;
}

static __inline__ cuda_bfloat162
cudajit_hfma2_bfloat162 (cuda_bfloat162 a, cuda_bfloat162 b, cuda_bfloat162 c)
{
  return (cuda_bfloat162){ cudajit_bf16_fma (a[0], b[0], c[0]),
                           cudajit_bf16_fma (a[1], b[1], c[1]) };
}
/* cudajit_bf16_NAME (X), F of the float X rounded to __bf16, and the
   pair's function of it on each element.  */
#define CUDAJIT_BF16_PAIR_MATH(name, f)                                       \
  static __inline__ __bf16 cudajit_bf16_##name (float x)                      \
  {                                                                           \
    return (__bf16) (f);                                                      \
  }                                                                           \
  static __inline__ cuda_bfloat162 cudajit_h2##name##_bfloat162 (             \
      cuda_bfloat162 a)                                                       \
  {                                                                           \
    return (cuda_bfloat162){ cudajit_bf16_##name ((float) a[0]),              \
                             cudajit_bf16_##name ((float) a[1]) };            \
  }
CUDAJIT_BF16_PAIR_MATH (rcp, 1.0f / x)
CUDAJIT_BF16_PAIR_MATH (rsqrt, 1.0f / __builtin_sqrtf (x))
CUDAJIT_BF16_PAIR_MATH (sqrt, __builtin_sqrtf (x))
CUDAJIT_BF16_PAIR_MATH (exp, __builtin_expf (x))
CUDAJIT_BF16_PAIR_MATH (exp2, __builtin_exp2f (x))
CUDAJIT_BF16_PAIR_MATH (exp10, __builtin_exp10f (x))
CUDAJIT_BF16_PAIR_MATH (log, __builtin_logf (x))
CUDAJIT_BF16_PAIR_MATH (log2, __builtin_log2f (x))
CUDAJIT_BF16_PAIR_MATH (log10, __builtin_log10f (x))
CUDAJIT_BF16_PAIR_MATH (sin, __builtin_sinf (x))
CUDAJIT_BF16_PAIR_MATH (cos, __builtin_cosf (x))
CUDAJIT_BF16_PAIR_MATH (floor, __builtin_floorf (x))
CUDAJIT_BF16_PAIR_MATH (ceil, __builtin_ceilf (x))
CUDAJIT_BF16_PAIR_MATH (trunc, __builtin_truncf (x))
CUDAJIT_BF16_PAIR_MATH (rint, __builtin_rintf (x))
#undef CUDAJIT_BF16_PAIR_MATH
#endif

#define cuda_hfma2(a, b, c) CUDAJIT_PAIR_CHOOSE (hfma2, a) (a, b, c)
#define cuda_h2rcp(a) CUDAJIT_PAIR_CHOOSE (h2rcp, a) (a)
#define cuda_h2rsqrt(a) CUDAJIT_PAIR_CHOOSE (h2rsqrt, a) (a)
#define cuda_h2sqrt(a) CUDAJIT_PAIR_CHOOSE (h2sqrt, a) (a)
#define cuda_h2exp(a) CUDAJIT_PAIR_CHOOSE (h2exp, a) (a)
#define cuda_h2exp2(a) CUDAJIT_PAIR_CHOOSE (h2exp2, a) (a)
#define cuda_h2exp10(a) CUDAJIT_PAIR_CHOOSE (h2exp10, a) (a)
#define cuda_h2log(a) CUDAJIT_PAIR_CHOOSE (h2log, a) (a)
#define cuda_h2log2(a) CUDAJIT_PAIR_CHOOSE (h2log2, a) (a)
#define cuda_h2log10(a) CUDAJIT_PAIR_CHOOSE (h2log10, a) (a)
#define cuda_h2sin(a) CUDAJIT_PAIR_CHOOSE (h2sin, a) (a)
#define cuda_h2cos(a) CUDAJIT_PAIR_CHOOSE (h2cos, a) (a)
#define cuda_h2floor(a) CUDAJIT_PAIR_CHOOSE (h2floor, a) (a)
#define cuda_h2ceil(a) CUDAJIT_PAIR_CHOOSE (h2ceil, a) (a)
#define cuda_h2trunc(a) CUDAJIT_PAIR_CHOOSE (h2trunc, a) (a)
#define cuda_h2rint(a) CUDAJIT_PAIR_CHOOSE (h2rint, a) (a)

/* The shuffles of cudajit.h on _Float16, __bf16 and their pairs, CUDA's
   __shfl_sync and the rest on __half, __half2, __nv_bfloat16 and
   __nv_bfloat162: those of the integer of the same size, on the bits.  */
#define CUDAJIT_NARROW_SHUFFLE(op, arg_type, t, type, bits_type, as)          \
  static __inline__ type cudajit_narrow_shfl_##op##_##t (                     \
      unsigned int mask, type value, arg_type arg, int width)                 \
  {                                                                           \
    union                                                                     \
    {                                                                         \
      type value;                                                             \
      bits_type bits;                                                         \
    } u;                                                                      \
    u.value = value;                                                          \
    u.bits = cudajit_shfl_##op##_##as (mask, u.bits, arg, width);             \
    return u.value;                                                           \
  }
#define CUDAJIT_NARROW_SHUFFLES(t, type, bits_type, as)                       \
  CUDAJIT_NARROW_SHUFFLE (sync, int, t, type, bits_type, as)                  \
  CUDAJIT_NARROW_SHUFFLE (up_sync, unsigned int, t, type, bits_type, as)      \
  CUDAJIT_NARROW_SHUFFLE (down_sync, unsigned int, t, type, bits_type, as)    \
  CUDAJIT_NARROW_SHUFFLE (xor_sync, int, t, type, bits_type, as)
CUDAJIT_NARROW_SHUFFLES (half, _Float16, unsigned short, int)
CUDAJIT_NARROW_SHUFFLES (half2, cuda_half2, unsigned int, uint)
#ifdef __BFLT16_MAX__
CUDAJIT_NARROW_SHUFFLES (bf16, __bf16, unsigned short, int)
CUDAJIT_NARROW_SHUFFLES (bfloat162, cuda_bfloat162, unsigned int, uint)
#define CUDAJIT_SHFL_NARROW(op, value, other)                                 \
  __extension__ _Generic((value), _Float16                                    \
                         : cudajit_narrow_shfl_##op##_half, cuda_half2        \
                         : cudajit_narrow_shfl_##op##_half2, __bf16           \
                         : cudajit_narrow_shfl_##op##_bf16, cuda_bfloat162    \
                         : cudajit_narrow_shfl_##op##_bfloat162, default      \
                         : other)
#else
#define CUDAJIT_SHFL_NARROW(op, value, other)                                 \
  __extension__ _Generic((value), _Float16                                    \
                         : cudajit_narrow_shfl_##op##_half, cuda_half2        \
                         : cudajit_narrow_shfl_##op##_half2, default          \
                         : other)
#endif
#undef CUDAJIT_NARROW_SHUFFLE
#undef CUDAJIT_NARROW_SHUFFLES

#else
#define CUDAJIT_SHFL_NARROW(op, value, other) other
#endif /* __FLT16_MAX__ && !__cplusplus */

#endif /* CUDAJIT_NARROW_FLOATS_H */
