/* An object file whose registrations carry another ABI version than
   libcudajit's, as one compiled by another cudajit would, is refused with
   a message that says what to do, rather than misread.  */
/* { dg-do run } */
/* { dg-shouldfail "another ABI" } */

#include <cudajit.h>

int
main (void)
{
  static void *module;
  cudajit_register_code (CUDAJIT_ABI_VERSION + 1, &module, "unit.c", "",
                         "", 0);
  return 0;
}

/* { dg-output "cudajit: error: unit.c was compiled by a cudajit plugin of ABI version \[0-9\]+, but this libcudajit, of cudajit \[0-9.\]+, has ABI version \[0-9\]+: link it with the libcudajit of the cudajit that compiled it, or compile it again with this one" } */
/* { dg-cudajit-levels all } */
