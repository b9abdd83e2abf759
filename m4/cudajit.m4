# SPDX-License-Identifier: MIT
# cudajit.m4: CUDAJIT_CHECK for the configure scripts of projects that
# use cudajit; installed into $(datadir)/aclocal.
#
# CUDAJIT_CHECK([ACTION-IF-FOUND], [ACTION-IF-NOT-FOUND])
#
# Find the installed cudajit with pkg-config, and check that $CC runs its
# plugin (a GCC of the major version it was built for): that a kernel's
# launch compiles into a call of cudajit_launch, which only the plugin
# writes (a compiler that ignores -fplugin, such as clang, leaves the
# launch as the header wrote it, and the program fails when it runs);
# that the program links; and, unless cross-compiling, that it runs the
# kernel on the CPU backend.  Set and substitute CUDAJIT_CFLAGS (the
# plugin and the header's directory) and CUDAJIT_LIBS.  Without
# ACTION-IF-NOT-FOUND, a failure stops configure, saying why.
AC_DEFUN([_CUDAJIT_CHECK_PROGRAM],
[AC_LANG_PROGRAM([[#include <cudajit.h>
__attribute__ ((cuda_jit)) void
cudajit_check_kernel (int *x)
{
  x[cuda_grid_x ()] = 1;
}]],
  [[int y = 0;
  int *x = (int *) cuda_to_device (&y, sizeof y);
  cuda_launch (cudajit_check_kernel, 1, 1) (x);
  cuda_copy_to_host (&y, x, sizeof y);
  return y != 1;]])])

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
   # The object's symbol names are NUL-terminated strings.
   AC_COMPILE_IFELSE([_CUDAJIT_CHECK_PROGRAM],
     [AS_IF([tr '\000' '\n' < conftest.$ac_objext | grep -x cudajit_launch >/dev/null],
        [],
        [cudajit_why="$CC compiles a kernel's launch without running the plugin of $CUDAJIT_CFLAGS (a compiler other than GCC ignores it)"])],
     [cudajit_why="$CC cannot compile a kernel with the plugin of $CUDAJIT_CFLAGS (a GCC of another major version than the plugin's?); see config.log"])
   AS_IF([test -z "$cudajit_why"],
     [AC_LINK_IFELSE([_CUDAJIT_CHECK_PROGRAM], [],
        [cudajit_why="a kernel does not link with $CUDAJIT_LIBS; see config.log"])])
   # The CPU backend, so that the check needs no GPU and no NVRTC.
   AS_IF([test -z "$cudajit_why" && test "$cross_compiling" != yes],
     [cudajit_backend_was=${CUDAJIT_BACKEND+set}
      cudajit_save_backend=$CUDAJIT_BACKEND
      CUDAJIT_BACKEND=cpu
      export CUDAJIT_BACKEND
      AC_RUN_IFELSE([_CUDAJIT_CHECK_PROGRAM], [],
        [cudajit_why="a program with a kernel, built with $CUDAJIT_CFLAGS and $CUDAJIT_LIBS, does not run; see config.log"],
        [])
      AS_IF([test "$cudajit_backend_was" = set],
        [CUDAJIT_BACKEND=$cudajit_save_backend],
        [AS_UNSET([CUDAJIT_BACKEND])])])
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
