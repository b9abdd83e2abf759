/* __bf16 as storage with CUDA's conversions, with any GCC: before GCC
   13 cudajit.h's __bf16 holds the bits alone, and arrays, fields, copies
   and cuda_float2bfloat16_rn, _rz, _rd, _ru, cuda_float2bfloat16 and
   cuda_bfloat162float are what it has.  In a kernel, against the bits
   computed in plain C: float's upper half, rounded by what its lower half
   holds.  The inputs are every __bf16 with the lower halves that decide a
   rounding: none, the least, just below, at and above half, the most.  */
/* { dg-do run } */
/* { dg-options "-O2 -Wall" } */

#include <cudajit.h>
#include <stdio.h>
#include <string.h>

#define HIGHS 0x10000
#define LOWS 6
#define N (HIGHS * LOWS)
#define MODES 5

struct scaled
{
  __bf16 value;
  short offset;
  __bf16 modes[MODES];
};

__attribute__ ((cuda_jit)) void
kernel (long n, const float x[n], struct scaled out[n], float back[n])
{
  long i = cuda_grid_x ();
  if (i >= n)
    return;
  struct scaled s;
  s.offset = (short) (i % 7);
  s.modes[0] = cuda_float2bfloat16_rn (x[i]);
  s.modes[1] = cuda_float2bfloat16_rz (x[i]);
  s.modes[2] = cuda_float2bfloat16_rd (x[i]);
  s.modes[3] = cuda_float2bfloat16_ru (x[i]);
  s.modes[4] = cuda_float2bfloat16 (x[i]);
  s.value = s.modes[1];
  out[i] = s;
  back[i] = cuda_bfloat162float (out[i].modes[0]);
}

static unsigned short
bits_of (__bf16 h)
{
  unsigned short bits;
  memcpy (&bits, &h, sizeof bits);
  return bits;
}

/* The bits of the float of bits U rounded in MODE: 0 and 4 to nearest
   even, 1 toward zero, 2 down, 3 up; a NaN quiet, as GCC 13 converts.  */
static unsigned short
rounded (unsigned int u, int mode)
{
  int negative = u >> 31, inexact = (u & 0xffff) != 0;
  if ((u & 0x7fffffff) > 0x7f800000)
    return (unsigned short) (u >> 16 | 0x40);
  switch (mode)
    {
    case 1:
      return (unsigned short) (u >> 16);
    case 2:
      return (unsigned short) ((u >> 16) + (negative && inexact));
    case 3:
      return (unsigned short) ((u >> 16) + (!negative && inexact));
    default:
      return (unsigned short) ((u + 0x7fff + (u >> 16 & 1)) >> 16);
    }
}

int
main (void)
{
  static const unsigned int lows[LOWS] = { 0, 1, 0x7fff, 0x8000, 0x8001,
                                           0xffff };
  static float x[N], back[N];
  static struct scaled out[N];
  int errors = 0;

  for (unsigned int i = 0; i < N; i++)
    {
      unsigned int u = (i / LOWS) << 16 | lows[i % LOWS];
      memcpy (&x[i], &u, sizeof u);
    }
  cuda_launch (kernel, (N + 255) / 256, 256) (N, x, out, back);
  for (int i = 0; i < N; i++)
    {
      unsigned int u, b;
      memcpy (&u, &x[i], sizeof u);
      memcpy (&b, &back[i], sizeof b);
      for (int mode = 0; mode < MODES; mode++)
        if (bits_of (out[i].modes[mode]) != rounded (u, mode) && errors++ < 10)
          printf ("%#010x in mode %d: %#06x, not %#06x\n", u, mode,
                  bits_of (out[i].modes[mode]), rounded (u, mode));
      if ((bits_of (out[i].value) != rounded (u, 1) || out[i].offset != i % 7
           || b != (unsigned int) rounded (u, 0) << 16)
          && errors++ < 10)
        printf ("%#010x: %#06x %d %#010x\n", u, bits_of (out[i].value),
                out[i].offset, b);
    }
  printf ("bf16 storage: %d errors\n", errors);
  return errors != 0;
}

/* { dg-output "bf16 storage: 0 errors" } */
/* { dg-cudajit-levels all } */
