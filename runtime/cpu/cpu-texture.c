/* SPDX-License-Identifier: MIT */
/* The CPU backend's textures (backend.h), and cuda_tex2d, their reads in
   kernels: the linear filtering of CUDA's programming guide (its
   "Texture fetching" appendix), the weights in 9-bit fixed point with 8
   bits of fraction as the GPU's, the addresses clamped to the edges.  */

#include "internal.h"

#include <math.h>
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>

/* What a cuda_texture_t points to on the CPU backend.  A destroyed one
   is kept for the next, with no rows, so that a kernel that reads it
   still reads memory, as the GPU's reads of a destroyed texture do.  */
struct cpu_texture
{
  const float *base;
  size_t width, height, pitch;
  struct cpu_texture *next_free;
};

/* The destroyed textures, under FREE_LOCK.  */
static struct cpu_texture *free_textures;
static pthread_mutex_t free_lock = PTHREAD_MUTEX_INITIALIZER;

/* The steps of the weights: 1 / 256, exactly representable.  */
#define WEIGHT_STEPS 256.0f

bool
cudajit_cpu_texture_create (const float *dev, size_t width, size_t height,
                            size_t pitch, cuda_texture_t *texture,
                            const char *function)
{
  struct cpu_texture *t;

  pthread_mutex_lock (&free_lock);
  t = free_textures;
  if (t)
    free_textures = t->next_free;
  pthread_mutex_unlock (&free_lock);
  if (!t)
    t = cudajit_xrealloc (NULL, sizeof *t);
  t->base = dev;
  t->pitch = pitch;
  t->next_free = NULL;
  /* The rows last, for a kernel that reads a stale handle meanwhile.  */
  __atomic_store_n (&t->height, height, __ATOMIC_RELEASE);
  __atomic_store_n (&t->width, width, __ATOMIC_RELEASE);
  *texture = (cuda_texture_t) (uintptr_t) t;
  return true;
}

void
cudajit_cpu_texture_destroy (cuda_texture_t texture, const char *function)
{
  struct cpu_texture *t = (struct cpu_texture *) (uintptr_t) texture;

  __atomic_store_n (&t->width, 0, __ATOMIC_RELEASE);
  pthread_mutex_lock (&free_lock);
  t->next_free = free_textures;
  free_textures = t;
  pthread_mutex_unlock (&free_lock);
}

/* The element at index I of N along an axis, clamped to the edges, of a
   coordinate already clamped to [-1, N].  */
static size_t
clamped (long long i, size_t n)
{
  return i < 0 ? 0 : (size_t) i >= n ? n - 1 : (size_t) i;
}

/* The index below the sample at X along an axis of N elements, into *I,
   and the weight of the one above it, in 9-bit fixed point.  */
static float
weight (float x, size_t n, long long *i)
{
  /* Far outside, every sample is the edge's; NaN, the first.  */
  float xb = fminf (fmaxf (x, -1.0f), (float) n + 1.0f) - 0.5f;
  float below = floorf (xb);
  *i = (long long) below;
  return rintf ((xb - below) * WEIGHT_STEPS) / WEIGHT_STEPS;
}

float
cuda_tex2d (cuda_texture_t texture, float x, float y)
{
  const struct cpu_texture *t
      = (const struct cpu_texture *) (uintptr_t) texture;
  size_t width = __atomic_load_n (&t->width, __ATOMIC_ACQUIRE);
  size_t height = t->height;
  long long i, j;

  if (width == 0)
    return 0.0f;
  float a = weight (x, width, &i), b = weight (y, height, &j);
  size_t i0 = clamped (i, width), i1 = clamped (i + 1, width);
  const float *row0 = (const float *) ((const char *) t->base
                                       + clamped (j, height) * t->pitch);
  const float *row1 = (const float *) ((const char *) t->base
                                       + clamped (j + 1, height) * t->pitch);
  return (1 - a) * (1 - b) * row0[i0] + a * (1 - b) * row0[i1]
         + (1 - a) * b * row1[i0] + a * b * row1[i1];
}
