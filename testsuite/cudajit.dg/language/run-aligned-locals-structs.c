/* aligned (N) and _Alignas (N), N = 16, 64 and 256, on static shared
   arrays and variables, on the dynamic shared array, on local arrays,
   scalars and structures of a kernel and of a device function, and
   structure types aligned by their attribute or by a member's: each
   thread records, for each place, whether its address is a multiple of
   the alignment, on both backends; a shared array aligned to 16 is read
   as cuda_float4, which faults on a GPU where it is not.  The first
   kernel keeps no over-aligned variable across a barrier (optimized, the
   CPU backend runs it as loops over the threads), the second one does
   (as fibers, -fplugin-arg-cudajit-warn-fibers says).  The values are
   checked against plain C.  */
/* { dg-do run } */

#include <cudajit.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

enum
{
  THREADS = 64
};

/* Aligned by its attribute: its size is a multiple of 64.  */
struct __attribute__ ((aligned (64))) wide
{
  float v;
};

/* Aligned by a member's: F at offset 16, the whole to 16.  */
struct member
{
  char c;
  float f __attribute__ ((aligned (16)));
};

struct pair
{
  float a, b;
};

/* Whether P is a multiple of N, as a bit of *BAD's, the BIT-th, when not.  */
#define CHECK(bad, bit, p, n)                                                 \
  ((bad) |= (unsigned long long) ((uintptr_t) (p) % (n) != 0) << (bit))

static __attribute__ ((cuda_device)) float
helper (int t, unsigned long long *bad)
{
  static __attribute__ ((cuda_shared)) float part[THREADS]
      __attribute__ ((aligned (256)));
  float arr[4] __attribute__ ((aligned (256)));
  _Alignas (64) float s = t;
  struct pair p __attribute__ ((aligned (16))) = { t, 1 };
  for (int i = 0; i < 4; i++)
    arr[i] = t + i;
  part[t] = t;
  CHECK (*bad, 0, part, 256);
  CHECK (*bad, 1, arr, 256);
  CHECK (*bad, 2, &s, 64);
  CHECK (*bad, 3, &p, 16);
  return arr[t % 4] + s + p.a + p.b + part[t];
}

__attribute__ ((cuda_jit)) void
loops (unsigned long long *bads, float *out)
{
  static __attribute__ ((cuda_shared)) float sh16[THREADS]
      __attribute__ ((aligned (16)));
  static __attribute__ ((cuda_shared)) char odd;
  static __attribute__ ((cuda_shared)) _Alignas (64) float sh64[THREADS];
  static __attribute__ ((cuda_shared)) _Alignas (256) int scalar;
  static __attribute__ ((cuda_shared)) struct wide wides[2];
  static __attribute__ ((cuda_shared)) struct member members[2];
  extern __attribute__ ((cuda_shared)) _Alignas (64) float dynamic[];
  int t = threadIdx.x;
  unsigned long long bad = 0;
  sh16[t] = t;
  sh64[t] = 2 * t;
  dynamic[t] = 3 * t;
  if (t == 0)
    {
      odd = 1;
      scalar = 5;
      wides[1].v = 6;
      members[1].f = 7;
    }
  cuda_syncthreads ();
  /* A block of its own, so that its variables' scope does not hold the
     barrier.  */
  {
    _Alignas (16) float l16[4];
    float l64[3] __attribute__ ((aligned (64)));
    _Alignas (256) float l256[2];
    _Alignas (64) int ls = t;
    struct pair lp __attribute__ ((aligned (256))) = { t, 2 };
    struct wide lw = { t };
    struct member lm = { 1, t };
    for (int i = 0; i < 4; i++)
      l16[i] = i;
    for (int i = 0; i < 3; i++)
      l64[i] = t * i;
    l256[0] = t;
    l256[1] = 1;
    CHECK (bad, 4, sh16, 16);
    CHECK (bad, 5, sh64, 64);
    CHECK (bad, 6, &scalar, 256);
    CHECK (bad, 7, wides, 64);
    CHECK (bad, 8, &members[1].f, 16);
    CHECK (bad, 9, dynamic, 64);
    CHECK (bad, 10, l16, 16);
    CHECK (bad, 11, l64, 64);
    CHECK (bad, 12, l256, 256);
    CHECK (bad, 13, &ls, 64);
    CHECK (bad, 14, &lp, 256);
    CHECK (bad, 15, &lw, 64);
    CHECK (bad, 16, &lm.f, 16);
    cuda_float4 four = ((const cuda_float4 *) sh16)[t / 4];
    out[t] = four[t % 4] + sh64[THREADS - 1 - t] + dynamic[t] + odd + scalar
             + wides[1].v + members[1].f + l16[t % 4] + l64[t % 3]
             + l256[t % 2] + ls + lp.a + lp.b + lw.v + lm.f + lm.c
             + helper (t, &bad);
  }
  bads[t] = bad;
}

__attribute__ ((cuda_jit)) void
fibers (unsigned long long *bads, float *out)
{
  static __attribute__ ((cuda_shared)) float sh[THREADS];
  _Alignas (64) float s = threadIdx.x;
  struct pair p __attribute__ ((aligned (256))) = { threadIdx.x, 3 };
  _Alignas (16) float l16[4];
  int t = threadIdx.x;
  for (int i = 0; i < 4; i++)
    l16[i] = t + i;
  sh[t] = t;
  cuda_syncthreads ();
  unsigned long long bad = 0;
  CHECK (bad, 0, &s, 64);
  CHECK (bad, 1, &p, 256);
  CHECK (bad, 2, l16, 16);
  bads[t] = bad;
  out[t] = s + p.a + p.b + l16[t % 4] + sh[THREADS - 1 - t];
}

/* The names of the bits of loops's, and of fibers's.  */
static const char *const loops_places[]
    = { "part",  "arr", "s",  "p",   "sh16", "sh64", "scalar", "wides",
        "members[1].f", "dynamic", "l16", "l64", "l256", "ls", "lp", "lw",
        "lm.f" };
static const char *const fibers_places[] = { "s", "p", "l16" };

/* Report the places of BADS, the threads' bits, that NAMES names, and
   the values of OUT that differ from EXPECTED's; how many.  */
static int
check (const char *kernel, const unsigned long long *bads,
       const char *const *names, int count, const float *out,
       float (*expected) (int))
{
  int errors = 0;
  for (int t = 0; t < THREADS; t++)
    {
      for (int b = 0; b < count; b++)
        if (bads[t] >> b & 1 && errors++ < 10)
          printf ("%s, thread %d: %s misaligned\n", kernel, t, names[b]);
      if (out[t] != expected (t) && errors++ < 10)
        printf ("%s, thread %d: %g, expected %g\n", kernel, t, out[t],
                expected (t));
    }
  return errors;
}

static float
loops_expected (int t)
{
  float helper = (t + t % 4) + t + t + 1 + t;
  return t + 2 * (THREADS - 1 - t) + 3 * t + 1 + 5 + 6 + 7 + t % 4
         + t * (t % 3) + (t % 2 ? 1 : t) + t + t + 2 + t + t + 1 + helper;
}

static float
fibers_expected (int t)
{
  return t + t + 3 + (t + t % 4) + (THREADS - 1 - t);
}

int
main (void)
{
  static unsigned long long bads[THREADS];
  static float out[THREADS];
  unsigned long long *dbads = cuda_device_array (sizeof bads);
  float *dout = cuda_device_array (sizeof out);
  int errors = 0;

  cuda_launch (loops, 1, THREADS, .shared_bytes = THREADS * sizeof (float))
      (dbads, dout);
  cuda_copy_to_host (bads, dbads, sizeof bads);
  cuda_copy_to_host (out, dout, sizeof out);
  errors += check ("loops", bads, loops_places,
                   sizeof loops_places / sizeof *loops_places, out,
                   loops_expected);
  cuda_launch (fibers, 1, THREADS) (dbads, dout);
  cuda_copy_to_host (bads, dbads, sizeof bads);
  cuda_copy_to_host (out, dout, sizeof out);
  errors += check ("fibers", bads, fibers_places,
                   sizeof fibers_places / sizeof *fibers_places, out,
                   fibers_expected);
  cuda_free (dbads);
  cuda_free (dout);
  printf ("aligned locals and structures: %d errors\n", errors);
  return errors != 0;
}

/* { dg-output "aligned locals and structures: 0 errors" } */
/* { dg-final { scan-cuda "__shared__ __align__ \\(16\\) float sh16\\\[64\\\];" } } */
/* { dg-final { scan-cuda "__shared__ __align__ \\(64\\) float sh64\\\[64\\\];" } } */
/* { dg-final { scan-cuda "__shared__ __align__ \\(256\\) int scalar;" } } */
/* { dg-final { scan-cuda "__shared__ __align__ \\(256\\) float part\\\[64\\\];" } } */
/* { dg-final { scan-cuda "extern __shared__ __align__ \\(64\\) float dynamic\\\[\\\];" } } */
/* { dg-final { scan-cuda "\n  __align__ \\(16\\) float l16\\\[4\\\];" } } */
/* { dg-final { scan-cuda "\n  __align__ \\(64\\) float l64\\\[3\\\];" } } */
/* { dg-final { scan-cuda "\n  __align__ \\(256\\) float l256\\\[2\\\];" } } */
/* { dg-final { scan-cuda "\n  __align__ \\(64\\) int ls" } } */
/* { dg-final { scan-cuda "\n  __align__ \\(256\\) struct pair lp" } } */
/* { dg-final { scan-cuda "\n  __align__ \\(256\\) float arr\\\[4\\\];" } } */
/* { dg-final { scan-cuda "\n  __align__ \\(64\\) float s" } } */
/* { dg-final { scan-cuda "struct __attribute__ \\(\\(aligned \\(64\\)\\)\\) wide\n" } } */
/* { dg-final { scan-cuda "CUDAJIT_LAYOUT \\(struct wide, 64, 64\\);" } } */
/* { dg-final { scan-cuda "float f __attribute__ \\(\\(aligned \\(16\\)\\)\\);" } } */
/* { dg-final { scan-cuda "CUDAJIT_OFFSET \\(struct member, f, 16\\);" } } */
/* { dg-final { scan-cuda-not "__align__ \\(\[0-9\]*\\) struct wide lw" } } */
/* { dg-final { scan-cuda-not "__align__ \\(\[0-9\]*\\) char odd" } } */
/* { dg-cudajit-levels all } */
