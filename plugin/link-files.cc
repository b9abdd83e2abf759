/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The files of CUDA C that a kernel is compiled with,
   __attribute__ ((cuda_jit ("link=FILE"))): found as #include "FILE" is,
   from the directory of the file that names them, then -iquote's and
   -I's, and read at compile time, so that the program needs none at run
   time and the kernel cache's key, the CUDA C, covers their content.
   Each goes into the kernel's CUDA C once, guarded, so that the kernel
   compiles alone or with the other kernels of its module; NVRTC compiles
   it with the kernel's options.  The kernel calls its functions, which
   CUDA C defines extern "C" __device__, through declarations
   __attribute__ ((cuda_device)) that the unit does not define: the CPU
   backend runs the C functions of those names, referred to weakly, and
   refuses a launch where the program has none (embed.cc).  */

#include "cudajit-plugin.h"
#include "incpath.h"

#include <sys/stat.h>

/* The prefix of the option, link=FILE.  */
#define LINK_OPTION "link="

/* A file read for the unit, once each.  */
struct link_file
{
  char *path;
  char *text;
};

static vec<link_file> files;

bool
cudajit_link_option_p (const char *option)
{
  return startswith (option, LINK_OPTION);
}

/* DIR/FILE if it is a regular file, malloc'ed; else null.  */
static char *
file_in (const char *dir, const char *file)
{
  char *path = concat (dir, *dir ? "/" : "", file, NULL);
  struct stat st;
  if (stat (path, &st) == 0 && S_ISREG (st.st_mode))
    return path;
  free (path);
  return NULL;
}

/* FILE, named at LOC, where #include "FILE" would find it; null if
   nowhere.  */
static char *
find (const char *file, location_t loc)
{
  if (IS_ABSOLUTE_PATH (file))
    return file_in ("", file);
  const char *from = LOCATION_FILE (loc);
  /* Without its last slash, but for the root's.  */
  size_t length = from ? lbasename (from) - from : 0;
  char *dir = xstrndup (from ? from : "", length > 1 ? length - 1 : length);
  char *path = file_in (*dir ? dir : ".", file);
  free (dir);
  for (int chain = INC_QUOTE; !path && chain <= INC_BRACKET; chain++)
    for (cpp_dir *d = get_added_cpp_dirs ((incpath_kind) chain); d && !path;
         d = d->next)
      path = file_in (d->name, file);
  return path;
}

/* The content of PATH, read once for the unit; null, diagnosed at LOC, if
   it cannot be read or is not text.  */
static const char *
read_once (const char *path, location_t loc)
{
  for (link_file &f : files)
    if (strcmp (f.path, path) == 0)
      return f.text;
  FILE *stream = fopen (path, "rb");
  char *text = NULL;
  size_t size = 0, got = 0;
  if (stream)
    {
      do
        {
          size = size ? 2 * size : BUFSIZ;
          text = XRESIZEVEC (char, text, size + 1);
          got += fread (text + got, 1, size - got, stream);
        }
      while (got == size);
      text[got] = '\0';
    }
  if (!stream || ferror (stream) || strlen (text) != got)
    {
      if (!stream || ferror (stream))
        error_at (loc, "cannot read %qs, which the kernel links: %m", path);
      else
        error_at (loc,
                  "%qs, which the kernel links, is not CUDA C: it has a NUL "
                  "byte",
                  path);
      if (stream)
        fclose (stream);
      free (text);
      return NULL;
    }
  fclose (stream);
  link_file f = { xstrdup (path), text };
  files.safe_push (f);
  return text;
}

/* The CUDA C of OPTION, link=FILE, named at LOC, and its path in *PATH;
   null, diagnosed at LOC if DIAGNOSE, if it cannot be had.  */
static const char *
link_text (const char *option, location_t loc, bool diagnose,
           const char **path)
{
  const char *file = option + strlen (LINK_OPTION);
  const char *dot = strrchr (lbasename (file), '.');
  *path = NULL;
  if (!dot || strcmp (dot, ".cu") != 0)
    {
      if (diagnose)
        error_at (loc,
                  "kernel option %qs names no %<.cu%> file; a kernel links "
                  "CUDA C, compiled with it by NVRTC, as in "
                  "%<link=helpers.cu%>",
                  option);
      return NULL;
    }
  char *found = find (file, loc);
  if (!found)
    {
      if (diagnose)
        error_at (loc,
                  "cannot find %qs, which kernel option %qs links: it is "
                  "looked for as %<#include \"%s\"%> is",
                  file, option, file);
      return NULL;
    }
  const char *text = read_once (found, loc);
  for (link_file &f : files)
    if (strcmp (f.path, found) == 0)
      *path = f.path;
  free (found);
  return text;
}

bool
cudajit_check_link_option (const char *option, location_t loc)
{
  const char *path;
  return link_text (option, loc, true, &path) != NULL;
}

/* The files that FNDECL links, into LINKED, whose entries point to the
   unit's.  */
static void
linked_files (const_tree fndecl, auto_vec<link_file> *linked)
{
  for (tree attribute
       = lookup_attribute ("cuda_jit", DECL_ATTRIBUTES (fndecl));
       attribute;
       attribute = lookup_attribute ("cuda_jit", TREE_CHAIN (attribute)))
    for (tree arg = TREE_VALUE (attribute); arg; arg = TREE_CHAIN (arg))
      if (TREE_CODE (TREE_VALUE (arg)) == STRING_CST
          && cudajit_link_option_p (TREE_STRING_POINTER (TREE_VALUE (arg))))
        {
          const char *path;
          const char *text
              = link_text (TREE_STRING_POINTER (TREE_VALUE (arg)),
                           DECL_SOURCE_LOCATION (fndecl), false, &path);
          if (text)
            linked->safe_push (
                { CONST_CAST (char *, path), CONST_CAST (char *, text) });
        }
}

char *
cudajit_kernel_link_text (const_tree fndecl)
{
  auto_vec<link_file> linked;
  linked_files (fndecl, &linked);
  char *cuda = xstrdup ("");
  for (link_file &f : linked)
    {
      char guard[32];
      snprintf (guard, sizeof guard, CUDAJIT_LINKED_GUARD "%08x",
                crc32_string (0, f.path));
      size_t length = strlen (f.text);
      bool newline = length && f.text[length - 1] == '\n';
      cuda = reconcat (cuda, cuda, "#ifndef ", guard, "\n#define ", guard,
                       "\n#line 1 \"", f.path, "\"\n", f.text,
                       newline ? "" : "\n", "#endif\n", NULL);
    }
  return cuda;
}

char *
cudajit_kernel_link_paths (const_tree fndecl)
{
  auto_vec<link_file> linked;
  linked_files (fndecl, &linked);
  char *paths = xstrdup ("");
  for (link_file &f : linked)
    paths = reconcat (paths, paths, *paths ? " " : "", f.path, NULL);
  return paths;
}

/* Whether TEXT has NAME as an identifier.  */
static bool
names_p (const char *text, const char *name)
{
  size_t length = strlen (name);
  for (const char *p = strstr (text, name); p; p = strstr (p + 1, name))
    if ((p == text || !ISIDNUM (p[-1])) && !ISIDNUM (p[length]))
      return true;
  return false;
}

bool
cudajit_linked_function_p (const_tree fndecl, const_tree kernel)
{
  const char *name = IDENTIFIER_POINTER (DECL_NAME (fndecl));
  auto_vec<link_file> linked;
  if (kernel)
    linked_files (kernel, &linked);
  for (link_file &f : kernel ? linked : files)
    if (names_p (f.text, name))
      return true;
  return false;
}
