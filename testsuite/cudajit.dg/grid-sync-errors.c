/* cuda_grid_sync is for the threads of a kernel: an error in a function
   that is neither a kernel nor a device function.  A device function
   that reaches it must be defined before the kernels that call it, which
   are launched cooperatively from what is known of them.  */
/* { dg-do compile } */

#include <cudajit.h>

void
host_function (void)
{
  cuda_grid_sync (); /* { dg-error "'cuda_grid_sync' used outside a kernel: 'host_function' is neither a kernel nor a device function" } */
}

static void late_wait (long *a);

__attribute__ ((cuda_jit)) void
kernel (long *a)
{
  late_wait (a);
}

static void
late_wait (long *a)
{
  a[cuda_grid_x ()] = 1;
  cuda_grid_sync (); /* { dg-error "'late_wait' reaches 'cuda_grid_sync' but is defined after 'kernel', which calls it" } */
}
