/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Ahead-of-time compilation, -fplugin-arg-cudajit-arch=sm_XY,...: the
   unit's CUDA C compiled by NVRTC at build time, as nvcc's fat binaries
   are, into a cubin for each architecture asked for and PTX for the
   newest, which embed.cc keeps beside the CUDA C.  NVRTC is loaded,
   its architectures named and its options made by the code that
   libcudajit uses (runtime/nvrtc-common.c), so that what the plugin
   compiles is what the runtime would.  */

#include "cudajit-plugin.h"
#include "nvrtc-common.h"

/* The option's value, and the targets it asks for, PTX last.  */
static const char *arch_option;
static vec<cudajit_target> targets;
static struct cudajit_nvrtc_lib nvrtc;

/* Diagnose the option, WHY the rest of the message.  */
#define ARCH_ERROR(why, ...)                                                  \
  error ("cudajit: %<-fplugin-arg-cudajit-arch=%s%>: " why, arch_option,      \
         __VA_ARGS__)

/* Whether NVRTC compiles for ARCH.  Say which it does if not.  */
static bool
check_supported (const char *name, int arch)
{
  int count, *archs = cudajit_nvrtc_archs (&nvrtc, &count);
  int major = 0, minor = 0, oldest = INT_MAX, newest = 0;
  bool found = false;

  if (!archs)
    {
      ARCH_ERROR ("%s", "NVRTC cannot list its architectures");
      return false;
    }
  for (int i = 0; i < count; i++)
    {
      found |= archs[i] == arch;
      oldest = MIN (oldest, archs[i]);
      newest = MAX (newest, archs[i]);
    }
  nvrtc.nvrtcVersion (&major, &minor);
  if (!found)
    ARCH_ERROR ("NVRTC %d.%d does not compile for %qs; it compiles for "
                "%<sm_%d%> to %<sm_%d%>",
                major, minor, name, oldest, newest);
  free (archs);
  return found;
}

bool
cudajit_set_arch_option (const char *value)
{
  struct cudajit_target newest = { 0, true, false };
  const char *why;

  arch_option = value ? value : "";
  if (!value || !*value)
    {
      error ("cudajit: %<-fplugin-arg-cudajit-arch%> needs the GPU "
             "architectures to compile the kernels for: "
             "%<-fplugin-arg-cudajit-arch=sm_80,sm_90%>");
      return false;
    }
  for (const char *item = value; *item;)
    {
      size_t length = strcspn (item, ",");
      struct cudajit_target target;
      bool again = false;

      if (!cudajit_parse_target (item, length, false, &target))
        {
          char *name = xstrndup (item, length);
          ARCH_ERROR ("%qs is not a GPU architecture: write %<sm_XY%>, as "
                      "%<sm_90%>, or %<sm_XYa%>, as %<sm_90a%>",
                      name);
          free (name);
          return false;
        }
      for (const cudajit_target &t : targets)
        again |= t.arch == target.arch && t.specific == target.specific;
      if (!again)
        targets.safe_push (target);
      newest.arch = MAX (newest.arch, target.arch);
      item += length + (item[length] == ',');
    }
  why = cudajit_nvrtc_open (&nvrtc, getenv (CUDAJIT_NVRTC_LIBRARY_VARIABLE),
                            getenv (CUDAJIT_CUDA_HOME_VARIABLE), 0);
  if (why)
    {
      ARCH_ERROR ("NVRTC compiles the kernels ahead of time, but %s", why);
      return false;
    }
  for (const cudajit_target &t : targets)
    {
      char name[CUDAJIT_TARGET_NAME_SIZE];
      cudajit_target_name (&t, name, sizeof name);
      if (!check_supported (name, t.arch))
        return false;
    }
  /* PTX for the newest, which the driver compiles for newer GPUs.  */
  targets.safe_push (newest);
  return true;
}

bool
cudajit_ahead_of_time_p (void)
{
  return targets.length () > 0;
}

/* The location of line LINE, column COLUMN (0 for none) of the file at
   PATH, which the unit's line table may not have.  */
static location_t
file_location (const char *path, int line, int column)
{
  /* As #line would, so that no include chain is printed.  */
  linemap_add (line_table, LC_RENAME, false, xstrdup (path), line);
  linemap_line_start (line_table, line, column + 1);
  return linemap_position_for_column (line_table, column);
}

/* The column of the caret of an NVRTC message, which follows the line of
   the message at END: the source line, indented by NVRTC_QUOTE_INDENT,
   then spaces and a caret; 0 if it does not.  */
#define NVRTC_QUOTE_INDENT 2
static int
caret_column (const char *end)
{
  if (!*end)
    return 0;
  const char *quoted = end + 1;
  const char *caret_line = quoted + strcspn (quoted, "\n");
  if (!*caret_line || strspn (quoted, " ") < NVRTC_QUOTE_INDENT)
    return 0;
  caret_line++;
  size_t spaces = strspn (caret_line, " ");
  if (caret_line[spaces] != '^' || spaces < NVRTC_QUOTE_INDENT)
    return 0;
  return spaces - NVRTC_QUOTE_INDENT + 1;
}

/* A message of NVRTC's log about the user's linked CUDA C
   (link-files.cc): PATH(LINE): KIND: TEXT, as its #line directives name
   its files.  */
struct linked_message
{
  char *path;
  int line, column;
  const char *kind, *text;
};

/* Whether the line of LOG at LINE, up to END, is a message about linked
   CUDA C; if so, *MESSAGE, whose PATH the caller frees, its strings
   within it.  */
static bool
parse_linked_message (const char *line, const char *end,
                      linked_message *message)
{
  char *copy = xstrndup (line, end - line);
  char *kind = strstr (copy, "): ");
  char *colon = kind ? strstr (kind + 3, ": ") : NULL;
  /* The text may have parentheses too: "(no directories in search
     list)".  */
  if (kind)
    *kind = '\0';
  char *paren = kind ? strrchr (copy, '(') : NULL;
  if (paren && colon)
    {
      *paren = *colon = '\0';
      char *digits_end;
      long number = strtol (paren + 1, &digits_end, 10);
      if (*digits_end == '\0' && number > 0 && number <= INT_MAX
          && cudajit_linked_source_p (copy))
        {
          *message = { copy, (int) number, caret_column (end), kind + 3,
                       colon + 2 };
          return true;
        }
    }
  free (copy);
  return false;
}

/* If LOG, NVRTC's, has errors about the user's linked CUDA C, diagnose
   its messages about it at their files' lines, as GCC's own, and return
   true; else leave the log to the caller.  */
static bool
diagnose_linked_messages (const char *log, const char *target)
{
  bool users = false;
  for (int pass = 0; pass < 2; pass++)
    for (const char *line = log; *line;)
      {
        const char *end = line + strcspn (line, "\n");
        linked_message m;
        if (parse_linked_message (line, end, &m))
          {
            bool error_p = strcmp (m.kind, "warning") != 0
                           && strcmp (m.kind, "remark") != 0;
            users |= error_p;
            if (pass == 1 && users)
              {
                location_t loc = file_location (m.path, m.line, m.column);
                if (error_p)
                  error_at (loc, "%s", m.text);
                else if (strcmp (m.kind, "warning") == 0)
                  warning_at (loc, 0, "%s", m.text);
                else
                  inform (loc, "%s", m.text);
              }
            free (m.path);
          }
        line = *end ? end + 1 : end;
      }
  char header[CUDAJIT_MISSING_HEADER_SIZE];
  if (users
      && cudajit_nvrtc_missing_header (&nvrtc, log, header, sizeof header))
    inform (UNKNOWN_LOCATION, "cudajit: %s", header);
  if (users)
    inform (UNKNOWN_LOCATION,
            "cudajit: NVRTC compiles the CUDA C that kernels of this unit "
            "link with them ahead of time, for %qs "
            "(%<-fplugin-arg-cudajit-arch=%s%>)",
            target, arch_option);
  return users;
}

void
cudajit_compile_ahead_of_time (const char *source, int flags,
                               vec<cudajit_aot_image> *images)
{
  char *name = concat (lbasename (main_input_filename), ".cu", NULL);

  for (const cudajit_target &target : targets)
    {
      struct cudajit_nvrtc_options options;
      char target_name[CUDAJIT_TARGET_NAME_SIZE];
      cudajit_aot_image image;
      const char *failed, *why;
      char *log;

      cudajit_target_name (&target, target_name, sizeof target_name);
      image.name = xstrdup (target_name);
      cudajit_nvrtc_options (&target, flags & CUDAJIT_COMPILE_NVRTC_MASK,
                             &options);
      why = cudajit_nvrtc_build (&nvrtc, source, name, &options, target.ptx,
                                 &image.code, &image.size, &log, &failed);
      /* NVRTC's errors in the user's linked CUDA C are the same for
         each target: they are diagnosed once, in no function of the
         unit, not in the registration that is being built.  */
      tree function = current_function_decl;
      current_function_decl = NULL_TREE;
      bool users = why && !failed && log
                   && diagnose_linked_messages (log, image.name);
      current_function_decl = function;
      if (why && !users)
        error ("cudajit: NVRTC cannot compile the CUDA C of this unit for %qs "
               "(%s: %s), a bug of the cudajit plugin: please report it%s%s",
               image.name, failed ? failed : "nvrtcCompileProgram", why,
               log && *log ? "\n" : "", log ? log : "");
      else if (!why)
        images->safe_push (image);
      if (why)
        free (image.name);
      free (log);
      if (users)
        break;
    }
  free (name);
}
