/* malloc and free in kernels and device functions: each thread allocates
   a list of its own length, fills it, sums it and frees it, against the
   same sums computed in plain C; a list made by a device function is
   freed by its caller; and an allocation that no heap holds is NULL, for
   the kernel to test, on the CPU backend as on a GPU.  */
/* { dg-do run } */

#include <cudajit.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

enum
{
  N = 1000,
  /* The longest list, which 1000 threads' lists keep far below CUDA's
     default heap of 8 MiB.  */
  MAX_LENGTH = 37
};

static long long
element (long i, int k)
{
  return i * 31 + k * k - 7;
}

/* The list of thread I, in the caller's to free.  */
__attribute__ ((cuda_device)) long long *
make_list (long i, int length)
{
  long long *list = malloc (length * sizeof *list);
  if (list)
    for (int k = 0; k < length; k++)
      list[k] = element (i, k);
  return list;
}

__attribute__ ((cuda_jit)) void
sums_kernel (long n, long long sums[n], int nulls[n],
             unsigned long long huge[n])
{
  long i = cuda_grid_x ();
  if (i >= n)
    return;
  int length = 1 + i % MAX_LENGTH;
  long long *list = make_list (i, length);
  /* A copy of its own, doubled.  */
  long long *doubled = (long long *) malloc (length * sizeof (long long));
  nulls[i] = !list + !doubled;
  if (!list || !doubled)
    return;
  long long sum = 0;
  for (int k = 0; k < length; k++)
    {
      doubled[k] = 2 * list[k];
      sum += doubled[k];
    }
  free (list);
  free (doubled);
  sums[i] = sum;
  /* Far beyond any heap: NULL, which the kernel tests.  The pointer is
     kept, so that the compiler cannot drop the allocation.  */
  char *p = malloc ((size_t) 1 << 62);
  huge[i] = (uintptr_t) p;
  free (p);
}

int
main (void)
{
  long long sums[N];
  int nulls[N];
  unsigned long long huge[N];

  cuda_launch (sums_kernel, (N + 127) / 128, 128) (N, sums, nulls, huge);
  int bad = 0;
  for (long i = 0; i < N; i++)
    {
      int length = 1 + i % MAX_LENGTH;
      long long want = 0;
      for (int k = 0; k < length; k++)
        want += 2 * element (i, k);
      if (nulls[i] || sums[i] != want || huge[i])
        {
          if (bad++ < 5)
            printf ("thread %ld: sum %lld, want %lld; %d NULL; huge %#llx\n",
                    i, sums[i], want, nulls[i], huge[i]);
        }
    }
  printf ("malloc in kernels: %d wrong\n", bad);
  return bad != 0;
}

/* { dg-output "malloc in kernels: 0 wrong" } */
/* { dg-cudajit-levels all } */
