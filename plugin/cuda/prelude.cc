/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The CUDA C prelude, prelude.cuh, whose parts each piece of a module's
   CUDA C starts with, those that it uses.  */

#include "cudajit-plugin.h"

struct prelude_part
{
  const char *name;
  /* Space-separated: the part goes with CUDA C that contains one of
     them; with all if there are none.  */
  const char *triggers;
  const char *text;
};

static const prelude_part parts[] = {
#include "prelude.inc"
};

static bool
part_needed_p (const prelude_part &part, const char *cuda_source)
{
  if (!*part.triggers)
    return true;
  char *triggers = xstrdup (part.triggers);
  bool needed = false;
  for (char *trigger = strtok (triggers, " "); trigger && !needed;
       trigger = strtok (NULL, " "))
    needed = strstr (cuda_source, trigger) != NULL;
  free (triggers);
  return needed;
}

char *
cudajit_cuda_prelude (const char *cuda_source)
{
  char *prelude = xstrdup ("");
  for (const prelude_part &part : parts)
    if (part_needed_p (part, cuda_source))
      prelude = reconcat (prelude, prelude, "#ifndef CUDAJIT_PART_", part.name,
                          "\n#define CUDAJIT_PART_", part.name, "\n",
                          part.text, "#endif\n", NULL);
  return prelude;
}
