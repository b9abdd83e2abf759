/* cudajit-inspect on what is no whole object file says what is wrong
   with it: a directory, or a file cut short, inside its ELF header or
   before the end of its section headers.  */
/* { dg-do assemble } */

#include <cudajit.h>

__attribute__ ((cuda_jit)) void
fill (int *x, int value)
{
  x[cuda_grid_x ()] = value;
}

/* { dg-final { inspect-directory "" "^cudajit-inspect: .*inspect-damaged.o.directory: is a directory" } } */
/* { dg-final { inspect-truncated 20 "" "^cudajit-inspect: .*inspect-damaged.o.truncated: is not a complete ELF file: 20 bytes, less than its header's 64" } } */
/* { dg-final { inspect-truncated 1000 "" "^cudajit-inspect: .*inspect-damaged.o.truncated: is truncated: 1000 bytes, but its header says that its section headers end at byte \[0-9\]+" } } */
/* { dg-final { inspect "" "^inspect-damaged.c: kernel fill$" } } */
