/* Every scalar type of the subset as a parameter, a pointer parameter and
   a local, checked against the same code run as plain C.  */
/* { dg-do run } */

#include <cudajit.h>
#include <stdio.h>
#include <stdlib.h>

#define BODY                                                                  \
  {                                                                           \
    long i = cuda_grid_x ();                                                  \
    int si = i_in[i] * ival;                                                  \
    unsigned int su = u_in[i] * uval + 7u;                                    \
    long sl = l_in[i] * lval - 3l;                                            \
    unsigned long sul = ul_in[i] * ulval;                                     \
    float sf = f_in[i] * fval;                                                \
    double sd = d_in[i] * dval;                                               \
    _Bool sb = b_in[i] != bval;                                               \
    signed char sc = c_in[i] + 1;                                             \
    short ss = s_in[i] * 3;                                                   \
    long long sll = ll_in[i] << 3;                                            \
    i_out[i] = si;                                                            \
    u_out[i] = su;                                                            \
    l_out[i] = sl;                                                            \
    ul_out[i] = sul;                                                          \
    f_out[i] = sf;                                                            \
    d_out[i] = sd;                                                            \
    b_out[i] = sb;                                                            \
    c_out[i] = sc;                                                            \
    s_out[i] = ss;                                                            \
    ll_out[i] = sll;                                                          \
  }

#define PARAMS                                                                \
  (const int *i_in, const unsigned *u_in, const long *l_in,                   \
   const unsigned long *ul_in, const float *f_in, const double *d_in,         \
   const _Bool *b_in, const signed char *c_in, const short *s_in,             \
   const long long *ll_in, int ival, unsigned uval, long lval,                \
   unsigned long ulval, float fval, double dval, _Bool bval, int *i_out,      \
   unsigned *u_out, long *l_out, unsigned long *ul_out, float *f_out,         \
   double *d_out, _Bool *b_out, signed char *c_out, short *s_out,             \
   long long *ll_out)

__attribute__ ((cuda_jit)) void kernel PARAMS BODY

/* The reference: the same body with the thread index as a variable.  */
#undef cuda_grid_x
static long reference_index;
#define cuda_grid_x() reference_index
static void reference PARAMS BODY

#define N 64
#define TYPES(X)                                                              \
  X (int, i) X (unsigned, u) X (long, l) X (unsigned long, ul) X (float, f)  \
  X (double, d) X (_Bool, b) X (signed char, c) X (short, s)                 \
  X (long long, ll)

#define DECLARE(T, p) T p##_in[N], p##_out[N], p##_ref[N];
TYPES (DECLARE)
#define DEVICE(T, p)                                                          \
  T *p##_din = cuda_to_device (p##_in, sizeof p##_in);                        \
  T *p##_dout = cuda_device_array (sizeof p##_out);
#define FETCH(T, p)                                                           \
  cuda_copy_to_host (p##_out, p##_dout, sizeof p##_out);                      \
  errors += memcmp (p##_out, p##_ref, sizeof p##_out) != 0;                   \
  cuda_free (p##_din);                                                        \
  cuda_free (p##_dout);

#include <string.h>

int
main (void)
{
  for (int i = 0; i < N; i++)
    {
      i_in[i] = i * 37 - 1000;
      u_in[i] = 4000000000u - i;
      l_in[i] = -i * 123456789l;
      ul_in[i] = 18000000000000000000ul + i;
      f_in[i] = i * 0.25f - 3;
      d_in[i] = i * 1e-3 + 1;
      b_in[i] = i & 1;
      c_in[i] = i - 30;
      s_in[i] = i * 500 - 7000;
      ll_in[i] = i * 99999999999ll;
    }
  TYPES (DEVICE)
  cuda_launch (kernel, 2, N / 2) (i_din, u_din, l_din, ul_din, f_din, d_din,
                                  b_din, c_din, s_din, ll_din, -3, 5u, 7l,
                                  3ul, 1.5f, 0.5, 1, i_dout, u_dout, l_dout,
                                  ul_dout, f_dout, d_dout, b_dout, c_dout,
                                  s_dout, ll_dout);
  for (reference_index = 0; reference_index < N; reference_index++)
    reference (i_in, u_in, l_in, ul_in, f_in, d_in, b_in, c_in, s_in, ll_in,
               -3, 5u, 7l, 3ul, 1.5f, 0.5, 1, i_ref, u_ref, l_ref, ul_ref,
               f_ref, d_ref, b_ref, c_ref, s_ref, ll_ref);
  int errors = 0;
  TYPES (FETCH)
  printf ("types: %d mismatching arrays\n", errors);
  return errors != 0;
}

/* { dg-output "types: 0 mismatching arrays" } */
/* { dg-cudajit-levels all } */
