/* SPDX-License-Identifier: MIT */
/* cudajit-inspect: the kernels of an object file or a program, and what
   NVRTC makes of them, without running it.

     cudajit-inspect FILE
       lists the kernels and device functions that FILE carries, by unit,
       and the images compiled ahead of time for their modules;
     cudajit-inspect [--arch=sm_NN] [--cuda | --ptx | --sass | --resources
                     | --unit] FILE KERNEL
       prints, for KERNEL compiled alone, as the JIT compiles the first
       kernel of a unit to be launched, the CUDA C that NVRTC compiles,
       the PTX, the SASS (with the CUDA toolkit's cuobjdump or nvdisasm),
       or KERNEL's registers and memory as ptxas reports them (the
       default); or the CUDA C of KERNEL's whole unit.

   It reads the records of the section CUDAJIT_SECTION (cudajit-abi.h),
   which the plugin writes into each object.  The code is compiled as the
   JIT compiles it, for the GPU of this machine, else for the newest
   architecture that NVRTC supports, or for --arch.  Linked with the
   static libcudajit for its NVRTC and driver code.  */

#include "internal.h"

#include "cudajit-config.h"

#include <elf.h>
#include <errno.h>
#include <fcntl.h>
#include <link.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

static const char usage[]
    = "usage: cudajit-inspect FILE\n"
      "       cudajit-inspect [--arch=sm_NN] [--cuda | --ptx | --sass | "
      "--resources | --unit] FILE KERNEL\n"
      "       cudajit-inspect --help | --version\n";

/* The exit status of bad arguments, as the manual page says.  */
enum
{
  EXIT_USAGE = 2
};

static const char *program_name = "cudajit-inspect";

static void die (const char *format, ...)
    __attribute__ ((noreturn, format (printf, 1, 2)));

static void
die (const char *format, ...)
{
  va_list ap;
  fprintf (stderr, "%s: ", program_name);
  va_start (ap, format);
  vfprintf (stderr, format, ap);
  va_end (ap);
  fputc ('\n', stderr);
  exit (1);
}

/* Bad arguments, said as FORMAT says with ARG, then the usage.  */
static void __attribute__ ((noreturn))
usage_error (const char *format, const char *arg)
{
  fprintf (stderr, "%s: ", program_name);
  fprintf (stderr, format, arg);
  fprintf (stderr, "\n%s", usage);
  exit (EXIT_USAGE);
}

/* A registration's record, its fields pointing into the mapped file.  */
struct record
{
  const char *field[CUDAJIT_RECORD_FIELDS];
};

/* The contents of FILE's section CUDAJIT_SECTION in *SIZE bytes, or null
   if it has none.  FILE must be an ELF file of this machine's class, and
   whole: one cut short says where it ends and what its header says
   should be there.  */
static const char *
find_section (const char *file, size_t *size)
{
  int fd = open (file, O_RDONLY);
  struct stat st;
  if (fd < 0 || fstat (fd, &st) != 0)
    die ("%s: %s", file, strerror (errno));
  /* Else mmap's error would be that of the file system: "No such
     device".  */
  if (S_ISDIR (st.st_mode))
    die ("%s: is a directory", file);
  if (!S_ISREG (st.st_mode))
    die ("%s: is not a regular file", file);
  if (st.st_size == 0)
    die ("%s: is empty", file);
  size_t file_size = st.st_size;
  const char *image = mmap (NULL, file_size, PROT_READ, MAP_PRIVATE, fd, 0);
  close (fd);
  if (image == MAP_FAILED)
    die ("%s: %s", file, strerror (errno));

  const ElfW (Ehdr) *header = (const ElfW (Ehdr) *) image;
  if (file_size < SELFMAG || memcmp (image, ELFMAG, SELFMAG) != 0)
    die ("%s: not an ELF object file or program", file);
  if (file_size < sizeof *header)
    die ("%s: is not a complete ELF file: %zu bytes, less than its "
         "header's %zu",
         file, file_size, sizeof *header);
  if (header->e_ident[EI_CLASS]
          != (sizeof (void *) == 8 ? ELFCLASS64 : ELFCLASS32)
      || header->e_shentsize != sizeof (ElfW (Shdr)))
    die ("%s: not an ELF file of this machine", file);
  unsigned long long headers_end
      = header->e_shoff
        + (unsigned long long) header->e_shnum * sizeof (ElfW (Shdr));
  if (header->e_shoff > file_size || headers_end > file_size)
    die ("%s: is truncated: %zu bytes, but its header says that its "
         "section headers end at byte %llu",
         file, file_size, headers_end);
  if (header->e_shstrndx >= header->e_shnum)
    die ("%s: is damaged: its header says that the names of its sections "
         "are in section %u, but it has %u",
         file, (unsigned int) header->e_shstrndx,
         (unsigned int) header->e_shnum);
  const ElfW (Shdr) *sections
      = (const ElfW (Shdr) *) (image + header->e_shoff);
  const ElfW (Shdr) *names = &sections[header->e_shstrndx];
  if (names->sh_offset > file_size
      || names->sh_size > file_size - names->sh_offset)
    die ("%s: is truncated: %zu bytes, but its header says that the names "
         "of its sections end at byte %llu",
         file, file_size,
         (unsigned long long) names->sh_offset + names->sh_size);
  for (int i = 0; i < header->e_shnum; i++)
    {
      const ElfW (Shdr) *s = &sections[i];
      /* strcmp stops within the names, at the end of CUDAJIT_SECTION.  */
      if (s->sh_type != SHT_PROGBITS || s->sh_name >= names->sh_size
          || names->sh_size - s->sh_name <= strlen (CUDAJIT_SECTION)
          || strcmp (image + names->sh_offset + s->sh_name, CUDAJIT_SECTION)
                 != 0)
        continue;
      if (s->sh_offset > file_size || s->sh_size > file_size - s->sh_offset)
        die ("%s: is truncated: %zu bytes, but its header says that its "
             "section %s ends at byte %llu",
             file, file_size, CUDAJIT_SECTION,
             (unsigned long long) s->sh_offset + s->sh_size);
      *size = s->sh_size;
      return image + s->sh_offset;
    }
  return NULL;
}

/* The records in the section's SIZE bytes at DATA, in *COUNT.  */
static struct record *
read_records (const char *file, const char *data, size_t size, int *count)
{
  struct record *records = NULL;
  const char *end = data + size;
  *count = 0;
  while (data < end)
    {
      if (!*data)
        {
          data++;
          continue;
        }
      if ((size_t) (end - data) < sizeof CUDAJIT_RECORD_MAGIC
          || memcmp (data, CUDAJIT_RECORD_MAGIC, sizeof CUDAJIT_RECORD_MAGIC))
        die ("%s: the section %s is damaged, or of another cudajit", file,
             CUDAJIT_SECTION);
      data += sizeof CUDAJIT_RECORD_MAGIC;
      records = cudajit_xrealloc (records, (*count + 1) * sizeof *records);
      for (int i = 0; i < CUDAJIT_RECORD_FIELDS; i++)
        {
          const char *nul = memchr (data, '\0', end - data);
          if (!nul)
            die ("%s: the section %s is cut short", file, CUDAJIT_SECTION);
          records[*count].field[i] = data;
          data = nul + 1;
        }
      ++*count;
    }
  return records;
}

static bool
kernel_p (const struct record *r)
{
  return strcmp (r->field[CUDAJIT_RECORD_KIND], CUDAJIT_RECORD_KIND_KERNEL)
         == 0;
}

static int
record_flags (const struct record *r)
{
  return atoi (r->field[CUDAJIT_RECORD_FLAGS]);
}

/* FLAGS as the arguments of a cuda_jit attribute that give them, in
   parentheses, or nothing for none.  */
static void
print_options (int flags)
{
  const char *separator = " (";
#define DEF_CUDAJIT_COMPILE_OPTION(name, value, sets, clears, nvrtc)          \
  if ((sets) && (flags & (sets)))                                             \
    {                                                                         \
      printf ("%s%s", separator, name);                                       \
      if ((value) != 1)                                                       \
        printf ("=%d", value);                                                \
      separator = ", ";                                                       \
    }
#include "cudajit-compile-options.def"
#undef DEF_CUDAJIT_COMPILE_OPTION
  int registers = ((flags & CUDAJIT_COMPILE_MAX_REGISTERS_MASK)
                   >> CUDAJIT_COMPILE_MAX_REGISTERS_SHIFT);
  if (registers)
    {
      printf ("%s%s=%d", separator, CUDAJIT_COMPILE_MAX_REGISTERS_NAME,
              registers);
      separator = ", ";
    }
  int threads = ((flags & CUDAJIT_COMPILE_LAUNCH_BOUNDS_MASK)
                 >> CUDAJIT_COMPILE_LAUNCH_BOUNDS_SHIFT);
  if (threads)
    {
      printf ("%s%s=%d", separator, CUDAJIT_COMPILE_LAUNCH_BOUNDS_NAME,
              threads);
      separator = ", ";
    }
  int carveout = ((flags & CUDAJIT_COMPILE_SHARED_CARVEOUT_MASK)
                  >> CUDAJIT_COMPILE_SHARED_CARVEOUT_SHIFT);
  if (carveout)
    {
      printf ("%s%s=%d", separator, CUDAJIT_COMPILE_SHARED_CARVEOUT_NAME,
              carveout - 1);
      separator = ", ";
    }
  if (*separator == ',')
    putchar (')');
}

/* What R registers, as the list says it.  */
static const char *
kind_name (const struct record *r)
{
  if (kernel_p (r))
    return "kernel";
  if (strcmp (r->field[CUDAJIT_RECORD_KIND], CUDAJIT_RECORD_KIND_IMAGE) == 0)
    return "image";
  return "device function";
}

/* The files of CUDA C that the kernel of CUDA_SOURCE links, after ", links"
   (see cudajit-abi.h).  */
static void
print_linked (const char *cuda_source)
{
  static const char guard[] = "#ifndef " CUDAJIT_LINKED_GUARD;
  static const char line[] = "\n#line 1 \"";
  const char *separator = ", links ";

  for (const char *p = strstr (cuda_source, guard); p;
       p = strstr (p + 1, guard))
    {
      const char *path = strstr (p, line);
      if (!path)
        break;
      path += strlen (line);
      printf ("%s%.*s", separator, (int) strcspn (path, "\"\n"), path);
      separator = ", ";
    }
}

static void
list (const struct record *records, int count)
{
  for (int i = 0; i < count; i++)
    {
      printf ("%s: %s %s", records[i].field[CUDAJIT_RECORD_UNIT],
              kind_name (&records[i]), records[i].field[CUDAJIT_RECORD_NAME]);
      print_options (record_flags (&records[i]));
      if (kernel_p (&records[i]))
        print_linked (records[i].field[CUDAJIT_RECORD_CUDA_SOURCE]);
      putchar ('\n');
    }
}

/* The CUDA C of the unit of records[KERNEL] that compiles that kernel
   alone, as the first launch of one of the unit's kernels does; or, with
   WHOLE, all of the unit's: the records of one unit follow each other.  */
static char *
unit_source (const struct record *records, int count, int kernel, bool whole)
{
  const char *unit = records[kernel].field[CUDAJIT_RECORD_UNIT];
  int first = kernel, last = kernel;
  char *source = cudajit_append (NULL, "");
  while (first > 0
         && strcmp (records[first - 1].field[CUDAJIT_RECORD_UNIT], unit) == 0)
    first--;
  while (last + 1 < count
         && strcmp (records[last + 1].field[CUDAJIT_RECORD_UNIT], unit) == 0)
    last++;
  for (int i = first; i <= last; i++)
    if (whole || i == kernel || !kernel_p (&records[i]))
      {
        char *piece = cudajit_module_piece (
            records[i].field[CUDAJIT_RECORD_PRELUDE],
            records[i].field[CUDAJIT_RECORD_CUDA_SOURCE]);
        source = cudajit_append (source, piece);
        free (piece);
      }
  return source;
}

/* Compile SOURCE for ARCH as FLAGS say, or die with NVRTC's log.  */
static struct cudajit_image
compile (const char *source, const char *unit, int arch, int flags)
{
  struct cudajit_image image;
  const char *error = cudajit_load_nvrtc ();
  if (error)
    die ("%s", error);
  error = cudajit_nvrtc_compile (source, unit, arch, flags, false, &image);
  if (error)
    die ("NVRTC cannot compile %s: %s\n%s", unit, error, image.log);
  return image;
}

/* The lines of ptxas's LOG about FUNCTION: from one that names it after
   one of HEADINGS to one that names another.  */
static void
print_resources (const char *log, const char *function)
{
  static const char *const headings[]
      = { "Compiling entry function '", "Function properties for " };
  size_t length = strlen (function);
  bool ours = false;
  for (const char *start = log; *start;)
    {
      size_t n = strcspn (start, "\n");
      char *line = strndup (start, n);
      for (size_t i = 0; i < sizeof headings / sizeof *headings; i++)
        {
          const char *heading = strstr (line, headings[i]);
          if (heading)
            {
              const char *name = heading + strlen (headings[i]);
              ours = (strncmp (name, function, length) == 0
                      && (name[length] == '\'' || !name[length]));
            }
        }
      if (ours)
        puts (line);
      free (line);
      start += n + (start[n] == '\n');
    }
}

/* A program of the CUDA toolkit: in the PATH, $CUDA_HOME/bin or
   /usr/local/cuda/bin, or null.  */
static char *
find_tool (const char *name)
{
  const char *dirs[]
      = { getenv (CUDAJIT_CUDA_HOME_VARIABLE), CUDAJIT_DEFAULT_CUDA_HOME };
  const char *path = getenv ("PATH");
  char candidate[PATH_MAX];
  while (path && *path)
    {
      size_t n = strcspn (path, ":");
      if (snprintf (candidate, sizeof candidate, "%.*s/%s", (int) n, path,
                    name)
              < (int) sizeof candidate
          && access (candidate, X_OK) == 0)
        return strdup (candidate);
      path += n + (path[n] == ':');
    }
  for (size_t i = 0; i < sizeof dirs / sizeof *dirs; i++)
    if (dirs[i] && *dirs[i]
        && snprintf (candidate, sizeof candidate, "%s/bin/%s", dirs[i], name)
               < (int) sizeof candidate
        && access (candidate, X_OK) == 0)
      return strdup (candidate);
  return NULL;
}

/* Disassemble IMAGE, a cubin, with cuobjdump (KERNEL alone) or nvdisasm
   (the whole unit).  */
static void
print_sass (const struct cudajit_image *image, const char *kernel)
{
  char cubin[] = "/tmp/cudajit-inspect.XXXXXX";
  int fd = mkstemp (cubin);
  if (fd < 0 || write (fd, image->code, image->size) != (ssize_t) image->size
      || close (fd) != 0)
    die ("cannot write a temporary cubin: %s", strerror (errno));
  char *tool = find_tool ("cuobjdump");
  char *argv[6] = { NULL };
  if (tool)
    {
      argv[0] = tool;
      argv[1] = (char *) "-sass";
      argv[2] = (char *) "-fun";
      argv[3] = (char *) kernel;
      argv[4] = cubin;
    }
  else if ((tool = find_tool ("nvdisasm")))
    {
      argv[0] = tool;
      argv[1] = cubin;
    }
  else
    {
      unlink (cubin);
      die ("printing SASS needs the CUDA toolkit's cuobjdump or nvdisasm, "
           "in the PATH, $CUDA_HOME/bin or /usr/local/cuda/bin");
    }
  fflush (stdout);
  pid_t pid = fork ();
  if (pid == 0)
    {
      execv (tool, argv);
      _exit (127);
    }
  int status = 0;
  if (pid < 0 || waitpid (pid, &status, 0) < 0)
    status = 1;
  unlink (cubin);
  if (!WIFEXITED (status) || WEXITSTATUS (status) != 0)
    die ("%s failed", tool);
  free (tool);
}

enum what
{
  WHAT_RESOURCES,
  WHAT_CUDA,
  WHAT_PTX,
  WHAT_SASS,
  WHAT_UNIT
};

int
main (int argc, char **argv)
{
  static const char *const what_options[]
      = { "--resources", "--cuda", "--ptx", "--sass", "--unit" };
  enum what what = WHAT_RESOURCES;
  int arch = 0, operands = 0;

  for (int i = 1; i < argc; i++)
    {
      bool known = false;
      for (size_t w = 0; w < sizeof what_options / sizeof *what_options; w++)
        if (strcmp (argv[i], what_options[w]) == 0)
          {
            what = (enum what) w;
            known = true;
          }
      if (known)
        continue;
      if (strcmp (argv[i], "--help") == 0)
        {
          fputs (usage, stdout);
          fputs ("Lists the kernels that cudajit compiled into FILE, an "
                 "object or a program,\nor prints one KERNEL's CUDA C, "
                 "PTX, SASS or resource usage; see\ncudajit-inspect(1).\n",
                 stdout);
          return 0;
        }
      if (strcmp (argv[i], "--version") == 0)
        {
          printf ("%s (cudajit) %s\n", program_name, PACKAGE_VERSION);
          return 0;
        }
      if (strncmp (argv[i], "--arch=", 7) == 0)
        {
          int end = 0;
          if (sscanf (argv[i] + 7, "sm_%d%n", &arch, &end) != 1
              || argv[i][7 + end] || arch <= 0)
            usage_error ("bad %s", argv[i]);
        }
      else if (argv[i][0] == '-' && argv[i][1])
        usage_error ("unknown option %s", argv[i]);
      else
        argv[++operands] = argv[i];
    }
  if (operands < 1 || operands > 2)
    usage_error ("%s", operands ? "too many operands" : "no FILE");

  const char *file = argv[1];
  size_t size = 0;
  const char *section = find_section (file, &size);
  int count = 0;
  struct record *records
      = section ? read_records (file, section, size, &count) : NULL;
  if (!count)
    die ("%s has no kernels compiled by cudajit (or is a slim LTO object, "
         "whose code is compiled at link time)",
         file);
  if (operands == 1)
    {
      list (records, count);
      return 0;
    }

  const char *name = argv[2];
  int kernel = -1;
  for (int i = 0; i < count && kernel < 0; i++)
    if (kernel_p (&records[i])
        && strcmp (records[i].field[CUDAJIT_RECORD_NAME], name) == 0)
      kernel = i;
  if (kernel < 0)
    die ("%s has no kernel %s; run cudajit-inspect %s for its kernels", file,
         name, file);

  const char *unit = records[kernel].field[CUDAJIT_RECORD_UNIT];
  char *source = unit_source (records, count, kernel, what == WHAT_UNIT);
  int flags = record_flags (&records[kernel]);
  if (what == WHAT_CUDA || what == WHAT_UNIT)
    {
      fputs (source, stdout);
      return 0;
    }
  if (!arch)
    arch = cudajit_gpu_arch_quietly ();
  if (!arch)
    {
      const char *error = cudajit_load_nvrtc ();
      if (error)
        die ("%s", error);
      arch = cudajit_nvrtc_newest_arch ();
    }
  flags &= CUDAJIT_COMPILE_NVRTC_MASK;
  if (what == WHAT_PTX)
    flags |= CUDAJIT_NVRTC_PTX;
  if (what == WHAT_RESOURCES)
    flags |= CUDAJIT_NVRTC_RESOURCE_USAGE;
  struct cudajit_image image = compile (source, unit, arch, flags);
  if (image.ptx && what != WHAT_PTX)
    die ("NVRTC cannot compile for sm_%d; its newest is sm_%d", arch,
         image.arch);
  switch (what)
    {
    case WHAT_PTX:
      fwrite (image.code, 1, strnlen (image.code, image.size), stdout);
      break;
    case WHAT_SASS:
      print_sass (&image, name);
      break;
    default:
      printf ("%s (%s), sm_%d:\n", name, unit, image.arch);
      print_resources (image.log, name);
      break;
    }
  return 0;
}
