/* cuda_jit ("launch_bounds=THREADS[,MIN_BLOCKS]") is CUDA's
   __launch_bounds__ in the kernel's CUDA C; a launch with a block of up to
   THREADS runs, as cuda_forall's blocks do, and one with more is an error
   that names the kernel and the launch's line, on both backends; and GCC's
   always_inline and noinline on device functions are CUDA's
   __forceinline__ and __noinline__.  */
/* { dg-do run } */
/* { dg-set-target-env-var CUDAJIT_ERRORS "return" } */

#include <cudajit.h>
#include <stdio.h>
#include <string.h>

enum
{
  N = 1000,
  BOUND = 128
};

static inline __attribute__ ((always_inline)) int
square (int x)
{
  return x * x;
}

static __attribute__ ((noinline)) int
twice (int x)
{
  return 2 * x;
}

__attribute__ ((cuda_jit ("launch_bounds=128"))) void
bounded (int n, int out[n])
{
  int i = cuda_grid_x ();
  if (i < n)
    out[i] = square (i) + twice (i);
}

__attribute__ ((cuda_jit ("launch_bounds=64,2"))) void
bounded_min_blocks (int n, int out[n])
{
  int i = cuda_grid_x ();
  if (i < n)
    out[i] = -i;
}

static int
check (const int out[N], int sign, const char *what)
{
  int errors = 0;
  for (int i = 0; i < N; i++)
    if (out[i] != (sign > 0 ? i * i + 2 * i : -i) && errors++ < 5)
      printf ("%s: out[%d] = %d\n", what, i, out[i]);
  return errors;
}

int
main (void)
{
  static int out[N];
  int errors = 0;

  cuda_launch (bounded, (N + BOUND - 1) / BOUND, BOUND) (N, out);
  errors += check (out, 1, "launch") + (cuda_last_error () != NULL);
  memset (out, 0, sizeof out);
  cuda_forall (bounded, N) (N, out);
  errors += check (out, 1, "forall") + (cuda_last_error () != NULL);
  cuda_forall (bounded_min_blocks, N) (N, out);
  errors += check (out, -1, "forall, min blocks") + (cuda_last_error () != NULL);

  cuda_launch (bounded, 4, cuda_dim3 (BOUND, 2)) (N, out); int line = __LINE__;
  const char *error = cuda_last_error ();
  char expected[200];
  snprintf (expected, sizeof expected,
            "kernel 'bounded' launched at %s:%d: block (128, 2, 1) has more "
            "than the 128 threads of the kernel's launch_bounds",
            __FILE__, line);
  if (!error || !strstr (error, expected))
    {
      printf ("error: %s\nnot: %s\n", error ? error : "none", expected);
      errors++;
    }
  printf ("launch bounds: %d errors\n", errors);
  return errors != 0;
}

/* { dg-output "launch bounds: 0 errors" } */
/* { dg-final { scan-cuda "__global__ void __launch_bounds__ \\(128\\)\nbounded " } } */
/* { dg-final { scan-cuda "__launch_bounds__ \\(64, 2\\)" } } */
/* { dg-final { scan-cuda "__device__ __forceinline__ int\nsquare " } } */
/* { dg-final { scan-cuda "__device__ __noinline__ int\ntwice " } } */
/* { dg-cudajit-levels all } */
