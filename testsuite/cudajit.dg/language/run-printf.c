/* printf in a kernel, with string literals as its format and arguments;
   one thread a launch, so that the order of the lines is known.  */
/* { dg-do run } */

#include <cudajit.h>
#include <stdio.h>

__attribute__ ((cuda_jit)) void
say (int which, float x)
{
  printf ("kernel %d: \"%s\" %.2f%%\n", which, which % 2 ? "odd" : "even",
          x * which);
}

int
main (void)
{
  for (int i = 1; i <= 3; i++)
    {
      cuda_launch (say, 1, 1) (i, 1.5f);
      cuda_synchronize ();
    }
  fflush (stdout);
  return 0;
}

/* { dg-output "kernel 1: \"odd\" 1.50%\[^\n\]*\n" } */
/* { dg-output "kernel 2: \"even\" 3.00%\[^\n\]*\n" } */
/* { dg-output "kernel 3: \"odd\" 4.50%" } */
/* { dg-cudajit-levels all } */
