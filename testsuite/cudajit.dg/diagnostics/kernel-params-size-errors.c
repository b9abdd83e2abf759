/* A GPU gives a kernel's parameters 32764 bytes, counted as NVRTC counts
   them, without padding: what does not fit is an error at the parameter
   that overflows, rather than a kernel that runs on the CPU backend and
   that NVRTC refuses.  Device functions have no such limit.  */
/* { dg-do compile } */

#include <cudajit.h>

struct big
{
  char bytes[40000];
};

/* 32752 bytes, aligned to 8.  */
struct aligned
{
  double d;
  char x[32737];
};

__attribute__ ((cuda_jit)) void
by_value (int *out, struct big b) /* { dg-error "parameter 'b' brings the parameters of kernel 'by_value' to 40008 bytes, more than the 32764 that a GPU gives them" } */
{
  out[0] = b.bytes[0];
}

__attribute__ ((cuda_jit)) void
last_straw (int *out, char c, struct aligned a, int n) /* { dg-error "parameter 'n' brings the parameters of kernel 'last_straw' to 32765 bytes" } */
{
  out[0] = c + a.x[n];
}

__attribute__ ((cuda_device)) int
helper (struct big b)
{
  return b.bytes[1];
}

__attribute__ ((cuda_jit)) void
calls_helper (int *out, const struct big *b)
{
  out[0] = helper (*b);
}
