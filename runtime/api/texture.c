/* SPDX-License-Identifier: MIT */
/* Textures, CUDA's texture objects: cuda_texture_2d over the pitched
   floats of device memory, read with linear filtering and clamped
   addresses, and cuda_texture_destroy.  The textures that are live are
   kept here, so that a texture destroyed twice, or a value that is none,
   is the same error on both backends.  */

#include "internal.h"

#include <pthread.h>
#include <stdint.h>

/* What the GPUs ask of a texture's memory: its start a multiple of
   CU_DEVICE_ATTRIBUTE_TEXTURE_ALIGNMENT, its pitch one of
   CU_DEVICE_ATTRIBUTE_TEXTURE_PITCH_ALIGNMENT, as every GPU since Kepler
   has them (cuda_device_array_pitched's arrays are so), asked on both
   backends alike.  */
#define TEXTURE_ALIGN 512
#define TEXTURE_PITCH_ALIGN 32

/* The live textures, under TEXTURES_LOCK.  */
static cuda_texture_t *textures;
static size_t texture_count, textures_allocated;
static pthread_mutex_t textures_lock = PTHREAD_MUTEX_INITIALIZER;

cuda_texture_t
cuda_texture_2d (const float *dev, size_t width, size_t height, size_t pitch)
{
  static const char function[] = "cuda_texture_2d";
  const struct cudajit_backend_ops *ops = cudajit_backend_ops ();
  cuda_texture_t texture = 0;

  if (width == 0 || height == 0)
    {
      cudajit_error (NULL, "%s: a texture of %zu by %zu floats is empty",
                     function, width, height);
      return 0;
    }
  if (width > pitch / sizeof (float))
    {
      cudajit_error (NULL,
                     "%s: a row of %zu floats is more than the pitch, %zu "
                     "bytes",
                     function, width, pitch);
      return 0;
    }
  if (!dev)
    {
      cudajit_error (NULL, "%s: the device pointer is null", function);
      return 0;
    }
  if ((uintptr_t) dev % TEXTURE_ALIGN || pitch % TEXTURE_PITCH_ALIGN)
    {
      cudajit_error (NULL,
                     "%s: a texture's memory starts at a multiple of %d "
                     "bytes and its pitch is one of %d, not %p and %zu: "
                     "take it from cuda_device_array_pitched",
                     function, TEXTURE_ALIGN, TEXTURE_PITCH_ALIGN,
                     (const void *) dev, pitch);
      return 0;
    }
  if (height - 1 > (SIZE_MAX - width * sizeof (float)) / pitch)
    {
      cudajit_error (NULL,
                     "%s: %zu rows %zu bytes apart are more bytes than "
                     "size_t holds",
                     function, height, pitch);
      return 0;
    }
  if (!cudajit_check_range (NULL, function, dev,
                            (height - 1) * pitch + width * sizeof (float),
                            ops->gpu)
      || !ops->texture_create (dev, width, height, pitch, &texture, function))
    return 0;
  pthread_mutex_lock (&textures_lock);
  if (texture_count == textures_allocated)
    {
      textures_allocated = textures_allocated ? 2 * textures_allocated : 8;
      textures
          = cudajit_xrealloc (textures, textures_allocated * sizeof *textures);
    }
  textures[texture_count++] = texture;
  pthread_mutex_unlock (&textures_lock);
  return texture;
}

void
cuda_texture_destroy (cuda_texture_t texture)
{
  size_t i;

  pthread_mutex_lock (&textures_lock);
  for (i = 0; i < texture_count && textures[i] != texture; i++)
    ;
  bool live = i < texture_count;
  if (live)
    textures[i] = textures[--texture_count];
  pthread_mutex_unlock (&textures_lock);
  if (!live)
    {
      cudajit_error (NULL,
                     "cuda_texture_destroy: %#llx is no texture of "
                     "cuda_texture_2d, or one destroyed already",
                     texture);
      return;
    }
  cudajit_backend_ops ()->texture_destroy (texture, "cuda_texture_destroy");
}
