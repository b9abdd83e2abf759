/* SPDX-License-Identifier: MIT */
/* Seed 002's race condition: every thread increments a global counter,
   first with a plain += (the wrong answer, on the GPU), then with
   cuda_atomic_add, Numba's cuda.atomic.add (global_counter, 0, 1).  */

#include <cudajit.h>
#include <stdio.h>

__attribute__ ((cuda_jit)) void
thread_counter_race_condition (int *global_counter)
{
  global_counter[0] += 1; /* This is bad.  */
}

__attribute__ ((cuda_jit)) void
thread_counter_safe (int *global_counter)
{
  cuda_atomic_add (&global_counter[0], 1);
}

int
main (void)
{
  enum
  {
    blocks = 64,
    threads = 64
  };
  int zero = 0, racy, safe;

  int *global_counter = cuda_to_device (&zero, sizeof zero);
  cuda_launch (thread_counter_race_condition, blocks,
               threads) (global_counter);
  cuda_copy_to_host (&racy, global_counter, sizeof racy);
  cuda_free (global_counter);
  /* Threads that read the counter at the same time all write back the
     same value: on the GPU most increments are lost.  */
  printf ("Should be %d: [%d]\n", blocks * threads, racy);

  global_counter = cuda_to_device (&zero, sizeof zero);
  cuda_launch (thread_counter_safe, blocks, threads) (global_counter);
  cuda_copy_to_host (&safe, global_counter, sizeof safe);
  cuda_free (global_counter);
  printf ("Should be %d: [%d]\n", blocks * threads, safe);

  printf ("thread-counter: %s\n", safe == blocks * threads ? "ok" : "FAILED");
  return safe != blocks * threads;
}
