/* SPDX-License-Identifier: MIT */
/* Faults in kernels on the CPU backend.

   On a GPU, a kernel that dereferences a bad pointer fails its launch,
   and the error names the kernel and the launch.  On the CPU backend the
   same bug is a signal in one of the threads that run the blocks: while
   such a thread runs a kernel, a handler says which kernel, launch, block
   and thread it was, and what went wrong, in the words of the GPU's error
   where there is one, and ends the program as an error does.  It cannot
   return to the caller even under CUDAJIT_ERRORS=return: on a GPU too the
   context of a faulting kernel is lost for good.

   The handler runs on an alternate stack, as the fault may be an overflow
   of the thread's stack, and uses only write and _exit: the fault may
   have come in the middle of malloc or stdio.  What it knows of the
   thread, which launch it runs, lies at the bottom of that stack, mapped
   for it, where the handler finds it by asking the system for the stack:
   a kernel that has smashed the heap has smashed glibc's tables of
   thread-local storage with it, and the runtime's own code may be what
   faults then, which is the launch's fault all the same.  */

/* For REG_RSP.  */
#define _GNU_SOURCE

#include "internal.h"

#include <limits.h>
#include <link.h>
#include <pthread.h>
#include <signal.h>
#include <sys/mman.h>
#include <ucontext.h>
#include <unistd.h>

/* The signals that a fault raises, and what they did before.  */
static const int fault_signals[] = { SIGSEGV, SIGBUS, SIGFPE, SIGILL };
#define FAULT_SIGNALS (sizeof fault_signals / sizeof *fault_signals)
static struct sigaction previous[FAULT_SIGNALS];

/* The alternate stack of a thread: the handler needs little.  */
#define SIGNAL_STACK (64 * 1024)

/* How far below the stack pointer a fault can be an overflow: the call
   that pushes its return address, or a frame that probes its pages one at
   a time, faults just below it.  */
#define STACK_REACH (64 * 1024)

/* A message, built without stdio.  */
struct text
{
  char text[1024];
  size_t length;
};

static void
add (struct text *t, const char *s)
{
  while (*s && t->length < sizeof t->text)
    t->text[t->length++] = *s++;
}

static void
add_number (struct text *t, unsigned long long n, unsigned int base)
{
  char digits[24];
  int i = sizeof digits - 1;

  digits[i] = 0;
  do
    digits[--i] = "0123456789abcdef"[n % base];
  while (n /= base);
  add (t, &digits[i]);
}

static void
add_dim (struct text *t, const char *name, cuda_uint3 d)
{
  add (t, name);
  add (t, " (");
  add_number (t, d.x, 10);
  add (t, ", ");
  add_number (t, d.y, 10);
  add (t, ", ");
  add_number (t, d.z, 10);
  add (t, ")");
}

/* The stack pointer and the program counter where CONTEXT was
   interrupted, or 0 if unknown.  */
static uintptr_t
stack_pointer (const ucontext_t *context)
{
#if defined __x86_64__
  return context->uc_mcontext.gregs[REG_RSP];
#elif defined __aarch64__
  return context->uc_mcontext.sp;
#else
  (void) context;
  return 0;
#endif
}

static uintptr_t
program_counter (const ucontext_t *context)
{
#if defined __x86_64__
  return context->uc_mcontext.gregs[REG_RIP];
#elif defined __aarch64__
  return context->uc_mcontext.pc;
#else
  (void) context;
  return 0;
#endif
}

/* The code of the objects loaded, found before a fault as the handler
   cannot look: the bounds of each executable segment, and what to take
   from an address in it for the address that addr2line takes.  */
#define SEGMENTS 256
static struct segment
{
  uintptr_t start, end, bias;
  const char *object;
} segments[SEGMENTS];
static unsigned int segment_count;

/* The main program's file, which the loader does not name.  */
static char program[PATH_MAX];

static int
note_segments (struct dl_phdr_info *info, size_t size, void *unused)
{
  (void) size;
  (void) unused;
  for (unsigned int i = 0; i < info->dlpi_phnum; i++)
    {
      const ElfW (Phdr) *ph = &info->dlpi_phdr[i];

      if (ph->p_type != PT_LOAD || !(ph->p_flags & PF_X)
          || segment_count == SEGMENTS)
        continue;
      segments[segment_count++] = (struct segment){
        .start = info->dlpi_addr + ph->p_vaddr,
        .end = info->dlpi_addr + ph->p_vaddr + ph->p_memsz,
        .bias = info->dlpi_addr,
        .object = *info->dlpi_name ? info->dlpi_name : program,
      };
    }
  return 0;
}

/* The segment that holds PC, or null.  */
static const struct segment *
segment_of (uintptr_t pc)
{
  for (unsigned int i = 0; i < segment_count; i++)
    if (pc >= segments[i].start && pc < segments[i].end)
      return &segments[i];
  return NULL;
}

void
cudajit_know_code (void (*function) (void **))
{
  if (segment_of ((uintptr_t) function))
    return;
  if (!*program)
    {
      ssize_t length = readlink ("/proc/self/exe", program, sizeof program);

      program[length > 0 && length < PATH_MAX ? length : 0] = 0;
    }
  segment_count = 0;
  dl_iterate_phdr (note_segments, NULL);
}

/* What a fault outside a kernel does: what it did before cudajit.  */
static void
pass_on (int signal, siginfo_t *info, void *context, unsigned int index)
{
  struct sigaction *before = &previous[index];

  if (before->sa_flags & SA_SIGINFO)
    before->sa_sigaction (signal, info, context);
  else if (before->sa_handler != SIG_DFL && before->sa_handler != SIG_IGN)
    before->sa_handler (signal);
  else
    {
      /* The faulting instruction runs again on return, and faults with
         the default action; a signal that kill sent is raised again.  */
      sigaction (signal, before, NULL);
      if (info->si_code <= 0)
        raise (signal);
    }
}

/* What the handler knows of a thread that runs kernels, at the bottom of
   its alternate stack, or in FALLBACK for a thread that had an alternate
   stack of its own.  */
#define STATE_MAGIC 0x636a6661756c7421ULL

struct fault_state
{
  unsigned long long magic;
  /* The launch of the kernel that the thread runs, or null, and the end
     of the message of a fault in it, or null.  */
  const struct cudajit_site *site;
  const char *hint;
  /* Where a fault goes instead of its report.  */
  sigjmp_buf *rerun_point;
  /* The thread's blockIdx and threadIdx, null until known.  */
  const cuda_uint3 *block, *thread;
  /* The thread's own stack, whose overflow faults below LOW.  */
  uintptr_t stack_low, stack_high;
  /* The report of the first fault without its thread, for a block that
     runs again.  */
  struct text first_fault;
};

static __thread struct fault_state *state, fallback;

/* The state of the thread that the handler runs in, or null.  */
static struct fault_state *
find_state (void)
{
  stack_t stack;

  if (sigaltstack (NULL, &stack) == 0 && !(stack.ss_flags & SS_DISABLE)
      && stack.ss_size >= sizeof (struct fault_state)
      && ((struct fault_state *) stack.ss_sp)->magic == STATE_MAGIC)
    return stack.ss_sp;
  return state;
}

void
cudajit_fault_rerun_point (sigjmp_buf *point)
{
  state->rerun_point = point;
}

/* The first thread to report speaks for all.  */
static atomic_flag reported = ATOMIC_FLAG_INIT;

static _Noreturn void
report (struct text *t)
{
  if (atomic_flag_test_and_set (&reported))
    for (;;)
      pause ();
  ssize_t written = write (STDERR_FILENO, t->text, t->length);
  (void) written;
  _exit (1);
}

/* End T, the message of a fault in the launch of FS.  */
static void
add_end (struct text *t, const struct fault_state *fs)
{
  if (fs->hint)
    {
      add (t, "; ");
      add (t, fs->hint);
    }
  add (t, "\n");
}

void
cudajit_fault_not_again (void)
{
  add (&state->first_fault, "; run again thread by thread, the block did "
                            "not fault");
  add_end (&state->first_fault, state);
  report (&state->first_fault);
}

/* Whether the fault at ADDRESS, with the stack pointer at SP, is an
   overflow of the stack of the thread of STATE, or of a fiber's.  */
static bool
overflow_p (const struct fault_state *fs, uintptr_t address, uintptr_t sp)
{
  if (!sp)
    return false;
  /* Memory just above the thread's stack, such as an array's guard, is
     no part of it.  */
  if (sp >= fs->stack_low && sp < fs->stack_high)
    return address < fs->stack_low && address + STACK_REACH >= fs->stack_low;
  return address + STACK_REACH >= sp && address < sp + CUDAJIT_FIBER_STACK;
}

static void
handle_fault (int signal, siginfo_t *info, void *context)
{
  struct fault_state *fs = find_state ();
  const struct cudajit_site *site = fs ? fs->site : NULL;
  uintptr_t address = (uintptr_t) info->si_addr;
  struct text t = { .length = 0 };
  const struct segment *code;
  unsigned int index = 0;

  while (fault_signals[index] != signal)
    index++;
  if (!site)
    {
      pass_on (signal, info, context, index);
      return;
    }
  add (&t, CUDAJIT_ERROR_PREFIX "kernel '");
  add (&t, site->kernel);
  add (&t, "' launched at ");
  add (&t, site->file);
  add (&t, ":");
  add_number (&t, site->line, 10);
  add (&t, ": ");
  if (signal == SIGFPE)
    add (&t, info->si_code == FPE_INTDIV || info->si_code == FPE_INTOVF
                 ? CUDAJIT_FAULT_DIVISION
                 : "arithmetic exception");
  else if (signal == SIGILL)
    add (&t, CUDAJIT_FAULT_INSTRUCTION);
  else if (overflow_p (fs, address, stack_pointer (context)))
    add (&t, CUDAJIT_FAULT_OVERFLOW);
  else
    {
      add (&t, CUDAJIT_FAULT_ADDRESS " at 0x");
      add_number (&t, address, 16);
    }
  if (fs->block)
    {
      add (&t, " in ");
      add_dim (&t, "block", *fs->block);
    }
  if (fs->thread && !fs->rerun_point)
    {
      add (&t, " ");
      add_dim (&t, "thread", *fs->thread);
    }
  if ((code = segment_of (program_counter (context))))
    {
      add (&t, ", code at ");
      add (&t, code->object);
      add (&t, "+0x");
      add_number (&t, program_counter (context) - code->bias, 16);
    }
  if (fs->rerun_point)
    {
      sigjmp_buf *point = fs->rerun_point;
      sigset_t again;

      fs->first_fault = t;
      fs->rerun_point = NULL;
      /* Left without returning, the handler would leave SIGNAL blocked,
         and the fault of the run again would kill the process.  */
      sigemptyset (&again);
      sigaddset (&again, signal);
      pthread_sigmask (SIG_UNBLOCK, &again, NULL);
      siglongjmp (*point, 1);
    }
  add_end (&t, fs);
  report (&t);
}

void
cudajit_catch_kernel_faults (void)
{
  struct sigaction action
      = { .sa_sigaction = handle_fault, .sa_flags = SA_SIGINFO | SA_ONSTACK };

  sigemptyset (&action.sa_mask);
  for (unsigned int i = 0; i < FAULT_SIGNALS; i++)
    sigaction (fault_signals[i], &action, &previous[i]);
}

/* Frees the alternate stack that a thread was given, when it ends.  */
static pthread_key_t stack_key;

static void
free_signal_stack (void *stack)
{
  stack_t off = { .ss_flags = SS_DISABLE };

  sigaltstack (&off, NULL);
  munmap (stack, SIGNAL_STACK);
}

static void
create_stack_key (void)
{
  if (pthread_key_create (&stack_key, free_signal_stack) != 0)
    cudajit_fatal (NULL, "cannot keep signal stacks for threads");
}

/* Note the bounds of the calling thread's stack in FS.  */
static void
note_stack (struct fault_state *fs)
{
  pthread_attr_t attr;
  void *low;
  size_t size;

  if (pthread_getattr_np (pthread_self (), &attr) != 0)
    return;
  if (pthread_attr_getstack (&attr, &low, &size) == 0)
    {
      fs->stack_low = (uintptr_t) low;
      fs->stack_high = (uintptr_t) low + size;
    }
  pthread_attr_destroy (&attr);
}

/* The state of the calling thread, made with an alternate stack for the
   handler unless the thread has one of its own.  SITE is set in it before
   anything that could fault.  */
static struct fault_state *
make_state (const struct cudajit_site *site, const char *hint)
{
  static pthread_once_t once = PTHREAD_ONCE_INIT;
  stack_t stack;
  struct fault_state *fs;

  if (sigaltstack (NULL, &stack) == 0 && !(stack.ss_flags & SS_DISABLE))
    fs = &fallback;
  else
    {
      pthread_once (&once, create_stack_key);
      stack = (stack_t){ .ss_size = SIGNAL_STACK };
      stack.ss_sp = mmap (
          NULL, SIGNAL_STACK, PROT_READ | PROT_WRITE,
          MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE | MAP_STACK, -1, 0);
      if (stack.ss_sp == MAP_FAILED)
        cudajit_fatal (NULL, "cannot map a signal stack for the CPU "
                             "backend's threads");
      fs = stack.ss_sp;
      fs->magic = STATE_MAGIC;
      sigaltstack (&stack, NULL);
      pthread_setspecific (stack_key, stack.ss_sp);
    }
  fs->site = site;
  fs->hint = hint;
  fs->block = &blockIdx;
  fs->thread = &threadIdx;
  note_stack (fs);
  state = fs;
  return fs;
}

void
cudajit_fault_site (const struct cudajit_site *site, const char *hint)
{
  struct fault_state *fs;

  /* The state that this thread made at an earlier launch saves a
     sigaltstack call a launch.  Where the thread-local pointer leads to
     no state (a kernel of an earlier launch may have written over it),
     the alternate stack still finds it.  */
  if (site
      && (((fs = state) && fs != &fallback && fs->magic == STATE_MAGIC)
          || (fs = find_state ())))
    {
      fs->hint = hint;
      fs->site = site;
    }
  else if (site)
    make_state (site, hint);
  else
    state->site = NULL;
}
