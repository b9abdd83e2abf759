/* cuda_grid_sync is for the threads of a kernel: an error in a function
   that is neither a kernel nor a device function.  A device function
   that reaches it must be defined before the kernels that call it, which
   are launched cooperatively from what is known of them; the function
   of a cuda_reduce may not reach it.  */
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

/* cuda_reduce's kernel folds the array its own way.  */
static long
add_waiting (long a, long b)
{
  cuda_grid_sync ();
  return a + b;
}

long
reduce_waiting (const long *a, long n)
{
  return cuda_reduce (add_waiting, a, n); /* { dg-error "'add_waiting' reaches 'cuda_grid_sync', which the function of a 'cuda_reduce' may not" } */
}
