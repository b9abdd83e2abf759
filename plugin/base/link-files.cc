/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The files that a kernel is compiled and linked with,
   __attribute__ ((cuda_jit ("link=FILE"))): found as #include "FILE" is,
   from the directory of the file that names them, then -iquote's and
   -I's, and read at compile time, so that the program needs none at run
   time.  CUDA C (.cu) goes into the kernel's CUDA C once, guarded, so that
   the kernel compiles alone or with the other kernels of its module, with
   their options, and the kernel cache's key covers it; the files of its
   #include "FILE" lines, found as the preprocessor would, and of its
   #include <FILE> lines found in the directories of -I, go in their
   place, with #line directives that keep the files' own lines in NVRTC's
   messages (the CUDA toolkit's headers are left to NVRTC's path); PTX, cubins
   and fat binaries are embedded and registered for the runtime to link with
   the kernel's module (embed.cc, runtime/gpu/gpu-link.c).  The kernel calls
   their functions, extern "C" __device__ in CUDA C, through declarations
   __attribute__ ((cuda_device)) that the unit does not define: the CPU
   backend runs the C functions of those names, referred to weakly, and
   refuses a launch where the program has none.  */

#include "cudajit-plugin.h"
#include "c-family/c-pragma.h"
#include "incpath.h"
#include "nvrtc-common.h"

#include <sys/stat.h>

/* cc1's, which lto1, where the plugin is loaded too but reads no file
   and no pragma, lacks: referred to weakly, so that the plugin loads
   there.  */
extern cpp_dir *get_added_cpp_dirs (incpath_kind) __attribute__ ((weak));
extern void c_register_pragma (const char *space, const char *name,
                               pragma_handler_1arg handler)
    __attribute__ ((weak));
extern enum cpp_ttype pragma_lex (tree *value, location_t *loc)
    __attribute__ ((weak));

/* The prefix of the option, link=FILE.  */
#define LINK_OPTION CUDAJIT_LINK_OPTION_NAME "="

static const char *const extensions[] = CUDAJIT_LINKED_EXTENSIONS;

/* The files read for the unit, once each; pointers stay valid.  */
static vec<cudajit_linked_file *> files;

/* The paths of the headers that their CUDA C includes.  */
static vec<char *> headers;

/* As deep as GCC's preprocessor lets #include go.  */
#define INCLUDE_DEPTH_MAX 200

/* The prefix of the guard of an included header that says #pragma once,
   which the CUDA C, where it is no longer a file of its own, replaces.  */
#define INCLUDED_ONCE_GUARD "_cjIncludedOnce"

/* Those of #pragma cudajit link, which the kernels that follow link.  */
static vec<const cudajit_linked_file *> unit_files;

bool
cudajit_link_option_p (const char *option)
{
  return strncmp (option, LINK_OPTION, strlen (LINK_OPTION)) == 0;
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

/* FILE, named in the file FROM, where #include "FILE" would find it, or
   #include <FILE> if BRACKET (in the directories of -I alone); null if
   nowhere.  A directory of the CUDA toolkit's headers is left to NVRTC,
   which has it in its path (nvrtc-common.c): its headers, which NVRTC
   reads as they are, stay out of the CUDA C.  */
static char *
find (const char *file, const char *from, bool bracket)
{
  if (IS_ABSOLUTE_PATH (file))
    return file_in ("", file);
  char *path = NULL;
  if (!bracket)
    {
      /* Without its last slash, but for the root's.  */
      size_t length = from ? lbasename (from) - from : 0;
      char *dir
          = xstrndup (from ? from : "", length > 1 ? length - 1 : length);
      path = file_in (*dir ? dir : ".", file);
      free (dir);
    }
  for (int chain = bracket ? INC_BRACKET : INC_QUOTE;
       !path && get_added_cpp_dirs && chain <= INC_BRACKET; chain++)
    for (cpp_dir *d = get_added_cpp_dirs ((incpath_kind) chain); d && !path;
         d = d->next)
      {
        char *toolkit = file_in (d->name, CUDAJIT_TOOLKIT_HEADER);
        if (!toolkit)
          path = file_in (d->name, file);
        free (toolkit);
      }
  return path;
}

/* The content of the file at PATH, NUL-terminated, its size in *SIZE;
   null, diagnosed at LOC, if it cannot be read, or, if TEXT, has a NUL.
   WHAT says what the file is to the kernel.  */
static char *
read_file (const char *path, bool text, const char *what, location_t loc,
           size_t *size)
{
  FILE *stream = fopen (path, "rb");
  char *bytes = NULL;
  size_t room = 0, got = 0;
  if (stream)
    {
      do
        {
          room = room ? 2 * room : BUFSIZ;
          bytes = XRESIZEVEC (char, bytes, room + 1);
          got += fread (bytes + got, 1, room - got, stream);
        }
      while (got == room);
      bytes[got] = '\0';
    }
  if (!stream || ferror (stream) || (text && strlen (bytes) != got))
    {
      if (!stream || ferror (stream))
        error_at (loc, "cannot read %qs, %s: %m", path, what);
      else
        error_at (loc, "%qs, %s, is not text: it has a NUL byte", path, what);
      if (stream)
        fclose (stream);
      free (bytes);
      return NULL;
    }
  fclose (stream);
  *size = got;
  return bytes;
}

/* If the line at LINE is the directive #NAME, what follows NAME and the
   blanks after it; else null.  */
static const char *
directive_rest (const char *line, const char *name)
{
  line += strspn (line, " \t");
  if (*line != '#')
    return NULL;
  line += 1 + strspn (line + 1, " \t");
  size_t length = strlen (name);
  if (strncmp (line, name, length) != 0 || ISIDNUM (line[length]))
    return NULL;
  return line + length + strspn (line + length, " \t");
}

/* If the line at LINE is #include "FILE" or #include <FILE> (then
   *BRACKET), FILE's first character, and its length in *LENGTH; else
   null.  */
static const char *
include_line (const char *line, size_t *length, bool *bracket)
{
  const char *rest = directive_rest (line, "include");
  if (!rest || (*rest != '"' && *rest != '<'))
    return NULL;
  *bracket = *rest == '<';
  char close = *bracket ? '>' : '"';
  *length = strcspn (rest + 1, *bracket ? ">\n" : "\"\n");
  return rest[1 + *length] == close ? rest + 1 : NULL;
}

/* Whether the line at LINE is #pragma once.  */
static bool
pragma_once_p (const char *line)
{
  const char *rest = directive_rest (line, "pragma");
  return (rest && strncmp (rest, "once", strlen ("once")) == 0
          && !ISIDNUM (rest[strlen ("once")]));
}

/* Whether a comment is still open at END, the end of a line from P on,
   where one was open at P if IN_COMMENT.  String and character literals
   are skipped, so that a comment opener in one opens nothing.  */
static bool
comment_open_after (const char *p, const char *end, bool in_comment)
{
  while (p < end)
    if (in_comment)
      {
        if (p[0] == '*' && p + 1 < end && p[1] == '/')
          {
            in_comment = false;
            p += 2;
          }
        else
          p++;
      }
    else if (p[0] == '/' && p + 1 < end && p[1] == '/')
      return false;
    else if (p[0] == '/' && p + 1 < end && p[1] == '*')
      {
        in_comment = true;
        p += 2;
      }
    else if (*p == '"' || *p == '\'')
      {
        char quote = *p++;
        while (p < end && *p != quote)
          p += (*p == '\\' && p + 1 < end) ? 2 : 1;
        p++;
      }
    else
      p++;
  return in_comment;
}

static char *embed_includes (const char *text, const char *path,
                             vec<const char *> *open, location_t loc);

/* The text that stands for #include "FILE" (#include <FILE> if BRACKET)
   at line LINE of the CUDA C at FROM, where OPEN are the files being
   included: FILE's text, its own includes in their place, between #line
   directives; or null if FILE is nowhere to be found, which leaves it to
   NVRTC, which has the toolkit's headers.  */
static char *
included_text (const char *file, bool bracket, const char *from, int line,
               vec<const char *> *open, location_t loc)
{
  char *path = find (file, from, bracket);
  if (!path)
    return NULL;
  bool again = false;
  for (const char *o : *open)
    again |= strcmp (o, path) == 0;
  char *content = NULL;
  size_t size;
  if (open->length () >= INCLUDE_DEPTH_MAX)
    error_at (loc,
              "%qs, which linked CUDA C includes, is nested more than %d "
              "includes deep",
              path, INCLUDE_DEPTH_MAX);
  /* A file that includes itself is guarded, or endless: it adds
     nothing.  */
  else if (!again)
    content
        = read_file (path, true, "which linked CUDA C includes", loc, &size);
  char *back = xasprintf ("#line %d \"%s\"\n", line + 1, from);
  if (!content)
    {
      free (path);
      return back;
    }
  bool once = false;
  for (char *l = content; l; l = strchr (l, '\n'), l = l ? l + 1 : l)
    if (pragma_once_p (l))
      {
        once = true;
        memset (l, ' ', strcspn (l, "\n"));
      }
  char *body = embed_includes (content, path, open, loc);
  char guard[64];
  snprintf (guard, sizeof guard, INCLUDED_ONCE_GUARD "%08x",
            crc32_string (0, path));
  char *text = concat (once ? "#ifndef " : "", once ? guard : "",
                       once ? "\n#define " : "", once ? guard : "",
                       once ? "\n" : "", "#line 1 \"", path, "\"\n", body,
                       *body && body[strlen (body) - 1] != '\n' ? "\n" : "",
                       once ? "#endif\n" : "", back, NULL);
  free (back);
  free (body);
  free (content);
  bool known = false;
  for (const char *header : headers)
    known |= strcmp (header, path) == 0;
  if (!known)
    headers.safe_push (path);
  else
    free (path);
  return text;
}

/* TEXT, the CUDA C at PATH, with the files of its #include "FILE" lines
   in their place; OPEN, the files being included.  */
static char *
embed_includes (const char *text, const char *path, vec<const char *> *open,
                location_t loc)
{
  char *result = xstrdup ("");
  /* The text from here to the line looked at is copied as it is.  */
  const char *unchanged = text;
  bool in_comment = false;
  int number = 1;
  open->safe_push (path);
  for (const char *line = text; *line; number++)
    {
      const char *end = line + strcspn (line, "\n");
      const char *next = *end ? end + 1 : end;
      size_t length;
      bool bracket;
      const char *file
          = in_comment ? NULL : include_line (line, &length, &bracket);
      if (file)
        {
          char *name = xstrndup (file, length);
          char *included
              = included_text (name, bracket, path, number, open, loc);
          free (name);
          if (included)
            {
              char *before = xstrndup (unchanged, line - unchanged);
              result = reconcat (result, result, before, included, NULL);
              free (before);
              free (included);
              unchanged = next;
            }
        }
      in_comment = comment_open_after (line, end, in_comment);
      line = next;
    }
  open->pop ();
  return reconcat (result, result, unchanged, NULL);
}

/* The file at PATH, of KIND, read once for the unit, with CUDA C's
   includes in their place; null, diagnosed at LOC, if it cannot be read,
   or is text with a NUL.  */
static const cudajit_linked_file *
read_once (const char *path, enum cudajit_linked_kind kind, location_t loc)
{
  for (cudajit_linked_file *f : files)
    if (strcmp (f->path, path) == 0)
      return f;
  bool text = kind == CUDAJIT_LINKED_CUDA || kind == CUDAJIT_LINKED_PTX;
  size_t size;
  char *bytes = read_file (path, text, "which the kernel links", loc, &size);
  if (!bytes)
    return NULL;
  if (kind == CUDAJIT_LINKED_CUDA)
    {
      auto_vec<const char *> open;
      char *embedded = embed_includes (bytes, path, &open, loc);
      free (bytes);
      bytes = embedded;
      size = strlen (bytes);
    }
  cudajit_linked_file *f = XNEW (cudajit_linked_file);
  *f = { xstrdup (path), bytes, size, kind };
  files.safe_push (f);
  return f;
}

/* The file of OPTION, link=FILE, named at LOC; null, diagnosed at LOC if
   DIAGNOSE, if it cannot be had.  */
static const cudajit_linked_file *
linked_file (const char *option, location_t loc, bool diagnose)
{
  const char *file = option + strlen (LINK_OPTION);
  const char *dot = strrchr (lbasename (file), '.');
  int kind = -1;
  for (unsigned int i = 0; i < ARRAY_SIZE (extensions) && dot; i++)
    if (strcmp (dot, extensions[i]) == 0)
      kind = i;
  if (kind < 0)
    {
      if (diagnose)
        error_at (loc,
                  "kernel option %qs names no file that a kernel links: "
                  "CUDA C (%<.cu%>), compiled with it by NVRTC, or code for "
                  "the driver to link (%<.ptx%>, %<.cubin%>, %<.fatbin%>)",
                  option);
      return NULL;
    }
  char *found = find (file, LOCATION_FILE (loc), false);
  if (!found)
    {
      if (diagnose)
        error_at (loc,
                  "cannot find %qs, which kernel option %qs links: it is "
                  "looked for as %<#include \"%s\"%> is",
                  file, option, file);
      return NULL;
    }
  const cudajit_linked_file *f
      = read_once (found, (enum cudajit_linked_kind) kind, loc);
  free (found);
  return f;
}

bool
cudajit_check_link_option (const char *option, location_t loc)
{
  return linked_file (option, loc, true) != NULL;
}

void
cudajit_kernel_linked_files (const_tree fndecl,
                             vec<const cudajit_linked_file *> *linked)
{
  for (tree attribute
       = lookup_attribute ("cuda_jit", DECL_ATTRIBUTES (fndecl));
       attribute;
       attribute = lookup_attribute ("cuda_jit", TREE_CHAIN (attribute)))
    for (tree arg = TREE_VALUE (attribute); arg; arg = TREE_CHAIN (arg))
      if (TREE_CODE (TREE_VALUE (arg)) == STRING_CST
          && cudajit_link_option_p (TREE_STRING_POINTER (TREE_VALUE (arg))))
        {
          const cudajit_linked_file *f
              = linked_file (TREE_STRING_POINTER (TREE_VALUE (arg)),
                             DECL_SOURCE_LOCATION (fndecl), false);
          if (f && !linked->contains (f))
            linked->safe_push (f);
        }
  for (const cudajit_linked_file *f : unit_files)
    if (!linked->contains (f))
      linked->safe_push (f);
}

char *
cudajit_kernel_link_text (const_tree fndecl)
{
  auto_vec<const cudajit_linked_file *> linked;
  cudajit_kernel_linked_files (fndecl, &linked);
  char *cuda = xstrdup ("");
  for (const cudajit_linked_file *f : linked)
    {
      char guard[32];
      snprintf (guard, sizeof guard, CUDAJIT_LINKED_GUARD "%08x",
                crc32_string (0, f->path));
      bool source = f->kind == CUDAJIT_LINKED_CUDA;
      bool newline = !source || (f->size && f->bytes[f->size - 1] == '\n');
      cuda = reconcat (cuda, cuda, "#ifndef ", guard, "\n#define ", guard,
                       "\n#line 1 \"", f->path, "\"\n", source ? f->bytes : "",
                       newline ? "" : "\n", "#endif\n", NULL);
    }
  return cuda;
}

char *
cudajit_kernel_link_paths (const_tree fndecl)
{
  auto_vec<const cudajit_linked_file *> linked;
  cudajit_kernel_linked_files (fndecl, &linked);
  char *paths = xstrdup ("");
  for (const cudajit_linked_file *f : linked)
    paths = reconcat (paths, paths, *paths ? " " : "", f->path, NULL);
  return paths;
}

/* Whether F has NAME as an identifier, or, in a binary, as a symbol.  */
static bool
names_p (const cudajit_linked_file *f, const char *name)
{
  size_t length = strlen (name);
  const char *end = f->bytes + f->size;
  for (const char *p = f->bytes;
       (p = (const char *) memmem (p, end - p, name, length)); p++)
    if ((p == f->bytes || !ISIDNUM (p[-1]))
        && (p + length == end || !ISIDNUM (p[length])))
      return true;
  return false;
}

bool
cudajit_linked_function_p (const_tree fndecl, const_tree kernel)
{
  const char *name = IDENTIFIER_POINTER (DECL_NAME (fndecl));
  auto_vec<const cudajit_linked_file *> linked;
  if (kernel)
    cudajit_kernel_linked_files (kernel, &linked);
  else
    for (cudajit_linked_file *f : files)
      linked.safe_push (f);
  for (const cudajit_linked_file *f : linked)
    if (names_p (f, name))
      return true;
  return false;
}

bool
cudajit_linked_source_p (const char *path)
{
  for (cudajit_linked_file *f : files)
    if (f->kind == CUDAJIT_LINKED_CUDA && strcmp (f->path, path) == 0)
      return true;
  for (char *header : headers)
    if (strcmp (header, path) == 0)
      return true;
  return false;
}

bool
cudajit_unit_links_code_p (void)
{
  for (cudajit_linked_file *f : files)
    if (f->kind != CUDAJIT_LINKED_CUDA)
      return true;
  return false;
}

void
cudajit_write_linked_files (const char *dir)
{
  for (cudajit_linked_file *f : files)
    if (f->kind != CUDAJIT_LINKED_CUDA)
      {
        char *path = concat (dir, "/", lbasename (f->path), NULL);
        FILE *out = fopen (path, "wb");
        if (!out || fwrite (f->bytes, 1, f->size, out) != f->size
            || fclose (out) != 0)
          error ("cudajit: cannot write %qs: %m", path);
        free (path);
      }
}

/* #pragma cudajit link "FILE": the kernels that follow link FILE.  */
static void
handle_link_pragma (cpp_reader *)
{
  tree file;
  location_t loc;
  if (pragma_lex (&file, &loc) != CPP_STRING)
    {
      error_at (loc, "%<#pragma cudajit link%> takes a file name in quotes, "
                     "as in %<#pragma cudajit link \"helpers.cu\"%>");
      return;
    }
  char *option = concat (LINK_OPTION, TREE_STRING_POINTER (file), NULL);
  const cudajit_linked_file *f = linked_file (option, loc, true);
  free (option);
  if (f && !unit_files.contains (f))
    unit_files.safe_push (f);
  if (pragma_lex (&file, &loc) != CPP_EOF)
    error_at (loc, "%<#pragma cudajit link%> takes one file name");
}

void
cudajit_register_pragmas (void *, void *)
{
  c_register_pragma ("cudajit", "link", handle_link_pragma);
}
