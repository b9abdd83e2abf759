/* GCC's vector types in kernels, as CUDA's float4 and the like: a
   streaming kernel that reads and writes through cuda_float4 pointers
   (one 16-byte load and store a thread), element access, element-wise
   arithmetic with vectors and scalars, comparisons that give -1 and 0,
   shifts, ++, brace initializers and a vector of the GCC spelling; and
   vectors in structures, shared and local arrays, parameters by value,
   a device function's parameter and result, and a float array read
   as cuda_float4.  Each
   result is checked against the same arithmetic in plain C, element by
   element.  */
/* { dg-do run } */

#include <cudajit.h>
#include <stdio.h>

enum
{
  N = 1000
};

typedef double v2df __attribute__ ((vector_size (16)));

__attribute__ ((cuda_jit)) void
stream (long n, cuda_float4 out[n], const cuda_float4 in[n], float scale)
{
  long i = cuda_grid_x ();
  if (i < n)
    out[i] = in[i] * scale + 1.0f;
}

__attribute__ ((cuda_jit)) void
mixed (long n, cuda_float4 f[n], cuda_int4 less[n], cuda_int2 shifted[n],
       v2df d[n])
{
  long i = cuda_grid_x ();
  if (i >= n)
    return;
  cuda_float4 a = f[i];
  cuda_float4 b = { 1.0f, -2.0f, (float) i, 0.5f };
  cuda_float4 c = (a - b) / b;
  c[3] = a[0] + a[2];
  f[i] = -c;
  less[i] = a < b;
  cuda_int2 s = { (int) i, -(int) i };
  s++;
  shifted[i] = (s << 2) ^ ~s;
  v2df e = { d[i][1], 2.0 };
  d[i] = e * d[i] + (v2df){ 0.25, (double) i };
}

struct particle
{
  cuda_float4 position;
  int id;
  cuda_double2 velocity;
};

enum
{
  PARTICLES = 64
};

static cuda_float4
twice (cuda_float4 a)
{
  return a + a;
}

__attribute__ ((cuda_jit)) void
particles (long n, struct particle p[n], cuda_float4 shift, long m,
           float raw[m])
{
  static __attribute__ ((cuda_shared)) cuda_float4 tile[PARTICLES];
  cuda_float4 local[2] = { shift, { 1, 2, 3, 4 } };
  long i = cuda_grid_x ();
  if (i >= n)
    return;
  tile[threadIdx.x] = twice (p[i].position) + local[1];
  cuda_syncthreads ();
  p[i].position = tile[threadIdx.x] - local[0];
  p[i].velocity[1] += p[i].id;
  ((cuda_float4 *) raw)[i] = p[i].position;
}

static cuda_float4 in[N], out[N], f[N];
static cuda_int4 less[N];
static cuda_int2 shifted[N];
static v2df d[N];

int
main (void)
{
  int errors = 0;
  for (int i = 0; i < N; i++)
    {
      for (int k = 0; k < 4; k++)
        {
          in[i][k] = i * 4 + k;
          f[i][k] = (float) (i % 7) - k;
        }
      d[i][0] = i * 0.5;
      d[i][1] = 3.0 - i;
    }

  cuda_launch (stream, (N + 127) / 128, 128) (N, out, in, 0.5f);
  cuda_launch (mixed, (N + 127) / 128, 128) (N, f, less, shifted, d);

  for (int i = 0; i < N && errors < 10; i++)
    {
      float a[4], b[4] = { 1.0f, -2.0f, (float) i, 0.5f }, c[4];
      for (int k = 0; k < 4; k++)
        {
          a[k] = (float) (i % 7) - k;
          c[k] = (a[k] - b[k]) / b[k];
        }
      c[3] = a[0] + a[2];
      for (int k = 0; k < 4; k++)
        {
          float want = (float) (i * 4 + k) * 0.5f + 1.0f;
          if (out[i][k] != want || f[i][k] != -c[k]
              || less[i][k] != (a[k] < b[k] ? -1 : 0))
            {
              printf ("element %d.%d: %g %g %d, not %g %g %d\n", i, k,
                      out[i][k], f[i][k], less[i][k], want, -c[k],
                      a[k] < b[k] ? -1 : 0);
              errors++;
            }
        }
      int s[2] = { i + 1, -i + 1 };
      for (int k = 0; k < 2; k++)
        if (shifted[i][k] != ((s[k] << 2) ^ ~s[k]))
          {
            printf ("shift %d.%d: %d, not %d\n", i, k, shifted[i][k],
                    (s[k] << 2) ^ ~s[k]);
            errors++;
          }
      double d0 = (3.0 - i) * (i * 0.5) + 0.25, d1 = 2.0 * (3.0 - i) + i;
      if (d[i][0] != d0 || d[i][1] != d1)
        {
          printf ("double %d: %g %g, not %g %g\n", i, d[i][0], d[i][1], d0,
                  d1);
          errors++;
        }
    }

  static struct particle p[PARTICLES];
  static float raw[PARTICLES * 4];
  cuda_float4 shift = { 1, -1, 0.5f, 2 };
  for (int i = 0; i < PARTICLES; i++)
    {
      p[i].id = i;
      for (int k = 0; k < 4; k++)
        p[i].position[k] = i + k;
      p[i].velocity[1] = 0.5;
    }
  cuda_launch (particles, 1, PARTICLES) (PARTICLES, p, shift,
                                          PARTICLES * 4, raw);
  for (int i = 0; i < PARTICLES && errors < 10; i++)
    {
      for (int k = 0; k < 4; k++)
        {
          float want = 2.0f * (i + k) + (k + 1) - shift[k];
          if (p[i].position[k] != want || raw[i * 4 + k] != want)
            {
              printf ("particle %d.%d: %g %g, not %g\n", i, k,
                      p[i].position[k], raw[i * 4 + k], want);
              errors++;
            }
        }
      if (p[i].velocity[1] != 0.5 + i)
        {
          printf ("particle %d: velocity %g, not %g\n", i,
                  p[i].velocity[1], 0.5 + i);
          errors++;
        }
    }

  printf ("%s\n", errors ? "FAIL" : "vector types ok");
  return errors != 0;
}

/* { dg-output "vector types ok" } */
/* { dg-final { scan-cuda "const _CjVector<float, 4> \\*_cjRestrict in" } } */
/* { dg-final { scan-cuda "typedef _CjVector<double, 2> v2df;" } } */
/* { dg-final { scan-cuda "_CjSelect \\(" } } */
/* { dg-final { scan-cuda "__shared__ _CjVector<float, 4> tile\\\[64\\\];" } } */
/* { dg-final { scan-cuda "CUDAJIT_OFFSET \\(struct particle, velocity, 32\\);" } } */
/* { dg-final { scan-cuda "\\._CjElements\\\[3\\\]" } } */
/* { dg-cudajit-levels all } */
