/* The names that the CUDA C gives never collide: C names that CUDA C++
   reserves (keywords, CUDA's own names) are renamed, and the new names
   are out of the user's reach, even of names ending or starting like
   them.  Fields, device functions, constant arrays, typedefs, tags,
   enumerators, parameters and locals.  */
/* { dg-do run } */

#include <cudajit.h>
#include <stdio.h>

struct s { int class; int class_cj; int _cjclass; int new_cj; int new; };
typedef struct s template;
typedef int _cjR1;
enum this_enum { this_cj = 3, _cjthis = 5 };
static const int delete[3] = { 1, 2, 3 };
static const int delete_cj[3] = { 10, 20, 30 };
static const int _cjdelete[3] = { 100, 200, 300 };

static int operator (int x) { return x + 1; }
static int operator_cjf (int x) { return x + 2; }
static int _cjoperator (int x) { return x + 4; }

static int
statics (int i)
{
  static const int private[2] = { 7, 8 };
  static const int private_cjc1[2] = { 70, 80 };
  return private[i] + private_cjc1[i];
}

__attribute__((cuda_jit)) void
names (template *out, int public, int _cjp1, int this_1)
{
  int this = public, _cjt1 = _cjp1, virtual = this_1;
  _cjR1 friend = this + _cjt1 + virtual;
  out->class = friend + this_cj + _cjthis;
  out->class_cj = operator (1) + operator_cjf (1) + _cjoperator (1);
  out->_cjclass = delete[1] + delete_cj[1] + _cjdelete[1];
  out->new_cj = statics (0) + statics (1);
  out->new = sizeof (template);
}

int
main (void)
{
  template host = { 0 };
  template *dev = cuda_to_device (&host, sizeof host);
  cuda_launch (names, 1, 1) (dev, 1, 10, 100);
  cuda_copy_to_host (&host, dev, sizeof host);
  cuda_free (dev);
  int bad = (host.class != 111 + 3 + 5 || host.class_cj != 2 + 3 + 5
             || host._cjclass != 222 || host.new_cj != 7 + 70 + 8 + 80
             || host.new != (int) sizeof (struct s));
  printf ("%d %d %d %d %d\n", host.class, host.class_cj, host._cjclass,
          host.new_cj, host.new);
  return bad;
}
/* { dg-cudajit-levels all } */
