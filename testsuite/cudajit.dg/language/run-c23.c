/* C23 (GCC 15's default dialect; gnu2x on GCC 13) in kernels and device
   functions: cudajit's attributes spelled [[gnu::...]], bool, true and
   false, nullptr, constexpr, typeof, auto, static_assert without a
   message, () as (void), and lists of more than 64 char values, which GCC
   15 and later keep as one raw-data element, in a constant table and in a
   local array.  */
/* { dg-do run } */
/* { dg-require-effective-target c23 } */
/* { dg-options "-Wall -std=gnu2x" { target { ! c23_std } } } */
/* { dg-options "-Wall -std=gnu23" { target c23_std } } */

#include <cudajit.h>
#include <stdio.h>

constexpr int threads = 32;
static_assert (threads % 32 == 0);

static const unsigned char table[100] = {
    11, 48, 85, 122, 159, 196, 233, 14, 51, 88, 125, 162, 199, 236, 17, 54,
    91, 128, 165, 202, 239, 20, 57, 94, 131, 168, 205, 242, 23, 60, 97, 134,
    171, 208, 245, 26, 63, 100, 137, 174, 211, 248, 29, 66, 103, 140, 177,
    214, 251, 32, 69, 106, 143, 180, 217, 254, 35, 72, 109, 146, 183, 220, 1,
    38, 75, 112, 149, 186, 223, 4, 41, 78, 115, 152, 189, 226, 7, 44, 81, 118,
    155, 192, 229, 10, 47, 84, 121, 158, 195, 232, 13, 50, 87, 124, 161, 198,
    235, 16, 53, 90
};

[[gnu::cuda_device]] static int
local_value (int i)
{
  const signed char local[70] = {
    -64, -51, -38, -25, -12, 1, 14, 27, 40, 53, -62, -49, -36, -23, -10, 3,
    16, 29, 42, 55, -60, -47, -34, -21, -8, 5, 18, 31, 44, 57, -58, -45, -32,
    -19, -6, 7, 20, 33, 46, 59, -56, -43, -30, -17, -4, 9, 22, 35, 48, 61,
    -54, -41, -28, -15, -2, 11, 24, 37, 50, 63, -52, -39, -26, -13, 0, 13, 26,
    39, 52, -63
  };
  return local[i % 70];
}

[[gnu::cuda_device]] static int
seven ()
{
  return 7;
}

[[gnu::cuda_jit]] void
c23_kernel (int n, int out[n], bool odd[n], const int *none)
{
  [[gnu::cuda_shared]] static int staged[threads];
  auto i = cuda_grid_x ();
  typeof (i) last = n - 1;
  staged[threadIdx.x] = i <= last ? table[i % 100] : 0;
  cuda_syncthreads ();
  if (i > last)
    return;
  odd[i] = staged[threadIdx.x] % 2 ? true : false;
  out[i] = staged[threadIdx.x] + local_value (i) * seven ()
           + (none == nullptr);
}

int
main ()
{
  enum { n = 200 };
  static int out[n];
  static bool odd[n];
  int errors = 0;
  cuda_launch (c23_kernel, cuda_dim3 ((n + threads - 1) / threads),
               cuda_dim3 (threads)) (n, out, odd, nullptr);
  for (int i = 0; i < n; i++)
    {
      /* How the lists above were made.  */
      int entry = (i % 100 * 37 + 11) % 256;
      int local = i % 70 * 13 % 128 - 64;
      if (out[i] != entry + local * 7 + 1 || odd[i] != (entry % 2 == 1))
        {
          printf ("%d: %d, %d\n", i, out[i], odd[i]);
          errors++;
        }
    }
  printf ("C23: %d errors\n", errors);
  return errors != 0;
}

/* { dg-output "C23: 0 errors" } */
/* { dg-cudajit-levels all } */
