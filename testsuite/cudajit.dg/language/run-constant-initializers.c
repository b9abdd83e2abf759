/* Constant arrays, which become __constant__ data, of structures with
   arrays and strings in them, of a union, of strings narrow, wide and
   without their null byte, and with ranges of designators; checked against
   the same code run as plain C.  */
/* { dg-do run } */

#include <cudajit.h>
#include <stdio.h>

struct point { int x, y; };
struct shape { const char name[8]; struct point corners[2]; float w[2][2]; };
union number { int i; float f; };

static const struct point points[3] = { { 1, 2 }, [2] = { .y = 4 } };
static const struct shape shapes[2]
    = { { "square", { { 0, 0 }, { 1, 1 } }, { { 1, 2 }, { 3 } } },
        [1].w[1][1] = 5, [1].name = "tri" };
static const union number numbers[2] = { { 5 }, { .i = -7 } };
static const char words[3][4] = { "ab", "cde" };
static const char unterminated[3] = "xyz";
static const int wide[3] = L"\x1234z";
static const unsigned char bytes[] = "\xff\0\1";
static const int ranges[10] = { [2 ... 6] = 3, 9 };

#define BODY                                                                  \
  {                                                                           \
    static const float local[2][3] = { { 0.5f }, [1][2] = 2 };                \
    long i = cuda_grid_x ();                                                  \
    if (i >= n)                                                               \
      return;                                                                 \
    long *o = out[i];                                                         \
    int k = 0;                                                                \
    o[k++] = points[i % 3].x + points[i % 3].y * 10;                          \
    o[k++] = shapes[i % 2].name[i % 8] + shapes[i % 2].corners[1].y * 1000;   \
    o[k++] = (long) (shapes[i % 2].w[i % 2][(i / 2) % 2] * 4);                \
    o[k++] = numbers[i % 2].i;                                                \
    o[k++] = words[i % 3][i % 4];                                             \
    o[k++] = unterminated[i % 3];                                             \
    o[k++] = wide[i % 3];                                                     \
    o[k++] = bytes[i % 4] + sizeof bytes * 1000;                              \
    o[k++] = ranges[i % 10];                                                  \
    o[k++] = (long) (local[i % 2][i % 3] * 2);                                \
  }

#define OUTPUTS 10

__attribute__ ((cuda_jit)) void
kernel (long n, long out[n][OUTPUTS]) BODY

/* The reference: the same body with the thread index as a variable.  */
#undef cuda_grid_x
static long reference_index;
#define cuda_grid_x() reference_index
static void reference (long n, long out[n][OUTPUTS]) BODY

#define N 48

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
  printf ("constant initializers: %d errors\n", errors);
  return errors != 0;
}

/* { dg-output "constant initializers: 0 errors" } */
/* { dg-cudajit-levels all } */
