/* Which launches gpu-specialize.c runs as variants, seen without a GPU
   through tools/specialize-check (beside nvrtc-check), whose kernel
   takes n and v as constants: the third launch of a key queues a
   variant, which its later launches run; a parameter that takes more
   than 4 values leaves the keys, and the variant that took it as a
   constant serves no other value; arrays that overlap and another block
   shape are other keys; a kernel has 4 variants at most, then stays
   generic and CUDAJIT_VERBOSE says so; CUDAJIT_SPECIALIZE=0 makes
   none.  */
/* { dg-do run } */
/* { dg-require-effective-target nvrtc } */

#include "specialize-check.h"

int
main (void)
{
  static const char launches[]
      = "0 0 0 0! 1 2 3 4 7 7 7! 0 7~ 7~ 7~ 7~! 5@64 5@64 5@64 5@64! "
        "9@32 9@32 9@32 9@32 7!";
  char *output = run ("", launches);

  expect ("decisions", output,
          "0: generic\n0: generic\n0: generic\n0!: variant 1\n"
          "1: generic\n2: generic\n3: generic\n4: generic\n"
          "7: generic\n7: generic\n7!: variant 2\n0: variant 2\n"
          "7~: generic\n7~: generic\n7~: generic\n7~!: variant 3\n"
          "5@64: generic\n5@64: generic\n5@64: generic\n5@64!: variant 4\n"
          "9@32: generic\n9@32: generic\n9@32: generic\n9@32: generic\n"
          "7!: variant 2\n");
  /* Its lines come between those of the decisions.  */
  output = run ("CUDAJIT_VERBOSE=1", launches);
  expect ("the first variant", output,
          "variant 1 queued, for blocks (128, 1, 1), arrays apart, n = 100, "
          "v = 0\n");
  expect ("v left out", output,
          "parameter 'v' has taken more than 4 values; variants leave it "
          "generic\n");
  expect ("overlap", output,
          "variant 3 queued, for blocks (128, 1, 1), n = 100\n");
  expect ("the limit", output,
          ", launched again with blocks (32, 1, 1), arrays apart, n = 100, "
          "has its 4 variants already: such launches stay generic\n");

  output = run ("CUDAJIT_SPECIALIZE=0", "0 0 0 0 0");
  expect ("CUDAJIT_SPECIALIZE=0", output,
          "0: generic\n0: generic\n0: generic\n0: generic\n0: generic\n");
  fflush (stdout);
  if (failures)
    abort ();
  puts ("ok");
  return 0;
}

/* { dg-output "ok" } */
