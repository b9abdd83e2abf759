/* Compound literals of structures and scalars, designated or not, in a
   kernel and in a device function that returns one.  */
/* { dg-do run } */

#include <cudajit.h>
#include <stdio.h>
struct vec { float x, y; };
static struct vec scale (struct vec v, float s) { return (struct vec){ v.x * s, v.y * s }; }
__attribute__((cuda_jit)) void k (long n, struct vec out[n], int ints[n])
{
  long i = cuda_grid_x ();
  if (i >= n) return;
  out[i] = scale ((struct vec){ .y = i }, 2);
  struct vec a = (struct vec){ 1, 2 };
  out[i].x += a.x + a.y;
  ints[i] = (int){ 5 } + (unsigned char){ 250 } * 0;
}
int main (void) { enum { n = 40 }; struct vec out[n]; int ints[n], bad = 0;
  cuda_launch (k, 1, 64) (n, out, ints);
  for (int i = 0; i < n; i++) bad += out[i].x != 3 || out[i].y != 2 * i || ints[i] != 5;
  printf ("compound literals: %d errors\n", bad); return bad; }

/* { dg-output "compound literals: 0 errors" } */
/* { dg-cudajit-levels all } */
