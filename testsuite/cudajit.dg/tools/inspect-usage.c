/* cudajit-inspect --help and --version answer and exit with 0; bad
   arguments exit with 2, as its manual page says, after saying what is
   wrong.  */
/* { dg-do assemble } */

#include <cudajit.h>

__attribute__ ((cuda_jit)) void
one (int *out)
{
  out[threadIdx.x] = 1;
}

/* { dg-final { inspect "--help" "^usage: cudajit-inspect FILE\n.*--help \\| --version\n" } } */
/* { dg-final { inspect "--version" "^cudajit-inspect \\(cudajit\\) \[0-9\]+\\.\[0-9.\]+\n?$" } } */
/* { dg-final { inspect-usage "--bogus" "cudajit-inspect: unknown option --bogus\nusage:" } } */
/* { dg-final { inspect-usage "--arch=sm_x one" "cudajit-inspect: bad --arch=sm_x\nusage:" } } */
/* { dg-final { inspect-usage "one extra" "cudajit-inspect: too many operands\nusage:" } } */
