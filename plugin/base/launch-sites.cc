/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The first launch in each function, for the error that a device
   function, which the GPU runs, cannot launch: recorded by the launch
   rewriting, asked by the subset check, which is below it.  */

#include "cudajit-plugin.h"

struct launch_site
{
  tree function;
  tree kernel;
  location_t loc;
};
static vec<launch_site> launch_sites;

bool
cudajit_first_launch (const_tree function, tree *kernel, location_t *loc)
{
  for (const launch_site &site : launch_sites)
    if (site.function == function)
      {
        *kernel = site.kernel;
        *loc = site.loc;
        return true;
      }
  return false;
}

void
cudajit_record_launch (tree function, tree kernel, location_t loc)
{
  tree previous_kernel;
  location_t previous_loc;
  if (!cudajit_first_launch (function, &previous_kernel, &previous_loc))
    launch_sites.safe_push ({ function, kernel, loc });
}
