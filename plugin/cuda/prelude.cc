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

/* Whether PART goes with TEXT: TEXT contains one of its triggers, or it
   has none.  */
static bool
part_triggered_p (const prelude_part &part, const char *text)
{
  if (!*part.triggers)
    return true;
  char *triggers = xstrdup (part.triggers);
  bool needed = false;
  for (char *trigger = strtok (triggers, " "); trigger && !needed;
       trigger = strtok (NULL, " "))
    needed = strstr (text, trigger) != NULL;
  free (triggers);
  return needed;
}

char *
cudajit_cuda_prelude (const char *cuda_source)
{
  /* A part may call an earlier one (cudajit_memcpy_async the traps), so a
     part goes too with a later part that goes: else a piece of the
     module whose CUDA C names only the later part (a kernel that waits
     for the copies of its device function) would have it, and the
     earlier part's guard would keep that out of the pieces after.  */
  const size_t count = ARRAY_SIZE (parts);
  bool *needed = XALLOCAVEC (bool, count);
  for (size_t i = count; i-- > 0;)
    {
      needed[i] = part_triggered_p (parts[i], cuda_source);
      for (size_t later = i + 1; later < count && !needed[i]; later++)
        needed[i]
            = needed[later] && part_triggered_p (parts[i], parts[later].text);
    }
  char *prelude = xstrdup ("");
  for (size_t i = 0; i < count; i++)
    if (needed[i])
      prelude
          = reconcat (prelude, prelude, "#ifndef CUDAJIT_PART_", parts[i].name,
                      "\n#define CUDAJIT_PART_", parts[i].name, "\n",
                      parts[i].text, "#endif\n", NULL);
  return prelude;
}
