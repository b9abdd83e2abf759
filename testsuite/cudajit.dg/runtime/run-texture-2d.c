/* cuda_texture_2d and cuda_tex2d, CUDA's texture objects over pitched
   floats, with linear filtering and clamped addresses: a kernel reads a
   texture at elements' centres, between them at steps of 1/256 (the
   weights' own, which the GPU computes exactly as the CPU backend), past
   the edges, and at coordinates off those steps.  On the CPU backend the
   values are the plain C's exactly; a GPU's, within two weight steps.  Checked against the
   filtering of CUDA's programming guide, in plain C.  */
/* { dg-do run } */

#include <cudajit.h>
#include <math.h>
#include <stdio.h>

enum
{
  W = 13,
  H = 7,
  /* The coordinates read on the steps of the weights, and off them.  */
  ON_STEPS = 96,
  OFF_STEPS = 32,
  POINTS = ON_STEPS + OFF_STEPS
};

static float
value (int i, int j)
{
  return (i * 3 + j * 5) % 17;
}

__attribute__ ((cuda_jit)) void
sample (cuda_texture_t texture, int n, const float xs[n], const float ys[n],
        float out[n])
{
  int k = cuda_grid_x ();
  if (k < n)
    out[k] = cuda_tex2d (texture, xs[k], ys[k]);
}

/* Element (I, J), the one past each edge replaced by the edge's.  */
static float
element (const float m[H][W], long i, long j)
{
  i = i < 0 ? 0 : i >= W ? W - 1 : i;
  j = j < 0 ? 0 : j >= H ? H - 1 : j;
  return m[j][i];
}

/* The guide's linear filtering at (X, Y), its weights rounded to
   1/256.  */
static float
filtered (const float m[H][W], float x, float y)
{
  /* Far past an edge it reads as just past it, where C's conversion to
     long of the index holds it.  */
  x = fminf (fmaxf (x, -1), W + 1);
  y = fminf (fmaxf (y, -1), H + 1);
  float xb = x - 0.5f, yb = y - 0.5f;
  float i = floorf (xb), j = floorf (yb);
  float a = rintf ((xb - i) * 256) / 256, b = rintf ((yb - j) * 256) / 256;
  return (1 - a) * (1 - b) * element (m, i, j)
         + a * (1 - b) * element (m, i + 1, j)
         + (1 - a) * b * element (m, i, j + 1)
         + a * b * element (m, i + 1, j + 1);
}

int
main (void)
{
  static float m[H][W], xs[POINTS], ys[POINTS], out[POINTS];
  int errors = 0;

  for (int j = 0; j < H; j++)
    for (int i = 0; i < W; i++)
      m[j][i] = value (i, j);
  for (int k = 0; k < ON_STEPS; k++)
    {
      /* Centres, steps between them, and far past every edge.  */
      xs[k] = (k * 7 % (W + 6)) - 3 + 0.5f + (k % 4) * 37 / 256.0f;
      ys[k] = (k * 5 % (H + 4)) - 2 + 0.5f + (k % 3) * 101 / 256.0f;
    }
  xs[0] = -1e30f;
  ys[1] = 1e30f;
  for (int k = ON_STEPS; k < POINTS; k++)
    {
      xs[k] = 0.3f + k % W + k * 0.0123f;
      ys[k] = 0.7f + k % H - k * 0.0071f;
    }

  size_t pitch;
  float *dev = cuda_device_array_pitched (&pitch, sizeof m[0], H);
  cuda_copy_2d (dev, pitch, m, sizeof m[0], sizeof m[0], H,
                CUDA_COPY_TO_DEVICE);
  cuda_texture_t texture = cuda_texture_2d (dev, W, H, pitch);
  cuda_launch (sample, (POINTS + 63) / 64, 64) (texture, POINTS, xs, ys, out);
  cuda_texture_destroy (texture);
  cuda_free (dev);

  for (int k = 0; k < POINTS; k++)
    {
      float want = filtered (m, xs[k], ys[k]);
      /* On the CPU backend, the guide's sum, exact in float on the
         steps.  A GPU's filtering is coarser than the guide says: an
         H200 gives multiples of 1/256 that differ from it by up to 8
         of them even on the steps, as if a weight were two steps off;
         allowed two steps, which move the value by up to the largest
         difference of two elements, 16, over 256 each.  */
      float slack = k < ON_STEPS && !cuda_is_available () ? 16 * 0x1p-20f
                                                           : 2 * 16 / 256.0f;
      if (!(fabsf (out[k] - want) <= slack) && errors++ < 10)
        printf ("(%g, %g): %.9g, expected %.9g\n", xs[k], ys[k], out[k],
                want);
    }
  printf ("texture 2-D: %d errors\n", errors);
  return errors != 0;
}

/* { dg-output "texture 2-D: 0 errors" } */
/* { dg-final { scan-cuda "cudajit_tex2d \\(texture, " } } */
/* { dg-cudajit-levels all } */
