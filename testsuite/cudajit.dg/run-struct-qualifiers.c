/* Structures and unions with const members, and volatile ones: C copies
   and initializes them as any other, C++ needs help.  */
/* { dg-do run } */

#include <cudajit.h>
#include <stdio.h>
#include <stdlib.h>

struct tagged
{
  const int id;
  int value;
  const unsigned char bytes[3];
  int *const where;
};

union either
{
  const unsigned u;
  int i;
};

__attribute__ ((cuda_jit)) void
qualified (int n, int out[n], volatile struct tagged shared[1])
{
  int i = cuda_grid_x ();
  if (i >= n)
    return;
  int local = 3 * i;
  const struct tagged t = { .id = i, .value = 2 * i, .bytes = { 1, 2, i },
                            .where = &local };
  union either e = { .u = (unsigned) i };
  struct tagged copy = t;
  volatile struct tagged vt = { .id = i + 1, .value = 7, .where = &local };
  struct tagged back = vt;
  struct tagged from_host = shared[0];
  *t.where += 1;
  out[i] = copy.id + t.value + t.bytes[2] + local + e.i + back.id + back.value
           + shared[0].value + from_host.id;
}

int
main (void)
{
  enum { N = 100 };
  static int out[N];
  static struct tagged shared[1] = { { .id = 1, .value = 5 } };
  cuda_launch (qualified, 1, N) (N, out, shared);
  cuda_synchronize ();
  for (int i = 0; i < N; i++)
    {
      int expect = i + 2 * i + i + (3 * i + 1) + i + (i + 1) + 7 + 5 + 1;
      if (out[i] != expect)
        {
          printf ("out[%d] = %d, not %d\n", i, out[i], expect);
          abort ();
        }
    }
  return 0;
}
