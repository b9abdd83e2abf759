/* SPDX-License-Identifier: MIT */
/* The CPU backend's switch between fibers: what a call must keep, the
   callee-saved registers, the stack pointer and the floating-point
   control words, and no more.  glibc's swapcontext also saves and
   restores the signal mask, with a system call at every switch, which
   made a barrier cost a microsecond a thread; fibers leave the mask
   alone.  Other machines than x86-64 keep swapcontext.

   In a program built with -fsanitize=address, each switch tells
   AddressSanitizer that the stack changes, as it asks, so that it
   reports no false faults in fibers and keeps its fake stacks apart.  */

#include "internal.h"
#include "cpu-backend.h"

#include <string.h>

#if defined __x86_64__ && defined __ELF__

/* Push the callee-saved registers and the control words on the current
   stack, keep the stack pointer in *FROM, take TO's, and pop what it
   pushed there: the return goes where TO's fiber called this, or to its
   entry.  */
__asm__(".text\n"
        ".type switch_stacks, @function\n"
        "switch_stacks:\n"
        "\tpushq %rbp\n"
        "\tpushq %rbx\n"
        "\tpushq %r12\n"
        "\tpushq %r13\n"
        "\tpushq %r14\n"
        "\tpushq %r15\n"
        "\tsubq $8, %rsp\n"
        "\tstmxcsr (%rsp)\n"
        "\tfnstcw 4(%rsp)\n"
        "\tmovq %rsp, (%rdi)\n"
        "\tmovq (%rsi), %rsp\n"
        "\tldmxcsr (%rsp)\n"
        "\tfldcw 4(%rsp)\n"
        "\taddq $8, %rsp\n"
        "\tpopq %r15\n"
        "\tpopq %r14\n"
        "\tpopq %r13\n"
        "\tpopq %r12\n"
        "\tpopq %rbx\n"
        "\tpopq %rbp\n"
        "\tret\n"
        ".size switch_stacks, .-switch_stacks\n");

void switch_stacks (struct fiber_context *from,
                    const struct fiber_context *to) __asm__("switch_stacks");

/* What switch_stacks pops, from the stack pointer up.  */
struct first_frame
{
  unsigned int mxcsr;
  unsigned short fpu_control, unused;
  void *registers[6];
  void (*entry) (void);
  /* ENTRY's return address, which it never uses: at ENTRY, the stack
     pointer is 8 past a multiple of 16, as after a call.  */
  void *no_return;
};

void
cudajit_fiber_start (struct fiber_context *context, char *stack, size_t size,
                     void (*entry) (void))
{
  uintptr_t top = ((uintptr_t) stack + size) & ~(uintptr_t) 15;
  struct first_frame *frame = (struct first_frame *) top - 1;

  memset (frame, 0, sizeof *frame);
  __asm__("stmxcsr %0" : "=m"(frame->mxcsr));
  __asm__("fnstcw %0" : "=m"(frame->fpu_control));
  frame->entry = entry;
  context->stack_pointer = frame;
  context->stack_bottom = stack;
  context->stack_size = size;
}

#else

void
cudajit_fiber_start (struct fiber_context *context, char *stack, size_t size,
                     void (*entry) (void))
{
  getcontext (&context->ucontext);
  context->ucontext.uc_stack.ss_sp = stack;
  context->ucontext.uc_stack.ss_size = size;
  context->ucontext.uc_link = NULL;
  makecontext (&context->ucontext, entry, 0);
  context->stack_bottom = stack;
  context->stack_size = size;
}

static void
switch_stacks (struct fiber_context *from, const struct fiber_context *to)
{
  swapcontext (&from->ucontext, &to->ucontext);
}

#endif

/* AddressSanitizer's, in a program that has it; null in others.  */
extern void __sanitizer_start_switch_fiber (void **fake_stack_save,
                                            const void *bottom, size_t size)
    __attribute__ ((weak));
extern void __sanitizer_finish_switch_fiber (void *fake_stack_save,
                                             const void **bottom_old,
                                             size_t *size_old)
    __attribute__ ((weak));

/* The context that the calling thread switched from last, whose stack's
   bounds AddressSanitizer tells where the switch lands: a thread's own
   stack, where the scheduler runs, has none of cudajit's.  */
static __thread struct fiber_context *switched_from;

/* Where a switch lands: in a fiber's first run or in a context that
   switched away before, whose fake stack FAKE_STACK is.  */
static void
landed (void *fake_stack)
{
  if (__sanitizer_finish_switch_fiber)
    __sanitizer_finish_switch_fiber (fake_stack, &switched_from->stack_bottom,
                                     &switched_from->stack_size);
}

/* Switch from FROM to TO; FROM is resumed later unless FINISHED.  */
static void
switch_to (struct fiber_context *from, const struct fiber_context *to,
           bool finished)
{
  if (__sanitizer_start_switch_fiber)
    __sanitizer_start_switch_fiber (finished ? NULL : &from->fake_stack,
                                    to->stack_bottom, to->stack_size);
  switched_from = from;
  switch_stacks (from, to);
  landed (from->fake_stack);
}

void
cudajit_fiber_switch (struct fiber_context *from,
                      const struct fiber_context *to)
{
  switch_to (from, to, false);
}

void
cudajit_fiber_exit (struct fiber_context *from, const struct fiber_context *to)
{
  switch_to (from, to, true);
  __builtin_unreachable ();
}

void
cudajit_fiber_entered (void)
{
  landed (NULL);
}
