/* SPDX-License-Identifier: GPL-3.0-or-later */
/* prelude-check INCDIR OUT.CU PRELUDE.CUH...

   Check the C string that the build made of the CUDA C prelude
   (plugin/cuda/prelude.inc, by cuda-string.awk, with whatever awk configure
   found) against the files it was made of, in their order: its parts must
   be the files' "@part" sections, in order, each part's text the
   section's lines, with the text of each file that a line #include "NAME"
   names (in INCDIR) in place of the line.  Also write the whole prelude,
   every part, to OUT.CU for NVRTC to compile.  Exit with 1, saying where
   the texts first differ, if they do.  */

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* { NAME, TRIGGERS, TEXT } of each part, as prelude.cc reads them.  */
static const char *const parts[][3] = {
#include "prelude.inc"
};
enum
{
  PART_NAME,
  PART_TRIGGERS,
  PART_TEXT
};

static const char part_marker[] = "/* @part ";
static const char include_directive[] = "#include \"";

static size_t checked_parts;
/* How far the part being checked has matched.  */
static const char *part_rest;

static void
fail (const char *what, const char *part, const char *line)
{
  fprintf (stderr, "prelude-check: %s, in part '%s' at:\n%s\n", what, part,
           line);
  exit (1);
}

/* LINE, with its newline, must come next in the part being checked.  */
static void
expect_line (const char *line)
{
  const char *part = parts[checked_parts - 1][PART_NAME];
  size_t length = strlen (line);
  if (strncmp (part_rest, line, length) != 0)
    fail ("the string differs from the file", part, line);
  part_rest += length;
}

static void
expect_file (const char *path)
{
  FILE *file = fopen (path, "r");
  if (!file)
    {
      perror (path);
      exit (1);
    }
  char *line = NULL;
  size_t size = 0;
  while (getline (&line, &size, file) > 0)
    expect_line (line);
  free (line);
  fclose (file);
}

/* The part that "@part" LINE starts, whose name must be the next part's.  */
static void
start_part (const char *line)
{
  const char *name = line + strlen (part_marker);
  size_t name_length = strcspn (name, " ");
  if (checked_parts > 0 && *part_rest)
    fail ("the string goes on past its file's text",
          parts[checked_parts - 1][PART_NAME], part_rest);
  if (checked_parts == sizeof parts / sizeof *parts)
    fail ("a file has a part that the string lacks", "", line);
  const char *part_name = parts[checked_parts][PART_NAME];
  if (strlen (part_name) != name_length
      || strncmp (part_name, name, name_length) != 0)
    fail ("a file names another part", part_name, line);
  part_rest = parts[checked_parts++][PART_TEXT];
}

/* Check the sections of PRELUDE, a file of the prelude, with the files
   they include from INCDIR.  What precedes its first part, its own
   comment, is not in the string.  */
static void
check_file (const char *prelude_path, const char *incdir)
{
  FILE *prelude = fopen (prelude_path, "r");
  if (!prelude)
    {
      perror (prelude_path);
      exit (1);
    }
  bool in_part = false;
  char *line = NULL;
  size_t size = 0;
  while (getline (&line, &size, prelude) > 0)
    if (strncmp (line, part_marker, strlen (part_marker)) == 0)
      {
        start_part (line);
        in_part = true;
      }
    else if (!in_part)
      continue;
    else if (strncmp (line, include_directive, strlen (include_directive))
             == 0)
      {
        char *name = line + strlen (include_directive);
        name[strcspn (name, "\"")] = '\0';
        char *path = malloc (strlen (incdir) + strlen (name) + 2);
        sprintf (path, "%s/%s", incdir, name);
        expect_file (path);
        free (path);
      }
    else
      expect_line (line);
  free (line);
  fclose (prelude);
}

int
main (int argc, char **argv)
{
  if (argc < 4)
    {
      fputs ("usage: prelude-check INCDIR OUT.CU PRELUDE.CUH...\n", stderr);
      return 2;
    }
  for (int i = 3; i < argc; i++)
    check_file (argv[i], argv[1]);
  if (checked_parts != sizeof parts / sizeof *parts)
    fail ("the string has a part that the files lack",
          parts[checked_parts][PART_NAME], "(end of the files)");
  if (*part_rest)
    fail ("the string goes on past the files' text",
          parts[checked_parts - 1][PART_NAME], part_rest);

  FILE *out = fopen (argv[2], "w");
  if (!out)
    {
      perror (argv[2]);
      return 1;
    }
  for (size_t i = 0; i < checked_parts; i++)
    fputs (parts[i][PART_TEXT], out);
  if (fclose (out) != 0)
    {
      perror (argv[2]);
      return 1;
    }
  printf ("prelude-check: %zu parts, each its section of its file\n",
          checked_parts);
  return 0;
}
