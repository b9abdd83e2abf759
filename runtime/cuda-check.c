/* The check of each call of the CUDA driver: a failure is reported as an
   error of the call, unless a kernel that ran before caused it.  */

#include "internal.h"

/* The last kernel launched on the GPU, from any thread.  Launches are
   asynchronous, so a kernel's failure shows up at a later call, which then
   names it.  The fields are stored without a lock to keep launches cheap;
   concurrent launches can leave them mixed, which only affects the
   message.  */
static struct
{
  _Atomic (const char *) kernel;
  _Atomic (const char *) file;
  atomic_int line;
} last_launch;

void
cudajit_note_launch (const char *kernel, const char *file, int line)
{
  atomic_store_explicit (&last_launch.kernel, kernel, memory_order_relaxed);
  atomic_store_explicit (&last_launch.file, file, memory_order_relaxed);
  atomic_store_explicit (&last_launch.line, line, memory_order_relaxed);
}

bool
cudajit_kernel_fault_p (CUresult error)
{
  switch (error)
    {
    case CUDA_ERROR_ILLEGAL_ADDRESS:
    case CUDA_ERROR_LAUNCH_TIMEOUT:
    case CUDA_ERROR_ASSERT:
    case CUDA_ERROR_HARDWARE_STACK_ERROR:
    case CUDA_ERROR_ILLEGAL_INSTRUCTION:
    case CUDA_ERROR_MISALIGNED_ADDRESS:
    case CUDA_ERROR_INVALID_ADDRESS_SPACE:
    case CUDA_ERROR_INVALID_PC:
    case CUDA_ERROR_LAUNCH_FAILED:
      return true;
    default:
      return false;
    }
}

bool
cudajit_check (CUresult error, const char *kernel, const char *file, int line,
               const char *what)
{
  const char *last;

  if (error == CUDA_SUCCESS)
    return true;
  last = atomic_load_explicit (&last_launch.kernel, memory_order_relaxed);
  if (last && cudajit_kernel_fault_p (error))
    cudajit_error (
        last, atomic_load_explicit (&last_launch.file, memory_order_relaxed),
        atomic_load_explicit (&last_launch.line, memory_order_relaxed),
        "%s, reported by %s", cudajit_cuda_error (error), what);
  else
    cudajit_error (kernel, file, line, "%s: %s", what,
                   cudajit_cuda_error (error));
  return false;
}
