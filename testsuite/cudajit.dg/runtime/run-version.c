/* cudajit.h's version, written in its parts and whole, is the runtime
   library's, which cudajit_version says.  */
/* { dg-do run } */

#include <cudajit.h>
#include <stdio.h>
#include <string.h>

#define STRINGIFY(x) #x
#define VERSION_OF(major, minor, patch)                                       \
  STRINGIFY (major) "." STRINGIFY (minor) "." STRINGIFY (patch)

int
main (void)
{
  const char *parts = VERSION_OF (CUDAJIT_VERSION_MAJOR, CUDAJIT_VERSION_MINOR,
                                  CUDAJIT_VERSION_PATCH);
  printf ("cudajit.h %s, libcudajit %s\n", CUDAJIT_VERSION, cudajit_version ());
  return strcmp (parts, CUDAJIT_VERSION) != 0
         || strcmp (cudajit_version (), CUDAJIT_VERSION) != 0;
}

/* { dg-output "cudajit.h \[0-9\]+\\.\[0-9\]+\\.\[0-9\]+, libcudajit \[0-9\]+\\.\[0-9\]+\\.\[0-9\]+" } */
/* { dg-cudajit-levels all } */
