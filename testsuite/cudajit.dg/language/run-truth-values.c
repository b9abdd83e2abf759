/* Truth values combined with & and |: both sides are evaluated, side
   effects included, though GCC folds them into truth operations.  */
/* { dg-do run } */

#include <cudajit.h>
#include <stdio.h>
#include <stdlib.h>

static int
bump (int *count, int value)
{
  ++*count;
  return value;
}

__attribute__ ((cuda_jit)) void
truth_values (int n, int out[n])
{
  int i = cuda_grid_x ();
  if (i >= n)
    return;
  int count = 0;
  int either = (i > 3 || i < 1) | (bump (&count, i) && i % 2);
  int both = (i > 3 && i < 10) & (++count > 0 || i == 7);
  int neither = !((i == 2 || i == 5) | (count++ == 2 && i));
  out[i] = either * 1000 + both * 100 + neither * 10 + count;
}

int
main (void)
{
  enum { N = 16 };
  static int out[N];
  cuda_launch (truth_values, 1, N) (N, out);
  cuda_synchronize ();
  for (int i = 0; i < N; i++)
    {
      int count = 0;
      int either = (i > 3 || i < 1) | (bump (&count, i) && i % 2);
      int both = (i > 3 && i < 10) & (++count > 0 || i == 7);
      int neither = !((i == 2 || i == 5) | (count++ == 2 && i));
      int expect = either * 1000 + both * 100 + neither * 10 + count;
      if (out[i] != expect)
        {
          printf ("out[%d] = %d, not %d\n", i, out[i], expect);
          abort ();
        }
    }
  return 0;
}
/* { dg-cudajit-levels all } */
