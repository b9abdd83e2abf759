/* A switch whose cases fall through, marked as GCC and C2X mark it, in a
   kernel and in a function it calls, checked against plain C.
   run-fallthrough-c2x.c includes this file with FALLTHROUGH defined.  */
/* { dg-do run } */
/* { dg-options "-std=gnu11 -Wall -Wimplicit-fallthrough" } */

#include <cudajit.h>
#include <stdio.h>

#ifndef FALLTHROUGH
#define FALLTHROUGH __attribute__ ((fallthrough))
#endif

static int
steps (int v)
{
  int acc = 0;
  switch (v & 3)
    {
    case 3:
      acc += 1000;
      FALLTHROUGH;
    case 2:
      acc += 100;
      FALLTHROUGH;
    case 1:
      acc += 10;
      break;
    default:
      acc = -1;
    }
  return acc;
}

#define BODY                                                                  \
  {                                                                           \
    long t = cuda_grid_x ();                                                  \
    if (t >= n)                                                               \
      return;                                                                 \
    int v = in[t], acc = steps (v >> 2);                                      \
    switch (v % 5)                                                            \
      {                                                                       \
      case 0:                                                                 \
        acc *= 3;                                                             \
        FALLTHROUGH;                                                          \
      case 1:                                                                 \
        if (v > 40)                                                           \
          {                                                                   \
            acc += v;                                                         \
            break;                                                            \
          }                                                                   \
        FALLTHROUGH;                                                          \
      case 2:                                                                 \
        acc -= 7;                                                             \
        FALLTHROUGH;                                                          \
      default:                                                                \
        acc ^= 5;                                                             \
      }                                                                       \
    out[t] = acc;                                                             \
  }

#define PARAMS (const int *in, int *out, long n)

__attribute__ ((cuda_jit)) void kernel PARAMS BODY

#undef cuda_grid_x
static long reference_index;
#define cuda_grid_x() reference_index
static void reference PARAMS BODY

#define N 100

int
main (void)
{
  int in[N], out[N], ref[N];
  for (int i = 0; i < N; i++)
    {
      in[i] = i;
      out[i] = ref[i] = -12345;
    }
  int *din = cuda_to_device (in, sizeof in);
  int *dout = cuda_to_device (out, sizeof out);
  cuda_launch (kernel, 1, 128) (din, dout, N);
  cuda_copy_to_host (out, dout, sizeof out);
  for (reference_index = 0; reference_index < N; reference_index++)
    reference (in, ref, N);
  int errors = 0;
  for (int i = 0; i < N; i++)
    errors += out[i] != ref[i];
  printf ("fallthrough: %d mismatches\n", errors);
  return errors != 0;
}

/* { dg-output "fallthrough: 0 mismatches" } */
/* { dg-cudajit-levels all } */
