/* Bad arguments of cuda_texture_2d and cuda_texture_destroy are errors
   that name the call, which return with CUDAJIT_ERRORS=return, on both
   backends alike: an empty texture, a row past the pitch, a null
   pointer, memory or a pitch that a texture cannot take, rows past the
   end of the device memory, a texture destroyed twice or none at all.
   The program goes on, and a good texture still reads.  */
/* { dg-do run } */
/* { dg-set-target-env-var CUDAJIT_ERRORS "return" } */

#include "errors-return.h"
#include <stdio.h>
#include <string.h>

enum
{
  W = 10,
  H = 6
};

__attribute__ ((cuda_jit)) void
centre (cuda_texture_t texture, float *out)
{
  *out = cuda_tex2d (texture, 3.5f, 2.5f);
}

int
main (void)
{
  static float host[H][W];
  int errors = 0;
  char wanted[256];
  size_t pitch;

  for (int j = 0; j < H; j++)
    for (int i = 0; i < W; i++)
      host[j][i] = j * W + i;
  float *dev = cuda_device_array_pitched (&pitch, sizeof host[0], H);
  cuda_copy_2d (dev, pitch, host, sizeof host[0], sizeof host[0], H,
                CUDA_COPY_TO_DEVICE);

  errors += cuda_texture_2d (dev, 0, H, pitch) != 0;
  errors += !reported ("cuda_texture_2d: a texture of 0 by 6 floats is empty");
  errors += cuda_texture_2d (dev, pitch / sizeof (float) + 1, H, pitch) != 0;
  snprintf (wanted, sizeof wanted,
            "cuda_texture_2d: a row of %zu floats is more than the pitch, "
            "%zu bytes",
            pitch / sizeof (float) + 1, pitch);
  errors += !reported (wanted);
  errors += cuda_texture_2d (NULL, W, H, pitch) != 0;
  errors += !reported ("cuda_texture_2d: the device pointer is null");
  errors += cuda_texture_2d (dev, W, H, sizeof host[0]) != 0;
  snprintf (wanted, sizeof wanted,
            "cuda_texture_2d: a texture's memory starts at a multiple of 512 "
            "bytes and its pitch is one of 32, not %p and %zu: take it from "
            "cuda_device_array_pitched",
            (void *) dev, sizeof host[0]);
  errors += !reported (wanted);
  errors += cuda_texture_2d (dev, W, H + 1, pitch) != 0;
  snprintf (wanted, sizeof wanted,
            "cuda_texture_2d: the %zu bytes at %p run ",
            H * pitch + sizeof host[0], (void *) dev);
  errors += !reported (wanted);
  cuda_texture_destroy (12345);
  errors += !reported ("cuda_texture_destroy: 0x3039 is no texture of "
                       "cuda_texture_2d, or one destroyed already");

  cuda_texture_t texture = cuda_texture_2d (dev, W, H, pitch);
  errors += cuda_last_error () != NULL;
  float out, *dout = cuda_device_array (sizeof out);
  cuda_launch (centre, 1, 1) (texture, dout);
  cuda_copy_to_host (&out, dout, sizeof out);
  errors += out != host[2][3];
  cuda_texture_destroy (texture);
  errors += cuda_last_error () != NULL;
  cuda_texture_destroy (texture);
  snprintf (wanted, sizeof wanted,
            "cuda_texture_destroy: %#llx is no texture of cuda_texture_2d, "
            "or one destroyed already",
            texture);
  errors += !reported (wanted);
  cuda_free (dev);
  cuda_free (dout);
  printf ("%d errors\n", errors);
  return errors != 0;
}

/* { dg-output "0 errors" } */
/* { dg-cudajit-levels all } */
