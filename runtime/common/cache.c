/* SPDX-License-Identifier: MIT */
/* The disk cache of compiled kernels.

   NVRTC takes tens to hundreds of milliseconds to compile a translation
   unit's kernels.  What it makes is kept in a file named after a hash of
   everything that the code depends on, and later runs of the program, or
   other programs with the same kernels, load that instead.

   Many processes may share the cache.  An entry is written to a file of
   its own and renamed into place, so that readers see either no entry or a
   whole one; one damaged all the same (by a crash of the machine, a full
   disk, a hand) fails its checksum, and is compiled again and replaced.
   Nothing that goes wrong with the cache is an error: kernels are then
   compiled as if there were none.

   Processes that miss the same entry at once would all compile it: the
   first takes a lock on a file beside the entry, and the others wait for
   it to write the entry, then load it.  The lock is flock's, which the
   system releases when its holder dies; a holder that hangs is waited for
   only so long.  What writers that died left behind, temporary files and
   lock files, is removed once it is old enough for its writer to be
   surely dead.  */

#include "cudajit-config.h"
#include "internal.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

/* An entry is a header, then the code.  The header is the magic string,
   the format version (4 bytes), the code's size (8 bytes) and its
   SHA-256, the architecture that the code is for (4 bytes) and whether it
   is PTX (4 bytes); integers are little-endian.  */
static const char magic[8] = "cudajit";
enum
{
  FORMAT_VERSION = 2,
  VERSION_AT = sizeof magic,
  SIZE_AT = VERSION_AT + 4,
  CHECKSUM_AT = SIZE_AT + 8,
  ARCH_AT = CHECKSUM_AT + CUDAJIT_SHA256_SIZE,
  PTX_AT = ARCH_AT + 4,
  HEADER_SIZE = PTX_AT + 4
};

/* An entry's file name is its key in hex; its lock file and its
   temporary files add these to it.  */
#define LOCK_SUFFIX ".lock"
#define TEMP_SUFFIX ".tmp-"
enum
{
  NAME_SIZE = 2 * CUDAJIT_SHA256_SIZE,
  /* TEMP_SUFFIX, then a process ID, a counter and nanoseconds.  */
  TEMP_NAME_SIZE = NAME_SIZE + sizeof TEMP_SUFFIX + 3 * 21,
  /* How long a process waits for another to compile an entry before it
     compiles the entry itself.  */
  LOCK_WAIT_SECONDS = 120,
  LOCK_POLL_MILLISECONDS = 20,
  /* How old a temporary file, or a lock file that no one holds, must be
     to be taken for a dead writer's: writers write their entry at once,
     once NVRTC is done.  */
  STALE_SECONDS = 600
};

_Static_assert(CUDAJIT_CACHE_DIR_MAX + 1 + TEMP_NAME_SIZE < PATH_MAX,
               "a cache directory leaves room for the names of files");

/* The cache's directory, set once; empty when the cache is off.  */
static char cache_dir[CUDAJIT_CACHE_DIR_MAX + 1];

/* Whether CUDAJIT_CACHE_DIR chose it: only then is the user told that it
   cannot be written.  Otherwise that is not worth a word, as it costs only
   time.  */
static bool dir_chosen;

/* Whether the directory's leftovers have been removed.  */
static atomic_flag swept = ATOMIC_FLAG_INIT;

static void
find_cache_dir (void)
{
  const struct cudajit_environment *environment = cudajit_environment ();
  const char *base = getenv ("XDG_CACHE_HOME"), *home = getenv ("HOME");
  int length = 0;

  if (!environment->cache)
    return;
  /* Not longer than cache_dir: the environment was checked.  */
  if (environment->cache_dir)
    {
      dir_chosen = true;
      length = snprintf (cache_dir, sizeof cache_dir, "%s",
                         environment->cache_dir);
    }
  /* The XDG specification has relative paths ignored.  */
  else if (base && *base == '/')
    length = snprintf (cache_dir, sizeof cache_dir, "%s/cudajit", base);
  else if (home && *home)
    length = snprintf (cache_dir, sizeof cache_dir, "%s/.cache/cudajit", home);
  if (length >= (int) sizeof cache_dir)
    *cache_dir = '\0';
}

const char *
cudajit_cache_directory (void)
{
  static pthread_once_t once = PTHREAD_ONCE_INIT;

  pthread_once (&once, find_cache_dir);
  return *cache_dir ? cache_dir : NULL;
}

/* Store KEY's entry's path, followed by SUFFIX, in PATH, of PATH_MAX
   bytes.  Return false if the cache is off.  */
static bool
entry_path (char *path, const struct cudajit_cache_key *key,
            const char *suffix)
{
  char name[NAME_SIZE + 1];

  if (!cudajit_cache_directory ())
    return false;
  for (int i = 0; i < CUDAJIT_SHA256_SIZE; i++)
    snprintf (name + 2 * i, 3, "%02x", key->hash[i]);
  snprintf (path, PATH_MAX, "%s/%s%s", cache_dir, name, suffix);
  return true;
}

static void
put_le (unsigned char *bytes, uint64_t value, int size)
{
  for (int i = 0; i < size; i++)
    bytes[i] = value >> 8 * i;
}

static uint64_t
get_le (const unsigned char *bytes, int size)
{
  uint64_t value = 0;

  for (int i = size - 1; i >= 0; i--)
    value = value << 8 | bytes[i];
  return value;
}

static void
checksum (const void *code, size_t size,
          unsigned char digest[CUDAJIT_SHA256_SIZE])
{
  struct cudajit_sha256 sha;

  cudajit_sha256_init (&sha);
  cudajit_sha256_update (&sha, code, size);
  cudajit_sha256_final (&sha, digest);
}

/* Hash a part of the key with its size, so that where one part ends and
   the next begins is hashed too.  */
static void
hash_part (struct cudajit_sha256 *sha, const char *text)
{
  unsigned char size[8];

  put_le (size, strlen (text), sizeof size);
  cudajit_sha256_update (sha, size, sizeof size);
  cudajit_sha256_update (sha, text, strlen (text));
}

static bool
read_all (int fd, void *buffer, size_t size)
{
  for (char *p = buffer; size;)
    {
      ssize_t n = read (fd, p, size);

      if (n <= 0 && !(n < 0 && errno == EINTR))
        return false;
      if (n > 0)
        {
          p += n;
          size -= n;
        }
    }
  return true;
}

static bool
write_all (int fd, const void *buffer, size_t size)
{
  for (const char *p = buffer; size;)
    {
      ssize_t n = write (fd, p, size);

      if (n < 0 && errno != EINTR)
        return false;
      if (n > 0)
        {
          p += n;
          size -= n;
        }
    }
  return true;
}

/* Make DIR and its missing parents, as mkdir -p does.  Return false, with
   errno set, if one cannot be made.  */
static bool
make_directories (const char *dir)
{
  char path[PATH_MAX];

  snprintf (path, sizeof path, "%s", dir);
  for (char *p = path + 1;; p++)
    if (*p == '/' || !*p)
      {
        char c = *p;

        *p = '\0';
        /* Like ~/.cache, which the XDG specification makes 0700: kernels
           are the user's code.  */
        if (mkdir (path, 0700) != 0 && errno != EEXIST)
          return false;
        if (!c)
          return true;
        *p = c;
      }
}

/* Read the entry at PATH into IMAGE, as cudajit_cache_lookup does.
   Return false if there is none, or it is damaged.  */
static bool
read_entry (const char *path, struct cudajit_image *image)
{
  unsigned char header[HEADER_SIZE], digest[CUDAJIT_SHA256_SIZE];
  struct stat st;
  uint64_t size = 0;
  char *code = NULL;
  bool found;
  /* Not blocking, so that a FIFO in an entry's place cannot hang the
     program.  */
  int fd = open (path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);

  if (fd < 0)
    return false;
  found = fstat (fd, &st) == 0 && S_ISREG (st.st_mode)
          && read_all (fd, header, HEADER_SIZE)
          && memcmp (header, magic, sizeof magic) == 0
          && get_le (header + VERSION_AT, 4) == FORMAT_VERSION
          && (size = get_le (header + SIZE_AT, 8)) > 0
          && size == (uint64_t) st.st_size - HEADER_SIZE
          && (code = malloc (size)) && read_all (fd, code, size);
  if (found)
    {
      checksum (code, size, digest);
      found = memcmp (digest, header + CHECKSUM_AT, sizeof digest) == 0;
    }
  if (!found)
    {
      close (fd);
      free (code);
      return false;
    }
  /* Its use makes it the most recently used.  */
  futimens (fd, NULL);
  close (fd);
  image->code = code;
  image->size = size;
  image->arch = get_le (header + ARCH_AT, 4);
  image->ptx = get_le (header + PTX_AT, 4);
  image->log = cudajit_xrealloc (NULL, 1);
  *image->log = '\0';
  image->cached = true;
  return true;
}

/* Seconds since START, of CLOCK_MONOTONIC.  */
static double
seconds_since (const struct timespec *start)
{
  struct timespec now;

  clock_gettime (CLOCK_MONOTONIC, &now);
  return (double) (now.tv_sec - start->tv_sec)
         + (now.tv_nsec - start->tv_nsec) / 1e9;
}

/* Whether FD is the file named PATH, relative to directory DIR_FD.  */
static bool
still_named (int fd, int dir_fd, const char *path)
{
  struct stat held, named;

  return fstat (fd, &held) == 0
         && fstatat (dir_fd, path, &named, AT_SYMLINK_NOFOLLOW) == 0
         && held.st_dev == named.st_dev && held.st_ino == named.st_ino;
}

/* Take the lock of KEY's entry, waiting LOCK_WAIT_SECONDS at most for a
   process that holds it.  Return the lock file's descriptor, or -1 if
   the lock cannot be had.  */
static int
lock_entry (const struct cudajit_cache_key *key)
{
  const struct timespec poll = { 0, LOCK_POLL_MILLISECONDS * 1000000L };
  /* Not through a symbolic link, which still_named would never accept.  */
  const int flags = O_RDWR | O_CREAT | O_NONBLOCK | O_NOFOLLOW | O_CLOEXEC;
  struct timespec start;
  char path[PATH_MAX];

  entry_path (path, key, LOCK_SUFFIX);
  clock_gettime (CLOCK_MONOTONIC, &start);
  for (;;)
    {
      int fd = open (path, flags, 0666);

      if (fd < 0 && errno == ENOENT && make_directories (cache_dir))
        fd = open (path, flags, 0666);
      if (fd < 0)
        return -1;
      while (flock (fd, LOCK_EX | LOCK_NB) != 0)
        {
          if ((errno != EWOULDBLOCK && errno != EINTR)
              || seconds_since (&start) > LOCK_WAIT_SECONDS)
            {
              close (fd);
              return -1;
            }
          nanosleep (&poll, NULL);
        }
      /* The holder before removes the file once done, and another process
         may then make a new one, which a lock on the old one does not
         exclude.  */
      if (still_named (fd, AT_FDCWD, path))
        return fd;
      close (fd);
    }
}

void
cudajit_cache_unlock (struct cudajit_cache_key *key)
{
  char path[PATH_MAX];

  if (key->lock < 0)
    return;
  entry_path (path, key, LOCK_SUFFIX);
  /* While it is held, so that no one takes the lock of a file that is
     gone; those who wait on it see that it is.  */
  unlink (path);
  close (key->lock);
  key->lock = -1;
}

bool
cudajit_cache_lookup (struct cudajit_cache_key *key, const char *source,
                      int arch, int flags, int driver,
                      struct cudajit_image *image)
{
  struct cudajit_sha256 sha;
  char what[128], path[PATH_MAX];

  /* No NVRTC version: what an NVRTC made stays good for the driver, and
     asking would load NVRTC.  The runtime's version, for how it turns
     ARCH and FLAGS into NVRTC's options.  */
  snprintf (what, sizeof what, "cudajit %s, driver %d, sm_%d, flags %#x",
            PACKAGE_VERSION, driver, arch, flags);
  cudajit_sha256_init (&sha);
  hash_part (&sha, what);
  hash_part (&sha, source);
  cudajit_sha256_final (&sha, key->hash);
  key->lock = -1;

  if (!entry_path (path, key, ""))
    return false;
  if (read_entry (path, image))
    return true;
  /* Whoever holds the lock is compiling the entry, and has written it
     when the lock is ours.  */
  key->lock = lock_entry (key);
  if (key->lock >= 0 && read_entry (path, image))
    {
      cudajit_cache_unlock (key);
      return true;
    }
  return false;
}

/* Remove the lock file NAME in the directory DIR_FD unless someone holds
   it.  */
static void
remove_lock_file (int dir_fd, const char *name)
{
  int fd = openat (dir_fd, name, O_RDWR | O_NONBLOCK | O_NOFOLLOW | O_CLOEXEC);

  if (fd < 0)
    return;
  if (flock (fd, LOCK_EX | LOCK_NB) == 0 && still_named (fd, dir_fd, name))
    unlinkat (dir_fd, name, 0);
  close (fd);
}

/* What follows the key in hex at the start of NAME, a file of the cache
   (empty for an entry), or null if NAME does not start with a key.  */
static const char *
after_key (const char *name)
{
  return strspn (name, "0123456789abcdef") == NAME_SIZE ? name + NAME_SIZE
                                                        : NULL;
}

/* Remove what writers that died left in the cache: their temporary files,
   and the lock files that no one holds, once they are STALE_SECONDS old.
   Other files are left alone, as the directory may hold others' too.  */
static void
remove_leftovers (void)
{
  DIR *dir = opendir (cache_dir);
  time_t now = time (NULL);
  struct dirent *e;

  if (!dir)
    return;
  while ((e = readdir (dir)))
    {
      const char *suffix = after_key (e->d_name);
      struct stat st;
      bool temp, lock;

      if (!suffix)
        continue;
      temp = strncmp (suffix, TEMP_SUFFIX, strlen (TEMP_SUFFIX)) == 0;
      lock = strcmp (suffix, LOCK_SUFFIX) == 0;
      if ((!temp && !lock)
          || fstatat (dirfd (dir), e->d_name, &st, AT_SYMLINK_NOFOLLOW) != 0
          || !S_ISREG (st.st_mode) || now - st.st_mtime < STALE_SECONDS)
        continue;
      if (temp)
        unlinkat (dirfd (dir), e->d_name, 0);
      else
        remove_lock_file (dirfd (dir), e->d_name);
    }
  closedir (dir);
}

/* An entry, for remove_least_recently_used.  */
struct entry_use
{
  char name[NAME_SIZE + 1];
  off_t size;
  struct timespec used;
};

static int
compare_use (const void *a, const void *b)
{
  const struct timespec *x = &((const struct entry_use *) a)->used;
  const struct timespec *y = &((const struct entry_use *) b)->used;

  if (x->tv_sec != y->tv_sec)
    return x->tv_sec < y->tv_sec ? -1 : 1;
  return (x->tv_nsec > y->tv_nsec) - (x->tv_nsec < y->tv_nsec);
}

/* While the entries take more than CUDAJIT_CACHE_MAX bytes, remove the
   one used longest ago (an entry's use sets its modification time), but
   never KEPT, just written.  Other processes may remove the same entries
   at once, or use one as it goes: either costs them a compilation at
   worst.  */
static void
remove_least_recently_used (const char *kept)
{
  size_t max = cudajit_environment ()->cache_max, total = 0;
  struct entry_use *entries = NULL;
  size_t count = 0, allocated = 0;
  DIR *dir = opendir (cache_dir);
  struct dirent *e;

  if (!dir)
    return;
  while ((e = readdir (dir)))
    {
      const char *suffix = after_key (e->d_name);
      struct stat st;

      if (!suffix || *suffix || strcmp (e->d_name, kept) == 0
          || fstatat (dirfd (dir), e->d_name, &st, AT_SYMLINK_NOFOLLOW) != 0
          || !S_ISREG (st.st_mode))
        continue;
      if (count == allocated)
        {
          allocated = allocated ? 2 * allocated : 64;
          entries = cudajit_xrealloc (entries, allocated * sizeof *entries);
        }
      memcpy (entries[count].name, e->d_name, NAME_SIZE + 1);
      entries[count].size = st.st_size;
      entries[count].used = st.st_mtim;
      total += st.st_size;
      count++;
    }
  struct stat st;
  if (fstatat (dirfd (dir), kept, &st, 0) == 0)
    total += st.st_size;
  if (total > max)
    {
      qsort (entries, count, sizeof *entries, compare_use);
      for (size_t i = 0; i < count && total > max; i++)
        if (unlinkat (dirfd (dir), entries[i].name, 0) == 0)
          total -= entries[i].size;
    }
  closedir (dir);
  free (entries);
}

void
cudajit_cache_store (const struct cudajit_cache_key *key,
                     const struct cudajit_image *image)
{
  static atomic_uint counter;
  static atomic_flag told = ATOMIC_FLAG_INIT;
  char path[PATH_MAX], temp[PATH_MAX + 64];
  unsigned char header[HEADER_SIZE];
  struct timespec now;
  int fd, error;

  if (!entry_path (path, key, ""))
    return;
  /* Once a process, in one that compiles: reading the directory costs
     little beside NVRTC.  */
  if (!atomic_flag_test_and_set (&swept))
    remove_leftovers ();
  memcpy (header, magic, sizeof magic);
  put_le (header + VERSION_AT, FORMAT_VERSION, 4);
  put_le (header + SIZE_AT, image->size, 8);
  checksum (image->code, image->size, header + CHECKSUM_AT);
  put_le (header + ARCH_AT, image->arch, 4);
  put_le (header + PTX_AT, image->ptx, 4);

  /* A name that no other writer uses: the process ID alone repeats in
     containers that share the cache, hence the time too.  */
  clock_gettime (CLOCK_REALTIME, &now);
  snprintf (temp, sizeof temp, "%s" TEMP_SUFFIX "%ld-%u-%ld", path,
            (long) getpid (), atomic_fetch_add (&counter, 1),
            (long) now.tv_nsec);
  fd = open (temp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
  if (fd < 0 && errno == ENOENT && make_directories (cache_dir))
    fd = open (temp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
  if (fd < 0)
    error = errno;
  else
    {
      /* No fsync: an entry that a crash cuts short fails its checksum.  */
      bool written = write_all (fd, header, HEADER_SIZE)
                     && write_all (fd, image->code, image->size);

      /* close reports some errors that write does not, on NFS for one.  */
      if (close (fd) == 0 && written && rename (temp, path) == 0)
        {
          remove_least_recently_used (path + strlen (cache_dir) + 1);
          return;
        }
      error = errno;
      unlink (temp);
    }
  if (dir_chosen && !atomic_flag_test_and_set (&told))
    fprintf (stderr, "cudajit: cannot write to the kernel cache %s: %s\n",
             cache_dir, strerror (error));
}
