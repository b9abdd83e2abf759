/* Packed and aligned structures and unions, packed bit-fields, a
   zero-width bit-field in a packed structure, aligned typedefs and
   #pragma pack, as kernel parameters by value and in arrays copied by
   their extent, and in locals; checked against the same code run as plain
   C.  A layout on the GPU other than the host's would read and write the
   wrong bytes there.  */
/* { dg-do run } */

#include <cudajit.h>
#include <stdio.h>
#include <string.h>

typedef double aligned_double __attribute__ ((aligned (16)));
typedef int short_aligned_int __attribute__ ((aligned (2)));

/* 21 bytes, aligned to 1.  */
struct __attribute__ ((packed)) header
{
  unsigned char tag;
  unsigned int length;
  /* kind at bits 40 to 44, flags at 45 to 71, stamp at byte 9.  */
  unsigned short kind : 5;
  unsigned int flags : 27;
  long long stamp;
  /* Even packed, last starts a new int: at byte 20.  */
  int : 0;
  char last;
};

struct __attribute__ ((aligned (32))) block
{
  float value;
  aligned_double weight;
  int count __attribute__ ((aligned (8)));
  char c;
  short_aligned_int small;
  unsigned int low : 4 __attribute__ ((packed));
  unsigned int high : 30 __attribute__ ((packed));
};

#pragma pack(push, 2)
struct wire
{
  char kind;
  double value;
  struct header header;
  int count;
};
#pragma pack(pop)

union __attribute__ ((packed)) either
{
  unsigned char bytes[5];
  struct __attribute__ ((packed))
  {
    unsigned char c;
    unsigned int i;
  } parts;
};

#define RESULTS 32

#define BODY                                                                  \
  {                                                                           \
    long t = cuda_grid_x ();                                                  \
    if (t >= n)                                                               \
      return;                                                                 \
    long *r = out[t];                                                         \
    int k = 0;                                                                \
    struct header h = headers[t];                                             \
    r[k++] = h.tag + h.length + h.kind + h.flags + h.stamp + h.last;          \
    h.length *= 3;                                                            \
    h.kind += t;                                                              \
    h.flags -= t * 1000;                                                      \
    h.stamp ^= (long long) t << 40;                                           \
    h.last = -t;                                                              \
    headers[t] = h;                                                           \
    struct block *b = &blocks[t];                                             \
    r[k++] = b->value + b->weight * 3 + b->count + b->c + b->small;           \
    r[k++] = b->low + b->high;                                                \
    b->weight += t;                                                           \
    b->count -= t;                                                            \
    b->small = t * 3;                                                         \
    b->high += t;                                                             \
    b->low = b->high;                                                         \
    struct wire w = wires[t];                                                 \
    r[k++] = w.kind + w.value + w.header.length + w.header.flags + w.count;   \
    w.value = w.header.stamp + one.value;                                     \
    w.header.kind = one.header.kind;                                          \
    w.count = one.count + t;                                                  \
    wires[t] = w;                                                             \
    union either e;                                                           \
    e.parts.c = t;                                                            \
    e.parts.i = t * 0x01020304u;                                              \
    r[k++] = e.bytes[0] + 10 * e.bytes[1] + 100 * e.bytes[4];                 \
    e.bytes[3] = 0xff;                                                        \
    r[k++] = e.parts.i;                                                       \
    struct header local[2] = { { .tag = 1, .kind = 31, .flags = t },          \
                               { 2, t, 3, 4, 5, 6 } };                        \
    r[k++] = local[t & 1].flags + local[1].length + local[1].kind             \
             + local[1].last + local[0].kind;                                 \
  }

#define PARAMS                                                                \
  (long n, struct header headers[n], struct block blocks[n],                  \
   struct wire wires[n], struct wire one, long out[n][RESULTS])

__attribute__ ((cuda_jit)) void kernel PARAMS BODY

/* The reference: the same body with the thread index as a variable.  */
#undef cuda_grid_x
static long reference_index;
#define cuda_grid_x() reference_index
static void reference PARAMS BODY

#define N 128

/* Field by field, as a copy of a structure need not copy its padding.  */
static int
same_header (const struct header *a, const struct header *b)
{
  return (a->tag == b->tag && a->length == b->length && a->kind == b->kind
          && a->flags == b->flags && a->stamp == b->stamp
          && a->last == b->last);
}

static int
same_block (const struct block *a, const struct block *b)
{
  return (a->value == b->value && a->weight == b->weight
          && a->count == b->count && a->c == b->c && a->small == b->small
          && a->low == b->low && a->high == b->high);
}

static int
same_wire (const struct wire *a, const struct wire *b)
{
  return (a->kind == b->kind && a->value == b->value
          && same_header (&a->header, &b->header) && a->count == b->count);
}

static struct header headers[N], headers_ref[N];
static struct block blocks[N], blocks_ref[N];
static struct wire wires[N], wires_ref[N];
static long out[N][RESULTS], ref[N][RESULTS];

int
main (void)
{
  int errors = 0;
  /* The layouts the comments above describe.  */
  errors += sizeof (struct header) != 21 || _Alignof (struct header) != 1
            || __builtin_offsetof (struct header, last) != 20;
  errors += sizeof (struct block) != 64 || _Alignof (struct block) != 32
            || __builtin_offsetof (struct block, small) != 30;
  errors += sizeof (struct wire) != 36 || _Alignof (struct wire) != 2
            || __builtin_offsetof (struct wire, header) != 10;
  errors += sizeof (union either) != 5;
  for (int i = 0; i < N; i++)
    {
      headers[i] = (struct header){ i, i * 1000, i, i * 12345, -i * 1e9, i };
      blocks[i] = (struct block){ i * 0.5f, i * 0.25, i, i, i, i, i * 7 };
      wires[i].kind = i;
      wires[i].value = i * 1.5;
      wires[i].header = headers[i];
      wires[i].count = -i;
    }
  memcpy (headers_ref, headers, sizeof headers);
  memcpy (blocks_ref, blocks, sizeof blocks);
  memcpy (wires_ref, wires, sizeof wires);
  struct wire one = { 1, 2.5, { 3, 4, 5, 6, 7, 8 }, 9 };
  cuda_launch (kernel, N / 32, 32) (N, headers, blocks, wires, one, out);
  for (reference_index = 0; reference_index < N; reference_index++)
    reference (N, headers_ref, blocks_ref, wires_ref, one, ref);

  for (int i = 0; i < N; i++)
    for (int j = 0; j < RESULTS; j++)
      if (out[i][j] != ref[i][j] && errors++ < 10)
        printf ("thread %d result %d: %ld, expected %ld\n", i, j, out[i][j],
                ref[i][j]);
  for (int i = 0; i < N; i++)
    if (!same_header (&headers[i], &headers_ref[i])
        || !same_block (&blocks[i], &blocks_ref[i])
        || !same_wire (&wires[i], &wires_ref[i]))
      {
        if (errors++ < 10)
          printf ("thread %d: a structure written back differs\n", i);
      }
  printf ("packed: %d mismatches\n", errors);
  return errors != 0;
}

/* { dg-output "packed: 0 mismatches" } */
/* { dg-cudajit-levels all } */
