/* A process that finds another compiling the entry it needs waits for
   that one to write it, and loads it rather than compiling it too.  If
   the other dies instead, it compiles the entry itself at once, and
   removes the lock that the dead one left.  */
/* { dg-do run } */
/* { dg-require-effective-target nvrtc } */

#include "cache-test.h"
#include <fcntl.h>
#include <signal.h>
#include <sys/file.h>
#include <time.h>

/* Take the lock of the entry NAME as a compiling process does.  */
static int
lock_entry (const char *name)
{
  char path[sizeof cache_dir + 256];
  int fd;

  snprintf (path, sizeof path, "%s/%s.lock", cache_dir, name);
  /* Not inherited by nvrtc-check, which would then hold it too.  */
  if ((fd = open (path, O_RDWR | O_CREAT | O_CLOEXEC, 0666)) < 0
      || flock (fd, LOCK_EX) != 0)
    fail ("cannot lock %s: %s", path, strerror (errno));
  return fd;
}

/* Start nvrtc-check --cache FILE, its output into FILE.out.  */
static pid_t
start_check (const char *file)
{
  char command[4096];
  pid_t pid;

  snprintf (command, sizeof command, "%s > %s.out 2>&1",
            check_command (file), file);
  if ((pid = fork ()) == 0)
    {
      execl ("/bin/sh", "sh", "-c", command, (char *) NULL);
      _exit (127);
    }
  if (pid < 0)
    fail ("fork: %s", strerror (errno));
  return pid;
}

/* Wait for PID, started by start_check (FILE), and check that it printed
   EXPECTED.  */
static void
finish_check (pid_t pid, const char *file, const char *expected)
{
  char name[256], text[4096];
  int status;
  FILE *f;
  size_t n;

  if (waitpid (pid, &status, 0) != pid)
    fail ("waitpid: %s", strerror (errno));
  snprintf (name, sizeof name, "%s.out", file);
  if (!(f = fopen (name, "r")))
    fail ("%s: %s", name, strerror (errno));
  n = fread (text, 1, sizeof text - 1, f);
  text[n] = '\0';
  fclose (f);
  if (!WIFEXITED (status) || WEXITSTATUS (status) != 0
      || strcmp (text, expected) != 0)
    fail ("nvrtc-check --cache %s: status %d, output:\n%s\nexpected:\n%s",
          file, status, text, expected);
}

int
main (void)
{
  char entry[sizeof cache_dir + 256], lock[sizeof entry + 8];
  const char *name;
  time_t start;
  pid_t pid;
  int fd, status;

  setup ();
  expect ("kernel.cu", "kernel.cu: compiled\n");
  name = single_entry ();
  snprintf (entry, sizeof entry, "%s/%s", cache_dir, name);
  snprintf (lock, sizeof lock, "%s.lock", entry);
  if (rename (entry, "saved") != 0)
    fail ("cannot move %s: %s", entry, strerror (errno));

  /* This process compiles kernel.cu, as it were, while nvrtc-check
     starts.  */
  fd = lock_entry (name);
  pid = start_check ("kernel.cu");
  sleep (2);
  if (waitpid (pid, &status, WNOHANG) != 0)
    fail ("nvrtc-check did not wait for the lock");
  if (rename ("saved", entry) != 0 || unlink (lock) != 0)
    fail ("cannot put %s back: %s", entry, strerror (errno));
  close (fd);
  finish_check (pid, "kernel.cu", "kernel.cu: from the cache\n");
  expect_entries (cache_dir, 1);

  /* A process that dies with the lock does not hold it.  */
  if (unlink (entry) != 0)
    fail ("%s: %s", entry, strerror (errno));
  if ((pid = fork ()) == 0)
    {
      lock_entry (name);
      pause ();
      _exit (0);
    }
  if (pid < 0)
    fail ("fork: %s", strerror (errno));
  while (access (lock, F_OK) != 0)
    usleep (10000);
  if (kill (pid, SIGKILL) != 0 || waitpid (pid, &status, 0) != pid)
    fail ("cannot kill the process that holds the lock");
  start = time (NULL);
  expect ("kernel.cu", "kernel.cu: compiled\n");
  if (time (NULL) - start > 60)
    fail ("nvrtc-check waited for a lock whose holder was dead");
  expect_entries (cache_dir, 1);

  cleanup ();
  return 0;
}
