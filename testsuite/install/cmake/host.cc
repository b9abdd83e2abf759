// SPDX-License-Identifier: GPL-3.0-or-later
// A C++ file of the same target: compiled without the plugin.
#include <cudajit.h>

extern "C" const char *
host_version ()
{
  return cudajit_version ();
}
