/* SPDX-License-Identifier: MIT */
/* The examples print what the seeds' notebooks show: times as IPython's
   %time and %timeit print them, and arrays in NumPy's format: print (x) gives
   [0. 1. 2.], a cell's value array([0., 1., 2.]). Like NumPy, floats get at
   most 8 decimals with the trailing zeros dropped, aligned on the point; lines
   wrap at 75 characters; arrays of more than 1000 elements show their first
   and last 3.  NumPy's scientific notation, which it picks for very large or
   small values, is left out: the examples' values do not need it.  */

#ifndef NOTEBOOK_H
#define NOTEBOOK_H

#include <math.h>
#include <stdio.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>

enum
{
  NUMPY_LINE_WIDTH = 75,
  NUMPY_THRESHOLD = 1000,
  NUMPY_EDGE_ITEMS = 3,
  NUMPY_PRECISION = 8,
  NUMPY_WORD = 48
};

/* Whether X[I] of N is shown: NumPy elides the middle of long arrays.  */
static inline int
numpy_shown (long i, long n)
{
  return n <= NUMPY_THRESHOLD || i < NUMPY_EDGE_ITEMS
         || i >= n - NUMPY_EDGE_ITEMS;
}

/* The words of the shown elements, and "..." where the middle is.  */
static char numpy_words[2 * NUMPY_EDGE_ITEMS + NUMPY_THRESHOLD][NUMPY_WORD];

/* Print the COUNT words of numpy_words between BEFORE "[" and "]" AFTER,
   separated by SEP, wrapped as NumPy wraps them.  */
static inline void
numpy_layout (long count, const char *before, const char *sep,
              const char *after)
{
  size_t sep_trimmed = strlen (sep);
  while (sep_trimmed > 0 && sep[sep_trimmed - 1] == ' ')
    sep_trimmed--;
  size_t indent = strlen (before) + 1;
  size_t column = printf ("%s[%s", before, numpy_words[0]);
  for (long i = 1; i < count; i++)
    {
      size_t width = strlen (numpy_words[i]);
      if (i + 1 == count)
        width += 1 + strlen (after);
      if (column + strlen (sep) + width > NUMPY_LINE_WIDTH)
        {
          printf ("%.*s\n%*s", (int) sep_trimmed, sep, (int) indent, "");
          column = indent;
        }
      else
        column += printf ("%s", sep);
      column += printf ("%s", numpy_words[i]);
    }
  printf ("]%s\n", after);
}

/* Fill numpy_words with X[0 ... N - 1], long longs if IS_INT, else
   doubles, and "..." in the middle; return their number.  */
static inline long
numpy_words_of (const void *x, long n, int is_int)
{
  long count = 0;
  for (long i = 0; i < n; i++)
    {
      if (!numpy_shown (i, n))
        {
          if (i == NUMPY_EDGE_ITEMS)
            strcpy (numpy_words[count++], "...");
          continue;
        }
      if (is_int)
        snprintf (numpy_words[count++], NUMPY_WORD, "%lld",
                  ((const long long *) x)[i]);
      else
        snprintf (numpy_words[count++], NUMPY_WORD, "%.*f", NUMPY_PRECISION,
                  ((const double *) x)[i]);
    }
  return count;
}

/* X[0 ... N - 1] as NumPy prints floats: print (x), or with REPR as a
   cell shows x, array([...]) with DTYPE ("float32") unless it is
   NULL, for float64.  */
static inline void
numpy_print_floats (const double *x, long n, int repr, const char *dtype)
{
  long count = numpy_words_of (x, n, 0);
  int int_width = 0, frac_width = 0;
  for (long i = 0; i < count; i++)
    {
      char *w = numpy_words[i];
      char *point = strchr (w, '.');
      if (!strcmp (w, "..."))
        continue;
      char *end = w + strlen (w);
      while (end[-1] == '0')
        *--end = '\0';
      if (point - w > int_width)
        int_width = point - w;
      if (end - point - 1 > frac_width)
        frac_width = end - point - 1;
    }
  /* Align on the point, padding the decimals with spaces.  */
  for (long i = 0; i < count; i++)
    {
      char *w = numpy_words[i], word[NUMPY_WORD];
      const char *point = strchr (w, '.');
      if (!strcmp (w, "..."))
        continue;
      int len = strlen (w), left = int_width - (point - w);
      int right = frac_width - (len - 1 - (point - w));
      if (left + len + right >= NUMPY_WORD)
        continue;
      memset (word, ' ', left);
      memcpy (word + left, w, len);
      memset (word + left + len, ' ', right);
      word[left + len + right] = '\0';
      memcpy (w, word, NUMPY_WORD);
    }
  char after[NUMPY_WORD];
  snprintf (after, sizeof after, "%s%s%s", dtype && repr ? ", dtype=" : "",
            dtype && repr ? dtype : "", repr ? ")" : "");
  numpy_layout (count, repr ? "array(" : "", repr ? ", " : " ", after);
}

/* X[0 ... N - 1] as print (x) shows integers, right-aligned; N is at most
   NUMPY_THRESHOLD.  */
static inline void
numpy_print_ints (const long long *x, long n)
{
  long count = numpy_words_of (x, n, 1);
  int width = 0;
  for (long i = 0; i < count; i++)
    if ((int) strlen (numpy_words[i]) > width)
      width = strlen (numpy_words[i]);
  for (long i = 0; i < count; i++)
    {
      /* A long long has at most 20 characters: the word has room.  */
      char *w = numpy_words[i];
      size_t len = strlen (w);
      memmove (w + width - len, w, len + 1);
      memset (w, ' ', width - len);
    }
  numpy_layout (count, "", " ", "");
}

/* SECONDS as IPython writes a time: 3 digits and a unit.  */
static inline const char *
notebook_time (char buf[NUMPY_WORD], double seconds)
{
  static const char *const units[] = { "s", "ms", "\u00b5s", "ns" };
  int unit = seconds > 0 ? 0 : 3;
  while (unit < 3 && seconds < 1)
    {
      seconds *= 1000;
      unit++;
    }
  snprintf (buf, NUMPY_WORD, "%.3g %s", seconds, units[unit]);
  return buf;
}

struct notebook_clock
{
  double wall, user, sys;
};

static inline struct notebook_clock
notebook_now (void)
{
  struct timespec ts;
  struct rusage usage;
  clock_gettime (CLOCK_MONOTONIC, &ts);
  getrusage (RUSAGE_SELF, &usage);
  return (struct notebook_clock){
    ts.tv_sec + ts.tv_nsec / 1e9,
    usage.ru_utime.tv_sec + usage.ru_utime.tv_usec / 1e6,
    usage.ru_stime.tv_sec + usage.ru_stime.tv_usec / 1e6,
  };
}

/* What %time prints about the time since START.  */
static inline void
notebook_print_time (struct notebook_clock start)
{
  struct notebook_clock end = notebook_now ();
  char user[NUMPY_WORD], sys[NUMPY_WORD], total[NUMPY_WORD], wall[NUMPY_WORD];
  printf ("CPU times: user %s, sys: %s, total: %s\nWall time: %s\n",
          notebook_time (user, end.user - start.user),
          notebook_time (sys, end.sys - start.sys),
          notebook_time (total, end.user + end.sys - start.user - start.sys),
          notebook_time (wall, end.wall - start.wall));
}

/* %timeit -r RUNS -n LOOPS STATEMENT: the mean and standard deviation of
   RUNS runs of LOOPS executions each.  */
#define NOTEBOOK_TIMEIT(runs, loops, statement)                               \
  do                                                                          \
    {                                                                         \
      double sum_ = 0, sum_squares_ = 0;                                      \
      for (int run_ = 0; run_ < (runs); run_++)                               \
        {                                                                     \
          double start_ = notebook_now ().wall;                               \
          for (int loop_ = 0; loop_ < (loops); loop_++)                       \
            statement;                                                        \
          double t_ = (notebook_now ().wall - start_) / (loops);              \
          sum_ += t_;                                                         \
          sum_squares_ += t_ * t_;                                            \
        }                                                                     \
      double mean_ = sum_ / (runs);                                           \
      double var_ = sum_squares_ / (runs) -mean_ * mean_;                     \
      char m_[NUMPY_WORD], s_[NUMPY_WORD];                                    \
      printf ("%s \u00b1 %s per loop (mean \u00b1 std. dev. of %d run%s, "    \
              "%d loop%s each)\n",                                            \
              notebook_time (m_, mean_),                                      \
              notebook_time (s_, var_ > 0 ? sqrt (var_) : 0), (runs),         \
              (runs) == 1 ? "" : "s", (loops), (loops) == 1 ? "" : "s");      \
    }                                                                         \
  while (0)

#endif
