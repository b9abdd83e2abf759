/* header-c89.c in GNU C89, where GCC's own extensions are allowed but
   -pedantic-errors still refuses C99's.  */
/* { dg-do run } */
/* { dg-options "-std=gnu89 -pedantic-errors -Wall -Wextra" } */

#include "header-c89.c"
/* { dg-output "0 wrong, total 200" } */
