/* -fplugin-arg-cudajit-warn-fibers names the kernels whose threads run
   as fibers on the CPU backend, since their barriers cannot be cut into
   loops over the threads, and says why; those that can be cut, and those
   without barriers, are not named.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin-arg-cudajit-warn-fibers" } */

#include <cudajit.h>

__attribute__ ((cuda_jit)) void
cut (int *out)
{
  static __attribute__ ((cuda_shared)) int s[256];
  s[threadIdx.x] = threadIdx.x;
  cuda_syncthreads ();
  for (int k = 1; k < 4; k++)
    {
      out[threadIdx.x] += s[(threadIdx.x + k) % blockDim.x];
      cuda_syncthreads ();
    }
}

__attribute__ ((cuda_jit)) void
no_barrier (int *out)
{
  out[cuda_grid_x ()] = 1;
}

__attribute__ ((cuda_jit)) void
warp_cut (int *out)
{
  out[threadIdx.x] = cuda_shfl_down_sync (0xffffffff, out[threadIdx.x], 1);
}

__attribute__ ((cuda_jit)) void
warp (int *out) /* { dg-warning "on the CPU backend, the threads of 'warp' run as fibers" } */
{
  out[threadIdx.x] = cuda_ballot_sync (0xffff, out[threadIdx.x]); /* { dg-message "because a warp function's mask is not the constant of the whole warp" } */
}

__attribute__ ((cuda_jit)) void
warp_match (int *out) /* { dg-warning "run as fibers" } */
{
  out[threadIdx.x] = cuda_match_any_sync (0xffffffff, out[threadIdx.x]); /* { dg-message "because it calls a warp function that needs every lane alive at once" } */
}

__attribute__ ((cuda_jit)) void
warp_vote_condition (int *out)
{
  if (cuda_any_sync (0xffffffff, out[threadIdx.x]) && out[threadIdx.x] > 1)
    out[threadIdx.x] = 0;
}

__attribute__ ((cuda_jit)) void
warp_vote_in_branch (int *out) /* { dg-warning "run as fibers" } */
{
  out[threadIdx.x] = out[threadIdx.x] > 1 && cuda_any_sync (0xffffffff, out[threadIdx.x]); /* { dg-message "because a warp function is called in a statement that does more" } */
}

__attribute__ ((cuda_jit)) void
warp_early_return (long n, int *out) /* { dg-warning "run as fibers" } */
{
  long i = cuda_grid_x ();
  if (i >= n)
    return; /* { dg-message "because a thread may return before a 'cuda_syncthreads' or a warp function that others reach" } */
  out[i] = cuda_shfl_down_sync (0xffffffff, out[i], 1);
}

__attribute__ ((cuda_jit)) void
warp_in_switch (int n, int *out) /* { dg-warning "run as fibers" } */
{
  switch (n)
    case 1:
      cuda_ballot_sync (0xffffffff, out[threadIdx.x]); /* { dg-message "because a warp function is called in a statement that does more" } */
}

__attribute__ ((cuda_jit)) void
syncwarp_in_expression (int *out) /* { dg-warning "run as fibers" } */
{
  out[threadIdx.x] = (cuda_syncwarp (0xffffffff), 5); /* { dg-message "because a warp function is called in a statement that does more" } */
}

__attribute__ ((cuda_jit)) void
warp_divergent (int *out) /* { dg-warning "run as fibers" } */
{
  if (out[threadIdx.x] > 0) /* { dg-message "because a condition that may differ between the threads of a block decides whether they reach 'cuda_syncthreads' or a warp function" } */
    out[threadIdx.x] = cuda_shfl_xor_sync (0xffffffff, out[threadIdx.x], 1);
}

__attribute__ ((cuda_jit)) void
loop_break (int n, int *out) /* { dg-warning "run as fibers" } */
{
  for (int k = 0; k < n; k++) /* { dg-message "because a loop with 'cuda_syncthreads' has a 'break'" } */
    {
      if (out[k] < 0)
        break;
      cuda_syncthreads ();
    }
}

__attribute__ ((cuda_jit)) void
in_switch (int n, int *out) /* { dg-warning "run as fibers" } */
{
  switch (n) /* { dg-message "because 'cuda_syncthreads' is called in an expression, a 'switch'" } */
    {
    case 1:
      cuda_syncthreads ();
      break;
    default:
      out[0] = 1;
    }
}

__attribute__ ((cuda_jit)) void
early_return (int n, int *out) /* { dg-warning "run as fibers" } */
{
  static __attribute__ ((cuda_shared)) int s[256];
  if (cuda_grid_x () >= n)
    return; /* { dg-message "because a thread may return before a 'cuda_syncthreads'" } */
  s[threadIdx.x] = out[cuda_grid_x ()];
  cuda_syncthreads ();
  out[cuda_grid_x ()] = s[0];
}

__attribute__ ((cuda_jit)) void
side_effects (int n, int *out) /* { dg-warning "run as fibers" } */
{
  int k = 0;
  while (k++ < n) /* { dg-message "because a condition with side effects" } */
    cuda_syncthreads ();
  out[0] = k;
}

/* A parameter that the kernel changes is kept as its variables are.  */
__attribute__ ((cuda_jit)) void
parameter (int n, int *out)
{
  n *= 2;
  cuda_syncthreads ();
  out[0] = n;
}

/* Defined after the kernel, which the block function cannot inline
   it into.  */
static void wait_here (void);

__attribute__ ((cuda_jit)) void
device_function (int *out) /* { dg-warning "run as fibers" } */
{
  out[0] = 1;
  wait_here (); /* { dg-message "because it calls a function that may wait for other threads \\(at 'cuda_syncthreads', a warp function or in a loop that waits for memory to change\\)" } */
}

__attribute__ ((cuda_jit)) void
spin (volatile int *flag, int *out) /* { dg-warning "run as fibers" } */
{
  if (threadIdx.x == 0)
    flag[0] = 1;
  else
    while (!flag[0]) /* { dg-message "because a loop waits for another thread to change memory, which it must let run" } */
      ;
  out[threadIdx.x] = 1;
}

static void
wait_here (void)
{
  cuda_syncthreads ();
}

static void
wait_for (volatile int *flag)
{
  int seen;
  do
    seen = flag[0];
  while (!seen);
}

__attribute__ ((cuda_jit)) void
spin_in_function (volatile int *flag, int *out) /* { dg-warning "run as fibers" } */
{
  if (threadIdx.x == 0)
    flag[0] = 1;
  else
    wait_for (flag); /* { dg-message "because it calls a function that may wait for other threads" } */
  out[threadIdx.x] = 1;
}

/* A compare-and-swap that retries with what it read goes on whatever
   the other threads do: no wait.  */
__attribute__ ((cuda_jit)) void
cas_retry (int *out)
{
  int old = out[0], seen;
  while ((seen = cuda_atomic_cas (&out[0], old, old + 1)) != old)
    old = seen;
}
