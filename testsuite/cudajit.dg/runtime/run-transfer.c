/* Host arrays passed to parameters that declare their extent are copied to
   the GPU and back, in the directions the declaration allows: C99 array
   parameters of one and two dimensions, [static N], a constant extent,
   and the access attribute; device memory in the same launch is passed as
   it is.  On the CPU backend host memory is used in place.  */
/* { dg-do run } */

#include <cudajit.h>
#include <stdio.h>

__attribute__ ((cuda_jit)) void
axpy (long n, float a, const float x[n], float y[n])
{
  long i = cuda_grid_x ();
  if (i < n)
    y[i] = a * x[i] + y[i];
}

__attribute__ ((cuda_jit)) void
add_coordinates (int rows, int cols, double m[rows][cols])
{
  long i = cuda_grid_y (), j = cuda_grid_x ();
  if (i < rows && j < cols)
    m[i][j] += i * 1000 + j;
}

__attribute__ ((cuda_jit)) void
square_16 (int v[static 16], const int w[16])
{
  v[threadIdx.x] = w[threadIdx.x] * w[threadIdx.x];
}

__attribute__ ((access (write_only, 1, 2), access (read_only, 3, 2)))
__attribute__ ((cuda_jit)) void
fill (int *out, int n, const int *value)
{
  long i = cuda_grid_x ();
  if (i < n)
    out[i] = value[0] + i;
}

int
main (void)
{
  enum { n = 3000, rows = 37, cols = 45 };
  static float x[n], y[n];
  static double m[rows][cols];
  int v[16], w[16], out[100], value = 5;
  int errors = 0;

  for (int i = 0; i < n; i++)
    {
      x[i] = i;
      y[i] = 1;
    }
  float *device_x = cuda_to_device (x, sizeof x);
  cuda_launch (axpy, (n + 127) / 128, 128) (n, 2, x, y);
  cuda_launch (axpy, (n + 127) / 128, 128) (n, 1, device_x, y);
  for (int i = 0; i < n; i++)
    errors += y[i] != 3.0f * i + 1 || x[i] != i;
  cuda_free (device_x);

  for (int i = 0; i < rows; i++)
    for (int j = 0; j < cols; j++)
      m[i][j] = 0.5;
  cuda_launch (add_coordinates, cuda_dim3 (3, 3), cuda_dim3 (16, 16)) (
      rows, cols, m);
  for (int i = 0; i < rows; i++)
    for (int j = 0; j < cols; j++)
      errors += m[i][j] != i * 1000 + j + 0.5;

  for (int i = 0; i < 16; i++)
    w[i] = i - 8;
  cuda_launch (square_16, 1, 16) (v, w);
  for (int i = 0; i < 16; i++)
    errors += v[i] != (i - 8) * (i - 8);

  cuda_launch (fill, 1, 128) (out, 100, &value);
  for (int i = 0; i < 100; i++)
    errors += out[i] != 5 + i;

  printf ("transfer: %d errors\n", errors);
  return errors != 0;
}

/* { dg-output "transfer: 0 errors" } */
/* { dg-cudajit-levels all } */
