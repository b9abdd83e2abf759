/* Bad arguments of cuda_device_array_pitched and cuda_copy_2d are errors
   that name the call, which return with CUDAJIT_ERRORS=return, on both
   backends alike: a width past either pitch, a null host or device
   pointer, rows past the end of the device memory, a direction that is
   none of the three, a null pointer to the pitch, a size past size_t, a
   copy while a stream is captured into a graph.
   Nothing is copied, and the program goes on.  */
/* { dg-do run } */
/* { dg-set-target-env-var CUDAJIT_ERRORS "return" } */

#include "errors-return.h"
#include <stdint.h>
#include <stdio.h>
#include <string.h>

enum
{
  W = 10,
  H = 6
};

int
main (void)
{
  static float host[H][W], back[H][W];
  int errors = 0;
  char wanted[256];
  size_t pitch;

  for (int r = 0; r < H; r++)
    for (int c = 0; c < W; c++)
      host[r][c] = r * W + c;
  float *dev = cuda_device_array_pitched (&pitch, sizeof host[0], H);
  cuda_copy_2d (dev, pitch, host, sizeof host[0], sizeof host[0], H,
                CUDA_COPY_TO_DEVICE);
  errors += cuda_last_error () != NULL;

  cuda_copy_2d (dev, sizeof host[0] - 4, host, sizeof host[0],
                sizeof host[0], H, CUDA_COPY_TO_DEVICE);
  snprintf (wanted, sizeof wanted,
            "cuda_copy_2d: the width, %zu bytes, is more than the "
            "destination's pitch, %zu bytes",
            sizeof host[0], sizeof host[0] - 4);
  errors += !reported (wanted);
  cuda_copy_2d (back, sizeof back[0], dev, 8, sizeof back[0], H,
                CUDA_COPY_TO_HOST);
  snprintf (wanted, sizeof wanted,
            "cuda_copy_2d: the width, %zu bytes, is more than the "
            "source's pitch, 8 bytes",
            sizeof back[0]);
  errors += !reported (wanted);
  cuda_copy_2d (dev, pitch, NULL, sizeof host[0], sizeof host[0], H,
                CUDA_COPY_TO_DEVICE);
  errors += !reported ("cuda_copy_2d: the host pointer is null");
  cuda_copy_2d (back, sizeof back[0], NULL, pitch, sizeof back[0], H,
                CUDA_COPY_TO_HOST);
  errors += !reported ("cuda_copy_2d: the device pointer is null");
  cuda_copy_2d (dev, pitch, NULL, pitch, sizeof host[0], H,
                CUDA_COPY_DEVICE);
  errors += !reported ("cuda_copy_2d: the device pointer is null");
  /* One row more than the array has.  */
  cuda_copy_2d (dev, pitch, host, sizeof host[0], sizeof host[0] / 2, H + 1,
                CUDA_COPY_TO_DEVICE);
  snprintf (wanted, sizeof wanted,
            "cuda_copy_2d: the %zu bytes at %p run %zu bytes past the end "
            "of the %zu bytes of device memory",
            H * pitch + sizeof host[0] / 2, (void *) dev,
            sizeof host[0] / 2, H * pitch);
  errors += !reported (wanted);
  cuda_copy_2d (back, sizeof back[0], dev, pitch, sizeof back[0], H,
                (cuda_copy_kind) 7);
  errors += !reported ("cuda_copy_2d: the direction, 7, is none of "
                       "CUDA_COPY_TO_DEVICE, CUDA_COPY_TO_HOST and "
                       "CUDA_COPY_DEVICE");
  /* A copy that waits, refused while a stream is captured.  */
  cuda_stream_t stream = cuda_stream ();
  int line = __LINE__ + 1;
  cuda_graph_capture_begin (stream);
  cuda_copy_2d (dev, pitch, host, sizeof host[0], sizeof host[0], H,
                CUDA_COPY_TO_DEVICE);
  snprintf (wanted, sizeof wanted,
            "cuda_copy_2d on the default stream while a stream is being "
            "captured into a graph (cuda_graph_capture_begin at %s:%d)",
            __FILE__, line);
  errors += !reported (wanted);
  cuda_graph_destroy (cuda_graph_capture_end (stream));
  cuda_stream_destroy (stream);
  errors += cuda_last_error () != NULL;
  errors += cuda_device_array_pitched (NULL, sizeof host[0], H) != NULL;
  errors += !reported (
      "cuda_device_array_pitched: the pointer to the pitch is null");
  size_t wide = SIZE_MAX / 2;
  errors += cuda_device_array_pitched (&pitch, wide, 3) != NULL;
  snprintf (wanted, sizeof wanted,
            "cuda_device_array_pitched: 3 rows of %zu bytes are more bytes "
            "than size_t holds",
            wide);
  errors += !reported (wanted);
  /* An empty array is no error, as cuda_device_array's.  */
  size_t empty_pitch = 1;
  errors += cuda_device_array_pitched (&empty_pitch, 0, H) != NULL
            || empty_pitch != 0 || cuda_last_error () != NULL;

  /* The copies that failed changed nothing.  */
  size_t dev_pitch;
  float *again = cuda_device_array_pitched (&dev_pitch, sizeof host[0], H);
  cuda_copy_2d (again, dev_pitch, dev, dev_pitch, sizeof host[0], H,
                CUDA_COPY_DEVICE);
  cuda_copy_2d (back, sizeof back[0], again, dev_pitch, sizeof back[0], H,
                CUDA_COPY_TO_HOST);
  errors += memcmp (back, host, sizeof host) != 0;
  errors += cuda_last_error () != NULL;
  cuda_free (dev);
  cuda_free (again);
  printf ("%d errors\n", errors);
  return errors != 0;
}

/* { dg-output "0 errors" } */
/* { dg-cudajit-levels all } */
