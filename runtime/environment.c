/* SPDX-License-Identifier: MIT */
/* The environment variables that cudajit reads, all read and checked at
   the first use of the runtime, so that a mistake in one is reported at
   once, by name, and not when, or instead of, what it was for.  */

#include "internal.h"

#include <errno.h>
#include <pthread.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* Set by read_environment; the defaults are those of unset variables.  */
static struct cudajit_environment environment
    = { .cache = true,
        .background_compile = true,
        .cache_max = CUDAJIT_CACHE_MAX_DEFAULT };

/* The index of VALUE among the null-terminated WORDS, or -1.  */
static int
word_index (const char *value, const char *const *words)
{
  for (int i = 0; words[i]; i++)
    if (strcasecmp (value, words[i]) == 0)
      return i;
  return -1;
}

static bool
parse_backend (const char *value, void *field)
{
  static const char *const words[] = { "cpu", "cuda", NULL };
  int i = word_index (value, words);

  *(enum cudajit_backend *) field
      = i == 0 ? CUDAJIT_BACKEND_CPU : CUDAJIT_BACKEND_CUDA;
  return i >= 0;
}

static bool
parse_errors (const char *value, void *field)
{
  static const char *const words[] = { "exit", "return", NULL };
  int i = word_index (value, words);

  *(bool *) field = i == 1;
  return i >= 0;
}

/* The spellings of false, then as many of true, in the same order.  */
static const char *const booleans[]
    = { "0", "off", "false", "no", "1", "on", "true", "yes", NULL };
enum
{
  FALSE_SPELLINGS = (sizeof booleans / sizeof *booleans - 1) / 2
};

static bool
parse_boolean (const char *value, void *field)
{
  int i = word_index (value, booleans);

  *(bool *) field = i >= FALSE_SPELLINGS;
  return i >= 0;
}

static bool
parse_threads (const char *value, void *field)
{
  char *end;
  long n;

  errno = 0;
  n = strtol (value, &end, 10);
  *(long *) field = n;
  return !*end && !errno && n >= 1 && n <= CUDAJIT_CPU_THREADS_MAX;
}

/* A size in bytes, with an optional K, M or G for powers of 1024, as
   CUDA's own CUDA_CACHE_MAXSIZE is given in bytes and du -h prints.  */
static bool
parse_size (const char *value, void *field)
{
  static const char units[] = "KMG";
  char *end;
  unsigned long long n;
  const char *unit;

  errno = 0;
  n = strtoull (value, &end, 10);
  if (*end && (unit = strchr (units, *end)) && !end[1])
    for (const char *u = units; u <= unit; u++)
      {
        if (n > SIZE_MAX / 1024)
          errno = ERANGE;
        n *= 1024;
      }
  else if (*end)
    return false;
  *(size_t *) field = n;
  return *value >= '0' && *value <= '9' && !errno && n >= 1 && n <= SIZE_MAX;
}

static bool
parse_path (const char *value, void *field)
{
  *(const char **) field = value;
  return true;
}

static bool
parse_dir (const char *value, void *field)
{
  *(const char **) field = value;
  return strlen (value) <= CUDAJIT_CACHE_DIR_MAX;
}

#define STRINGIFY(x) #x
#define STRING(x) STRINGIFY (x)
#define BOOLEAN_VALUES "0, 1, off, on, false, true, no or yes"
#define THREADS_VALUES "a number from 1 to " STRING (CUDAJIT_CPU_THREADS_MAX)
#define CACHE_DIR_VALUES                                                      \
  "the path of a directory, of at most " STRING (                             \
      CUDAJIT_CACHE_DIR_MAX) " bytes"
#define FIELD(name) offsetof (struct cudajit_environment, name)

/* Every variable: its name, the values it takes for the message about a
   bad one, the function that sets its field of struct
   cudajit_environment from a value that is not empty, or returns false
   for a bad one, and that field.  */
static const struct variable
{
  const char *name;
  const char *values;
  bool (*parse) (const char *value, void *field);
  size_t field;
} variables[] = {
  { "CUDAJIT_BACKEND", "'cpu' or 'cuda'", parse_backend, FIELD (backend) },
  { CUDAJIT_NVRTC_LIBRARY_VARIABLE, "a path", parse_path,
    FIELD (nvrtc_library) },
  { CUDAJIT_CUDA_HOME_VARIABLE, "a path", parse_path, FIELD (cuda_home) },
  { "CUDAJIT_CPU_THREADS", THREADS_VALUES, parse_threads,
    FIELD (cpu_threads) },
  { "CUDAJIT_CACHE_DIR", CACHE_DIR_VALUES, parse_dir, FIELD (cache_dir) },
  { "CUDAJIT_CACHE", BOOLEAN_VALUES, parse_boolean, FIELD (cache) },
  { "CUDAJIT_BACKGROUND_COMPILE", BOOLEAN_VALUES, parse_boolean,
    FIELD (background_compile) },
  { "CUDAJIT_CACHE_MAX",
    "a size in bytes, with K, M or G for KiB, MiB or "
    "GiB",
    parse_size, FIELD (cache_max) },
  { "CUDAJIT_ERRORS", "'exit' or 'return'", parse_errors,
    FIELD (errors_return) },
  { "CUDAJIT_PROFILE", BOOLEAN_VALUES, parse_boolean, FIELD (profile) },
  { "CUDAJIT_VERBOSE", BOOLEAN_VALUES, parse_boolean, FIELD (verbose) },
};

/* How much of a bad value the message shows.  */
enum
{
  SHOWN_MAX = 60
};

static void
read_environment (void)
{
  for (size_t i = 0; i < sizeof variables / sizeof *variables; i++)
    {
      const struct variable *v = &variables[i];
      const char *value = getenv (v->name);

      if (value && *value
          && !v->parse (value, (char *) &environment + v->field))
        {
          size_t length = strlen (value);

          if (length > SHOWN_MAX)
            cudajit_fatal (NULL, "%s is '%.*s...' (%zu bytes); it can be %s",
                           v->name, SHOWN_MAX, value, length, v->values);
          cudajit_fatal (NULL, "%s is '%s'; it can be %s", v->name, value,
                         v->values);
        }
    }
}

const struct cudajit_environment *
cudajit_environment (void)
{
  static pthread_once_t once = PTHREAD_ONCE_INIT;

  pthread_once (&once, read_environment);
  return &environment;
}
