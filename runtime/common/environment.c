/* SPDX-License-Identifier: MIT */
/* The environment variables that cudajit reads, all read and checked at
   the first use of the runtime, so that a mistake in one is reported at
   once, by name, and not when, or instead of, what it was for.  */

#include "internal.h"

#include <ctype.h>
#include <errno.h>
#include <pthread.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* Set by read_environment; each field starts as its row's UNSET.  */
static struct cudajit_environment environment = {
#define DEF_ENVIRONMENT(name, field, unset, parse, values, description)       \
  .field = unset,
#include "cudajit-environment.def"
#undef DEF_ENVIRONMENT
};

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

/* A size in bytes, with an optional K, M or G (or k, m, g) for powers of
   1024, as
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
  if (*end && (unit = strchr (units, toupper ((unsigned char) *end)))
      && !end[1])
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

/* A list of checks separated by commas, each a bit; a list that can grow
   as checks are added.  */
static bool
parse_check (const char *value, void *field)
{
  static const char *const words[] = { "bounds", "races", "warps", NULL };
  static const unsigned int bits[]
      = { CUDAJIT_CHECK_BOUNDS, CUDAJIT_CHECK_RACES, CUDAJIT_CHECK_WARPS };
  unsigned int *checks = field;
  char word[16];

  *checks = 0;
  for (const char *p = value;; p++)
    {
      size_t length = strcspn (p, ",");
      int i;

      if (length >= sizeof word)
        return false;
      memcpy (word, p, length);
      word[length] = 0;
      if ((i = word_index (word, words)) < 0)
        return false;
      *checks |= bits[i];
      p += length;
      if (!*p)
        return true;
    }
}

/* Seconds, in decimal digits with a point perhaps: no sign, exponent,
   hexadecimal or infinity, which strtod would take too.  */
static bool
parse_seconds (const char *value, void *field)
{
  char *end;
  double seconds;

  if (value[strspn (value, "0123456789.")])
    return false;
  seconds = strtod (value, &end);
  *(double *) field = seconds;
  return !*end && seconds > 0 && seconds <= CUDAJIT_TIMEOUT_MAX;
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
/* CUDAJIT_TIMEOUT's and CUDAJIT_TEST_COMPILE_DELAY's.  */
#define SECONDS_EXAMPLES ", such as 10 or 0.5"
#define SECONDS_VALUES                                                        \
  "a number of seconds above 0 and at most " STRING (CUDAJIT_TIMEOUT_MAX)     \
      SECONDS_EXAMPLES

/* Every variable of cudajit-environment.def: its name, the values it
   takes for the message about a bad one, the function that sets its
   field of struct cudajit_environment from a value that is not empty, or
   returns false for a bad one, and the offset of that field.  */
static const struct variable
{
  const char *name;
  const char *values;
  bool (*parse) (const char *value, void *field);
  size_t field;
} variables[] = {
#define DEF_ENVIRONMENT(name, field, unset, parse, values, description)       \
  { name, values, parse, offsetof (struct cudajit_environment, field) },
#include "cudajit-environment.def"
#undef DEF_ENVIRONMENT
};

/* How much of a bad value the message shows.  */
enum
{
  SHOWN_MAX = 60
};

/* Add NAME=VALUE to *LIST, a malloc'ed text of such separated by spaces,
   or null.  */
static void
list_variable (char **list, const char *name, const char *value)
{
  size_t used = *list ? strlen (*list) : 0;

  *list = cudajit_xrealloc (*list,
                            used + 1 + strlen (name) + 1 + strlen (value) + 1);
  sprintf (*list + used, used ? " %s=%s" : "%s=%s", name, value);
}

/* Write what FORMAT makes on a line of stderr, as cudajit_verbose does,
   which would wait here for the environment.  */
static void
say (const char *format, ...)
{
  va_list ap;

  va_start (ap, format);
  cudajit_write_line (CUDAJIT_VERBOSE_PREFIX, NULL, format, ap);
  va_end (ap);
}

static void
read_environment (void)
{
  char *set = NULL;

  for (size_t i = 0; i < sizeof variables / sizeof *variables; i++)
    {
      const struct variable *v = &variables[i];
      const char *value = getenv (v->name);

      if (!value || !*value)
        continue;
      if (!v->parse (value, (char *) &environment + v->field))
        {
          size_t length = strlen (value);

          if (length > SHOWN_MAX)
            cudajit_fatal (NULL, "%s is '%.*s...' (%zu bytes); it can be %s",
                           v->name, SHOWN_MAX, value, length, v->values);
          cudajit_fatal (NULL, "%s is '%s'; it can be %s", v->name, value,
                         v->values);
        }
    }
  /* CUDAJIT_VERBOSE's first line, before anything else that the runtime
     says, all of which depends on these values: a log of a run then
     tells how to run it again.  */
  if (!environment.verbose)
    return;
  for (size_t i = 0; i < sizeof variables / sizeof *variables; i++)
    {
      const char *value = getenv (variables[i].name);

      if (value && *value)
        list_variable (&set, variables[i].name, value);
    }
  say ("environment: %s", set);
  free (set);
}

const struct cudajit_environment *
cudajit_environment (void)
{
  static pthread_once_t once = PTHREAD_ONCE_INIT;

  pthread_once (&once, read_environment);
  return &environment;
}
