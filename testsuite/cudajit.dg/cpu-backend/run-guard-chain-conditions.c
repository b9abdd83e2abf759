/* If-else chains on the thread whose conditions hold a conditional
   expression or an exclusive or: split into guards, each run in a loop
   of its own on the CPU backend, where the conditions read no memory;
   kept whole where a condition reads what its branch writes, which the
   else would test again.  Each against the same computed in plain C.  */
/* { dg-do run } */

#include <cudajit.h>
#include <stdio.h>
#include <string.h>

enum
{
  THREADS = 32,
  BLOCKS = 3,
  N = THREADS * BLOCKS
};

__attribute__ ((cuda_jit)) void
pure (int wide, int a[N])
{
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (threadIdx.x == 0 && (wide ? i > 0 : i < 50))
    a[i] += 10;
  else if (threadIdx.x == blockDim.x - 1
           && (threadIdx.x > 20) ^ (blockIdx.x == 1))
    a[i] += 200;
  if (threadIdx.x == 7)
    a[i] -= 3000;
}

__attribute__ ((cuda_jit)) void
rewritten (int wide, int a[N])
{
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (threadIdx.x == 0 && (wide ? a[i] > 2 : a[i] < 2))
    a[i] = 9;
  else if (threadIdx.x == 0)
    a[i] = -1;
  if (threadIdx.x == blockDim.x - 1)
    a[i] += 50;
}

static int errors;

static void
check (const char *what, int wide, const int *out, const int *expected)
{
  for (int i = 0; i < N; i++)
    if (out[i] != expected[i])
      {
        printf ("%s (%d): element %d is %d, not %d\n", what, wide, i, out[i],
                expected[i]);
        errors++;
        return;
      }
}

int
main (void)
{
  static int in[N], result[N], expected[N];
  for (int i = 0; i < N; i++)
    in[i] = i % 5;

  for (int wide = 0; wide < 2; wide++)
    {
      memcpy (result, in, sizeof in);
      cuda_launch (pure, BLOCKS, THREADS) (wide, result);
      for (int i = 0; i < N; i++)
        {
          int x = i % THREADS, block = i / THREADS, a = in[i];
          if (x == 0 && (wide ? i > 0 : i < 50))
            a += 10;
          else if (x == THREADS - 1 && (x > 20) != (block == 1))
            a += 200;
          if (x == 7)
            a -= 3000;
          expected[i] = a;
        }
      check ("pure", wide, result, expected);

      memcpy (result, in, sizeof in);
      cuda_launch (rewritten, BLOCKS, THREADS) (wide, result);
      for (int i = 0; i < N; i++)
        {
          int x = i % THREADS, a = in[i];
          if (x == 0 && (wide ? a > 2 : a < 2))
            a = 9;
          else if (x == 0)
            a = -1;
          if (x == THREADS - 1)
            a += 50;
          expected[i] = a;
        }
      check ("rewritten", wide, result, expected);
    }

  printf ("guard chains: %d errors\n", errors);
  return errors != 0;
}

/* { dg-output "guard chains: 0 errors" } */
/* { dg-cudajit-levels all } */
