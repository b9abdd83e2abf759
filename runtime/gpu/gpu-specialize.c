/* SPDX-License-Identifier: MIT */
/* Variants of a kernel for what only its launches know: the values of its
   integer parameters, its block's shape and whether its arrays overlap.
   A kernel runs its generic code first; when a launch repeats the key of
   two before it (those values, that shape, the same answer to the
   overlap), the background compile thread compiles a variant from the
   same CUDA C, with #define lines before it (cudajit-abi.h), and the
   launches with that key run it once it is ready.  A parameter that takes
   more values than there can be variants is left out of the keys, so
   that a time step or a seed leaves the others specialized.  */

#include "gpu-background-compile.h"

#include <inttypes.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The variants of a kernel, beyond which its launches stay generic.  */
#define VARIANTS_MAX 4
/* The keys of the last launches that no variant matched, with how many
   launches had each: the launch that brings one to VARIANT_AFTER queues
   a variant.  A program that launches a kernel once or twice, which a
   variant would not speed up, then compiles nothing more.  */
#define RECENT_KEYS 4
#define VARIANT_AFTER 3
/* The sets of pointers whose overlap a kernel remembers.  */
#define POINTER_SETS 2
/* Each #define line's longest value.  */
#define DEFINE_LINE_MAX 96

/* What a launch's variant must have been compiled for: the values of the
   slots of IN_KEYS, 0 in the others, so that a variant that took a slot
   as a constant never serves a launch whose key has left it out.
   Compared as bytes, so without padding.  */
struct key
{
  unsigned int block[3];
  unsigned int restrict_params;
  unsigned int arch;
  unsigned int in_keys;
  unsigned long long value[CUDAJIT_SPECIALIZE_PARAMS_MAX];
};

struct variant
{
  struct key key;
  /* Its CUDA C, #define lines first, until its compilation starts; the
     compilation, until its code is taken; then its code, and its
     function on each GPU, by ordinal, once loaded there.  FAILED if it
     cannot be had.  */
  char *source;
  struct cudajit_background_compile *compile;
  bool failed;
  char *code;
  CUfunction function[CUDAJIT_MAX_GPUS];
};

/* The compilation of a variant that runs, of whichever kernel, or null:
   one runs at a time, so that variants take a core at most from the
   program, and exit waits for one at most.  It may have ended, its code
   not yet taken.  */
static pthread_mutex_t compiling_lock = PTHREAD_MUTEX_INITIALIZER;
static struct cudajit_background_compile *compiling;

/* The pointers of a launch whose arrays were checked, while the frees of
   memory counted GENERATION, and whether they lie apart.  */
struct pointer_set
{
  bool checked;
  unsigned int generation;
  void **pointers;
  bool apart;
};

struct cudajit_specialization
{
  pthread_mutex_t lock;
  /* The parameters that variants may take as constants, by their slot
     in a key, and those of them still in the keys, a mask of slots.  */
  unsigned int slots;
  unsigned int index[CUDAJIT_SPECIALIZE_PARAMS_MAX];
  unsigned int in_keys;
  /* The values each has taken, up to VARIANTS_MAX of them.  */
  unsigned long long seen[CUDAJIT_SPECIALIZE_PARAMS_MAX][VARIANTS_MAX];
  unsigned int seen_count[CUDAJIT_SPECIALIZE_PARAMS_MAX];
  /* Whether any pointer may be __restrict__; the sets of pointers last
     checked (pointers_apart), the next to be replaced.  */
  bool restrict_params;
  struct pointer_set pointer_set[POINTER_SETS];
  unsigned int next_pointer_set;
  struct key recent[RECENT_KEYS];
  unsigned int recent_launches[RECENT_KEYS];
  unsigned int recent_count, recent_next;
  struct variant variant[VARIANTS_MAX];
  unsigned int variant_count;
  /* Whether a launch found no room for another variant.  */
  bool full;
};

static struct cudajit_specialization *
new_specialization (const struct cudajit_kernel *k)
{
  const struct cudajit_params *params = k->params;
  struct cudajit_specialization *s = cudajit_xrealloc (NULL, sizeof *s);

  *s = (struct cudajit_specialization){ .lock = PTHREAD_MUTEX_INITIALIZER };
  /* One more, for a kernel without parameters.  */
  for (unsigned int set = 0; set < POINTER_SETS; set++)
    s->pointer_set[set].pointers = cudajit_xrealloc (
        NULL, (params->count + 1) * sizeof *s->pointer_set[set].pointers);
  for (unsigned int i = 0; i < params->count; i++)
    {
      const struct cudajit_param *p = &params->param[i];
      if (p->specialize_bytes && s->slots < CUDAJIT_SPECIALIZE_PARAMS_MAX)
        s->index[s->slots++] = i;
      s->restrict_params |= p->restrict_candidate;
    }
  s->in_keys = (1u << s->slots) - 1;
  return s;
}

/* K's variants, made at its first launch.  */
static struct cudajit_specialization *
specialization (struct cudajit_kernel *k)
{
  struct cudajit_specialization *s
      = atomic_load_explicit (&k->specialization, memory_order_acquire);
  if (s)
    return s;
  struct cudajit_specialization *made = new_specialization (k);
  if (atomic_compare_exchange_strong (&k->specialization, &s, made))
    return made;
  for (unsigned int set = 0; set < POINTER_SETS; set++)
    free (made->pointer_set[set].pointers);
  free (made);
  return s;
}

/* The value of the integer parameter P whose argument is at ARG, widened
   as its signedness says.  */
static unsigned long long
argument_value (const struct cudajit_param *p, const void *arg)
{
  switch (p->specialize_bytes)
    {
    case 1:
      return p->specialize_signed ? (long long) *(const int8_t *) arg
                                  : *(const uint8_t *) arg;
    case 2:
      return p->specialize_signed ? (long long) *(const int16_t *) arg
                                  : *(const uint16_t *) arg;
    case 4:
      return p->specialize_signed ? (long long) *(const int32_t *) arg
                                  : *(const uint32_t *) arg;
    default:
      return *(const uint64_t *) arg;
    }
}

/* Whether no array that kernel K writes, of the pointers in ARGS, lies in
   the allocation of another pointer: each is in memory that the registry
   knows, and apart.  The answers for the last POINTER_SETS sets of
   pointers are kept while no memory is freed, for kernels launched in
   turn on two sets of arrays, as a time step swaps its input and output.
   Under S's lock.  */
static bool
pointers_apart (struct cudajit_specialization *s,
                const struct cudajit_kernel *k, void **args)
{
  const struct cudajit_params *params = k->params;
  unsigned int generation
      = atomic_load_explicit (&cudajit_free_generation, memory_order_acquire);

  for (unsigned int set = 0; set < POINTER_SETS; set++)
    {
      struct pointer_set *p = &s->pointer_set[set];
      bool same = p->checked && p->generation == generation;
      for (unsigned int i = 0; same && i < params->count; i++)
        same = !params->param[i].pointer
               || p->pointers[i] == *(void **) args[i];
      if (same)
        return p->apart;
    }
  struct pointer_set *p = &s->pointer_set[s->next_pointer_set];
  s->next_pointer_set = (s->next_pointer_set + 1) % POINTER_SETS;
  struct cudajit_object_info info[params->count];
  bool apart = true;
  for (unsigned int i = 0; i < params->count; i++)
    if (params->param[i].pointer)
      {
        p->pointers[i] = *(void **) args[i];
        info[i] = cudajit_find_object (p->pointers[i]);
        apart &= info[i].known && !info[i].released;
      }
  for (unsigned int i = 0; apart && i < params->count; i++)
    for (unsigned int j = 0; apart && j < params->count; j++)
      apart = (i == j || !params->param[i].pointer || !params->param[j].pointer
               || params->param[i].read_only || info[i].base != info[j].base);
  p->checked = true;
  p->generation = generation;
  p->apart = apart;
  return apart;
}

static void
make_key (struct cudajit_specialization *s, const struct cudajit_kernel *k,
          const struct cudajit_launch_config *config, void **args,
          struct key *key)
{
  memset (key, 0, sizeof *key);
  key->block[0] = config->block.x;
  key->block[1] = config->block.y;
  key->block[2] = config->block.z;
  key->arch = cudajit_current_gpu->arch;
  key->restrict_params = s->restrict_params && pointers_apart (s, k, args);
  key->in_keys = s->in_keys;
  for (unsigned int slot = 0; slot < s->slots; slot++)
    if (s->in_keys & 1u << slot)
      key->value[slot] = argument_value (&k->params->param[s->index[slot]],
                                         args[s->index[slot]]);
}

char *
cudajit_variant_defines (cuda_dim3 block, bool restrict_params,
                         unsigned int count, const unsigned int *index,
                         const unsigned long long *value,
                         const bool *is_signed)
{
  char line[DEFINE_LINE_MAX];
  snprintf (line, sizeof line,
            "#define %s __launch_bounds__ (%u)\n"
            "#define blockDim (uint3{%uu, %uu, %uu})\n",
            CUDAJIT_SPECIALIZE_LAUNCH_BOUNDS, block.x * block.y * block.z,
            block.x, block.y, block.z);
  char *text = cudajit_append (NULL, line);
  if (restrict_params)
    {
      snprintf (line, sizeof line, "#define %s __restrict__\n",
                CUDAJIT_SPECIALIZE_RESTRICT);
      text = cudajit_append (text, line);
    }
  for (unsigned int i = 0; i < count; i++)
    {
      long long v = (long long) value[i];
      /* The most negative has no literal of its own.  */
      if (is_signed[i] && v == INT64_MIN)
        snprintf (line, sizeof line, "#define %s%u (%lldLL - 1)\n",
                  CUDAJIT_SPECIALIZE_VALUE, index[i], v + 1);
      else if (is_signed[i])
        snprintf (line, sizeof line, "#define %s%u (%lldLL)\n",
                  CUDAJIT_SPECIALIZE_VALUE, index[i], v);
      else
        snprintf (line, sizeof line, "#define %s%u (%lluULL)\n",
                  CUDAJIT_SPECIALIZE_VALUE, index[i], value[i]);
      text = cudajit_append (text, line);
    }
  return text;
}

/* What KEY says, for CUDAJIT_VERBOSE, from malloc.  */
static char *
describe_key (const struct cudajit_specialization *s,
              const struct cudajit_kernel *k, const struct key *key)
{
  char part[DEFINE_LINE_MAX];
  snprintf (part, sizeof part, "blocks (%u, %u, %u)%s", key->block[0],
            key->block[1], key->block[2],
            key->restrict_params ? ", arrays apart" : "");
  char *text = cudajit_append (NULL, part);
  for (unsigned int slot = 0; slot < s->slots; slot++)
    if (key->in_keys & 1u << slot)
      {
        const struct cudajit_param *p = &k->params->param[s->index[slot]];
        if (p->specialize_signed)
          snprintf (part, sizeof part, ", %s = %lld", p->name,
                    (long long) key->value[slot]);
        else
          snprintf (part, sizeof part, ", %s = %llu", p->name,
                    key->value[slot]);
        text = cudajit_append (text, part);
      }
  return text;
}

/* Start compiling variant NUMBER, V, of K, unless another variant is
   compiling; return false if it waits.  At SITE, for CUDAJIT_VERBOSE.
   Under the lock of K's specialization.  */
static bool
start_compile (struct variant *v, unsigned int number,
               const struct cudajit_kernel *k, const struct cudajit_site *site)
{
  pthread_mutex_lock (&compiling_lock);
  bool busy = compiling && !cudajit_background_done (compiling);
  if (!busy)
    {
      v->compile = compiling = cudajit_compile_in_background (
          v->source, cudajit_module_file_name (k->module), v->key.arch,
          k->module->compile_flags & CUDAJIT_COMPILE_NVRTC_MASK);
      v->source = NULL;
      v->failed = !v->compile;
    }
  pthread_mutex_unlock (&compiling_lock);
  if (!busy)
    cudajit_verbose ("kernel '%s' at %s:%d: variant %u %s", k->name,
                     site->file, site->line, number,
                     v->failed ? "has no background thread to compile it"
                     : cudajit_background_in_thread (v->compile)
                         ? "compiling in the background"
                         : "made now, not in the background, as NVRTC has "
                           "not compiled in this process yet");
  return !busy;
}

/* Queue the compilation of K's variant for KEY, at SITE.  Under S's
   lock.  */
static void
queue_variant (struct cudajit_specialization *s, struct cudajit_kernel *k,
               const struct key *key, const struct cudajit_site *site)
{
  char *what = describe_key (s, k, key);
  if (s->variant_count == VARIANTS_MAX)
    {
      if (!s->full)
        cudajit_verbose ("kernel '%s' at %s:%d, launched again with %s, has "
                         "its %d variants already: such launches stay "
                         "generic",
                         k->name, site->file, site->line, what, VARIANTS_MAX);
      s->full = true;
      free (what);
      return;
    }
  unsigned int index[CUDAJIT_SPECIALIZE_PARAMS_MAX];
  unsigned long long value[CUDAJIT_SPECIALIZE_PARAMS_MAX];
  bool is_signed[CUDAJIT_SPECIALIZE_PARAMS_MAX];
  unsigned int count = 0;
  for (unsigned int slot = 0; slot < s->slots; slot++)
    if (key->in_keys & 1u << slot)
      {
        index[count] = s->index[slot];
        value[count] = key->value[slot];
        is_signed[count++]
            = k->params->param[s->index[slot]].specialize_signed;
      }
  char *defines = cudajit_variant_defines (
      (cuda_dim3){ key->block[0], key->block[1], key->block[2] },
      key->restrict_params, count, index, value, is_signed);
  pthread_mutex_lock (&cudajit_module_lock);
  char *source = cudajit_module_source (k->module, k, NULL);
  pthread_mutex_unlock (&cudajit_module_lock);
  struct variant *v = &s->variant[s->variant_count++];
  *v = (struct variant){ .key = *key,
                         .source = cudajit_append (defines, source) };
  free (source);
  cudajit_verbose ("kernel '%s' at %s:%d: variant %u queued, for %s", k->name,
                   site->file, site->line, s->variant_count, what);
  free (what);
  start_compile (v, s->variant_count, k, site);
}

/* Note KEY, of a launch of K at SITE that no variant matched: leave out
   of the keys from now on the parameters that take too many values, and
   queue a variant where the launch repeats a recent key often enough.
   Under S's lock.  */
static void
note_key (struct cudajit_specialization *s, struct cudajit_kernel *k,
          struct key *key, const struct cudajit_site *site)
{
  for (unsigned int slot = 0; slot < s->slots; slot++)
    {
      unsigned int *count = &s->seen_count[slot], i;
      if (!(s->in_keys & 1u << slot))
        continue;
      for (i = 0; i < *count && s->seen[slot][i] != key->value[slot]; i++)
        ;
      if (i < *count)
        continue;
      if (*count < VARIANTS_MAX)
        {
          s->seen[slot][(*count)++] = key->value[slot];
          continue;
        }
      s->in_keys &= ~(1u << slot);
      key->in_keys = s->in_keys;
      key->value[slot] = 0;
      cudajit_verbose ("kernel '%s' at %s:%d: parameter '%s' has taken more "
                       "than %d values; variants leave it generic",
                       k->name, site->file, site->line,
                       k->params->param[s->index[slot]].name, VARIANTS_MAX);
    }
  unsigned int i;
  for (i = 0;
       i < s->recent_count && memcmp (&s->recent[i], key, sizeof *key) != 0;
       i++)
    ;
  if (i == s->recent_count)
    {
      if (s->recent_count < RECENT_KEYS)
        s->recent_count++;
      else
        {
          i = s->recent_next;
          s->recent_next = (s->recent_next + 1) % RECENT_KEYS;
        }
      s->recent[i] = *key;
      s->recent_launches[i] = 0;
    }
  if (++s->recent_launches[i] < VARIANT_AFTER)
    return;
  /* It has a variant now, or never will.  */
  s->recent_count--;
  s->recent[i] = s->recent[s->recent_count];
  s->recent_launches[i] = s->recent_launches[s->recent_count];
  queue_variant (s, k, key, site);
}

/* The function of variant NUMBER, V, of K on the calling thread's GPU,
   once its compilation has ended; null before, or if it failed.  Under
   its specialization's lock.  */
static CUfunction
variant_function (struct variant *v, unsigned int number,
                  const struct cudajit_kernel *k,
                  const struct cudajit_site *site)
{
  int gpu = cudajit_current_gpu->ordinal;
  struct cudajit_image image;
  double ms;
  CUmodule module;

  if (v->function[gpu] || v->failed)
    return v->function[gpu];
  if (v->source && !start_compile (v, number, k, site))
    return NULL;
  if (v->failed)
    return NULL;
  if (v->compile)
    {
      if (!cudajit_background_done (v->compile))
        return NULL;
      pthread_mutex_lock (&compiling_lock);
      if (compiling == v->compile)
        compiling = NULL;
      pthread_mutex_unlock (&compiling_lock);
      v->failed = !cudajit_background_image (v->compile, &image, &ms);
      v->compile = NULL;
      if (v->failed)
        {
          cudajit_verbose ("kernel '%s' at %s:%d: variant %u failed to "
                           "compile; its launches stay generic",
                           k->name, site->file, site->line, number);
          return NULL;
        }
      cudajit_verbose (
          "kernel '%s' at %s:%d: variant %u %s in %.1f ms", k->name,
          site->file, site->line, number,
          image.cached ? "came from the cache" : "compiled by NVRTC", ms);
      v->code = image.code;
      free (image.log);
    }
  if (cudajit_cu.cuModuleLoadData (&module, v->code) != CUDA_SUCCESS
      || cudajit_cu.cuModuleGetFunction (&v->function[gpu], module, k->name)
             != CUDA_SUCCESS
      || !cudajit_set_function_attributes (k, v->function[gpu], site))
    {
      cudajit_verbose ("kernel '%s': its variant cannot be loaded", k->name);
      v->failed = true;
      return NULL;
    }
  return v->function[gpu];
}

CUfunction
cudajit_specialized_function (struct cudajit_kernel *k, CUfunction generic,
                              const struct cudajit_launch_config *config,
                              void **args, const struct cudajit_site *site)
{
  if (!cudajit_environment ()->specialize || k->grid_sync)
    return generic;
  struct cudajit_specialization *s = specialization (k);
  struct key key;
  CUfunction function = NULL;

  pthread_mutex_lock (&s->lock);
  make_key (s, k, config, args, &key);
  unsigned int i;
  for (i = 0; i < s->variant_count
              && memcmp (&s->variant[i].key, &key, sizeof key) != 0;
       i++)
    ;
  if (i < s->variant_count)
    function = variant_function (&s->variant[i], i + 1, k, site);
  else if (!s->full)
    note_key (s, k, &key, site);
  pthread_mutex_unlock (&s->lock);
  return function ? function : generic;
}
