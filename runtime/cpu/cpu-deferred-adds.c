/* SPDX-License-Identifier: MIT */
/* Atomic additions kept for later, for block functions that make them
   where the kernel cannot see them before it ends (the plugin's
   block-deferred-adds.cc).  A warp reduction's lane 0 adding its sum to
   one total, on every core, has each core take the total's cache line
   from the others for each warp, and a launch as slow as on one core:
   kept instead, a pool thread's additions to one address are made as
   one, when it adds to another address or has run its blocks of the
   launch (cudajit_flush_deferred_adds, from cpu-execution.c).

   As one, in their order: an integer's sum wraps as each addition does,
   and floating-point additions are made one after the other to the old
   value in a single compare-and-swap, the value that a GPU gives where
   those additions come in a row; never their sum added at once, whose
   rounding no order of the additions gives.  */

#include "cpu-backend.h"

/* The most floating-point additions kept, past which they are made.  */
#define DEFERRED_VALUES 512

enum deferred_kind
{
  DEFERRED_NONE,
  DEFERRED_INT32,
  DEFERRED_INT64,
  DEFERRED_FLOAT,
  DEFERRED_DOUBLE
};

static __thread struct
{
  void *address;
  enum deferred_kind kind;
  unsigned int count;
  /* The integers' sum, in the width of the widest.  */
  unsigned long long sum;
  union
  {
    float f[DEFERRED_VALUES];
    double d[DEFERRED_VALUES];
  } values;
} deferred;

/* Make the floating-point additions of TYPE kept in VALUES to ADDRESS,
   one after the other, from the value that the compare-and-swap finds,
   which another thread may change in between.  */
#define ADD_IN_ORDER(type, address, values, count)                            \
  do                                                                          \
    {                                                                         \
      type *target = (type *) (address), old, next;                           \
      __atomic_load (target, &old, __ATOMIC_RELAXED);                         \
      do                                                                      \
        {                                                                     \
          next = old;                                                         \
          for (unsigned int i = 0; i < (count); i++)                          \
            next += (values)[i];                                              \
        }                                                                     \
      while (!__atomic_compare_exchange (                                     \
          target, &old, &next, 1, __ATOMIC_RELAXED, __ATOMIC_RELAXED));       \
    }                                                                         \
  while (0)

void
cudajit_flush_deferred_adds (void)
{
  switch (deferred.kind)
    {
    case DEFERRED_NONE:
      return;
    case DEFERRED_INT32:
      __atomic_fetch_add ((unsigned int *) deferred.address,
                          (unsigned int) deferred.sum, __ATOMIC_RELAXED);
      break;
    case DEFERRED_INT64:
      __atomic_fetch_add ((unsigned long long *) deferred.address,
                          deferred.sum, __ATOMIC_RELAXED);
      break;
    case DEFERRED_FLOAT:
      ADD_IN_ORDER (float, deferred.address, deferred.values.f,
                    deferred.count);
      break;
    case DEFERRED_DOUBLE:
      ADD_IN_ORDER (double, deferred.address, deferred.values.d,
                    deferred.count);
      break;
    }
  deferred.kind = DEFERRED_NONE;
  deferred.count = 0;
  deferred.sum = 0;
}

/* Ready to keep an addition of KIND to ADDRESS after those kept: the
   others made first, where they are to another address or of another
   kind, or fill the room.  */
static void
keep_for (void *address, enum deferred_kind kind)
{
  if (deferred.address != address || deferred.kind != kind
      || deferred.count == DEFERRED_VALUES)
    {
      cudajit_flush_deferred_adds ();
      deferred.address = address;
      deferred.kind = kind;
    }
}

/* Where the thread runs the launch alone, an atomic is a plain addition
   (cudajit-atomics.h), which costs less than keeping it.  */

void
cudajit_defer_add_int32 (void *address, unsigned int value)
{
  if (cudajit_cpu_alone)
    {
      *(unsigned int *) address += value;
      return;
    }
  keep_for (address, DEFERRED_INT32);
  deferred.sum += value;
  deferred.count = 1;
}

void
cudajit_defer_add_int64 (void *address, long long value)
{
  if (cudajit_cpu_alone)
    {
      *(unsigned long long *) address += (unsigned long long) value;
      return;
    }
  keep_for (address, DEFERRED_INT64);
  deferred.sum += (unsigned long long) value;
  deferred.count = 1;
}

void
cudajit_defer_add_float (void *address, float value)
{
  if (cudajit_cpu_alone)
    {
      *(float *) address += value;
      return;
    }
  keep_for (address, DEFERRED_FLOAT);
  deferred.values.f[deferred.count++] = value;
}

void
cudajit_defer_add_double (void *address, double value)
{
  if (cudajit_cpu_alone)
    {
      *(double *) address += value;
      return;
    }
  keep_for (address, DEFERRED_DOUBLE);
  deferred.values.d[deferred.count++] = value;
}
