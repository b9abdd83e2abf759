/* SPDX-License-Identifier: MIT */
/* Loading the CUDA driver and NVRTC, choosing the backend, and the GPU
   that each host thread uses.

   Both libraries are opened at run time, so that a program built with
   cudajit runs, on the CPU, where neither is installed.  */

#define _GNU_SOURCE
#include "internal.h"

#include <dlfcn.h>
#include <limits.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

struct cudajit_cuda_lib cudajit_cu;
__thread struct cudajit_gpu *cudajit_current_gpu;
__thread void (*cudajit_stream_callback) (void *);

/* Set once, by choose_backend.  */
static bool use_gpu;

/* The CUDA major version that the driver supports; 0 without a driver.  */
static int driver_major;

/* How many GPUs the driver has, when use_gpu.  */
static int gpu_count;

/* The GPUs that have been set up, those with a context: the first by
   choose_backend, the others by cuda_select_device, under gpus_lock.  A
   thread reads only those that it has selected, which it set up or saw
   set up under the lock.  */
static struct cudajit_gpu gpus[CUDAJIT_MAX_GPUS];
static pthread_mutex_t gpus_lock = PTHREAD_MUTEX_INITIALIZER;

/* The ordinal of the GPU that the calling thread uses: 0 until it calls
   cuda_select_device.  */
static __thread int selected_gpu;

/* Set in the child of a fork after use_gpu was: the driver cannot be used
   there.  */
static bool forked;

/* Whether choose_backend keeps quiet about falling back to the CPU.  */
static bool quiet_fallback;

/* Why kernels run on the CPU, once choose_backend chose it.  */
static char cpu_reason[512];

static CUresult
read_gpu_properties (struct cudajit_gpu *gpu)
{
  static const CUdevice_attribute attributes[] = {
    CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR,
    CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR,
    CU_DEVICE_ATTRIBUTE_MAX_THREADS_PER_BLOCK,
    CU_DEVICE_ATTRIBUTE_MAX_BLOCK_DIM_X,
    CU_DEVICE_ATTRIBUTE_MAX_BLOCK_DIM_Y,
    CU_DEVICE_ATTRIBUTE_MAX_BLOCK_DIM_Z,
    CU_DEVICE_ATTRIBUTE_MAX_GRID_DIM_X,
    CU_DEVICE_ATTRIBUTE_MAX_GRID_DIM_Y,
    CU_DEVICE_ATTRIBUTE_MAX_GRID_DIM_Z,
    CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK,
    CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK_OPTIN,
  };
  int v[sizeof attributes / sizeof *attributes];

  for (size_t i = 0; i < sizeof attributes / sizeof *attributes; i++)
    {
      CUresult r = cudajit_cu.cuDeviceGetAttribute (&v[i], attributes[i],
                                                    gpu->device);
      if (r != CUDA_SUCCESS)
        return r;
    }
  gpu->arch = v[0] * 10 + v[1];
  /* A GPU without opt-in (before compute capability 7.0) says 0.  */
  gpu->limits = (struct cudajit_limits){ v[2],
                                         { v[3], v[4], v[5] },
                                         { v[6], v[7], v[8] },
                                         v[10] > v[9] ? v[10] : v[9],
                                         v[9] };
  return CUDA_SUCCESS;
}

/* Set up GPU number ORDINAL, unless it is already, with its primary
   context, the one the CUDA runtime uses too, so that memory from
   cudaMalloc works in kernels.  */
static CUresult
open_device (int ordinal)
{
  struct cudajit_gpu *gpu = &gpus[ordinal];
  CUcontext context;
  CUresult r;

  if (gpu->context)
    return CUDA_SUCCESS;
  gpu->ordinal = ordinal;
  /* The stream-ordered pool keeps what is freed to it, rather than giving
     it back to the GPU at each synchronization, so that the next
     cuda_device_array_async or cuda_reduce takes it again without the
     cost of cuMemAlloc.  A GPU without pools fails only the calls that
     use them.  */
  CUmemoryPool pool;
  unsigned long long kept = ~0ull;
  if ((r = cudajit_cu.cuDeviceGet (&gpu->device, ordinal)) != CUDA_SUCCESS
      || (r = read_gpu_properties (gpu)) != CUDA_SUCCESS
      || (r = cudajit_cu.cuDevicePrimaryCtxRetain (&context, gpu->device))
             != CUDA_SUCCESS)
    return r;
  if (cudajit_cu.cuDeviceGetDefaultMemPool (&pool, gpu->device)
      == CUDA_SUCCESS)
    cudajit_cu.cuMemPoolSetAttribute (pool, CU_MEMPOOL_ATTR_RELEASE_THRESHOLD,
                                      &kept);
  gpu->context = context;
  return CUDA_SUCCESS;
}

/* Load the driver into cudajit_cu and set up the first GPU.  If there is
   no usable GPU, say why in WHY and return false.  */
static bool
open_gpu (char *why, size_t size)
{
  void *lib = dlopen ("libcuda.so.1", RTLD_NOW | RTLD_LOCAL);
  int version;
  CUresult r;

  if (!lib)
    {
      snprintf (why, size, "no CUDA driver (%s)", dlerror ());
      return false;
    }
#define CUDA_ONE_CALL(name, params)                                           \
  if (!(cudajit_cu.name = (CUresult (*) params) dlsym (lib, #name)))          \
    {                                                                         \
      snprintf (why, size, "the CUDA driver is too old (%s)", dlerror ());    \
      return false;                                                           \
    }
#define CUDA_OPTIONAL_CALL(name, params)                                      \
  cudajit_cu.name = (CUresult (*) params) dlsym (lib, #name);
#include "cuda-lib.def"
#undef CUDA_ONE_CALL
#undef CUDA_OPTIONAL_CALL

  if ((r = cudajit_cu.cuInit (0)) != CUDA_SUCCESS
      || (r = cudajit_cu.cuDriverGetVersion (&version)) != CUDA_SUCCESS
      || (r = cudajit_cu.cuDeviceGetCount (&gpu_count)) != CUDA_SUCCESS)
    {
      snprintf (why, size, "the CUDA driver found no usable GPU: %s",
                cudajit_cuda_error (r));
      return false;
    }
  driver_major = version / 1000;
  if (gpu_count == 0)
    {
      snprintf (why, size, "the CUDA driver found no GPU");
      return false;
    }
  if ((r = open_device (0)) != CUDA_SUCCESS)
    {
      snprintf (why, size, "the GPU cannot be used: %s",
                cudajit_cuda_error (r));
      return false;
    }
  return true;
}

/* In the child of a fork, where the forking thread is the only one.  */
static void
forget_gpu (void)
{
  cudajit_current_gpu = NULL;
  forked = true;
}

static void
choose_backend (void)
{
  enum cudajit_backend backend = cudajit_environment ()->backend;
  char *why = cpu_reason;

  if (backend == CUDAJIT_BACKEND_CPU)
    {
      snprintf (why, sizeof cpu_reason, "CUDAJIT_BACKEND=cpu says so");
      cudajit_verbose ("backend: the CPU, as CUDAJIT_BACKEND says");
      return;
    }
  use_gpu = open_gpu (why, sizeof cpu_reason);
  if (use_gpu)
    {
      char name[256] = "";
      if (cudajit_verbose_p ())
        cudajit_cu.cuDeviceGetName (name, sizeof name, gpus[0].device);
      cudajit_verbose ("backend: GPU 0 of %d, %s, sm_%d, CUDA driver %d",
                       gpu_count, name, gpus[0].arch, driver_major);
      /* The driver does not survive a fork: a child that used it would
         fail or hang in it, so it is told instead.  */
      pthread_atfork (NULL, NULL, forget_gpu);
      return;
    }
  if (backend == CUDAJIT_BACKEND_CUDA)
    cudajit_fatal (NULL, "CUDAJIT_BACKEND=cuda, but %s", why);
  if (!quiet_fallback)
    fprintf (stderr,
             "cudajit: %s; kernels run on the CPU (CUDAJIT_BACKEND=cpu "
             "does so without a word)\n",
             why);
}

/* End the program: the stream callback that this thread runs called
   cudajit.  At once, as a fault or CUDAJIT_TIMEOUT does: on a GPU the
   call, and exit's handlers, could wait for the stream, which waits for
   the callback.  */
static _Noreturn __attribute__ ((cold)) void
refuse_callback_call (void)
{
  void *address = (void *) (uintptr_t) cudajit_stream_callback;
  Dl_info info;

  if (dladdr (address, &info) && info.dli_sname && info.dli_saddr == address)
    cudajit_report (CUDAJIT_ERROR_PREFIX, NULL,
                    "cudajit call from stream callback '%s' "
                    "(cuda_stream_add_callback), which may not call "
                    "cudajit, as CUDA's may not call CUDA",
                    info.dli_sname);
  else
    cudajit_report (CUDAJIT_ERROR_PREFIX, NULL,
                    "cudajit call from the stream callback at %p "
                    "(cuda_stream_add_callback), which may not call "
                    "cudajit, as CUDA's may not call CUDA",
                    address);
  _exit (1);
}

bool
cudajit_gpu_p (void)
{
  static pthread_once_t once = PTHREAD_ONCE_INIT;
  struct cudajit_gpu *gpu;
  CUresult r;

  if (__builtin_expect (cudajit_stream_callback != NULL, 0))
    refuse_callback_call ();
  /* The launch path: an earlier call in this thread set the context.  */
  if (cudajit_current_gpu)
    return true;
  pthread_once (&once, choose_backend);
  if (!use_gpu)
    return false;
  if (forked)
    cudajit_fatal (NULL,
                   "CUDA cannot be used in a process forked after it was "
                   "initialized; fork before the first use of the GPU, or "
                   "exec a program in the child");
  gpu = &gpus[selected_gpu];
  r = cudajit_cu.cuCtxSetCurrent (gpu->context);
  if (r != CUDA_SUCCESS)
    cudajit_fatal (NULL, "cannot use the context of GPU %d: %s", gpu->ordinal,
                   cudajit_cuda_error (r));
  cudajit_current_gpu = gpu;
  return true;
}

bool
cudajit_gpu_quietly_p (void)
{
  quiet_fallback = true;
  return cudajit_gpu_p ();
}

int
cudajit_gpu_arch_quietly (void)
{
  return cudajit_gpu_quietly_p () ? cudajit_current_gpu->arch : 0;
}

const char *
cudajit_cpu_reason (void)
{
  return cudajit_gpu_quietly_p () ? NULL : cpu_reason;
}

int
cuda_is_available (void)
{
  return cudajit_gpu_p ();
}

int
cuda_device_count (void)
{
  return cudajit_gpu_p () ? gpu_count : 0;
}

struct cudajit_gpu *
cudajit_usable_gpu (int device, const char *function)
{
  CUresult r;

  if (!cudajit_gpu_p ())
    {
      if (device != 0)
        cudajit_error (NULL,
                       "%s (%d): kernels run on the CPU, device 0; "
                       "cuda_device_count () is 0",
                       function, device);
      return NULL;
    }
  if (device < 0 || device >= gpu_count)
    {
      cudajit_error (NULL,
                     "%s (%d): there is no such GPU; cuda_device_count () is "
                     "%d",
                     function, device, gpu_count);
      return NULL;
    }
  if (device >= CUDAJIT_MAX_GPUS)
    {
      cudajit_error (NULL,
                     "%s (%d): cudajit uses only the first %d of the %d GPUs",
                     function, device, CUDAJIT_MAX_GPUS, gpu_count);
      return NULL;
    }
  pthread_mutex_lock (&gpus_lock);
  r = open_device (device);
  pthread_mutex_unlock (&gpus_lock);
  if (r != CUDA_SUCCESS)
    {
      cudajit_error (NULL, "%s (%d): %s", function, device,
                     cudajit_cuda_error (r));
      return NULL;
    }
  return &gpus[device];
}

void
cuda_select_device (int device)
{
  if (!cudajit_usable_gpu (device, "cuda_select_device"))
    return;
  /* The next call makes its context current.  */
  selected_gpu = device;
  cudajit_current_gpu = NULL;
}

void
cuda_enable_peer_access (int peer_device)
{
  struct cudajit_gpu *peer
      = cudajit_usable_gpu (peer_device, "cuda_enable_peer_access");
  struct cudajit_gpu *gpu;
  int can_access = 0;
  CUresult r;

  /* A GPU reaches its own memory: nothing to enable, as on the CPU.  */
  if (!peer || peer_device == selected_gpu || !cudajit_gpu_p ())
    return;
  gpu = cudajit_current_gpu;
  r = cudajit_cu.cuDeviceCanAccessPeer (&can_access, gpu->device,
                                        peer->device);
  if (r == CUDA_SUCCESS && !can_access)
    {
      cudajit_error (NULL,
                     "cuda_enable_peer_access (%d): GPU %d cannot reach the "
                     "memory of GPU %d; copy through the host instead",
                     peer_device, gpu->ordinal, peer_device);
      return;
    }
  if (r == CUDA_SUCCESS)
    r = cudajit_cu.cuCtxEnablePeerAccess (peer->context, 0);
  if (r != CUDA_SUCCESS && r != CUDA_ERROR_PEER_ACCESS_ALREADY_ENABLED)
    {
      cudajit_error (NULL, "cuda_enable_peer_access (%d): %s", peer_device,
                     cudajit_cuda_error (r));
      return;
    }
  atomic_fetch_or (&gpu->peers, 1u << peer_device);
}

int
cudajit_current_gpu_ordinal (void)
{
  return selected_gpu;
}

CUstream
cudajit_driver_stream (cuda_stream_t stream)
{
  return stream || !cudajit_environment ()->per_thread_default_stream
             ? stream
             : CU_STREAM_PER_THREAD;
}

bool
cudajit_gpu_reaches (int owner)
{
  return owner == selected_gpu
         || (cudajit_current_gpu
             && (atomic_load_explicit (&cudajit_current_gpu->peers,
                                       memory_order_relaxed)
                 & (1u << owner)));
}

const char *
cudajit_cuda_error (CUresult error)
{
  static __thread char text[256];
  const char *name, *description;

  if (cudajit_cu.cuGetErrorName (error, &name) != CUDA_SUCCESS
      || cudajit_cu.cuGetErrorString (error, &description) != CUDA_SUCCESS)
    snprintf (text, sizeof text, "unknown CUDA error %d", (int) error);
  else
    snprintf (text, sizeof text, "%s (%s)", name, description);
  return text;
}

bool
cudajit_driver_device_memory (const void *p, int *owner)
{
  CUdeviceptr address = (CUdeviceptr) (uintptr_t) p;
  unsigned int type = 0, managed = 0;
  int ordinal = -1;

  if (cudajit_cu.cuPointerGetAttribute (
          &type, CU_POINTER_ATTRIBUTE_MEMORY_TYPE, address)
      != CUDA_SUCCESS)
    return false;
  if (cudajit_cu.cuPointerGetAttribute (
          &managed, CU_POINTER_ATTRIBUTE_IS_MANAGED, address)
          == CUDA_SUCCESS
      && managed)
    {
      *owner = -1;
      return true;
    }
  if (type != CU_MEMORYTYPE_DEVICE
      || cudajit_cu.cuPointerGetAttribute (
             &ordinal, CU_POINTER_ATTRIBUTE_DEVICE_ORDINAL, address)
             != CUDA_SUCCESS)
    return false;
  *owner = ordinal;
  return true;
}

unsigned long long
cudajit_buffer_id (const void *p)
{
  unsigned long long id = 0;

  if (cudajit_cu.cuPointerGetAttribute (&id, CU_POINTER_ATTRIBUTE_BUFFER_ID,
                                        (CUdeviceptr) (uintptr_t) p)
      != CUDA_SUCCESS)
    return 0;
  return id;
}

int
cudajit_driver_major (void)
{
  return driver_major;
}
