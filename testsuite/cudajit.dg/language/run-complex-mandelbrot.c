/* A Mandelbrot set in _Complex double and _Complex float, Numba's
   complex128 and complex64, against the same code on the host.  The
   GPU contracts z * z + c into fused multiply-adds, so points at the
   border of the set may escape one iteration sooner or later there: a
   few of them may differ, by a little.  */
/* { dg-do run } */
/* { dg-options "-O2 -Wall -lm" } */

#include <complex.h>
#include <cudajit.h>
#include <stdio.h>
#include <stdlib.h>

#define W 96
#define H 64
#define MAX_ITERATIONS 200

#define ESCAPE(type, abs)                                                     \
  {                                                                           \
    type c = x0 + dx * col + (y0 + dy * row) * I, z = 0;                       \
    int k = 0;                                                                \
    while (k < MAX_ITERATIONS && abs (z) <= 2)                                \
      {                                                                       \
        z = z * z + c;                                                        \
        k++;                                                                  \
      }                                                                       \
    return k;                                                                 \
  }

static int
escape (double x0, double y0, double dx, double dy, int row, int col)
  ESCAPE (_Complex double, cabs)

static int
escapef (float x0, float y0, float dx, float dy, int row, int col)
  ESCAPE (_Complex float, cabsf)

__attribute__ ((cuda_jit)) void
mandelbrot (_Complex double corner, _Complex double step, int h, int w,
            int image[h][w], int imagef[h][w])
{
  int row = cuda_grid_y (), col = cuda_grid_x ();
  if (row < h && col < w)
    {
      image[row][col] = escape (creal (corner), cimag (corner), creal (step),
                                cimag (step), row, col);
      imagef[row][col] = escapef (creal (corner), cimag (corner),
                                  creal (step), cimag (step), row, col);
    }
}

static int
compare (const char *what, int image[H][W], int reference[H][W])
{
  int differ = 0, far = 0, inside = 0;
  for (int row = 0; row < H; row++)
    for (int col = 0; col < W; col++)
      {
        int d = abs (image[row][col] - reference[row][col]);
        differ += d != 0;
        far += d > MAX_ITERATIONS / 4;
        inside += reference[row][col] == MAX_ITERATIONS;
      }
  int ok = inside > W * H / 8 && inside < W * H / 2 && differ <= W * H / 100
           && far <= W * H / 1000;
  printf ("%s: %s\n", what, ok ? "matches" : "differs");
  if (!ok)
    printf ("  %d points inside, %d differ, %d by much\n", inside, differ,
            far);
  return !ok;
}

int
main (void)
{
  static int image[H][W], imagef[H][W], reference[H][W], referencef[H][W];
  _Complex double corner = CMPLX (-2.0, -1.125), step = CMPLX (3.0 / W, 2.25 / H);
  cuda_launch (mandelbrot, cuda_dim3 ((W + 15) / 16, (H + 15) / 16),
               cuda_dim3 (16, 16)) (corner, step, H, W, image, imagef);
  for (int row = 0; row < H; row++)
    for (int col = 0; col < W; col++)
      {
        reference[row][col] = escape (creal (corner), cimag (corner),
                                      creal (step), cimag (step), row, col);
        referencef[row][col] = escapef (creal (corner), cimag (corner),
                                        creal (step), cimag (step), row, col);
      }
  int errors = compare ("complex128", image, reference);
  errors += compare ("complex64", imagef, referencef);
  return errors != 0;
}

/* { dg-output "complex128: matches\r?\ncomplex64: matches" } */
/* { dg-cudajit-levels all } */
