/* Device variables: what the cuda_device attribute takes, and host code
   that reads or writes one itself rather than through the copies.  */
/* { dg-do compile } */

#include <cudajit.h>

__attribute__ ((cuda_device)) int total;
__attribute__ ((cuda_device)) float table[8];
__attribute__ ((cuda_device)) __thread int per_thread; /* { dg-error "device variable 'per_thread' cannot be thread-local" } */
extern __attribute__ ((cuda_device)) int elsewhere;
__attribute__ ((cuda_device)) int *pointing = &total;

__attribute__ ((cuda_jit)) void
use (int *out)
{
  __attribute__ ((cuda_device)) int local = 1; /* { dg-error "'cuda_device' attribute applies only to functions and to variables of file scope" } */
  out[0] = total + local + (int) table[1];
  out[1] = elsewhere; /* { dg-error "device variable 'elsewhere' is used here but not defined before in this translation unit" } */
  out[2] = *pointing; /* { dg-error "the initializer of device variable 'pointing' is not supported" } */
}

/* Host code, as no kernel calls it.  */
static void
reset (void)
{
  total = 0; /* { dg-error "device variable 'total' used in host code: 'reset' runs only on the host" } */
}

int
main (void)
{
  reset ();
  int host = 0;
  float row[8] = { 0 };
  cuda_copy_to_symbol (total, &host, sizeof host);
  cuda_copy_from_symbol (row, table, sizeof row);
  total = 3; /* { dg-error "device variable 'total' used in host code: 'main' runs only on the host, where 'total' is not; copy it with 'cuda_copy_to_symbol' and 'cuda_copy_from_symbol'" } */
  return (int) table[2]; /* { dg-error "device variable 'table' used in host code" } */
}
