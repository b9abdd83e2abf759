/* A launch's arguments are checked against the kernel's parameters, with
   errors on the user's line that name the kernel, never cudajit.h or the
   launch's internal expression.  */
/* { dg-do compile } */

#include <cudajit.h>

__attribute__ ((cuda_jit)) void
kernel (int *out, float scale) /* { dg-message "declared here|expected 'float' but argument is of type 'struct pair'|expected 'int \\*' but argument is of type 'double'" } */
{
  out[0] = scale;
}

struct pair
{
  int a, b;
};

void
launches (int *out, struct pair p)
{
  cuda_launch (kernel, 1, 1) (out); /* { dg-error "too few arguments to function 'kernel'" } */
  cuda_launch (kernel, 1, 1) (out, 1.0f, 3); /* { dg-error "too many arguments to function 'kernel'" } */
  cuda_launch (kernel, 1, 1) (out, p); /* { dg-error "incompatible type for argument 2 of 'kernel'" } */
  cuda_launch (kernel, cuda_dim3 (2, 2), 32, .shared_bytes = 0) (1.5, 2.0f); /* { dg-error "incompatible type for argument 1 of 'kernel'" } */
  cuda_forall (kernel, 10) (out); /* { dg-error "too few arguments to function 'kernel'" } */
  cuda_forall (kernel, 10) (); /* { dg-error "too few arguments to function 'kernel'" } */
  cuda_launch (kernel, 1, 1) (out, 2.0);
}

/* Nothing of the macros' expansion shows.  */
/* { dg-bogus "cudajit_unlaunched|cudajit_launch|in definition of macro" "" { target *-*-* } 0 } */
