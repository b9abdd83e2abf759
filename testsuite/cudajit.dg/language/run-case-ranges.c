/* GNU C's case ranges in kernels, on int, unsigned char and enum values,
   large and small, beside single cases and a default, with a switch with
   ranges inside another; against if-chains on the host.  */
/* { dg-do run } */

#include <cudajit.h>
#include <stdio.h>

enum colour
{
  RED,
  ORANGE,
  YELLOW,
  GREEN,
  BLUE,
  VIOLET
};

__attribute__ ((cuda_jit)) void
classify (int n, const int in[n], int out[n])
{
  int i = cuda_grid_x ();
  if (i >= n)
    return;
  int v = in[i], r = 0;
  switch (v)
    {
    case -1000000 ... -1:
      r = 1;
      break;
    case 0:
      r = 2;
      break;
    case 1 ... 9:
      switch ((unsigned char) (v * 40))
        {
        case 0 ... 99:
          r = 30;
          break;
        case 100 ... 199:
          r = 31;
          break;
        default:
          r = 32;
        }
      break;
    case 10 ... 1000000:
      r = 4;
      break;
    default:
      r = 5;
    }
  switch ((enum colour) (i % 6))
    {
    case RED ... YELLOW:
      r += 100;
      break;
    case GREEN:
      r += 200;
      break;
    case BLUE ... VIOLET:
      r += 300;
    }
  out[i] = r;
}

static int
expected (int i, int v)
{
  int r;
  if (v >= -1000000 && v <= -1)
    r = 1;
  else if (v == 0)
    r = 2;
  else if (v >= 1 && v <= 9)
    {
      unsigned char c = v * 40;
      r = c <= 99 ? 30 : c <= 199 ? 31 : 32;
    }
  else if (v >= 10 && v <= 1000000)
    r = 4;
  else
    r = 5;
  return r + (i % 6 <= 2 ? 100 : i % 6 == 3 ? 200 : 300);
}

#define N 600

int
main (void)
{
  static int in[N], out[N];
  int errors = 0;

  for (int i = 0; i < N; i++)
    in[i] = i % 4 == 0   ? i - 300
            : i % 4 == 1 ? i % 12
            : i % 4 == 2 ? i * 4000
                         : -i * 5000;
  cuda_launch (classify, (N + 127) / 128, 128) (N, in, out);
  for (int i = 0; i < N; i++)
    errors += out[i] != expected (i, in[i]);
  printf ("case ranges: %d errors\n", errors);
  return errors != 0;
}

/* { dg-output "case ranges: 0 errors\n" } */
/* { dg-cudajit-levels all } */
