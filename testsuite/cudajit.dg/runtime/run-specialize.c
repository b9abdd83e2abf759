/* Launches that a GPU runs as variants of their kernel (gpu-specialize.c)
   compute what the generic code does: a value repeated, one that changes
   at every launch, blocks of two shapes in turn, more sizes than there
   can be variants, a parameter that the kernel writes, one named by
   specialize=, a value that leaves the keys after a variant took it
   as a constant, and loops bounded by parameters, which variants unroll
   whole up to 64 iterations (nested, below and above that, with <= and
   a step of 2).  The rounds wait a little, so that on a GPU the variants
   compiled in the background are ready for the later ones; on the CPU
   backend, which has no variants, the results are the same.  */
/* { dg-do run } */
/* { dg-nvrtc-options "--variant" } */

#include <cudajit.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

enum
{
  N = 1000,
  ROUNDS = 24,
  SIZES = 6
};

__attribute__ ((cuda_jit)) void
scale (int n, const int *in, int *out, int factor, int stride)
{
  for (long i = cuda_grid_x (); i < n; i += cuda_gridsize_x ())
    out[i] = in[i * stride % n] * factor + blockDim.x;
}

__attribute__ ((cuda_jit)) void
count_down (int n, int *out, int k)
{
  long i = cuda_grid_x ();
  if (i >= n)
    return;
  out[i] = 0;
  while (k > 0)
    out[i] += k--;
}

__attribute__ ((cuda_jit ("specialize=n"))) void
offset (int n, int *out, unsigned short add)
{
  long i = cuda_grid_x ();
  if (i < n)
    out[i] = i + add;
}

__attribute__ ((cuda_jit)) void
fill (int n, int *out, int value)
{
  long i = cuda_grid_x ();
  if (i < n)
    out[i] = value;
}

__attribute__ ((cuda_jit)) void
sums (int n, const int *in, int *out, int m, int k)
{
  long i = cuda_grid_x ();
  if (i >= n)
    return;
  int s = 0;
  for (int a = 0; a < m; a++)
    for (int b = 1; b <= k; b += 2)
      s += in[(i + a * b) % n] * (a + b);
  out[i] = s;
}

static int failures;

/* Fill OUT with VALUE and check it, then give a variant time.  */
static void
fill_and_check (int *out, int value, const char *what)
{
  struct timespec pause = { 0, 20 * 1000 * 1000 };
  cuda_launch (fill, (N + 255) / 256, 256) (N, out, value);
  cuda_synchronize ();
  for (int i = 0; i < N; i++)
    if (out[i] != value)
      {
        printf ("fill %s: out[%d] is %d, not %d\n", what, i, out[i], value);
        failures++;
        break;
      }
  nanosleep (&pause, NULL);
}

static void
check (const char *what, int round, const int *got, int n, int factor,
       int stride, int block, const int *in)
{
  for (int i = 0; i < n; i++)
    if (got[i] != in[(long) i * stride % n] * factor + block)
      {
        printf ("%s, round %d: out[%d] is %d\n", what, round, i, got[i]);
        failures++;
        return;
      }
}

int
main (void)
{
  static const int sizes[SIZES] = { 10, 100, 333, 500, 777, N };
  int *in = cuda_managed_array (N * sizeof (int));
  int *out = cuda_managed_array (N * sizeof (int));
  struct timespec pause = { 0, 20 * 1000 * 1000 };

  for (int i = 0; i < N; i++)
    in[i] = i * 7 % 31;
  for (int round = 0; round < ROUNDS; round++)
    {
      cuda_launch (scale, (N + 127) / 128, 128) (N, in, out, 3, 1);
      cuda_synchronize ();
      check ("repeated", round, out, N, 3, 1, 128, in);
      cuda_launch (scale, 4, 64) (N, in, out, round, 3);
      cuda_synchronize ();
      check ("changing factor", round, out, N, round, 3, 64, in);
      int block = round % 2 ? 32 : 96;
      cuda_launch (scale, 8, block) (N, in, out, 2, 2);
      cuda_synchronize ();
      check ("two shapes", round, out, N, 2, 2, block, in);
      int n = sizes[round % SIZES];
      cuda_launch (scale, 2, 128) (n, in, out, 5, 1);
      cuda_synchronize ();
      check ("sizes", round, out, n, 5, 1, 128, in);

      int k = 5 + round % 2;
      cuda_launch (count_down, (N + 255) / 256, 256) (N, out, k);
      cuda_synchronize ();
      for (int i = 0; i < N; i++)
        if (out[i] != k * (k + 1) / 2)
          {
            printf ("count_down, round %d: out[%d] is %d\n", round, i,
                    out[i]);
            failures++;
            break;
          }

      for (int m = 5; m <= 70; m += 65)
        {
          int k = 9 - m / 10;
          cuda_launch (sums, (N + 255) / 256, 256) (N, in, out, m, k);
          cuda_synchronize ();
          for (int i = 0; i < N; i++)
            {
              int s = 0;
              for (int a = 0; a < m; a++)
                for (int b = 1; b <= k; b += 2)
                  s += in[(i + a * b) % N] * (a + b);
              if (out[i] != s)
                {
                  printf ("sums %d, %d, round %d: out[%d] is %d, not %d\n",
                          m, k, round, i, out[i], s);
                  failures++;
                  break;
                }
            }
        }

      unsigned short add = round % 3 ? 65535 : 1;
      cuda_launch (offset, (N + 255) / 256, 256) (N, out, add);
      cuda_synchronize ();
      for (int i = 0; i < N; i++)
        if (out[i] != i + add)
          {
            printf ("offset, round %d: out[%d] is %d\n", round, i, out[i]);
            failures++;
            break;
          }
      nanosleep (&pause, NULL);
    }
  /* A variant for 0, then more values than there can be variants, which
     leave the value out of the keys: the launches after them, of other
     values, must not run the variant that took 0 as a constant.  */
  for (int round = 0; round < ROUNDS / 2; round++)
    fill_and_check (out, 0, "with 0");
  for (int value = 1; value <= SIZES; value++)
    fill_and_check (out, value, "with ever new values");
  for (int round = 0; round < ROUNDS / 2; round++)
    fill_and_check (out, 7 + round % 2, "once the value left the keys");
  cuda_free_managed (in);
  cuda_free_managed (out);
  if (failures)
    abort ();
  puts ("ok");
  return 0;
}

/* { dg-output "ok" } */
/* { dg-cudajit-levels all } */
