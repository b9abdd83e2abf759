/* A return before a barrier whose condition is the same for every
   thread of the block ends the block: its kernel runs as loops over the
   threads on the CPU backend.  One whose condition may differ between
   threads still sends the threads to fibers, with the same note as
   before; and one after the last barrier is a return of the thread in
   its loop, as before.  The same where the branch does some work before
   it returns, and where the return is the else branch's.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin-arg-cudajit-warn-fibers" } */

#include <cudajit.h>

__attribute__ ((cuda_jit)) void
first_block (int n, int out[n])
{
  static __attribute__ ((cuda_shared)) int s;
  if (blockIdx.x == 0)
    return;
  if (threadIdx.x == 0)
    s = blockIdx.x;
  cuda_syncthreads ();
  out[blockIdx.x * blockDim.x + threadIdx.x] = s;
}

__attribute__ ((cuda_jit)) void
block_variable (int n, int skip, int out[n])
{
  static __attribute__ ((cuda_shared)) int s;
  unsigned int block = blockIdx.x + blockIdx.y;
  if (block == skip || gridDim.x < 2)
    return;
  if (threadIdx.x == 0)
    s = block;
  cuda_syncthreads ();
  out[blockIdx.x * blockDim.x + threadIdx.x] = s;
}

__attribute__ ((cuda_jit)) void
thread_value (int n, int out[n]) /* { dg-warning "run as fibers" } */
{
  static __attribute__ ((cuda_shared)) int s[256];
  int v = out[threadIdx.x];
  if (v > 0)
    return; /* { dg-message "because a thread may return before a 'cuda_syncthreads' that others reach" } */
  s[threadIdx.x] = v;
  cuda_syncthreads ();
  out[threadIdx.x] = s[0];
}

__attribute__ ((cuda_jit)) void
after_last_barrier (int n, int out[n])
{
  static __attribute__ ((cuda_shared)) int s[256];
  s[threadIdx.x] = out[threadIdx.x];
  cuda_syncthreads ();
  int v = s[(threadIdx.x + 1) % blockDim.x];
  if (v > 0)
    return;
  out[threadIdx.x] = v;
}

/* The same with statements before the return: those of the whole
   block's run before it ends; those of a thread's leave it to fibers,
   as before.  */
__attribute__ ((cuda_jit)) void
first_block_work (int n, int out[n])
{
  static __attribute__ ((cuda_shared)) int s;
  if (blockIdx.x == 0)
    {
      out[threadIdx.x] = -1;
      return;
    }
  if (threadIdx.x == 0)
    s = blockIdx.x;
  cuda_syncthreads ();
  out[blockIdx.x * blockDim.x + threadIdx.x] = s;
}

__attribute__ ((cuda_jit)) void
thread_value_work (int n, int out[n]) /* { dg-warning "run as fibers" } */
{
  static __attribute__ ((cuda_shared)) int s[256];
  int v = out[threadIdx.x];
  if (v > 0)
    {
      out[threadIdx.x] = 0;
      return; /* { dg-message "because a thread may return before a 'cuda_syncthreads' that others reach" } */
    }
  s[threadIdx.x] = v;
  cuda_syncthreads ();
  out[threadIdx.x] = s[0];
}

__attribute__ ((cuda_jit)) void
first_block_else (int n, int out[n])
{
  static __attribute__ ((cuda_shared)) int s;
  if (blockIdx.x > 0)
    {
      if (threadIdx.x == 0)
        s = blockIdx.x;
    }
  else
    return;
  cuda_syncthreads ();
  out[blockIdx.x * blockDim.x + threadIdx.x] = s;
}

__attribute__ ((cuda_jit)) void
thread_value_else (int n, int out[n]) /* { dg-warning "run as fibers" } */
{
  static __attribute__ ((cuda_shared)) int s[256];
  int v = out[threadIdx.x];
  if (v <= 0)
    s[threadIdx.x] = v;
  else
    return; /* { dg-message "because a thread may return before a 'cuda_syncthreads' that others reach" } */
  cuda_syncthreads ();
  out[threadIdx.x] = s[0];
}
