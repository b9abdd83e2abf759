/* cudajit-inspect lists a kernel's launch_bounds among its options, and
   its PTX has the bound as .maxntid, with the fewest blocks of a
   multiprocessor as .minnctapersm.  */
/* { dg-do assemble } */

#include <cudajit.h>

__attribute__ ((cuda_jit ("launch_bounds=96,3", "max_registers=64"))) void
fill (int *x, int value)
{
  x[cuda_grid_x ()] = value;
}

/* { dg-final { inspect "" "^inspect-launch-bounds.c: kernel fill \\(max_registers=64, launch_bounds=96\\)\n?$" } } */
/* { dg-final { inspect "fill --ptx" "\\.maxntid 96(, 1, 1)?\n" } } */
/* { dg-final { inspect "fill --ptx" "\\.minnctapersm 3" } } */
