/* A cuda_launch compiled without the plugin reaches cudajit_unlaunched,
   which says so rather than running the kernel once on the host, and
   names the flag that loads the plugin where it is installed: its short
   name only in GCC's own plugin directory.  The call stands here for
   such a launch.  */
/* { dg-do run } */
/* { dg-shouldfail "no plugin" } */

#include <cudajit.h>

int
main (void)
{
  struct cudajit_launch_config config = { .grid = { 1, 1, 1 },
                                          .block = { 1, 1, 1 } };
  cudajit_unlaunched (config, "elsewhere.c", 42);
  return 0;
}

/* { dg-output "elsewhere.c:42: cuda_launch was compiled without the cudajit plugin; compile with -fplugin=(cudajit|/\[^ \]+/cudajit\.so), as pkg-config --cflags cudajit gives it" } */
/* { dg-cudajit-levels all } */
