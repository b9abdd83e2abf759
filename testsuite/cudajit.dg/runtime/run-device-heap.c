/* cuda_set_device_heap before the first launch: kernels then hold 16 MiB
   of malloc's memory at once, twice CUDA's default heap of 8 MiB, across
   two launches (what a kernel allocates lives until it is freed), and
   their sums are those of plain C.  */
/* { dg-do run } */

#include <cudajit.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

enum
{
  THREADS = 256,
  /* 64 KiB each: 16 MiB in all.  */
  ELEMENTS = 64 * 1024 / sizeof (int),
  HEAP_BYTES = 64 << 20
};

__attribute__ ((cuda_jit)) void
allocate (unsigned long long lists[THREADS])
{
  int i = cuda_grid_x ();
  int *list = malloc (ELEMENTS * sizeof *list);
  lists[i] = (uintptr_t) list;
  if (list)
    for (int k = 0; k < ELEMENTS; k++)
      list[k] = i ^ k;
}

__attribute__ ((cuda_jit)) void
sum_and_free (const unsigned long long lists[THREADS],
              long long sums[THREADS])
{
  int i = cuda_grid_x ();
  int *list = (int *) (uintptr_t) lists[i];
  long long sum = 0;
  for (int k = 0; k < ELEMENTS; k++)
    sum += list[k];
  sums[i] = sum;
  free (list);
}

int
main (void)
{
  unsigned long long *lists = cuda_device_array_of (unsigned long long,
                                                    THREADS);
  long long sums[THREADS];

  cuda_set_device_heap (HEAP_BYTES);
  cuda_launch (allocate, THREADS / 64, 64) (lists);
  unsigned long long host_lists[THREADS];
  cuda_copy_to_host (host_lists, lists, sizeof host_lists);
  int nulls = 0;
  for (int i = 0; i < THREADS; i++)
    nulls += !host_lists[i];
  if (nulls)
    {
      printf ("%d NULL of %d allocations\n", nulls, THREADS);
      return 1;
    }
  cuda_launch (sum_and_free, THREADS / 64, 64) (lists, sums);
  int bad = 0;
  for (int i = 0; i < THREADS; i++)
    {
      long long want = 0;
      for (int k = 0; k < ELEMENTS; k++)
        want += i ^ k;
      bad += sums[i] != want;
    }
  printf ("%d MiB allocated in kernels: %d sums wrong\n",
          (int) (THREADS * ELEMENTS * sizeof (int) >> 20), bad);
  return bad != 0;
}

/* { dg-output "16 MiB allocated in kernels: 0 sums wrong" } */
/* { dg-cudajit-levels all } */
