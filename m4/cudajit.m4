# SPDX-License-Identifier: MIT
# cudajit.m4: CUDAJIT_CHECK for the configure scripts of projects that
# use cudajit; installed into $(datadir)/aclocal.
#
# CUDAJIT_CHECK([ACTION-IF-FOUND], [ACTION-IF-NOT-FOUND])
#
# Find the installed cudajit with pkg-config, and check that $CC loads its
# plugin (a GCC of the major version it was built for) and compiles,
# links and launches a kernel with it.  Set and substitute CUDAJIT_CFLAGS
# (the plugin and the header's directory) and CUDAJIT_LIBS.  Without
# ACTION-IF-NOT-FOUND, a failure stops configure, saying why.
AC_DEFUN([CUDAJIT_CHECK],
[AC_REQUIRE([AC_PROG_CC])dnl
AS_IF([test -z "$PKG_CONFIG"],
  [AC_PATH_TOOL([PKG_CONFIG], [pkg-config])])
AC_ARG_VAR([CUDAJIT_CFLAGS], [C compiler flags for cudajit, overriding pkg-config])
AC_ARG_VAR([CUDAJIT_LIBS], [linker flags for cudajit, overriding pkg-config])
AC_MSG_CHECKING([for cudajit])
cudajit_why=
AS_IF([test -z "$CUDAJIT_CFLAGS$CUDAJIT_LIBS"],
  [AS_IF([test -n "$PKG_CONFIG" && $PKG_CONFIG --exists cudajit],
     [CUDAJIT_CFLAGS=`$PKG_CONFIG --cflags cudajit`
      CUDAJIT_LIBS=`$PKG_CONFIG --libs cudajit`],
     [cudajit_why="pkg-config does not find cudajit.pc; set PKG_CONFIG_PATH"])])
AS_IF([test -z "$cudajit_why"],
  [cudajit_save_CFLAGS=$CFLAGS
   cudajit_save_LIBS=$LIBS
   CFLAGS="$CFLAGS $CUDAJIT_CFLAGS"
   LIBS="$CUDAJIT_LIBS $LIBS"
   AC_LINK_IFELSE(
     [AC_LANG_PROGRAM([[#include <cudajit.h>
__attribute__ ((cuda_jit)) void
cudajit_check_kernel (int *x)
{
  x[cuda_grid_x ()] = 1;
}]],
       [[int *x = (int *) cuda_device_array (sizeof *x);
  cuda_launch (cudajit_check_kernel, 1, 1) (x);]])],
     [],
     [cudajit_why="$CC cannot compile a kernel with the plugin of $CUDAJIT_CFLAGS (a GCC of another major version than the plugin's?); see config.log"])
   CFLAGS=$cudajit_save_CFLAGS
   LIBS=$cudajit_save_LIBS])
AS_IF([test -z "$cudajit_why"],
  [AC_MSG_RESULT([yes])
   $1],
  [AC_MSG_RESULT([no])
   m4_default([$2], [AC_MSG_ERROR([cudajit: $cudajit_why])])])
AC_SUBST([CUDAJIT_CFLAGS])
AC_SUBST([CUDAJIT_LIBS])
])
