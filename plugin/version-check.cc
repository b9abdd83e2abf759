/* SPDX-License-Identifier: GPL-3.0-or-later */
/* What GCC loads as cudajit.so: checks that it was built for this GCC,
   then loads the plugin proper from beside itself.  A plugin built for
   another GCC refers to internals that this one names or lays out
   otherwise, and the dynamic linker would refuse it ("undefined symbol")
   before it could say why; this file uses nothing of GCC but the
   functions, alike in every version, that check and say it.  */

#include "gcc-plugin.h"
#include "plugin-version.h"
#include "diagnostic-core.h"
#include "plugin-entry.h"
#include <dlfcn.h>

int plugin_is_GPL_compatible;

int
plugin_init (struct plugin_name_args *info, struct plugin_gcc_version *version)
{
  if (!plugin_default_version_check (version, &gcc_version))
    {
      error ("cudajit: this plugin was built for GCC %s, not for GCC %s; "
             "rebuild it with this compiler",
             gcc_version.basever, version->basever);
      return 1;
    }

  const char *slash = strrchr (info->full_name, '/');
  int dir_length = slash ? slash + 1 - info->full_name : 0;
  char *path = XNEWVEC (char, dir_length + sizeof CUDAJIT_PLUGIN_FILE);
  memcpy (path, info->full_name, dir_length);
  strcpy (path + dir_length, CUDAJIT_PLUGIN_FILE);
  void *handle = dlopen (path, RTLD_NOW | RTLD_GLOBAL);
  XDELETEVEC (path);
  plugin_init_func init
      = handle ? (plugin_init_func) dlsym (handle, CUDAJIT_PLUGIN_INIT) : NULL;
  if (!init)
    {
      error ("cudajit: %s", dlerror ());
      return 1;
    }
  return init (info, version);
}
