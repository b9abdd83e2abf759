/* A statement expression in a kernel becomes a lambda in the CUDA C, which
   no jump may leave: return, goto, labels, and break and continue of
   loops and switches outside it are refused where they are.  Those of
   loops and switches inside it are not.  */
/* { dg-do compile } */

#include <cudajit.h>

__attribute__ ((cuda_jit)) void
leaves (int *x, int n)
{
  int i = cuda_grid_x ();
  for (int k = 0; k < n; k++)
    {
      x[i] += ({
        if (k == 3)
          break; /* { dg-error "break in a statement expression is not supported in a kernel" } */
        if (k == 4)
          continue; /* { dg-error "continue in a statement expression" } */
        if (k == 5)
          return; /* { dg-error "return in a statement expression" } */
        if (k == 6)
          goto out; /* { dg-error "goto in a statement expression" } */
        k;
      });
      switch (k)
        {
        case 1:
          x[i] += ({
            int t = k;
            while (t > 0)
              {
                if (t == 7)
                  break;
                t--;
                continue;
              }
            switch (t)
              {
              case 0:
                break;
              }
            t;
          });
          break;
        }
    }
out:
  x[i] += ({
    int t = 0;
  again: /* { dg-error "a label in a statement expression" } */
    t++;
    if (t < 3)
      goto again; /* { dg-error "goto in a statement expression" } */
    t;
  });
}
