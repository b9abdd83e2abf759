/* SPDX-License-Identifier: MIT */
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
cudajit_note_launch (const struct cudajit_site *site)
{
  atomic_store_explicit (&last_launch.kernel, site->kernel,
                         memory_order_relaxed);
  atomic_store_explicit (&last_launch.file, site->file, memory_order_relaxed);
  atomic_store_explicit (&last_launch.line, site->line, memory_order_relaxed);
}

/* The last kernel launched, as one site.  */
static struct cudajit_site
last_site (void)
{
  return (struct cudajit_site){
    atomic_load_explicit (&last_launch.kernel, memory_order_relaxed),
    atomic_load_explicit (&last_launch.file, memory_order_relaxed),
    atomic_load_explicit (&last_launch.line, memory_order_relaxed)
  };
}

void
cudajit_watch_gpu (struct cudajit_watch *watch)
{
  struct cudajit_site last = last_site ();

  cudajit_watch (watch, &last);
}

/* The driver has no call that asks whether the whole context is done,
   as cuStreamQuery asks for a stream: a thread that watches the clock,
   rather than polling, serves cuCtxSynchronize and the copies that wait
   for kernels alike.  */

CUresult
cudajit_wait_context (void)
{
  struct cudajit_watch watch;
  CUresult r;

  cudajit_watch_gpu (&watch);
  r = cudajit_cu.cuCtxSynchronize ();
  cudajit_unwatch (&watch);
  return r;
}

CUresult
cudajit_wait_stream (CUstream stream)
{
  struct cudajit_watch watch;
  CUresult r;

  cudajit_watch_gpu (&watch);
  r = cudajit_cu.cuStreamSynchronize (stream);
  cudajit_unwatch (&watch);
  return r;
}

CUresult
cudajit_wait_event (CUevent event)
{
  struct cudajit_watch watch;
  CUresult r;

  cudajit_watch_gpu (&watch);
  r = cudajit_cu.cuEventSynchronize (event);
  cudajit_unwatch (&watch);
  return r;
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
cudajit_check (CUresult error, const struct cudajit_site *site,
               const char *what)
{
  struct cudajit_site last;

  if (error == CUDA_SUCCESS)
    return true;
  last = last_site ();
  if (last.kernel && cudajit_kernel_fault_p (error))
    /* An assert has said where already, and a timeout is no fault of a
       line.  */
    cudajit_error (
        &last, "%s, reported by %s%s", cudajit_cuda_error (error), what,
        error == CUDA_ERROR_ASSERT || error == CUDA_ERROR_LAUNCH_TIMEOUT
            ? ""
            : " (the driver does not say where; run the program "
              "under compute-sanitizer for the kernel's line of "
              "C)");
  else
    cudajit_error (site, "%s: %s", what, cudajit_cuda_error (error));
  return false;
}
