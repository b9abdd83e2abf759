/* SPDX-License-Identifier: MIT */
/* The GPU's textures (backend.h): the driver's texture objects over
   pitched memory.  */

#include "internal.h"

#include <stdint.h>

bool
cudajit_gpu_texture_create (const float *dev, size_t width, size_t height,
                            size_t pitch, cuda_texture_t *texture,
                            const char *function)
{
  CUDA_RESOURCE_DESC resource = { 0 };
  CUDA_TEXTURE_DESC how = { 0 };
  CUtexObject object = 0;

  resource.resType = CU_RESOURCE_TYPE_PITCH2D;
  resource.res.pitch2D.devPtr = (CUdeviceptr) (uintptr_t) dev;
  resource.res.pitch2D.format = CU_AD_FORMAT_FLOAT;
  resource.res.pitch2D.numChannels = 1;
  resource.res.pitch2D.width = width;
  resource.res.pitch2D.height = height;
  resource.res.pitch2D.pitchInBytes = pitch;
  for (int i = 0; i < 3; i++)
    how.addressMode[i] = CU_TR_ADDRESS_MODE_CLAMP;
  how.filterMode = CU_TR_FILTER_MODE_LINEAR;
  /* Coordinates in elements, not normalized; values as stored.  */
  how.flags = 0;
  if (!cudajit_check (
          cudajit_cu.cuTexObjectCreate (&object, &resource, &how, NULL), NULL,
          function))
    return false;
  *texture = object;
  return true;
}

void
cudajit_gpu_texture_destroy (cuda_texture_t texture, const char *function)
{
  cudajit_check (cudajit_cu.cuTexObjectDestroy (texture), NULL, function);
}
