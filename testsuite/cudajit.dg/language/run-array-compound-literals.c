/* Compound literals of arrays, which live until the end of their block:
   decayed to pointers, passed to a device function, indexed directly, of
   two dimensions, of structures and of characters, made anew each time
   round a loop, and their addresses; checked against the same code run as
   plain C.  */
/* { dg-do run } */

#include <cudajit.h>
#include <stdio.h>

struct point { int x, y; };

static int
sum3 (const int *v)
{
  return v[0] + v[1] + v[2];
}

static int
pick (int i)
{
  return ((int[]){ 10, 20, 30, 40 })[i & 3];
}

#define BODY                                                                  \
  {                                                                           \
    int i = cuda_grid_x ();                                                   \
    if (i >= n)                                                               \
      return;                                                                 \
    long *o = out[i];                                                         \
    int k = 0;                                                                \
    int *p = (int[]){ 1, 2, 3 };                                              \
    int *zeros = (int[3]){ 0 };                                               \
    struct point *points = (struct point[2]){ { 1, 2 }, { i } };              \
    o[k++] = p[i % 3] + zeros[i % 3] * 10 + zeros[2];                         \
    o[k++] = points[i % 2].x * 100 + points[1].y;                             \
    o[k++] = sum3 ((int[]){ i, i + 1, 2 });                                   \
    o[k++] = ((int[]){ 4, 5, 6 })[i % 3];                                     \
    o[k++] = ((int[2][2]){ { 1, 2 }, { 3, i } })[i % 2][1];                   \
    o[k++] = pick (i);                                                        \
    long s = 0;                                                               \
    for (int r = 0; r < 3; r++)                                               \
      {                                                                       \
        int *q = (int[2]){ r };                                               \
        s = s * 100 + q[0] * 10 + q[1];                                       \
        q[1] = 7;                                                             \
      }                                                                       \
    o[k++] = s;                                                               \
    o[k++] = ((const char[]){ "gpu" })[i % 4];                                \
    int *rows[2] = { (int[]){ 1 }, (int[]){ 2, i } };                         \
    o[k++] = rows[0][0] + rows[1][1] * 10;                                    \
    int (*whole)[3] = &(int[3]){ 7, 8, i };                                   \
    o[k++] = (*whole)[i % 3];                                                 \
    int *second = &((int[]){ 1, 2, 3 })[1];                                   \
    o[k++] = second[i % 2];                                                   \
    ((int[2]){ 1, 2 })[0] = i;                                                \
    o[k++] = sizeof (struct point[]){ { 1 }, { 2 }, { 3 } };                  \
  }

#define OUTPUTS 12

__attribute__ ((cuda_jit)) void
kernel (int n, long out[n][OUTPUTS]) BODY

/* The reference: the same body with the thread index as a variable.  */
#undef cuda_grid_x
static int reference_index;
#define cuda_grid_x() reference_index
static void reference (int n, long out[n][OUTPUTS]) BODY

#define N 40

int
main (void)
{
  static long out[N][OUTPUTS], expected[N][OUTPUTS];
  cuda_launch (kernel, 2, 32) (N, out);
  for (reference_index = 0; reference_index < N; reference_index++)
    reference (N, expected);
  int errors = 0;
  for (int i = 0; i < N; i++)
    for (int k = 0; k < OUTPUTS; k++)
      if (out[i][k] != expected[i][k] && errors++ < 10)
        printf ("thread %d, output %d: %ld, not %ld\n", i, k, out[i][k],
                expected[i][k]);
  printf ("array compound literals: %d errors\n", errors);
  return errors != 0;
}

/* { dg-output "array compound literals: 0 errors" } */
/* { dg-cudajit-levels all } */
