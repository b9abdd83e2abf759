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

/* Volatile structures read and written whole, also through comma and
   conditional expressions.  */
struct pair
{
  int a;
  volatile int b;
};

static struct pair
make_pair (int x)
{
  struct pair made = { x, x + 1 };
  return made;
}

__attribute__ ((cuda_jit)) void
volatile_copies (int n, int out[n], volatile struct pair shared[4])
{
  int i = cuda_grid_x ();
  volatile struct pair local = { i, 2 };
  struct pair plain = { 3, 4 };
  if (i == 0)
    {
      shared[0] = (plain.b++, local);
      shared[1] = make_pair (7);
      shared[2] = i ? plain : local;
      shared[3] = (plain.a++, plain);
    }
  struct pair back = (plain.a++, local);
  out[i] = back.a + back.b + plain.a + plain.b;
}

static void
check_volatile_copies (void)
{
  enum { N = 64 };
  static int out[N];
  static volatile struct pair shared[4];
  cuda_launch (volatile_copies, 2, N / 2) (N, out, shared);
  cuda_synchronize ();
  for (int i = 0; i < N; i++)
    if (out[i] != i + 2 + (i == 0 ? 5 + 5 : 4 + 4))
      {
        printf ("volatile_copies: out[%d] = %d\n", i, out[i]);
        abort ();
      }
  if (shared[0].a != 0 || shared[0].b != 2 || shared[1].a != 7
      || shared[1].b != 8 || shared[2].a != 0 || shared[3].a != 4
      || shared[3].b != 5)
    {
      printf ("volatile_copies: shared is wrong\n");
      abort ();
    }
}

int
main (void)
{
  check_volatile_copies ();
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
/* { dg-cudajit-levels all } */
