/* Bit-fields in structures and unions: unsigned, signed, plain int, _Bool,
   char, short, long long and enum ones, unnamed and zero-width ones, some
   sharing a storage unit with another field and some pushed to the next
   unit; in kernel parameters by value and in arrays copied by their
   extent, locals, local arrays, unions and a device function's parameter
   and result; read, written, with compound assignments, increments and
   initializers; checked against the same code run as plain C.  */
/* { dg-do run } */

#include <cudajit.h>
#include <stdio.h>
#include <string.h>

/* ++ and -- on a _Bool are tested too.  */
#pragma GCC diagnostic ignored "-Wbool-operation"

enum color { RED, GREEN, BLUE };

struct bits
{
  unsigned int u3 : 3;
  int s5 : 5;
  /* Signed, as GCC makes plain int bit-fields.  */
  int plain4 : 4;
  _Bool flag : 1;
  char c3 : 3;
  unsigned short us9 : 9;
  enum color color : 2;
  /* The next field starts a new unsigned int.  */
  unsigned int : 0;
  signed char sc;
  unsigned int : 5;
  /* In the next long long, as it does not fit in what is left of this
     one: bits 64 to 103.  */
  long long s40 : 40;
  unsigned long long u24 : 24;
  unsigned long long u40 : 40;
  short s11 : 11;
};

/* Each field in the next byte: 3 bytes.  */
struct spill
{
  unsigned char a : 5, b : 5, c : 5;
};

/* y in the int that x starts, z in the next one.  */
struct share
{
  char x;
  int y : 20;
  int z : 20;
};

union word
{
  unsigned int raw;
  struct
  {
    unsigned int lo : 12, mid : 8, hi : 12;
  } parts;
  struct
  {
    int low : 16;
    int high : 16;
  } halves;
};

static struct bits
bump (struct bits b, int by)
{
  b.u3 += by;
  b.s5 -= by;
  b.u40 += by;
  b.flag = !b.flag;
  return b;
}

/* Whether A and B have the same fields: their unnamed bit-fields and
   padding may differ.  GCC folds these comparisons to comparisons of
   whole bytes of the structures.  */
static int
same_bits (const struct bits *a, const struct bits *b)
{
  return (a->u3 == b->u3 && a->s5 == b->s5 && a->plain4 == b->plain4
          && a->flag == b->flag && a->c3 == b->c3 && a->us9 == b->us9
          && a->color == b->color && a->sc == b->sc && a->s40 == b->s40
          && a->u24 == b->u24 && a->u40 == b->u40 && a->s11 == b->s11);
}

#define RESULTS 80

#define BODY                                                                  \
  {                                                                           \
    long t = cuda_grid_x ();                                                  \
    if (t >= n)                                                               \
      return;                                                                 \
    long *r = out[t];                                                         \
    int k = 0;                                                                \
    int v = in[t];                                                            \
    struct bits b = arr[t];                                                   \
    /* Reads of what the host wrote.  */                                      \
    r[k++] = b.u3 + 10 * b.s5 + 1000 * b.flag;                                \
    r[k++] = b.s40;                                                           \
    r[k++] = b.u40 + b.u24;                                                   \
    /* Stores that cut the value to the field's bits; signed fields           \
       extend their sign bit.  */                                             \
    b.u3 = v;                                                                 \
    b.s5 = v;                                                                 \
    b.plain4 = v;                                                             \
    b.flag = v;                                                               \
    b.c3 = v;                                                                 \
    b.us9 = v;                                                                \
    b.color = v & 1 ? BLUE : GREEN;                                           \
    b.sc = v;                                                                 \
    b.s40 = v * 1000000000ll;                                                 \
    b.u24 = v;                                                                \
    b.u40 = v;                                                                \
    b.s11 = v;                                                                \
    r[k++] = b.u3;                                                            \
    r[k++] = b.s5;                                                            \
    r[k++] = b.plain4;                                                        \
    r[k++] = b.flag;                                                          \
    r[k++] = b.c3;                                                            \
    r[k++] = b.us9;                                                           \
    r[k++] = b.color == BLUE;                                                 \
    r[k++] = b.sc;                                                            \
    r[k++] = b.s40;                                                           \
    r[k++] = b.u24;                                                           \
    r[k++] = b.u40;                                                           \
    r[k++] = b.s11;                                                           \
    /* Arithmetic: promoted to int for the narrow fields; in the field's      \
       own 40 bits, wrapping, for u40, as GCC does.  */                       \
    r[k++] = b.u3 * 1000 - b.us9;                                             \
    r[k++] = b.s5 * b.plain4 + b.c3;                                          \
    r[k++] = b.u40 + 1;                                                       \
    r[k++] = b.u40 * 4096;                                                    \
    r[k++] = b.u40 << 20;                                                     \
    r[k++] = ~b.u40;                                                          \
    r[k++] = -b.u40;                                                          \
    r[k++] = b.u40 + 1 > 5;                                                   \
    r[k++] = b.s40 / 7 + b.s40 % 1000;                                        \
    r[k++] = b.s40 >> 3;                                                      \
    r[k++] = (b.u40 >> 8) ^ b.u24;                                            \
    r[k++] = b.u3 < b.s5;                                                     \
    /* Compound assignments, which store the result cut to the field.  */     \
    b.u3 *= 3;                                                                \
    b.s5 -= 7;                                                                \
    b.plain4 <<= 1;                                                           \
    b.us9 >>= 2;                                                              \
    b.c3 ^= 5;                                                                \
    b.u40 |= 0xff00000000ull;                                                 \
    b.s40 /= 3;                                                               \
    b.u24 += 0xfffff0;                                                        \
    b.s11 %= 100;                                                             \
    b.flag &= v > 0;                                                          \
    r[k++] = b.u3;                                                            \
    r[k++] = b.s5;                                                            \
    r[k++] = b.plain4;                                                        \
    r[k++] = b.us9;                                                           \
    r[k++] = b.c3;                                                            \
    r[k++] = b.u40;                                                           \
    r[k++] = b.s40;                                                           \
    r[k++] = b.u24;                                                           \
    r[k++] = b.s11;                                                           \
    r[k++] = b.flag;                                                          \
    /* Increments: unsigned fields wrap; signed ones stay in range.  */       \
    b.u3 = v & 7;                                                             \
    b.s5 = v % 15;                                                            \
    r[k++] = b.u3++;                                                          \
    r[k++] = ++b.u3;                                                          \
    r[k++] = b.u3--;                                                          \
    r[k++] = --b.u3;                                                          \
    r[k++] = b.s5++;                                                          \
    r[k++] = --b.s5;                                                          \
    b.u40 = -1;                                                               \
    r[k++] = ++b.u40;                                                         \
    r[k++] = b.u40--;                                                         \
    r[k++] = b.u40;                                                           \
    r[k++] = b.flag++;                                                        \
    r[k++] = b.flag;                                                          \
    r[k++] = b.flag--;                                                        \
    r[k++] = b.flag;                                                          \
    /* The value of an assignment is the field's new value.  */               \
    r[k++] = (b.s5 = v) * 2;                                                  \
    r[k++] = (b.u3 += v) + 100;                                               \
    /* Fields that share or skip storage units.  */                           \
    struct spill sp = { v, v >> 5, v >> 10 };                                 \
    struct share sh = { .x = v, .y = v * 1000, .z = -v * 999 };              \
    sp.b += 3;                                                                \
    sh.y -= sh.z;                                                             \
    r[k++] = sp.a + 100 * sp.b + 10000 * sp.c;                                \
    r[k++] = sh.x + sh.y;                                                     \
    r[k++] = sh.z;                                                            \
    /* A union: the bits of one member are those of the others.  */          \
    union word w;                                                             \
    w.raw = v * 2654435761u;                                                  \
    r[k++] = w.parts.lo + 10000l * w.parts.mid + 10000000l * w.parts.hi;      \
    r[k++] = w.halves.low;                                                    \
    w.parts.mid = 0xa5;                                                       \
    w.halves.high = -v;                                                       \
    r[k++] = w.raw;                                                           \
    /* A local array, with initializers.  */                                  \
    struct bits local[3] = { { .u3 = 5, .s5 = -9, .u40 = 1 },                 \
                             [2] = { 1, 2, 3, 1, -1 } };                      \
    local[1].u24 = v;                                                         \
    local[t % 3].s11 = -v;                                                    \
    r[k++] = local[0].u3 + local[0].s5 + local[0].u40;                        \
    r[k++] = local[2].u3 + local[2].s5 + local[2].plain4 + local[2].flag      \
             + local[2].c3;                                                   \
    r[k++] = local[1].u24 + local[t % 3].s11;                                 \
    /* The parameter by value, and a device function's.  */                   \
    r[k++] = val.s5 + val.u40 + val.color;                                    \
    struct bits bumped = bump (val, v);                                       \
    r[k++] = bumped.u3 + 10 * bumped.s5 + 1000 * bumped.flag;                 \
    r[k++] = bumped.u40;                                                      \
    r[k++] = same_bits (&b, &local[2]) + 2 * same_bits (&val, &val);          \
    /* Written back, to be copied to the host.  */                            \
    b.sc = k;                                                                 \
    arr[t] = b;                                                               \
    r[RESULTS - 1] = k;                                                       \
  }

#define PARAMS                                                                \
  (long n, const int in[n], struct bits arr[n], struct bits val,              \
   long out[n][RESULTS])

__attribute__ ((cuda_jit)) void kernel PARAMS BODY

/* The reference: the same body with the thread index as a variable.  */
#undef cuda_grid_x
static long reference_index;
#define cuda_grid_x() reference_index
static void reference PARAMS BODY

#define N 256

int
main (void)
{
  static int in[N];
  static struct bits arr[N], arr_ref[N];
  static long out[N][RESULTS], ref[N][RESULTS];
  for (int i = 0; i < N; i++)
    {
      in[i] = (i * 7919) % 2001 - 1000;
      arr[i].u3 = i;
      arr[i].s5 = -i;
      arr[i].flag = i & 1;
      arr[i].s40 = -i * 4000000000ll;
      arr[i].u40 = i * 3000000000ull;
      arr[i].u24 = i * 65537;
    }
  memcpy (arr_ref, arr, sizeof arr);
  struct bits val = { .s5 = -13, .u40 = 0xfffffffff0ull, .color = BLUE,
                      .u3 = 6, .flag = 1 };
  cuda_launch (kernel, N / 64, 64) (N, in, arr, val, out);
  for (reference_index = 0; reference_index < N; reference_index++)
    reference (N, in, arr_ref, val, ref);

  int errors = 0;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < RESULTS; j++)
      if (out[i][j] != ref[i][j] && errors++ < 10)
        printf ("thread %d result %d: %ld, expected %ld\n", i, j, out[i][j],
                ref[i][j]);
  for (int i = 0; i < N; i++)
    if (!same_bits (&arr[i], &arr_ref[i]) && errors++ < 10)
      printf ("thread %d: the structure written back differs\n", i);
  if (ref[0][RESULTS - 1] >= RESULTS)
    errors++, printf ("%ld results, more than RESULTS\n", ref[0][RESULTS - 1]);
  printf ("bit-fields: %d mismatches\n", errors);
  return errors != 0;
}

/* { dg-output "bit-fields: 0 mismatches" } */
/* { dg-cudajit-levels all } */
