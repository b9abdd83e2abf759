/* More device arrays than Linux allows mappings with guards after them
   (vm.max_map_count, 65530 by default, two mappings each) all live at
   once: the CPU backend maps the last ones without guards, rather than
   running out of memory; each array keeps its own values.  */
/* { dg-do run } */

#include <cudajit.h>
#include <stdio.h>
#include <stdlib.h>

#define ARRAYS 40000

__attribute__ ((cuda_jit)) void
fill (int *a, int value)
{
  a[threadIdx.x] = value + threadIdx.x;
}

int
main (void)
{
  int **arrays = malloc (ARRAYS * sizeof *arrays), failures = 0;

  for (int i = 0; i < ARRAYS; i++)
    {
      arrays[i] = cuda_device_array (4 * sizeof (int));
      if (!arrays[i])
        {
          printf ("array %d: none\n", i);
          return 1;
        }
    }
  for (int i = 0; i < ARRAYS; i += 997)
    cuda_launch (fill, 1, 4) (arrays[i], i);
  for (int i = 0; i < ARRAYS; i += 997)
    {
      int got[4];

      cuda_copy_to_host (got, arrays[i], sizeof got);
      for (int j = 0; j < 4; j++)
        failures += got[j] != i + j;
    }
  for (int i = 0; i < ARRAYS; i++)
    cuda_free (arrays[i]);
  printf ("%d failures\n", failures);
  return failures != 0;
}

/* { dg-output "0 failures\n" } */
/* { dg-cudajit-levels all } */
