/* SPDX-License-Identifier: MIT */
/* nvrtc-check [--arch=sm_NN] [--cache] [--debug] [--variant] [--link]
   FILE.cu...

   Compile each FILE with NVRTC as the JIT does, but for architecture sm_NN
   instead of a GPU's, so that the testsuite can check CUDA C where there is
   no GPU.  Without --arch, compile for the newest architecture that NVRTC
   supports; with --debug, with device debug information, as for a unit
   compiled with -g -O0; with --variant, as a variant of its kernels
   (gpu-specialize.c) for blocks of variant_block, pointers __restrict__
   and VARIANT_VALUE for every parameter that variants take as a
   constant.  Print NVRTC's log; exit with status 1 if a FILE does
   not compile, and with 77, the testsuite's "unsupported", if NVRTC cannot be
   loaded.  Only functions that libcudajit.so exports are used.

   With --cache, go through the JIT's disk cache, as set by CUDAJIT_CACHE,
   CUDAJIT_CACHE_DIR and CUDAJIT_CACHE_MAX, with driver version 0 in the
   keys as no driver is loaded, loading NVRTC only for a FILE that the
   cache lacks, as the JIT does; and say on stdout for each FILE compiled
   whether NVRTC compiled it or it came from the cache.  Without, the cache is
   left alone, so that the testsuite does not fill the user's.

   With --link, compile each FILE relocatable, as the JIT compiles the
   units of a kernel that calls device functions of other units, and link
   them all with nvJitLink, as the driver would (exit 77 if it cannot be
   loaded), with each FILE.ptx, FILE.cubin or FILE.fatbin as it is, as the
   JIT links those that a kernel links.  */

#include "internal.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char usage[]
    = "usage: nvrtc-check [--arch=sm_NN] [--cache] [--debug] [--variant] "
      "[--link] FILE.cu...\n";

/* A variant's block, and the value of its parameters, for --variant.  */
static const cuda_dim3 variant_block = { 64, 2, 1 };
#define VARIANT_VALUE 3
/* The parameters that --variant gives values, by index: more than a
   kernel may have taken as constants.  */
#define VARIANT_PARAMS 64

/* SOURCE with the #define lines of a variant before it, which replaces
   it.  */
static char *
variant_source (char *source)
{
  unsigned int index[VARIANT_PARAMS];
  unsigned long long value[VARIANT_PARAMS];
  bool is_signed[VARIANT_PARAMS];
  for (unsigned int i = 0; i < VARIANT_PARAMS; i++)
    {
      index[i] = i;
      value[i] = VARIANT_VALUE;
      is_signed[i] = true;
    }
  char *text = cudajit_append (cudajit_variant_defines (variant_block, true,
                                                        VARIANT_PARAMS, index,
                                                        value, is_signed),
                               source);
  free (source);
  return text;
}

/* The kind of what FILE has, by its extension: CUDA C unless it is code
   for the driver to link.  */
static enum cudajit_linked_kind
linked_kind (const char *file)
{
  static const char *const extensions[] = CUDAJIT_LINKED_EXTENSIONS;
  const char *dot = strrchr (file, '.');

  for (size_t i = 0; dot && i < sizeof extensions / sizeof *extensions; i++)
    if (strcmp (dot, extensions[i]) == 0)
      return i;
  return CUDAJIT_LINKED_CUDA;
}

/* FILE's contents as a string, of *SIZE bytes, or null with errno
   set.  */
static char *
read_file (const char *file, long *size)
{
  FILE *stream = fopen (file, "rb");
  char *text = NULL;

  if (!stream)
    return NULL;
  errno = 0;
  if (fseek (stream, 0, SEEK_END) == 0 && (*size = ftell (stream)) >= 0
      && fseek (stream, 0, SEEK_SET) == 0 && (text = malloc (*size + 1))
      && fread (text, 1, *size, stream) == (size_t) *size)
    text[*size] = '\0';
  else
    {
      free (text);
      text = NULL;
      if (!errno)
        errno = EIO;
    }
  fclose (stream);
  return text;
}

/* Link the COUNT IMAGES of FILES, each compiled or, where it is code for
   the driver, read; return the exit status.  */
static int
link (const struct cudajit_image *images, const char *const *files, int count,
      int arch)
{
  struct cudajit_link_input inputs[count];
  char *code, *log;
  size_t size;

  for (int i = 0; i < count; i++)
    inputs[i] = (struct cudajit_link_input){
      files[i], images[i].code, images[i].size,
      linked_kind (files[i]) != CUDAJIT_LINKED_CUDA ? linked_kind (files[i])
      : images[i].ptx                               ? CUDAJIT_LINKED_PTX
                                                    : CUDAJIT_LINKED_CUBIN
    };
  const char *error = cudajit_link (inputs, count, arch, &code, &size, &log);
  if (log)
    fprintf (stderr, "%s\n", log);
  free (log);
  free (code);
  if (!error)
    return 0;
  fprintf (stderr, "nvrtc-check: cannot link the files: %s\n", error);
  return strstr (error, "cannot load") ? 77 : 1;
}

int
main (int argc, char **argv)
{
  int arch = INT_MAX, link_arch = 0, status = 0, files = 0, flags = 0;
  bool use_cache = false, variant = false;
  const char *error;

  for (int i = 1; i < argc; i++)
    if (strncmp (argv[i], "--arch=", 7) == 0)
      {
        int end = 0;
        if (sscanf (argv[i] + 7, "sm_%d%n", &arch, &end) != 1
            || argv[i][7 + end] || arch <= 0)
          {
            fprintf (stderr, "nvrtc-check: bad %s\n%s", argv[i], usage);
            return 2;
          }
      }
    else if (strcmp (argv[i], "--cache") == 0)
      use_cache = true;
    else if (strcmp (argv[i], "--debug") == 0)
      flags |= CUDAJIT_COMPILE_DEBUG;
    else if (strcmp (argv[i], "--variant") == 0)
      variant = true;
    else if (strcmp (argv[i], "--link") == 0)
      flags |= CUDAJIT_NVRTC_RELOCATABLE;
    else
      /* The files, to the front of argv.  */
      argv[files++] = argv[i];
  if (!files)
    {
      fputs (usage, stderr);
      return 2;
    }
  /* With the cache, NVRTC is loaded only for what the cache lacks.  */
  if (!use_cache && (error = cudajit_load_nvrtc ()))
    {
      fprintf (stderr, "nvrtc-check: %s\n", error);
      return 77;
    }

  struct cudajit_image *images = calloc (files, sizeof *images);
  if (!images)
    {
      perror ("nvrtc-check");
      return 1;
    }
  for (int i = 0; i < files; i++)
    {
      long size;
      char *source = read_file (argv[i], &size);
      struct cudajit_image image = { 0 };

      if (!source)
        {
          fprintf (stderr, "nvrtc-check: %s: %s\n", argv[i], strerror (errno));
          status = 1;
          continue;
        }
      /* Code for the driver, which --link links as it is.  */
      if (linked_kind (argv[i]) != CUDAJIT_LINKED_CUDA)
        {
          images[i] = (struct cudajit_image){ .code = source, .size = size };
          continue;
        }
      if (variant)
        source = variant_source (source);
      error = cudajit_nvrtc_compile (source, argv[i], arch, flags, use_cache,
                                     &image);
      if (*image.log)
        fprintf (stderr, "%s\n", image.log);
      if (error)
        {
          char header[CUDAJIT_MISSING_HEADER_SIZE];
          bool missing = cudajit_nvrtc_missing_header (
              &cudajit_nvrtc, image.log, header, sizeof header);
          fprintf (stderr, "nvrtc-check: %s: %s%s%s\n", argv[i], error,
                   missing ? ": " : "", missing ? header : "");
          status = 1;
        }
      else if (use_cache)
        printf ("%s: %s\n", argv[i],
                image.cached ? "from the cache" : "compiled");
      free (image.log);
      image.log = NULL;
      images[i] = image;
      link_arch = image.arch;
      free (source);
    }
  if (!status && (flags & CUDAJIT_NVRTC_RELOCATABLE))
    status = link (images, (const char *const *) argv, files, link_arch);
  for (int i = 0; i < files; i++)
    free (images[i].code);
  free (images);
  return status;
}
