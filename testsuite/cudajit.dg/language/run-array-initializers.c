/* Local arrays initialized as C allows: nested lists, braces elided,
   designators, arrays of structures, structures with arrays of two
   dimensions or const fields, volatile structures, strings, and values
   computed at run time; what a list leaves out is zero.  Checked against
   the same code run as plain C.  */
/* { dg-do run } */

#include <cudajit.h>
#include <stdio.h>
#include <string.h>

/* Braces elided on purpose.  */
#pragma GCC diagnostic ignored "-Wmissing-braces"

#define OUTPUTS 48

struct point { int x, y; };
struct matrix { int id; float m[2][3]; };
struct named { char name[6]; short id; };
struct tagged { const int id; const char tag[3]; };

static long
twice (long v)
{
  return 2 * v;
}

#define BODY                                                                  \
  {                                                                           \
    long i = cuda_grid_x ();                                                  \
    if (i >= n)                                                               \
      return;                                                                 \
    long *o = out[i];                                                         \
    int k = 0;                                                                \
    int full[2][3] = { { 1, 2, 3 }, { 4, 5, (int) i } };                      \
    int elided[2][3] = { 1, 2, 3, 4 };                                        \
    int designated[3][4] = { [1][2] = 5, [0] = { 7 }, [2][3] = (int) i,       \
                             [2][0] = 8 };                                    \
    for (int r = 0; r < 2; r++)                                               \
      for (int c = 0; c < 3; c++)                                             \
        o[k++] = full[r][c] * 100 + elided[r][c] * 10 + designated[r][c];     \
    o[k++] = designated[2][0] + designated[2][3] + designated[1][3];          \
    struct point points[3] = { { 1, 2 }, [2] = { .y = (int) i } };            \
    o[k++] = points[0].x + points[0].y * 10 + points[1].x * 100;              \
    o[k++] = points[1].y + points[2].x + points[2].y * 1000;                  \
    volatile struct point shared_point = { (int) i };                         \
    o[k++] = shared_point.x + shared_point.y;                                 \
    struct matrix matrices[2]                                                 \
        = { { 1, { { 1, 2, 3 }, { 4 } } }, [1].m[1][2] = 9.5f };              \
    for (int r = 0; r < 2; r++)                                               \
      for (int c = 0; c < 3; c++)                                             \
        o[k++] = (long) (matrices[0].m[r][c] * 4 + matrices[1].m[r][c] * 8);  \
    o[k++] = matrices[0].id * 10 + matrices[1].id;                            \
    char word[] = "gpu";                                                      \
    char padded[8] = "ab";                                                    \
    char unterminated[3] = "xyz";                                             \
    char words[2][5] = { "ab", "cdef" };                                      \
    unsigned char bytes[4] = "\xff\001";                                      \
    int wide[4] = L"\x1234z";                                                 \
    struct named nm = { "warp", 3 };                                          \
    const struct tagged tags[2] = { { (int) i, "ok" }, [1].tag[1] = 'x' };    \
    o[k++] = sizeof word * 1000 + word[0] + word[2] + word[3];                \
    for (int c = 0; c < 8; c++)                                               \
      o[k++] = padded[c];                                                     \
    o[k++] = unterminated[0] + unterminated[2] * 1000;                        \
    o[k++] = words[0][2] + words[1][3] * 1000 + words[1][4];                  \
    o[k++] = bytes[0] + bytes[1] * 1000 + bytes[2] + bytes[3];                \
    o[k++] = wide[0] + wide[1] * 100000 + wide[2] + wide[3];                  \
    o[k++] = nm.name[3] + nm.name[4] * 1000 + nm.name[5] + nm.id * 100000;    \
    o[k++] = tags[0].id + tags[0].tag[1] * 1000 + tags[1].tag[1] * 1000000;   \
    long values[3] = { i, i + 1, twice (i) };                                 \
    long *pointers[2] = { &values[2], &values[0] };                           \
    o[k++] = values[0] + values[1] * 1000 + *pointers[0] * 1000000;           \
    *pointers[1] = 5;                                                         \
    o[k++] = values[0];                                                       \
    long big[64] = { [63] = i + 1, [10] = 3 };                                \
    long sum = 0;                                                             \
    for (int c = 0; c < 64; c++)                                              \
      sum += big[c] * (c + 1);                                                \
    o[k++] = sum;                                                             \
    /* Initialized again each time round.  */                                 \
    sum = 0;                                                                  \
    for (int r = 0; r < 3; r++)                                               \
      {                                                                       \
        int again[4] = { r, [2] = r * 2 };                                    \
        sum += again[0] + again[1] * 10 + again[2] * 100 + again[3] * 1000;   \
        again[1] = again[3] = 7;                                              \
      }                                                                       \
    o[k++] = sum;                                                             \
    float zeros[3] = { -0.0f, 0.0f };                                         \
    o[k++] = (1 / zeros[0] < 0) * 100 + (1 / zeros[1] < 0) * 10               \
             + (1 / zeros[2] < 0);                                            \
    o[OUTPUTS - 1] = k;                                                       \
  }

__attribute__ ((cuda_jit)) void
kernel (long n, long out[n][OUTPUTS]) BODY

/* The reference: the same body with the thread index as a variable.  */
#undef cuda_grid_x
static long reference_index;
#define cuda_grid_x() reference_index
static void reference (long n, long out[n][OUTPUTS]) BODY

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
      if (out[i][k] != expected[i][k])
        {
          if (errors++ < 10)
            printf ("thread %d, output %d: %ld, not %ld\n", i, k, out[i][k],
                    expected[i][k]);
        }
  printf ("array initializers: %d errors, %ld outputs\n", errors,
          expected[N - 1][OUTPUTS - 1]);
  return errors != 0;
}

/* { dg-output "array initializers: 0 errors, 37 outputs" } */
/* { dg-cudajit-levels all } */
