/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The plugin proper, cudajit-gcc.so, which version-check.cc (what GCC
   loads as cudajit.so) loads from beside itself once it has checked the
   GCC, and whose entry it calls with plugin_init's arguments.  */

#ifndef CUDAJIT_PLUGIN_ENTRY_H
#define CUDAJIT_PLUGIN_ENTRY_H

#define CUDAJIT_PLUGIN_FILE "cudajit-gcc.so"
#define CUDAJIT_PLUGIN_INIT "cudajit_plugin_init"

extern "C" int cudajit_plugin_init (struct plugin_name_args *info,
                                    struct plugin_gcc_version *version);

#endif /* plugin-entry.h */
