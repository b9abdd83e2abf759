/* #embed (GCC 15 and later) into a constant table that a kernel reads and
   into a local array of a kernel: the C front end gives the data as one
   raw-data element.  */
/* { dg-do run } */
/* { dg-require-effective-target embed } */
/* { dg-options "-Wall -std=gnu23" } */

#include <cudajit.h>
#include <stdio.h>
#include <string.h>

static const unsigned char table[] = {
#embed "run-c23-embed.txt"
};

constexpr int size = sizeof table;

[[gnu::cuda_jit]] void
copy_embedded (int n, unsigned char from_table[n], char from_local[n])
{
  const char local[] = {
#embed "run-c23-embed.txt"
  };
  static_assert (sizeof local == size);
  auto i = cuda_grid_x ();
  if (i >= n)
    return;
  from_table[i] = table[i];
  from_local[i] = local[i];
}

int
main ()
{
  static unsigned char from_table[size];
  static char from_local[size];
  const char *start = "Data for run-c23-embed.c";
  cuda_launch (copy_embedded, cuda_dim3 (1), cuda_dim3 (size))
      (size, from_table, from_local);
  int errors = ((memcmp (from_table, table, size) != 0)
                + (memcmp (from_local, table, size) != 0)
                + (memcmp (table, start, strlen (start)) != 0));
  printf ("#embed: %d errors\n", errors);
  return errors != 0;
}

/* { dg-output "#embed: 0 errors" } */
/* { dg-cudajit-levels all } */
