/* SPDX-License-Identifier: MIT */
/* The CPU backend's device API: what kernels call on the CPU, the twins
   of CUDA's built-in functions (cuda_syncthreads, cuda_grid_sync, the
   warp votes, shuffles and match functions, the fences, the block and
   warp collectives where fibers run them) and of the GPU's assert.  The
   threads of a block that wait for each other run as fibers
   (cpu-execution.c).  */

#include "cpu-backend.h"

#include <assert.h>
#include <stdlib.h>
#include <string.h>

void *
cudajit_block_shared_memory (void)
{
  return cudajit_cpu_current ? cudajit_cpu_current->shared : NULL;
}

void *
cudajit_block_context_memory (size_t size)
{
  struct runner *r = cudajit_cpu_current;

  if (size > r->context_size)
    {
      size_t rounded = (size + CUDAJIT_CONTEXT_ALIGN - 1)
                       & ~(size_t) (CUDAJIT_CONTEXT_ALIGN - 1);

      free (r->context);
      r->context = aligned_alloc (CUDAJIT_CONTEXT_ALIGN, rounded);
      if (!r->context)
        cudajit_fatal (&r->job->site,
                       "out of memory allocating %zu bytes for the variables "
                       "that the threads of a block keep across "
                       "cuda_syncthreads",
                       size);
      r->context_size = rounded;
    }
  return r->context;
}

void *
cudajit_block_shared_array (const void *key, size_t size, const char *name)
{
  struct runner *r = cudajit_cpu_current;

  if (!r)
    cudajit_fatal (NULL,
                   "shared variable '%s' used outside a kernel: it is the "
                   "memory of a block of a launch",
                   name);
  for (struct block_array *a = r->arrays; a; a = a->next)
    if (a->key == key)
      return a->memory;
  struct block_array *a = cudajit_xrealloc (NULL, sizeof *a);
  /* Aligned as the most aligned array may be, since its own alignment
     is not known here.  */
  size_t rounded = (size + CUDAJIT_SHARED_MAX_ALIGN - 1)
                   & ~(size_t) (CUDAJIT_SHARED_MAX_ALIGN - 1);
  a->memory = aligned_alloc (CUDAJIT_SHARED_MAX_ALIGN, rounded);
  if (!a->memory)
    cudajit_fatal (&r->job->site,
                   "out of memory allocating %zu bytes of shared memory for "
                   "'%s'",
                   size, name);
  a->key = key;
  a->size = size;
  a->next = r->arrays;
  r->arrays = a;
  return a->memory;
}

void
cudajit_check_shared_access (const void *address, size_t size,
                             const void *array, size_t bytes, const char *name,
                             const char *where)
{
  /* Set only while the thread runs a kernel.  */
  struct runner *r = cudajit_cpu_current;
  /* The dynamic shared memory ends where the launch's .shared_bytes
     do.  */
  if (!bytes)
    bytes = (size_t) ((const char *) r->shared + r->job->shared_end
                      - (const char *) array);
  ptrdiff_t offset = (const char *) address - (const char *) array;
  if (offset >= 0 && (size_t) offset <= bytes && size <= bytes - offset)
    return;
  cudajit_fatal (&r->job->site,
                 "out-of-bounds access to shared array '%s' at %s: %zu "
                 "bytes at byte %td of its %zu, by thread (%u, %u, %u) of "
                 "block (%u, %u, %u)",
                 name, where, size, offset, bytes, threadIdx.x, threadIdx.y,
                 threadIdx.z, blockIdx.x, blockIdx.y, blockIdx.z);
}

/* The runner of the calling thread if it runs its block as fibers, for
   FUNCTION, which waits for other threads; null in a block of one thread,
   where there is no one to wait for.  */
static struct runner *
fiber_runner (const char *function)
{
  struct runner *r = cudajit_kernel_runner (function);

  if (r->as_fibers)
    return r;
  if (r->job->threads > 1)
    cudajit_fatal (&r->job->site,
                   "%s in a kernel registered as never reaching it: the %u "
                   "threads of a block run one after another and cannot wait "
                   "for each other (a bug of the cudajit plugin)",
                   function, r->job->threads);
  return NULL;
}

/* The barrier of FUNCTION, at which the caller gives PREDICATE: how many
   of the threads that arrived gave a nonzero one, and in *ARRIVED how
   many arrived.  */
static unsigned int
barrier (const char *function, int predicate, unsigned int *arrived)
{
  struct runner *r = fiber_runner (function);

  if (!r)
    {
      *arrived = 1;
      return predicate != 0;
    }
  r->barrier_count += predicate != 0;
  r->fibers[r->running].state = FIBER_AT_BARRIER;
  cudajit_fiber_switch (&r->fibers[r->running].context, &r->scheduler);
  *arrived = r->passed_arrived;
  return r->passed_count;
}

void
cuda_syncthreads (void)
{
  unsigned int arrived;

  barrier ("cuda_syncthreads", 0, &arrived);
}

int
cuda_syncthreads_count (int predicate)
{
  unsigned int arrived;

  return barrier ("cuda_syncthreads_count", predicate, &arrived);
}

int
cuda_syncthreads_and (int predicate)
{
  unsigned int arrived;

  return barrier ("cuda_syncthreads_and", predicate, &arrived) == arrived;
}

int
cuda_syncthreads_or (int predicate)
{
  unsigned int arrived;

  return barrier ("cuda_syncthreads_or", predicate, &arrived) != 0;
}

/* The grid's barrier: the calling thread waits until the threads of every
   block, all fibers of this pool thread (cpu-execution.c), wait too.  */
void
cuda_grid_sync (void)
{
  struct runner *r = cudajit_kernel_runner ("cuda_grid_sync");

  if (!r->job->kernel->grid_sync)
    cudajit_fatal (&r->job->site,
                   "cuda_grid_sync in a kernel registered as never reaching "
                   "it: its blocks are not all alive at once (a bug of the "
                   "cudajit plugin)");
  r->fibers[r->running].state = FIBER_AT_GRID_BARRIER;
  cudajit_fiber_switch (&r->fibers[r->running].context, &r->scheduler);
}

/* The warp functions.  The calling thread makes REQUEST, as FUNCTION, and
   waits for the threads of its mask; it gets the result, and the lanes of
   the mask that took part in *PRESENT unless PRESENT is null.  Where it is
   alone, it is lane 0.  */
static unsigned long long
warp_exchange (const char *function, struct warp_request request,
               unsigned int *present)
{
  struct runner *r = fiber_runner (function);
  struct fiber *f;
  struct warp *w;

  if (!r)
    {
      if (present)
        *present = 1;
      return request.match ? request.value == request.wanted : request.value;
    }
  f = &r->fibers[r->running];
  w = &r->warps[r->running / CUDAJIT_WARP_SIZE];
  request.function = function;
  f->request = request;
  f->state = FIBER_AT_WARP;
  w->arrived |= 1u << r->running % CUDAJIT_WARP_SIZE;
  cudajit_release_warp (r, r->running / CUDAJIT_WARP_SIZE);
  if (f->state == FIBER_AT_WARP)
    cudajit_fiber_switch (&f->context, &r->scheduler);
  f->where = NULL;
  if (present)
    *present = f->present;
  return f->result;
}

/* cudajit_shfl_OP_T asks for the lane that cudajit_shfl_OP_source
   (cudajit.h) names.  VALUE travels as 8 bytes.  */
#define SHUFFLE(op, t, type, arg_type)                                        \
  type cudajit_shfl_##op##_##t (unsigned int mask, type value, arg_type arg,  \
                                int width)                                    \
  {                                                                           \
    cudajit_kernel_runner ("cuda_shfl_" #op);                                 \
    struct warp_request request = { .mask = mask,                             \
                                    .source = cudajit_shfl_##op##_source (    \
                                        cuda_laneid (), arg, width) };        \
                                                                              \
    memcpy (&request.value, &value, sizeof value);                            \
    request.value = warp_exchange ("cuda_shfl_" #op, request, NULL);          \
    memcpy (&value, &request.value, sizeof value);                            \
    return value;                                                             \
  }

#define SHUFFLES(t, type)                                                     \
  SHUFFLE (sync, t, type, int)                                                \
  SHUFFLE (up_sync, t, type, unsigned int)                                    \
  SHUFFLE (down_sync, t, type, unsigned int)                                  \
  SHUFFLE (xor_sync, t, type, int)

#define CUDAJIT_SCALAR(t, type, kind, bytes)                                  \
  CUDAJIT_IF_WARP_##kind (SHUFFLES (t, type))
#include "cudajit-scalar-types.def"
#undef CUDAJIT_SCALAR
#undef SHUFFLE
#undef SHUFFLES

/* A vote: the lanes of MASK that take part and whose PREDICATE is nonzero,
   found as those that give 1; and those that take part in *PRESENT unless
   PRESENT is null.  */
static unsigned int
warp_vote (const char *function, unsigned int mask, int predicate,
           unsigned int *present)
{
  struct warp_request request
      = { .mask = mask, .value = predicate != 0, .match = true, .wanted = 1 };

  return warp_exchange (function, request, present);
}

/* A vote whose result no one needs: the lanes of MASK wait for each
   other.  */
void
cuda_syncwarp (unsigned int mask)
{
  warp_vote ("cuda_syncwarp", mask, 0, NULL);
}

unsigned int
cuda_ballot_sync (unsigned int mask, int predicate)
{
  return warp_vote ("cuda_ballot_sync", mask, predicate, NULL);
}

int
cuda_all_sync (unsigned int mask, int predicate)
{
  unsigned int present;

  return warp_vote ("cuda_all_sync", mask, predicate, &present) == present;
}

int
cuda_any_sync (unsigned int mask, int predicate)
{
  return warp_vote ("cuda_any_sync", mask, predicate, NULL) != 0;
}

int
cuda_eq_sync (unsigned int mask, int predicate)
{
  unsigned int present;
  unsigned int votes = warp_vote ("cuda_eq_sync", mask, predicate, &present);

  return votes == 0 || votes == present;
}

/* The lanes of MASK that take part and give the same VALUE, of SIZE bytes,
   as the caller; and unless ALL is null, in *ALL whether they are all
   those that take part.  */
static unsigned int
warp_match (const char *function, unsigned int mask, const void *value,
            size_t size, int *all)
{
  struct warp_request request = { .mask = mask, .match = true };
  unsigned int present, lanes;

  memcpy (&request.value, value, size);
  request.wanted = request.value;
  lanes = warp_exchange (function, request, &present);
  if (all)
    *all = lanes == present;
  return lanes;
}

#define MATCHES(t, type)                                                      \
  unsigned int cudajit_match_any_sync_##t (unsigned int mask, type value)     \
  {                                                                           \
    return warp_match ("cuda_match_any_sync", mask, &value, sizeof value,     \
                       NULL);                                                 \
  }                                                                           \
                                                                              \
  unsigned int cudajit_match_all_sync_##t (unsigned int mask, type value,     \
                                           int *pred)                         \
  {                                                                           \
    warp_match ("cuda_match_all_sync", mask, &value, sizeof value, pred);     \
    return *pred ? mask : 0;                                                  \
  }
#define CUDAJIT_SCALAR(t, type, kind, bytes)                                  \
  CUDAJIT_IF_WARP_##kind (MATCHES (t, type))
#include "cudajit-scalar-types.def"
#undef CUDAJIT_SCALAR
#undef MATCHES

/* The lanes that run the call together: on a GPU, those that took the
   same branches to it.  The caller waits until every lane of its warp
   waits somewhere, and cudajit_converge_warp lets go on those at the
   earliest position, which cudajit_warp_at gave.  */
unsigned int
cuda_activemask (void)
{
  struct runner *r = fiber_runner ("cuda_activemask");
  struct fiber *f;

  if (!r)
    return 1;
  f = &r->fibers[r->running];
  f->state = FIBER_CONVERGING;
  r->warps[r->running / CUDAJIT_WARP_SIZE].converging
      |= 1u << r->running % CUDAJIT_WARP_SIZE;
  cudajit_fiber_switch (&f->context, &r->scheduler);
  f->length = f->depth;
  f->where = NULL;
  return f->result;
}

/* The fiber of the calling thread, if it runs as one.  */
static struct fiber *
current_fiber (void)
{
  struct runner *r = cudajit_cpu_current;

  return r && r->as_fibers ? &r->fibers[r->running] : NULL;
}

/* POSITION's LENGTH numbers, in F's position after its calls of device
   functions, as far as there is room.  */
static void
place (struct fiber *f, const unsigned int *position, unsigned int length)
{
  for (unsigned int i = 0; i < length && f->depth + i < WARP_POSITION_MAX; i++)
    f->position[f->depth + i] = position[i];
  f->length = f->depth + length;
}

void
cudajit_warp_at (const char *where, const void *position, unsigned int length)
{
  struct fiber *f = current_fiber ();

  if (!f)
    return;
  f->where = where;
  place (f, position, length);
}

void
cudajit_warp_call (const void *position, unsigned int length)
{
  struct fiber *f = current_fiber ();

  if (!f)
    return;
  place (f, position, length);
  f->depth = f->length;
}

void
cudajit_warp_return (unsigned int length)
{
  struct fiber *f = current_fiber ();

  if (!f)
    return;
  f->depth -= length;
  f->length = f->depth;
}

/* An iteration of a loop that waits for another thread to change
   memory: the other fibers of the block run before the next, as a GPU
   runs other warps meanwhile, and from compute capability 7.0 the other
   lanes of the warp.  */
void
cudajit_spin (const char *where)
{
  struct runner *r = cudajit_cpu_current;
  struct fiber *f;

  if (!r)
    return;
  if (r->job->watch->armed
      && atomic_load_explicit (&r->job->watch->spinning, memory_order_relaxed)
             != where)
    atomic_store_explicit (&r->job->watch->spinning, where,
                           memory_order_relaxed);
  if (!r->as_fibers)
    return;
  f = &r->fibers[r->running];
  f->state = FIBER_SPINNING;
  cudajit_fiber_switch (&f->context, &r->scheduler);
}

int
cuda_laneid (void)
{
  cudajit_kernel_runner ("cuda_laneid");
  return (threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z))
         % CUDAJIT_WARP_SIZE;
}

/* The blocks of a launch run on several host threads, so that the fences
   are real ones; the strongest serves for every scope.  */

/* trap_NAME (FUNCTION): the error of cudajit-trap.def's row NAME, of the
   calling thread, which called FUNCTION.  */
#define DEF_CUDAJIT_TRAP(name, format)                                        \
  static _Noreturn void trap_##name (const char *function)                    \
  {                                                                           \
    struct runner *r = cudajit_kernel_runner (function);                      \
    cudajit_fatal (&r->job->site, format, threadIdx.x, threadIdx.y,           \
                   threadIdx.z, blockIdx.x, blockIdx.y, blockIdx.z);          \
  }
#include "cudajit-trap.def"
#undef DEF_CUDAJIT_TRAP

void
cuda_trap (void)
{
  trap_trap ("cuda_trap");
}

/* A GPU faults on a misaligned copy (CUDA_ERROR_MISALIGNED_ADDRESS)
   without a word of the thread, which this says.  */
void
cudajit_misaligned_copy (void)
{
  struct runner *r = cudajit_kernel_runner ("cuda_memcpy_async");
  cudajit_fatal (&r->job->site,
                 "cuda_memcpy_async: an address not aligned to the size of "
                 "its copy, in thread (%u, %u, %u) of block (%u, %u, %u)",
                 threadIdx.x, threadIdx.y, threadIdx.z, blockIdx.x, blockIdx.y,
                 blockIdx.z);
}

void
cuda_threadfence (void)
{
  atomic_thread_fence (memory_order_seq_cst);
}

void
cuda_threadfence_block (void)
{
  atomic_thread_fence (memory_order_seq_cst);
}

void
cuda_threadfence_system (void)
{
  atomic_thread_fence (memory_order_seq_cst);
}

void
cudajit_assert_fail (const char *expression, const char *file,
                     unsigned int line, const char *function)
{
  const struct runner *r = cudajit_cpu_current;

  /* Host code calls device functions too: there assert is glibc's.  */
  if (!r)
    __assert_fail (expression, file, line, function);
  cudajit_fatal (&r->job->site,
                 "assertion '%s' failed at %s:%u in thread (%u, %u, %u) of "
                 "block (%u, %u, %u)",
                 expression, file, line, threadIdx.x, threadIdx.y, threadIdx.z,
                 blockIdx.x, blockIdx.y, blockIdx.z);
}

/* The block and warp collectives on fibers, where the plugin's fission
   does not compute them in the block function.  Each thread puts its
   value in VALUES, at its linear index, and waits for the others: for a
   warp's, each lane then combines the values of its warp itself; for a
   block's, thread 0 computes every thread's result into RESULTS, which
   each reads after a second barrier.  The next call writes VALUES only
   after the threads have passed that barrier, and RESULTS after the
   next call's first, once everyone has read them.  */
struct collective_scratch
{
  unsigned long long values[CUDAJIT_BLOCK_THREADS_MAX];
  unsigned long long results[CUDAJIT_BLOCK_THREADS_MAX];
};

/* Where the calling thread takes part in the collective FUNCTION: the
   block's scratch, its linear index in the block and the block's
   threads, its warp's first thread and lanes as a count and a mask;
   false where it is alone in its block, with no one to wait for.  */
struct collective
{
  struct collective_scratch *scratch;
  unsigned int thread, threads, first, lanes, mask;
};

static bool
collective_begin (const char *function, struct collective *c)
{
  static const char key = 0;
  struct runner *r = fiber_runner (function);

  if (!r)
    return false;
  c->scratch = cudajit_block_shared_array (&key, sizeof *c->scratch,
                                           "the collectives' scratch");
  c->thread = r->running;
  c->threads = r->job->threads;
  c->first = c->thread - c->thread % CUDAJIT_WARP_SIZE;
  c->lanes = c->threads - c->first < CUDAJIT_WARP_SIZE ? c->threads - c->first
                                                       : CUDAJIT_WARP_SIZE;
  c->mask = cudajit_warp_lanes (c->lanes);
  return true;
}

/* The body of a warp's, FUNCTION: the lanes of the warp wait for each
   other twice, the second time so that none writes its next value before
   all have read.  Each warp's values are in its own lanes' slots of
   VALUES, whatever their type: another warp may be at a collective of
   another type meanwhile.  */
#define WARP_COLLECTIVE(t, type, function, inclusive, whole)                  \
  struct collective c;                                                        \
  type *values, result;                                                       \
                                                                              \
  if (!collective_begin (function, &c))                                       \
    return inclusive ? v : cudajit_identity_##t (op);                         \
  values = (type *) (c.scratch->values + c.first);                            \
  values[c.thread - c.first] = v;                                             \
  warp_vote (function, c.mask, 0, NULL);                                      \
  result = cudajit_fold_##t (                                                 \
      values, (whole ? c.lanes : c.thread - c.first + inclusive), op);        \
  warp_vote (function, c.mask, 0, NULL);                                      \
  return result

/* The body of a block's, FUNCTION: thread 0 computes the results, the
   reduction's in RESULTS[0], the scans' at each thread's index.  */
#define BLOCK_COLLECTIVE(t, type, function, inclusive, whole)                 \
  struct collective c;                                                        \
  type *values, *results;                                                     \
  unsigned int arrived;                                                       \
                                                                              \
  if (!collective_begin (function, &c))                                       \
    return inclusive ? v : cudajit_identity_##t (op);                         \
  values = (type *) c.scratch->values;                                        \
  results = (type *) c.scratch->results;                                      \
  values[c.thread] = v;                                                       \
  barrier (function, 0, &arrived);                                            \
  if (c.thread == 0 && whole)                                                 \
    results[0] = cudajit_fold_##t (values, c.threads, op);                    \
  else if (c.thread == 0)                                                     \
    {                                                                         \
      type running = cudajit_identity_##t (op);                               \
      for (unsigned int i = 0; i < c.threads; i++)                            \
        {                                                                     \
          type next = cudajit_combine_##t (op, running, values[i]);           \
          results[i] = inclusive ? next : running;                            \
          running = next;                                                     \
        }                                                                     \
    }                                                                         \
  barrier (function, 0, &arrived);                                            \
  return results[whole ? 0 : c.thread]

/* The collectives on each type.  */
#define COLLECTIVES(t, type)                                                  \
  type cudajit_warp_reduce_##t (type v, int op)                               \
  {                                                                           \
    WARP_COLLECTIVE (t, type, "cuda_warp_reduce", 1, 1);                      \
  }                                                                           \
                                                                              \
  type cudajit_warp_scan_inclusive_##t (type v, int op)                       \
  {                                                                           \
    WARP_COLLECTIVE (t, type, "cuda_warp_scan_inclusive", 1, 0);              \
  }                                                                           \
                                                                              \
  type cudajit_warp_scan_exclusive_##t (type v, int op)                       \
  {                                                                           \
    WARP_COLLECTIVE (t, type, "cuda_warp_scan_exclusive", 0, 0);              \
  }                                                                           \
                                                                              \
  type cudajit_block_reduce_##t (type v, int op)                              \
  {                                                                           \
    BLOCK_COLLECTIVE (t, type, "cuda_block_reduce", 1, 1);                    \
  }                                                                           \
                                                                              \
  type cudajit_block_scan_inclusive_##t (type v, int op)                      \
  {                                                                           \
    BLOCK_COLLECTIVE (t, type, "cuda_block_scan_inclusive", 1, 0);            \
  }                                                                           \
                                                                              \
  type cudajit_block_scan_exclusive_##t (type v, int op)                      \
  {                                                                           \
    BLOCK_COLLECTIVE (t, type, "cuda_block_scan_exclusive", 0, 0);            \
  }
#define CUDAJIT_SCALAR(t, type, kind, bytes) COLLECTIVES (t, type)
#include "cudajit-scalar-types.def"
#undef CUDAJIT_SCALAR
#undef COLLECTIVES
#undef WARP_COLLECTIVE
#undef BLOCK_COLLECTIVE

/* The lanes of MASK that take part combine their V by OP, each the values
   of all, as the warp collectives do: FUNCTION's, __reduce_OP_sync and
   cuda_tile_reduce.  Each lane's V has its thread's slot of VALUES, whatever
   its type: the other tiles of the warp may be at a reduction of another
   type meanwhile.  */
#define LANES_REDUCE(t, type)                                                 \
  static type lanes_reduce_##t (const char *function, unsigned int mask,      \
                                type v, int op)                               \
  {                                                                           \
    struct collective c;                                                      \
    type result, other;                                                       \
    unsigned int present;                                                     \
                                                                              \
    if (!collective_begin (function, &c))                                     \
      return v;                                                               \
    memcpy (&c.scratch->values[c.thread], &v, sizeof v);                      \
    warp_vote (function, mask, 0, &present);                                  \
    result = cudajit_identity_##t (op);                                       \
    for (unsigned int lane = 0; lane < c.lanes; lane++)                       \
      if (present >> lane & 1)                                                \
        {                                                                     \
          memcpy (&other, &c.scratch->values[c.first + lane], sizeof other);  \
          result = cudajit_combine_##t (op, result, other);                   \
        }                                                                     \
    warp_vote (function, mask, 0, NULL);                                      \
    return result;                                                            \
  }                                                                           \
                                                                              \
  type cudajit_tile_reduce_##t (cuda_tile tile, type v, int op)               \
  {                                                                           \
    return lanes_reduce_##t ("cuda_tile_reduce", tile, v, op);                \
  }
#define CUDAJIT_SCALAR(t, type, kind, bytes) LANES_REDUCE (t, type)
#include "cudajit-scalar-types.def"
#undef CUDAJIT_SCALAR
#undef LANES_REDUCE

#define REDUCE_SYNC(name, op, t, type)                                        \
  type cudajit_reduce_##name##_sync_##t (unsigned int mask, type v)           \
  {                                                                           \
    return lanes_reduce_##t ("cuda_reduce_" #name "_sync", mask, v, op);      \
  }
#define REDUCE_SYNCS(name, op)                                                \
  REDUCE_SYNC (name, op, int, int)                                            \
  REDUCE_SYNC (name, op, uint, unsigned int)
REDUCE_SYNCS (add, CUDA_ADD)
REDUCE_SYNCS (min, CUDA_MIN)
REDUCE_SYNCS (max, CUDA_MAX)
REDUCE_SYNCS (and, CUDA_AND)
REDUCE_SYNCS (or, CUDA_OR)
REDUCE_SYNCS (xor, CUDA_XOR)
#undef REDUCE_SYNC
#undef REDUCE_SYNCS
