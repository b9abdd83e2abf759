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

/* Whether the part of index I goes with CUDA_SOURCE: it has no triggers,
   or the source contains one, or one is "@NAME" and the part NAME, a
   later one (which calls it), goes too, as NEEDED says.  */
static bool
part_needed_p (size_t i, const char *cuda_source, const bool *needed)
{
  if (!*parts[i].triggers)
    return true;
  char *triggers = xstrdup (parts[i].triggers);
  bool found = false;
  for (char *trigger = strtok (triggers, " "); trigger && !found;
       trigger = strtok (NULL, " "))
    if (*trigger != '@')
      found = strstr (cuda_source, trigger) != NULL;
    else
      for (size_t later = i + 1; later < ARRAY_SIZE (parts) && !found; later++)
        found = needed[later] && !strcmp (parts[later].name, trigger + 1);
  free (triggers);
  return found;
}

char *
cudajit_cuda_prelude (const char *cuda_source)
{
  /* From the last part, so that a part that a later one calls knows
     whether that one goes: each piece of a module must have all it
     needs, as a part's guard keeps it out of the pieces after the first
     that has it.  */
  const size_t count = ARRAY_SIZE (parts);
  bool *needed = XALLOCAVEC (bool, count);
  for (size_t i = count; i-- > 0;)
    needed[i] = part_needed_p (i, cuda_source, needed);
  char *prelude = xstrdup ("");
  for (size_t i = 0; i < count; i++)
    if (needed[i])
      prelude
          = reconcat (prelude, prelude, "#ifndef CUDAJIT_PART_", parts[i].name,
                      "\n#define CUDAJIT_PART_", parts[i].name, "\n",
                      parts[i].text, "#endif\n", NULL);
  return prelude;
}
