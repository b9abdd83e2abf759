/* cuda_device_array_pitched and cuda_copy_2d, CUDA's cudaMallocPitch and
   cudaMemcpy2D: a host matrix copied into a pitched array, a kernel on a
   2-D grid that reaches each row at base + row * pitch (and reads each
   row's first four floats as a cuda_float4, which faults where the rows
   are not aligned), a part of it copied between pitched arrays on the
   device, and the results copied back into a host matrix whose rows are
   padded, the padding left as it was.  Checked against plain C.  */
/* { dg-do run } */

#include <cudajit.h>
#include <stdint.h>
#include <stdio.h>

enum
{
  W = 37,
  H = 19,
  /* The host's rows when copied back, padded.  */
  HOST_PITCH = W + 5,
  /* The part copied on the device: rows and columns from these.  */
  PART_ROW = 3,
  PART_COL = 5,
  PART_W = 20,
  PART_H = 11
};

static float
f (int row, int col)
{
  return row * 100 + col;
}

/* out[row][col] = 2 * in[row][col] + row, the rows PITCH bytes apart.  */
__attribute__ ((cuda_jit)) void
twice (const float *in, float *out, size_t pitch, int width, int height,
       float *firsts)
{
  int col = blockIdx.x * blockDim.x + threadIdx.x;
  int row = blockIdx.y * blockDim.y + threadIdx.y;
  if (row >= height || col >= width)
    return;
  const float *in_row = (const float *) ((const char *) in + row * pitch);
  float *out_row = (float *) ((char *) out + row * pitch);
  out_row[col] = 2 * in_row[col] + row;
  if (col == 0)
    {
      cuda_float4 first = *(const cuda_float4 *) in_row;
      firsts[row] = first[0] + first[1] + first[2] + first[3];
    }
}

int
main (void)
{
  static float host[H][W], back[H][HOST_PITCH], part[PART_H][PART_W];
  static float firsts[H];
  int errors = 0;

  for (int r = 0; r < H; r++)
    for (int c = 0; c < W; c++)
      host[r][c] = f (r, c);
  for (int r = 0; r < H; r++)
    for (int c = 0; c < HOST_PITCH; c++)
      back[r][c] = -1;

  size_t pitch, out_pitch, part_pitch;
  float *in = cuda_device_array_pitched (&pitch, W * sizeof (float), H);
  float *out = cuda_device_array_pitched (&out_pitch, W * sizeof (float), H);
  float *dpart
      = cuda_device_array_pitched (&part_pitch, PART_W * sizeof (float), PART_H);
  float *dfirsts = cuda_device_array (sizeof firsts);
  if (pitch < W * sizeof (float) || pitch % 16 || out_pitch != pitch
      || part_pitch < PART_W * sizeof (float) || (uintptr_t) in % 256)
    {
      printf ("pitch %zu, %zu, %zu at %p\n", pitch, out_pitch, part_pitch,
              (void *) in);
      errors++;
    }

  cuda_copy_2d (in, pitch, host, sizeof host[0], sizeof host[0], H,
                CUDA_COPY_TO_DEVICE);
  cuda_launch (twice, cuda_dim3 ((W + 15) / 16, (H + 7) / 8),
               cuda_dim3 (16, 8)) (in, out, pitch, W, H, dfirsts);
  cuda_copy_2d (back, sizeof back[0], out, out_pitch, sizeof host[0], H,
                CUDA_COPY_TO_HOST);
  cuda_copy_2d (dpart, part_pitch, (char *) out + PART_ROW * out_pitch
                                       + PART_COL * sizeof (float),
                out_pitch, PART_W * sizeof (float), PART_H, CUDA_COPY_DEVICE);
  cuda_copy_2d (part, sizeof part[0], dpart, part_pitch, sizeof part[0],
                PART_H, CUDA_COPY_TO_HOST);
  cuda_copy_to_host (firsts, dfirsts, sizeof firsts);

  for (int r = 0; r < H; r++)
    {
      for (int c = 0; c < HOST_PITCH; c++)
        {
          float want = c < W ? 2 * f (r, c) + r : -1;
          if (back[r][c] != want && errors++ < 10)
            printf ("back[%d][%d] = %g, expected %g\n", r, c, back[r][c],
                    want);
        }
      float want = f (r, 0) + f (r, 1) + f (r, 2) + f (r, 3);
      if (firsts[r] != want && errors++ < 10)
        printf ("firsts[%d] = %g, expected %g\n", r, firsts[r], want);
    }
  for (int r = 0; r < PART_H; r++)
    for (int c = 0; c < PART_W; c++)
      {
        float want = 2 * f (PART_ROW + r, PART_COL + c) + PART_ROW + r;
        if (part[r][c] != want && errors++ < 10)
          printf ("part[%d][%d] = %g, expected %g\n", r, c, part[r][c], want);
      }

  /* The whole array, padding and all, is device memory of HEIGHT
     pitches.  */
  cuda_memset (out, 0, out_pitch * H);
  cuda_copy_2d (back, sizeof back[0], out, out_pitch, sizeof host[0], H,
                CUDA_COPY_TO_HOST);
  for (int r = 0; r < H; r++)
    for (int c = 0; c < W; c++)
      errors += back[r][c] != 0;

  cuda_free (in);
  cuda_free (out);
  cuda_free (dpart);
  cuda_free (dfirsts);
  printf ("pitched 2-D: %d errors\n", errors);
  return errors != 0;
}

/* { dg-output "pitched 2-D: 0 errors" } */
/* { dg-cudajit-levels all } */
