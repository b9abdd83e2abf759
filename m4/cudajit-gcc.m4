# SPDX-License-Identifier: GPL-3.0-or-later
# cudajit-gcc.m4 -- find the GCC that loads the cudajit plugin.  -*- Autoconf -*-

# CUDAJIT_GCC_PLUGIN_CC
# ---------------------
# Check that $CC is GCC and set:
#   GCC_VERSION         its full version (12.2.0)
#   GCC_MAJOR           its major version (12)
#   GCC_PLUGIN_DIR      its plugin directory, whose include/ has the plugin
#                       headers
# Stop, naming the Debian package to install, when the headers are missing.
# Call after AC_PROG_CC.
AC_DEFUN([CUDAJIT_GCC_PLUGIN_CC],
[AC_REQUIRE([AC_PROG_CC])dnl
AC_CACHE_CHECK([whether $CC is GCC], [cudajit_cv_cc_is_gcc],
  [AC_COMPILE_IFELSE([AC_LANG_PROGRAM([[
#if !defined __GNUC__ || defined __clang__ || defined __INTEL_COMPILER
# error not GCC
#endif
]])],
    [cudajit_cv_cc_is_gcc=yes], [cudajit_cv_cc_is_gcc=no])])
AS_IF([test "$cudajit_cv_cc_is_gcc" != yes],
  [AC_MSG_ERROR([$CC is not GCC: cudajit is a GCC plugin and needs GCC 11 or later as CC (install gcc, or set CC=gcc-12)])])

AC_MSG_CHECKING([the version of $CC])
GCC_VERSION=`$CC -dumpfullversion 2>/dev/null || $CC -dumpversion 2>/dev/null`
GCC_MAJOR=`echo "$GCC_VERSION" | sed 's/\..*//'`
AC_MSG_RESULT([$GCC_VERSION])
AS_CASE([$GCC_MAJOR],
  [[[1-9]] | 10 | ''],
    [AC_MSG_ERROR([$CC is GCC $GCC_VERSION; cudajit needs GCC 11 or later (install gcc-12 and configure with CC=gcc-12)])])

AC_CACHE_CHECK([for the plugin directory of $CC], [cudajit_cv_gcc_plugin_dir],
  [cudajit_cv_gcc_plugin_dir=`$CC -print-file-name=plugin 2>/dev/null`])
GCC_PLUGIN_DIR=$cudajit_cv_gcc_plugin_dir
AC_MSG_CHECKING([for $GCC_PLUGIN_DIR/include/gcc-plugin.h])
AS_CASE([$GCC_PLUGIN_DIR],
  [/*], [AS_IF([test -f "$GCC_PLUGIN_DIR/include/gcc-plugin.h"],
               [cudajit_have_plugin_h=yes], [cudajit_have_plugin_h=no])],
  [cudajit_have_plugin_h=no])
AC_MSG_RESULT([$cudajit_have_plugin_h])
AS_IF([test "$cudajit_have_plugin_h" != yes],
  [AC_MSG_ERROR([the GCC plugin headers of $CC (GCC $GCC_VERSION) are missing: install gcc-$GCC_MAJOR-plugin-dev])])
AC_SUBST([GCC_VERSION])
AC_SUBST([GCC_MAJOR])
AC_SUBST([GCC_PLUGIN_DIR])
])# CUDAJIT_GCC_PLUGIN_CC


# CUDAJIT_GCC_PLUGIN_CXX_CANDIDATES
# ---------------------------------
# Set cudajit_cxx_candidates to the C++ compilers that may be the g++ of
# $CC, best first: $CC's name with gcc changed to g++ (x86_64-linux-gnu-g++-12
# for x86_64-linux-gnu-gcc-12; not for plain gcc), g++-MAJOR, then g++.
AC_DEFUN([CUDAJIT_GCC_PLUGIN_CXX_CANDIDATES],
[AC_REQUIRE([CUDAJIT_GCC_PLUGIN_CC])dnl
set dummy $CC; cudajit_cc_name=`AS_BASENAME(["$[2]"])`
cudajit_cxx_candidates=
AS_CASE([$cudajit_cc_name],
  [gcc], [],
  [*gcc*], [cudajit_cxx_candidates=`echo "$cudajit_cc_name" | sed 's/gcc/g++/'`])
AS_CASE([" $cudajit_cxx_candidates "],
  [*" g++-$GCC_MAJOR "*], [],
  [cudajit_cxx_candidates="$cudajit_cxx_candidates g++-$GCC_MAJOR"])
AS_CASE([" $cudajit_cxx_candidates "],
  [*" g++ "*], [],
  [cudajit_cxx_candidates="$cudajit_cxx_candidates g++"])
])# CUDAJIT_GCC_PLUGIN_CXX_CANDIDATES


# CUDAJIT_GCC_PLUGIN_CXX
# ----------------------
# Check that $CXX is the g++ of the same GCC as $CC and that it compiles
# against the plugin headers.  Call after AC_PROG_CXX.
AC_DEFUN([CUDAJIT_GCC_PLUGIN_CXX],
[AC_REQUIRE([CUDAJIT_GCC_PLUGIN_CC])dnl
AC_REQUIRE([AC_PROG_CXX])dnl
AC_MSG_CHECKING([whether $CXX is the g++ of GCC $GCC_VERSION])
cudajit_cxx_version=`$CXX -dumpfullversion 2>/dev/null || $CXX -dumpversion 2>/dev/null`
AS_IF([test -z "$cudajit_cxx_version"],
  [AC_MSG_RESULT([no, not found])
   AC_MSG_ERROR([no C++ compiler for the plugin: install g++-$GCC_MAJOR (or set CXX to the g++ of GCC $GCC_VERSION)])])
AS_IF([test "$cudajit_cxx_version" != "$GCC_VERSION"],
  [AC_MSG_RESULT([no, it is $cudajit_cxx_version])
   AC_MSG_ERROR([$CXX is version $cudajit_cxx_version but $CC is GCC $GCC_VERSION; the plugin must be built by the g++ of the GCC that loads it: install g++-$GCC_MAJOR (or set CXX)])])
AC_LANG_PUSH([C++])
cudajit_save_CPPFLAGS=$CPPFLAGS
cudajit_save_CXXFLAGS=$CXXFLAGS
CPPFLAGS="$CPPFLAGS -I$GCC_PLUGIN_DIR/include"
CXXFLAGS="$CXXFLAGS -fno-rtti"
AC_COMPILE_IFELSE([AC_LANG_PROGRAM([[
#if !defined __GNUC__ || defined __clang__
# error not g++
#endif
#include "gcc-plugin.h"
#include "plugin-version.h"
#if GCCPLUGIN_VERSION_MAJOR != ]$GCC_MAJOR[
# error plugin headers of another GCC
#endif
]])],
  [cudajit_cxx_ok=yes], [cudajit_cxx_ok=no])
CPPFLAGS=$cudajit_save_CPPFLAGS
CXXFLAGS=$cudajit_save_CXXFLAGS
AC_LANG_POP([C++])
AS_IF([test "$cudajit_cxx_ok" != yes],
  [AC_MSG_RESULT([no])
   AC_MSG_ERROR([$CXX cannot compile against the plugin headers in $GCC_PLUGIN_DIR/include (see config.log): install g++-$GCC_MAJOR and gcc-$GCC_MAJOR-plugin-dev])])
AC_MSG_RESULT([yes])
])# CUDAJIT_GCC_PLUGIN_CXX
