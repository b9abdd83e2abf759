/* A variable kept across a barrier that a region both changes and reads
   in the initializer of another variable it declares: the read must see
   the value before the change.  At -O1 and above the CPU backend keeps
   such a variable in a local for the region's turn of each thread; the
   initializers were left reading its context array, the value of the
   previous region (the SIMT fuzzer's seed 216).  In blocks of 32, 48,
   256 and 2-D blocks; each result checked against plain C.  */
/* { dg-do run } */
/* { dg-options "-fplugin-arg-cudajit-warn-fibers" } */

#include <cudajit.h>
#include <stdio.h>

enum
{
  BLOCKS = 3,
  THREADS_MAX = 256,
  N = BLOCKS * THREADS_MAX
};

__attribute__ ((cuda_jit)) void
initializers (int n, const unsigned in[n], unsigned out[n])
{
  static __attribute__ ((cuda_shared)) unsigned s[THREADS_MAX];
  unsigned t = threadIdx.y * blockDim.x + threadIdx.x;
  unsigned i = blockIdx.x * blockDim.x * blockDim.y + t;
  unsigned v = in[i];
  unsigned remainder = in[(i + 1) % n] % (v | 1u);
  v = remainder + t - v;
  unsigned old = v++;
  v += old * 3u;
  s[t] = v;
  cuda_syncthreads ();
  out[i] = v ^ s[(t + 1) % (blockDim.x * blockDim.y)];
}

/* The V of thread T of the block, at I of the grid.  */
static unsigned
simulated (const unsigned in[N], unsigned i, unsigned t)
{
  unsigned v = in[i];
  unsigned remainder = in[(i + 1) % N] % (v | 1u);
  v = remainder + t - v;
  return v + 1u + v * 3u;
}

static unsigned in[N], out[N];

int
main (void)
{
  static const cuda_dim3 shapes[]
      = { { 32, 1, 1 }, { 48, 1, 1 }, { 256, 1, 1 }, { 8, 6, 1 } };
  int errors = 0;

  for (int i = 0; i < N; i++)
    in[i] = i * 2654435761u ^ (i >> 3) * 0x85ebca6bu;
  for (unsigned sh = 0; sh < sizeof shapes / sizeof *shapes; sh++)
    {
      unsigned count = shapes[sh].x * shapes[sh].y;
      cuda_launch (initializers, BLOCKS, shapes[sh]) (N, in, out);
      for (unsigned bl = 0; bl < BLOCKS; bl++)
        for (unsigned t = 0; t < count; t++)
          {
            unsigned i = bl * count + t, next = (t + 1) % count;
            errors += out[i]
                       != (simulated (in, i, t)
                           ^ simulated (in, bl * count + next, next));
          }
    }

  printf ("initializers: %d errors\n", errors);
  return errors != 0;
}

/* { dg-output "initializers: 0 errors" } */
/* { dg-cudajit-levels all } */
