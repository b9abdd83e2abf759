/* Typedef names and enumerated types, which the CUDA C keeps where it can:
   typedefs of scalars, of typedefs, of pointers, of arrays and of
   structures with and without tags, enumerated types with and without
   tags, of negative values, packed, used as flags, incremented, converted
   from integers, in switches, fields, constant arrays and device
   functions, and names of typedefs and constants hidden by those of
   variables and fields; checked against the same code run as plain C.  */
/* { dg-do run } */

#include <cudajit.h>
#include <stdio.h>

typedef float real;
typedef real scalar;
typedef struct { real x, y; } point;
typedef struct node node;
struct node { int value; node *next; };
typedef int *intp;
typedef long row[3];
typedef const int fixed;
enum color { RED, GREEN = 5, BLUE };
typedef enum color color;
typedef enum { BELOW = -2, AT, ABOVE } level;
enum __attribute__ ((packed)) small { S0, S1 = 200 };
enum flags { F_READ = 1, F_WRITE = 2, F_EXEC = 4 };
/* A field named like a typedef hides it in the rest of the structure.  */
struct sample { real real; color c; level l; enum small s; point at; };

static const color palette[4] = { BLUE, RED, GREEN, 7 };

/* Declared with an enumerated type and defined with the compatible
   integer type, as C allows; GCC 13 and later warn about it all the same
   (-Wenum-int-mismatch, in -Wall).  */
/* { dg-prune-output "due to enum/integer mismatch" } */
static int weight (enum color c);
static int
weight (unsigned int c)
{
  switch (c)
    {
    case RED:
      return 1;
    case GREEN:
      return 10;
    default:
      return 100;
    }
}

static level
compare (scalar a, scalar b)
{
  return a < b ? BELOW : a == b ? AT : ABOVE;
}

#define BODY                                                                  \
  {                                                                           \
    typedef short local_t;                                                    \
    enum { LOCAL_A = 3, LOCAL_B };                                            \
    int i = cuda_grid_x ();                                                   \
    if (i >= n)                                                               \
      return;                                                                 \
    long *o = out[i];                                                         \
    int k = 0;                                                                \
    scalar s = i * 0.5f;                                                      \
    point p = { s, 2 * s };                                                   \
    node second = { i, 0 }, first = { 1, &second };                           \
    int v = i;                                                                \
    intp pv = &v;                                                             \
    row r = { i, 2 * i };                                                     \
    fixed f = 3;                                                              \
    local_t lt = LOCAL_B;                                                     \
    o[k++] = (long) (p.x * 10 + p.y) + first.next->value * 100 + *pv          \
             + r[1] * 1000 + r[2] + f + lt * 10000;                           \
    color c = palette[i % 4];                                                 \
    c++;                                                                      \
    c += 2;                                                                   \
    o[k++] = c + weight (c) * 1000 + weight (RED) * 100000;                   \
    c = i % 3 == 0 ? GREEN : (color) (i % 7);                                 \
    o[k++] = c == GREEN ? 1000 : c;                                           \
    enum flags fl = F_READ;                                                   \
    if (i & 1)                                                                \
      fl |= F_WRITE;                                                          \
    fl = fl | (i & 4 ? F_EXEC : 0);                                           \
    o[k++] = fl;                                                              \
    level l = compare (s, 4);                                                 \
    o[k++] = l * 10 + (l == BELOW) + (l > AT ? 5 : 0);                        \
    struct sample smp = { s, BLUE, AT, S1, { 1, 2 } };                        \
    smp.c--;                                                                  \
    o[k++] = (long) smp.real + smp.c * 10 + smp.l * 100 + smp.s * 1000       \
             + sizeof smp.s * 1000000;                                        \
    /* Variables named like a typedef and a constant.  */                     \
    {                                                                         \
      int real = i, RED = 2 * i;                                              \
      o[k++] = real + RED;                                                    \
    }                                                                         \
    scalar again = RED + GREEN;                                               \
    o[k++] = (long) again;                                                    \
    out_samples[i] = smp;                                                     \
  }

#define OUTPUTS 8

__attribute__ ((cuda_jit)) void
kernel (int n, long out[n][OUTPUTS], struct sample out_samples[n]) BODY

/* The reference: the same body with the thread index as a variable.  */
#undef cuda_grid_x
static int reference_index;
#define cuda_grid_x() reference_index
static void
reference (int n, long out[n][OUTPUTS], struct sample out_samples[n]) BODY

#define N 40

int
main (void)
{
  static long out[N][OUTPUTS], expected[N][OUTPUTS];
  static struct sample samples[N], expected_samples[N];
  cuda_launch (kernel, 2, 32) (N, out, samples);
  for (reference_index = 0; reference_index < N; reference_index++)
    reference (N, expected, expected_samples);
  int errors = 0;
  for (int i = 0; i < N; i++)
    {
      for (int k = 0; k < OUTPUTS; k++)
        if (out[i][k] != expected[i][k] && errors++ < 10)
          printf ("thread %d, output %d: %ld, not %ld\n", i, k, out[i][k],
                  expected[i][k]);
      errors += (samples[i].real != expected_samples[i].real
                 || samples[i].c != expected_samples[i].c
                 || samples[i].l != expected_samples[i].l
                 || samples[i].s != expected_samples[i].s
                 || samples[i].at.y != expected_samples[i].at.y);
    }
  printf ("typedefs and enums: %d errors\n", errors);
  return errors != 0;
}

/* { dg-output "typedefs and enums: 0 errors" } */
/* { dg-cudajit-levels all } */
