/* The atomic additions of run-deferred-adds.c that the host entries
   keep for later: the warp totals', two_totals' evens and odds, not
   old_value_used's, whose old value it uses, or store_after's, which a
   store follows.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fdump-tree-original" } */

#include "run-deferred-adds.c"

/* { dg-final { scan-host-original-times "cudajit_defer_add_int32 \\(" 3 } } */
/* { dg-final { scan-host-original-times "cudajit_defer_add_int64 \\(" 1 } } */
/* { dg-final { scan-host-original-times "cudajit_defer_add_float \\(" 1 } } */
/* { dg-final { scan-host-original-times "cudajit_defer_add_double \\(" 2 } } */
