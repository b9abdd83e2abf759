/* Structures and unions: kernel parameters by value and arrays of them
   copied by their extent, nested ones, arrays in them, unions, lists of
   values with designators, a device function returning one, one that
   points to itself, and fields named like C++ keywords.  */
/* { dg-do run } */

#include <cudajit.h>
#include <stdio.h>
struct vec { float x, y; };
typedef struct { struct vec pos, vel; int id; float hist[3]; } particle;
union bits { float f; unsigned int u; };
struct node { int value; struct node *next; };
struct weird { int new; int class; };
static struct vec add (struct vec a, struct vec b) { struct vec r = { a.x + b.x, a.y + b.y }; return r; }
__attribute__((cuda_jit)) void step (long n, particle p[n], struct vec wind, float dt, unsigned out[n], struct weird *w)
{
  long i = cuda_grid_x ();
  if (i >= n) return;
  struct vec v = add (p[i].vel, wind);
  p[i].pos.x += v.x * dt;
  p[i].pos.y += v.y * dt;
  p[i].hist[i % 3] = v.x;
  union bits b;
  b.f = p[i].pos.x;
  out[i] = b.u;
  struct vec arr[2] = { { 1, 2 }, [1] = { .y = 5 } };
  p[i].id += (int) (arr[0].x + arr[0].y + arr[1].x + arr[1].y);
  struct node a = { 3, 0 }, c = { 4, &a };
  p[i].id += c.next->value + c.value;
  if (i == 0) { w->new = 1; w->class = 2; }
}
int main (void)
{
  enum { n = 100 };
  static particle p[n]; unsigned out[n]; struct weird w = {0};
  for (int i = 0; i < n; i++) { p[i].pos = (struct vec){ i, -i }; p[i].vel = (struct vec){ 1, 2 }; p[i].id = i; }
  struct weird *dw = cuda_to_device (&w, sizeof w);
  cuda_launch (step, 1, 128) (n, p, (struct vec){ 0.5f, 0.25f }, 2.0f, out, dw);
  cuda_copy_to_host (&w, dw, sizeof w);
  int bad = 0;
  for (int i = 0; i < n; i++) { union bits b = { .f = i + 3.0f }; bad += p[i].pos.x != i + 3.0f || p[i].pos.y != -i + 4.5f || out[i] != b.u || p[i].id != i + 15 || p[i].hist[i % 3] != 1.5f; }
  bad += w.new != 1 || w.class != 2;
  printf ("structs: %d errors\n", bad);
  return bad;
}

/* { dg-output "structs: 0 errors" } */
/* { dg-cudajit-levels all } */
