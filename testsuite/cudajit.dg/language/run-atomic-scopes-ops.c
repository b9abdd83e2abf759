/* The scope forms of every atomic but add (run-atomic-scopes.c's):
   cuda_atomic_OP_block on a block's results in shared memory and
   cuda_atomic_OP_system on the grid's in global memory, each on every
   type that it takes, against the same operations folded in plain C.
   Exch is checked by what it keeps: the old values that it returns and
   the last one stored add up to the first and the stored ones.  */
/* { dg-do run } */
/* { dg-options "-O2 -Wall" } */

#include <cudajit.h>
#include <stdio.h>

#define BLOCKS 8
#define THREADS 64
/* Small integers, whose sums every type holds exactly.  */
#define VALUE(i) ((int) ((i) * 37 % 101) - 50)
#define AND_BITS(i) (~(1u << ((i) % 23)))
#define OR_BITS(i) (1u << ((i) * 7 % 29))
#define XOR_BITS(i) ((unsigned) (i) * 2654435761u)
#define LIMIT 13
#define EXCH_FIRST 7

/* The types that each takes, with the suffix of their fields.  */
#define NUMBERS(T, s)                                                         \
  T (int, i, s) T (unsigned, u, s) T (long, l, s) T (unsigned long, ul, s)    \
  T (long long, ll, s) T (unsigned long long, ull, s) T (float, f, s)         \
  T (double, d, s)
#define INTEGERS(T, s)                                                        \
  T (int, i, s) T (unsigned, u, s) T (long, l, s) T (unsigned long, ul, s)    \
  T (long long, ll, s) T (unsigned long long, ull, s)
#define UNSIGNEDS(T, s)                                                       \
  T (unsigned, u, s) T (unsigned long, ul, s) T (unsigned long long, ull, s)

#define NUMBER_FIELDS(type, t, s) type sub_##t, max_##t, min_##t, exch_##t, olds_##t;
#define INTEGER_FIELDS(type, t, s) type cas_##t, and_##t, or_##t, xor_##t;
#define UNSIGNED_FIELDS(type, t, s) type inc_##t, dec_##t;
struct results
{
  NUMBERS (NUMBER_FIELDS, )
  INTEGERS (INTEGER_FIELDS, )
  UNSIGNEDS (UNSIGNED_FIELDS, )
};

#define NUMBER_START(type, t, s)                                              \
  r->sub_##t = r->olds_##t = 0;                                               \
  r->max_##t = 0;                                                             \
  r->min_##t = 100;                                                           \
  r->exch_##t = EXCH_FIRST;
#define INTEGER_START(type, t, s)                                             \
  r->cas_##t = r->or_##t = r->xor_##t = 0;                                    \
  r->and_##t = (type) -1;
#define UNSIGNED_START(type, t, s) r->inc_##t = r->dec_##t = 0;
static void
start (struct results *r)
{
  NUMBERS (NUMBER_START, )
  INTEGERS (INTEGER_START, )
  UNSIGNEDS (UNSIGNED_START, )
}

/* Thread I's part, in scope S.  */
#define NUMBER_OPS(type, t, s)                                                \
  cuda_atomic_sub##s (&r->sub_##t, (type) v);                                 \
  cuda_atomic_max##s (&r->max_##t, (type) v);                                 \
  cuda_atomic_min##s (&r->min_##t, (type) v);                                 \
  cuda_atomic_add##s (&r->olds_##t, cuda_atomic_exch##s (&r->exch_##t,        \
                                                         (type) v));
#define INTEGER_OPS(type, t, s)                                               \
  {                                                                           \
    type old = 0, seen;                                                       \
    while ((seen = cuda_atomic_cas##s (&r->cas_##t, old, old + (type) v))     \
           != old)                                                            \
      old = seen;                                                             \
  }                                                                           \
  cuda_atomic_and##s (&r->and_##t, (type) AND_BITS (i));                      \
  cuda_atomic_or##s (&r->or_##t, (type) OR_BITS (i));                         \
  cuda_atomic_xor##s (&r->xor_##t, (type) XOR_BITS (i));
#define UNSIGNED_OPS(type, t, s)                                              \
  cuda_atomic_inc##s (&r->inc_##t, LIMIT);                                    \
  cuda_atomic_dec##s (&r->dec_##t, LIMIT);

static void
block_ops (struct results *r, long i)
{
  int v = VALUE (i);
  NUMBERS (NUMBER_OPS, _block)
  INTEGERS (INTEGER_OPS, _block)
  UNSIGNEDS (UNSIGNED_OPS, _block)
}

static void
system_ops (struct results *r, long i)
{
  int v = VALUE (i);
  NUMBERS (NUMBER_OPS, _system)
  INTEGERS (INTEGER_OPS, _system)
  UNSIGNEDS (UNSIGNED_OPS, _system)
}

__attribute__ ((cuda_jit)) void
kernel (struct results block[BLOCKS], struct results total[1])
{
  static __attribute__ ((cuda_shared)) struct results shared[1];
  if (threadIdx.x == 0)
    start (shared);
  cuda_syncthreads ();
  block_ops (shared, cuda_grid_x ());
  system_ops (total, cuda_grid_x ());
  cuda_syncthreads ();
  if (threadIdx.x == 0)
    block[blockIdx.x] = shared[0];
}

/* The prelude's, which NVRTC compiles with CUDA's atomicMax_block and
   the rest.  */
/* { dg-final { scan-cuda "cudajit_atomic_max_block_double \\(" } } */
/* { dg-final { scan-cuda "cudajit_atomic_cas_system_ll \\(" } } */
/* { dg-final { scan-cuda "cudajit_atomic_inc_block_uint \\(" } } */

/* The same in plain C, one thread after another.  */
#define NUMBER_FOLD(type, t, s)                                               \
  want->sub_##t -= (type) v;                                                  \
  if ((type) v > want->max_##t)                                               \
    want->max_##t = (type) v;                                                 \
  if ((type) v < want->min_##t)                                               \
    want->min_##t = (type) v;                                                 \
  want->olds_##t += (type) v;
#define INTEGER_FOLD(type, t, s)                                              \
  want->cas_##t += (type) v;                                                  \
  want->and_##t &= (type) AND_BITS (i);                                       \
  want->or_##t |= (type) OR_BITS (i);                                         \
  want->xor_##t ^= (type) XOR_BITS (i);
#define UNSIGNED_FOLD(type, t, s)                                             \
  want->inc_##t = want->inc_##t >= LIMIT ? 0 : want->inc_##t + 1;             \
  want->dec_##t                                                               \
      = want->dec_##t == 0 || want->dec_##t > LIMIT ? LIMIT : want->dec_##t - 1;
static void
fold (struct results *want, long i)
{
  int v = VALUE (i);
  NUMBERS (NUMBER_FOLD, )
  INTEGERS (INTEGER_FOLD, )
  UNSIGNEDS (UNSIGNED_FOLD, )
}

#define REPORT(field, type)                                                   \
  if (got->field != want.field && errors++ < 10)                              \
    printf ("%s %s %s: %.17g, not %.17g\n", what, #field, #type,              \
            (double) got->field, (double) want.field);
/* Exch's old values and its last one add up to the first and the stored
   ones, which fold has added to olds.  */
#define NUMBER_CHECK(type, t, s)                                              \
  REPORT (sub_##t, type) REPORT (max_##t, type) REPORT (min_##t, type)        \
  got->olds_##t += got->exch_##t;                                             \
  REPORT (olds_##t, type)
#define INTEGER_CHECK(type, t, s)                                             \
  REPORT (cas_##t, type) REPORT (and_##t, type) REPORT (or_##t, type)         \
  REPORT (xor_##t, type)
#define UNSIGNED_CHECK(type, t, s) REPORT (inc_##t, type) REPORT (dec_##t, type)
#define OLDS_START(type, t, s) want.olds_##t = EXCH_FIRST;
static int
check (const char *what, struct results *got, long first, long n)
{
  struct results want;
  int errors = 0;
  start (&want);
  NUMBERS (OLDS_START, )
  for (long i = first; i < first + n; i++)
    fold (&want, i);
  NUMBERS (NUMBER_CHECK, )
  INTEGERS (INTEGER_CHECK, )
  UNSIGNEDS (UNSIGNED_CHECK, )
  return errors;
}

int
main (void)
{
  static struct results block[BLOCKS], total[1];
  int errors = 0;

  start (total);
  cuda_launch (kernel, BLOCKS, THREADS) (block, total);
  for (int b = 0; b < BLOCKS; b++)
    errors += check ("block", &block[b], (long) b * THREADS, THREADS);
  errors += check ("total", total, 0, BLOCKS * THREADS);
  printf ("scoped atomics: %d errors\n", errors);
  return errors != 0;
}
/* { dg-cudajit-levels all } */
