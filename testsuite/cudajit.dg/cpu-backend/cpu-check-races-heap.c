/* CUDAJIT_CHECK=races follows the heap of kernels: memory that one
   thread frees and malloc gives another is no race between them, while
   two threads that write one allocation at once still race.  */
/* { dg-do run } */
/* { dg-options "-fplugin-arg-cudajit-check-races" } */
/* { dg-set-target-env-var CUDAJIT_BACKEND "cpu" } */
/* { dg-set-target-env-var CUDAJIT_CHECK "races" } */
/* { dg-set-target-env-var CUDAJIT_ERRORS "return" } */

#include <cudajit.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

enum
{
  N = 128,
  LENGTH = 16
};

/* Each thread's own list, freed before the next thread's malloc.  */
__attribute__ ((cuda_jit)) void
own_lists (long long sums[N])
{
  int i = cuda_grid_x ();
  int *list = malloc (LENGTH * sizeof *list);
  long long sum = 0;
  for (int k = 0; k < LENGTH; k++)
    list[k] = i + k;
  for (int k = 0; k < LENGTH; k++)
    sum += list[k];
  free (list);
  sums[i] = sum;
}

/* One list for the block, that thread 0 makes and every thread writes.  */
__attribute__ ((cuda_jit)) void
one_list (unsigned long long lists[1])
{
  static __attribute__ ((cuda_shared)) int *list;
  if (cuda_grid_x () == 0)
    {
      list = malloc (sizeof *list);
      lists[0] = (uintptr_t) list;
    }
  cuda_syncthreads ();
  *list = cuda_grid_x (); /* Line 47: the race.  */
  cuda_syncthreads ();
  if (cuda_grid_x () == 0)
    free (list);
}

int
main (void)
{
  long long sums[N];
  unsigned long long lists[1];

  cuda_launch (own_lists, 1, N) (sums);
  int bad = 0;
  for (int i = 0; i < N; i++)
    bad += sums[i] != LENGTH * (long long) i + LENGTH * (LENGTH - 1) / 2;
  printf ("own lists: %d wrong, %s\n", bad,
          cuda_last_error () ? "a race" : "no race");
  fflush (stdout);
  cuda_launch (one_list, 1, 32) (lists);
  printf ("one list: %s\n", cuda_last_error () ? "a race" : "no race");
  return 0;
}

/* { dg-output "own lists: 0 wrong, no race\n" } */
/* { dg-output "(.*\n)?cudajit: error: kernel 'one_list' launched at \[^\n\]*: data race on global memory: thread \\(\[0-9\]+, 0, 0\\) of block \\(0, 0, 0\\) writes it at \[^\n\]*cpu-check-races-heap.c:47, and thread \\(\[0-9\]+, 0, 0\\) of block \\(0, 0, 0\\) writes it at \[^\n\]*cpu-check-races-heap.c:47" } */
/* { dg-output "(.*\n)?one list: a race" } */
