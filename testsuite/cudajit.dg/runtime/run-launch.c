/* The forms of cuda_launch: integer and cuda_dim3 extents of one, two and
   three dimensions, the named settings, arguments converted to the
   parameters' types, a static kernel, and a kernel with no parameters.  */
/* { dg-do run } */

#include <cudajit.h>
#include <stdio.h>

__attribute__ ((cuda_jit)) static void
fill (long *out, double scale, int offset)
{
  long i = cuda_grid_x () + cuda_gridsize_x () * cuda_grid_y ();
  out[i] = (long) (i * scale) + offset;
}

__attribute__ ((cuda_jit)) void
nothing (void)
{
}

static int
check (const char *form, long *dev, long n, double scale, int offset)
{
  long out[256];
  cuda_copy_to_host (out, dev, n * sizeof (long));
  int errors = 0;
  for (long i = 0; i < n; i++)
    errors += out[i] != (long) (i * scale) + offset;
  printf ("%s: %d errors\n", form, errors);
  return errors;
}

int
main (void)
{
  long *dev = cuda_device_array (256 * sizeof (long));
  int errors = 0;
  short small_offset = -4;

  cuda_launch (fill, 4, 64) (dev, 2, 1);
  errors += check ("integers", dev, 256, 2, 1);
  cuda_launch (fill, cuda_dim3 (2), cuda_dim3 (128)) (dev, 0.5f, small_offset);
  errors += check ("dim3 (x)", dev, 256, 0.5, -4);
  cuda_launch (fill, cuda_dim3 (2, 2), cuda_dim3 (32, 2)) (dev, 3, 7);
  errors += check ("dim3 (x, y)", dev, 256, 3, 7);
  cuda_launch (fill, cuda_dim3 (1, 4, 1), cuda_dim3 (64, 1, 1),
               .shared_bytes = 128, .stream = 0) (dev, 1.5, 2);
  errors += check ("settings", dev, 256, 1.5, 2);
  long grid = 8;
  unsigned char block = 32;
  cuda_launch (fill, grid, block) (dev, 1, 0);
  errors += check ("variables", dev, 256, 1, 0);
  cuda_launch (nothing, 1, 1) ();
  cuda_synchronize ();
  cuda_free (dev);
  printf ("launch: %d errors\n", errors);
  return errors != 0;
}

/* { dg-output "launch: 0 errors" } */
/* { dg-cudajit-levels all } */
