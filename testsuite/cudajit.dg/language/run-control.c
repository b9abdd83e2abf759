/* if/else, for, while, do, break, continue, switch, goto and an early
   return, checked against the same code run as plain C.  */
/* { dg-do run } */

#include <cudajit.h>
#include <stdio.h>

#define BODY                                                                  \
  {                                                                           \
    long t = cuda_grid_x ();                                                  \
    if (t >= n)                                                               \
      return;                                                                 \
    int v = in[t];                                                            \
    long acc = 0;                                                             \
    for (int i = 0; i < v; i++)                                               \
      {                                                                       \
        if (i % 3 == 0)                                                       \
          continue;                                                           \
        if (i > 40)                                                           \
          break;                                                              \
        acc += i;                                                             \
      }                                                                       \
    int w = v;                                                                \
    while (w > 1)                                                             \
      {                                                                       \
        w = w % 2 ? 3 * w + 1 : w / 2;                                        \
        acc++;                                                                \
        if (acc > 10000)                                                      \
          break;                                                              \
      }                                                                       \
    do                                                                        \
      acc += 2;                                                               \
    while (acc % 7 != 0);                                                     \
    switch (v % 4)                                                            \
      {                                                                       \
      case 0:                                                                 \
        acc *= 2;                                                             \
        break;                                                                \
      case 1:                                                                 \
        acc += 1;                                                             \
        /* Fall through.  */                                                  \
      case 2:                                                                 \
        acc -= 5;                                                             \
        break;                                                                \
      default:                                                                \
        acc = -acc;                                                           \
      }                                                                       \
    for (int i = 0;; i++)                                                     \
      for (int j = 0; j < 3; j++)                                             \
        if (i * j > v)                                                        \
          goto done;                                                          \
        else if (j == 2 && i > 50)                                            \
          goto done;                                                          \
  done:                                                                       \
    if (v < 0)                                                                \
      acc = 0;                                                                \
    else if (v == 0)                                                          \
      acc = 1;                                                                \
    out[t] = acc;                                                             \
  }

#define PARAMS (const int *in, long *out, long n)

__attribute__ ((cuda_jit)) void kernel PARAMS BODY

#undef cuda_grid_x
static long reference_index;
#define cuda_grid_x() reference_index
static void reference PARAMS BODY

#define N 300

int
main (void)
{
  int in[N];
  long out[N], ref[N];
  for (int i = 0; i < N; i++)
    {
      in[i] = i - 20;
      out[i] = ref[i] = -12345;
    }
  int *din = cuda_to_device (in, sizeof in);
  long *dout = cuda_to_device (out, sizeof out);
  /* More threads than elements: the extra ones return early.  */
  cuda_launch (kernel, 3, 128) (din, dout, N);
  cuda_copy_to_host (out, dout, sizeof out);
  for (reference_index = 0; reference_index < N; reference_index++)
    reference (in, ref, N);
  int errors = 0;
  for (int i = 0; i < N; i++)
    errors += out[i] != ref[i];
  printf ("control: %d mismatches\n", errors);
  return errors != 0;
}

/* { dg-output "control: 0 mismatches" } */
/* { dg-cudajit-levels all } */
