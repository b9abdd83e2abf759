/* String literals indexed in a kernel, and casts to pointers to
   variable-length arrays.  */
/* { dg-do run } */

#include <cudajit.h>
#include <stdio.h>
#include <string.h>

__attribute__ ((cuda_jit)) void
hex (long n, const unsigned int in[n], char out[n][9])
{
  long i = cuda_grid_x ();
  if (i >= n)
    return;
  for (int digit = 0; digit < 8; digit++)
    out[i][digit] = "0123456789abcdef"[in[i] >> (28 - 4 * digit) & 15];
  out[i][8] = "\t\"\\\377"[4];
}

__attribute__ ((cuda_jit)) void
row_sums (long rows, long cols, long size, const int flat[size],
          int sums[rows])
{
  long r = cuda_grid_x ();
  if (r >= rows)
    return;
  const int (*matrix)[cols] = (const int (*)[cols]) flat;
  int sum = 0;
  for (long c = 0; c < cols; c++)
    sum += matrix[r][c] + ((const int (*)[cols]) flat)[r][c];
  sums[r] = sum;
}

int
main (void)
{
  enum
  {
    n = 40,
    rows = 7,
    cols = 5
  };
  unsigned int in[n];
  char out[n][9];
  int flat[rows * cols], sums[rows];
  for (int i = 0; i < n; i++)
    in[i] = i * 2654435761u;
  for (int i = 0; i < rows * cols; i++)
    flat[i] = i * i;
  cuda_launch (hex, 1, 64) (n, in, out);
  cuda_launch (row_sums, 1, 32) (rows, cols, rows * cols, flat, sums);
  int errors = 0;
  for (int i = 0; i < n; i++)
    {
      char want[9];
      snprintf (want, sizeof want, "%08x", in[i]);
      errors += memcmp (out[i], want, 8) != 0 || out[i][8] != 0;
    }
  for (int r = 0; r < rows; r++)
    {
      int want = 0;
      for (int c = 0; c < cols; c++)
        want += 2 * flat[r * cols + c];
      errors += sums[r] != want;
    }
  printf ("strings: %d errors\n", errors);
  return errors != 0;
}

/* { dg-output "strings: 0 errors" } */
/* { dg-cudajit-levels all } */
