/* A variant's pointers are __restrict__ only for launches whose arrays
   lie in allocations apart: a kernel that adds to two arrays, launched
   again and again with the same array for both (each element then grows
   by two, which a variant that loads both before it stores would get
   wrong), with arrays apart, and with two halves of one allocation; the
   same with arrays of structures, whose variants' pointers are
   __restrict__ too; and a kernel whose input is its output.  */
/* { dg-do run } */

#include <cudajit.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

enum
{
  N = 512,
  ROUNDS = 16
};

__attribute__ ((cuda_jit)) void
add_both (int n, int *a, int *b)
{
  long i = cuda_grid_x ();
  if (i < n)
    {
      a[i] += 1;
      b[i] += 1;
      a[i] += b[i];
    }
}

__attribute__ ((cuda_jit)) void
increment (int n, const int *in, int *out)
{
  long i = cuda_grid_x ();
  if (i < n)
    out[i] = in[i] + 1;
}

struct pair
{
  int first, second;
};

__attribute__ ((cuda_jit)) void
add_pairs (int n, struct pair *a, struct pair *b)
{
  long i = cuda_grid_x ();
  if (i < n)
    {
      a[i].first += 1;
      b[i].first += 1;
      a[i].first += b[i].first;
    }
}

static int failures;

/* Run add_both on A and B, N elements from A0 and B0, as C would.  */
static void
expect (const char *what, int round, const int *a, const int *b,
        int *a0, int *b0, int n)
{
  for (int i = 0; i < n; i++)
    {
      a0[i] += 1;
      b0[i] += 1;
      a0[i] += b0[i];
    }
  for (int i = 0; i < n; i++)
    if (a[i] != a0[i] || b[i] != b0[i])
      {
        printf ("%s, round %d: element %d is %d and %d, not %d and %d\n",
                what, round, i, a[i], b[i], a0[i], b0[i]);
        failures++;
        return;
      }
}

/* Run add_pairs on A and B, as C would, on the firsts of A0 and B0, and
   check them.  */
static void
expect_pairs (const char *what, int round, const struct pair *a,
              const struct pair *b, struct pair *a0, struct pair *b0)
{
  for (int i = 0; i < N; i++)
    {
      a0[i].first += 1;
      b0[i].first += 1;
      a0[i].first += b0[i].first;
    }
  for (int i = 0; i < N; i++)
    if (a[i].first != a0[i].first || b[i].first != b0[i].first)
      {
        printf ("%s, round %d: pair %d has %d and %d, not %d and %d\n",
                what, round, i, a[i].first, b[i].first, a0[i].first,
                b0[i].first);
        failures++;
        return;
      }
}

int
main (void)
{
  int *x = cuda_managed_array (2 * N * sizeof (int));
  int *y = cuda_managed_array (N * sizeof (int));
  static int x0[2 * N], y0[N];
  struct pair *p = cuda_managed_array (N * sizeof (struct pair));
  struct pair *q = cuda_managed_array (N * sizeof (struct pair));
  static struct pair p0[N], q0[N];
  struct timespec pause = { 0, 10 * 1000 * 1000 };

  for (int i = 0; i < 2 * N; i++)
    x[i] = x0[i] = i % 13;
  for (int i = 0; i < N; i++)
    y[i] = y0[i] = i % 7;
  for (int i = 0; i < N; i++)
    {
      p[i] = p0[i] = (struct pair){ i % 11, i };
      q[i] = q0[i] = (struct pair){ i % 5, -i };
    }
  for (int round = 0; round < ROUNDS; round++)
    {
      cuda_launch (add_pairs, N / 128, 128) (N, p, p);
      cuda_synchronize ();
      expect_pairs ("the same array of pairs", round, p, p, p0, p0);
      cuda_launch (add_pairs, N / 128, 128) (N, p, q);
      cuda_synchronize ();
      expect_pairs ("arrays of pairs apart", round, p, q, p0, q0);
      cuda_launch (add_both, N / 128, 128) (N, x, x);
      cuda_synchronize ();
      expect ("the same array", round, x, x, x0, x0, N);
      cuda_launch (add_both, N / 128, 128) (N, x, y);
      cuda_synchronize ();
      expect ("arrays apart", round, x, y, x0, y0, N);
      cuda_launch (add_both, N / 128, 128) (N, x, x + N);
      cuda_synchronize ();
      expect ("halves of one allocation", round, x, x + N, x0, x0 + N, N);
      cuda_launch (increment, N / 128, 128) (N, y, y);
      cuda_synchronize ();
      for (int i = 0; i < N; i++)
        y0[i]++;
      for (int i = 0; i < N; i++)
        if (y[i] != y0[i])
          {
            printf ("in place, round %d: y[%d] is %d, not %d\n", round, i,
                    y[i], y0[i]);
            failures++;
            break;
          }
      nanosleep (&pause, NULL);
    }
  cuda_free_managed (x);
  cuda_free_managed (y);
  cuda_free_managed (p);
  cuda_free_managed (q);
  if (failures)
    abort ();
  puts ("ok");
  return 0;
}

/* { dg-output "ok" } */
/* { dg-cudajit-levels all } */
