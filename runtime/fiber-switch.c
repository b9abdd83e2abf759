/* The CPU backend's switch between fibers: what a call must keep, the
   callee-saved registers, the stack pointer and the floating-point
   control words, and no more.  glibc's swapcontext also saves and
   restores the signal mask, with a system call at every switch, which
   made a barrier cost a microsecond a thread; fibers leave the mask
   alone.  Other machines than x86-64 keep swapcontext.  */

#include "internal.h"
#include "cpu-backend.h"

#include <string.h>

#if defined __x86_64__ && defined __ELF__

/* Push the callee-saved registers and the control words on the current
   stack, keep the stack pointer in *FROM, take TO's, and pop what it
   pushed there: the return goes where TO's fiber called this, or to its
   entry.  */
__asm__(".text\n"
        ".globl cudajit_fiber_switch\n"
        ".hidden cudajit_fiber_switch\n"
        ".type cudajit_fiber_switch, @function\n"
        "cudajit_fiber_switch:\n"
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
        ".size cudajit_fiber_switch, .-cudajit_fiber_switch\n");

/* What cudajit_fiber_switch pops, from the stack pointer up.  */
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
}

void
cudajit_fiber_switch (struct fiber_context *from,
                      const struct fiber_context *to)
{
  swapcontext (&from->ucontext, &to->ucontext);
}

#endif
