/* A kernel links a file of PTX, cuda_jit ("link=FILE.ptx"), which the
   driver links with the kernel's module, compiled relocatable, and calls
   its function, which it declares cuda_device; the CPU backend runs the C
   function of that name, which another unit defines.  The results are checked against plain C.  */
/* { dg-do run } */
/* { dg-additional-sources "units/triple-c.c" } */

#include <cudajit.h>
#include <stdio.h>

enum
{
  N = 256
};

extern __attribute__ ((cuda_device)) float ptx_triple (float x);

__attribute__ ((cuda_jit ("link=units/triple.ptx"))) void
triple (float *y)
{
  int i = cuda_grid_x ();
  y[i] = ptx_triple (y[i]) + 1.0f;
}

int
main (void)
{
  float x[N], y[N];
  for (int i = 0; i < N; i++)
    x[i] = y[i] = (float) i * 0.75f - 40.0f;
  float *d = cuda_to_device (y, sizeof y);
  cuda_launch (triple, N / 64, 64) (d);
  cuda_copy_to_host (y, d, sizeof y);
  int bad = 0;
  for (int i = 0; i < N; i++)
    bad += y[i] != x[i] * 3.0f + 1.0f;
  printf ("%d wrong\n", bad);
  return bad != 0;
}

/* { dg-output "0 wrong" } */
/* { dg-final { inspect "" "run-link-ptx.c: kernel triple, links \[^ \]*units/triple.ptx" } } */
/* { dg-cudajit-levels all } */
