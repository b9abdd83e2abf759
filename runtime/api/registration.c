/* SPDX-License-Identifier: MIT */
/* The registration of a unit's kernels and device functions, which the
   constructors that the plugin generates call (see cudajit-abi.h).  */

#include "internal.h"
#include "cudajit-config.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

/* An object compiled by a plugin of another ABI would be misread.  */
static void
check_abi (unsigned int abi_version, const char *unit_name)
{
  if (abi_version != CUDAJIT_ABI_VERSION)
    cudajit_fatal (NULL,
                   "%s was compiled by a cudajit plugin of ABI version %u, "
                   "but this libcudajit, of cudajit %s, has ABI version %u: "
                   "link it with the libcudajit of the cudajit that compiled "
                   "it, or compile it again with this one",
                   unit_name, abi_version, PACKAGE_VERSION,
                   CUDAJIT_ABI_VERSION);
}

/* Add PIECE (cudajit_module_piece), if not null, which they keep, to the
   modules of a translation unit, whose first registration creates the
   first, and return the one compiled as COMPILE_FLAGS say, made from the
   others' pieces if it is the first of those, with KERNEL, if not null,
   among its kernels.  The unit's kernels and device functions are in
   each module, for the device functions are compiled with the options of
   each kernel that calls them.  This runs in constructors, maybe before
   main and before the program has a chance to set CUDAJIT_BACKEND, so it
   only records what it is given.  */
static struct cudajit_module *
add_to_module (void **module, const char *unit_name,
               struct cudajit_kernel *kernel, const char *piece,
               int compile_flags)
{
  struct cudajit_module *first, *m, **last;

  pthread_mutex_lock (&cudajit_module_lock);
  first = *module;
  /* A module already compiled, because a constructor launched one of its
     kernels, cannot take more: later code starts new ones.  */
  for (m = first; m; m = m->next)
    if (m->code)
      first = NULL;
  if (!first)
    {
      first = cudajit_xrealloc (NULL, sizeof *first);
      *first = (struct cudajit_module){ .unit_name = unit_name,
                                        .unit = module,
                                        .compile_flags = compile_flags };
      *module = first;
    }
  for (last = &first; *last && (*last)->compile_flags != compile_flags;
       last = &(*last)->next)
    ;
  if (!*last)
    {
      size_t bytes = first->segment_count * sizeof *first->segments;
      *last = cudajit_xrealloc (NULL, sizeof **last);
      **last = (struct cudajit_module){
        .unit_name = unit_name,
        .unit = module,
        .segments = bytes ? memcpy (cudajit_xrealloc (NULL, bytes),
                                    first->segments, bytes)
                          : NULL,
        .segment_count = first->segment_count,
        .compile_flags = compile_flags
      };
    }
  for (m = piece ? first : NULL; m; m = m->next)
    {
      m->segments = cudajit_xrealloc (m->segments, (m->segment_count + 1)
                                                       * sizeof *m->segments);
      m->segments[m->segment_count++]
          = (struct cudajit_segment){ kernel, piece };
    }
  m = *last;
  if (kernel)
    {
      kernel->next_in_module = m->kernels;
      m->kernels = kernel;
      m->kernel_count++;
    }
  pthread_mutex_unlock (&cudajit_module_lock);
  return m;
}

/* The parameters that DESCRIPTION describes (see cudajit-abi.h).  */
static struct cudajit_params *
parse_params (const char *description)
{
  unsigned int count = 1;
  for (const char *c = description; *c; c++)
    count += *c == CUDAJIT_PARAM_SEPARATOR;
  if (!*description)
    count = 0;

  struct cudajit_params *params = cudajit_xrealloc (
      NULL, sizeof *params + count * sizeof params->param[0]);
  memset (params, 0, sizeof *params + count * sizeof params->param[0]);
  params->count = count;
  static const char separator[] = { CUDAJIT_PARAM_SEPARATOR, '\0' };
  static const char delimiters[] = { CUDAJIT_PARAM_SEPARATOR,
                                     CUDAJIT_PARAM_COPY_IN_MARK,
                                     CUDAJIT_PARAM_COPY_OUT_MARK,
                                     CUDAJIT_PARAM_RESTRICT_MARK,
                                     CUDAJIT_PARAM_READ_ONLY_MARK,
                                     CUDAJIT_PARAM_SIZE_MARK,
                                     '\0' };
  const char *entry = description;
  for (unsigned int i = 0; i < count; i++)
    {
      struct cudajit_param *p = &params->param[i];
      size_t length = strcspn (entry, separator);
      size_t name_length = strcspn (entry, delimiters);
      const char *size = memchr (entry, CUDAJIT_PARAM_SIZE_MARK, length);
      p->pointer = !size;
      p->bytes = p->pointer
                     ? sizeof (void *)
                     : strtoul (size + 1
                                    + (size[1] == CUDAJIT_PARAM_SIGNED
                                       || size[1] == CUDAJIT_PARAM_UNSIGNED),
                                NULL, 10);
      p->name = strndup (entry, name_length);
      if (size && name_length)
        {
          p->specialize_signed = size[1] == CUDAJIT_PARAM_SIGNED;
          p->specialize_bytes = p->bytes;
        }
      p->restrict_candidate
          = memchr (entry, CUDAJIT_PARAM_RESTRICT_MARK, length) != NULL;
      p->read_only
          = memchr (entry, CUDAJIT_PARAM_READ_ONLY_MARK, length) != NULL;
      p->copies = ((memchr (entry, CUDAJIT_PARAM_COPY_IN_MARK, length)
                        ? CUDAJIT_COPY_IN
                        : 0)
                   | (memchr (entry, CUDAJIT_PARAM_COPY_OUT_MARK, length)
                          ? CUDAJIT_COPY_OUT
                          : 0));
      params->any_pointer |= p->pointer;
      entry += length + (entry[length] == CUDAJIT_PARAM_SEPARATOR);
    }
  return params;
}

void
cudajit_register_kernel (unsigned int abi_version, void **kernel,
                         void **module, const char *unit_name,
                         const char *prelude, const char *name,
                         const char *cuda_source,
                         void (*host_entry) (void **args), const char *params,
                         size_t static_shared_bytes, int host_entry_kind,
                         int compile_flags, int host_flags)
{
  struct cudajit_kernel *k;

  check_abi (abi_version, unit_name);
  k = cudajit_xrealloc (NULL, sizeof *k);
  memset (k, 0, sizeof *k);
  k->name = name;
  k->module = add_to_module (module, unit_name, k,
                             cudajit_module_piece (prelude, cuda_source),
                             compile_flags);
  k->host_entry = host_entry;
  k->params = parse_params (params);
  k->static_shared_bytes = static_shared_bytes;
  k->grid_sync = host_entry_kind == CUDAJIT_HOST_GRID_FIBERS;
  k->barrier
      = (host_entry_kind == CUDAJIT_HOST_FIBERS
         || host_entry_kind == CUDAJIT_HOST_BLOCK_REGIONS || k->grid_sync);
  k->host_entry_runs_block
      = (host_entry_kind == CUDAJIT_HOST_BLOCK
         || host_entry_kind == CUDAJIT_HOST_BLOCK_REGIONS);
  k->host_unoptimized = host_flags & CUDAJIT_HOST_UNOPTIMIZED;
  k->checks_races = host_flags & CUDAJIT_HOST_CHECKS_RACES;
  k->fiber_reason = (host_flags & CUDAJIT_HOST_FIBER_REASON_MASK)
                    >> CUDAJIT_HOST_FIBER_REASON_SHIFT;
  k->fiber_line = (unsigned int) host_flags >> CUDAJIT_HOST_FIBER_LINE_SHIFT;
  for (int i = 0; i < CUDAJIT_MAX_GPUS; i++)
    atomic_init (&k->function[i], NULL);
  atomic_init (&k->warned_low_occupancy, false);
  *kernel = k;
}

void
cudajit_register_code (unsigned int abi_version, void **module,
                       const char *unit_name, const char *prelude,
                       const char *cuda_source, int compile_flags)
{
  check_abi (abi_version, unit_name);
  add_to_module (module, unit_name, NULL,
                 cudajit_module_piece (prelude, cuda_source), compile_flags);
}

/* The registered device variables.  */
static struct cudajit_device_variable *device_variables;

void
cudajit_register_variable (unsigned int abi_version, void **module,
                           const char *unit_name, const char *name, void *host,
                           size_t size, int compile_flags)
{
  struct cudajit_device_variable *v = cudajit_xrealloc (NULL, sizeof *v);

  check_abi (abi_version, unit_name);
  *v = (struct cudajit_device_variable){
    .host = host,
    .size = size,
    .name = name,
    .module = add_to_module (module, unit_name, NULL, NULL, compile_flags),
  };
  pthread_mutex_lock (&cudajit_module_lock);
  v->module->has_variables = true;
  v->next = device_variables;
  device_variables = v;
  pthread_mutex_unlock (&cudajit_module_lock);
}

const struct cudajit_device_variable *
cudajit_device_variable_at (const void *host)
{
  struct cudajit_device_variable *v;

  pthread_mutex_lock (&cudajit_module_lock);
  for (v = device_variables; v && v->host != host; v = v->next)
    ;
  pthread_mutex_unlock (&cudajit_module_lock);
  return v;
}

void
cudajit_register_image (unsigned int abi_version, void **module,
                        const char *unit_name, const char *name,
                        const void *code, size_t size, int compile_flags)
{
  struct cudajit_module *m;
  struct cudajit_target target;

  check_abi (abi_version, unit_name);
  if (!cudajit_parse_target (name, strlen (name), true, &target))
    cudajit_fatal (NULL,
                   "%s registers an image for %s, which is not a GPU "
                   "architecture",
                   unit_name, name);
  m = add_to_module (module, unit_name, NULL, NULL, compile_flags);
  pthread_mutex_lock (&cudajit_module_lock);
  m->images
      = cudajit_xrealloc (m->images, (m->image_count + 1) * sizeof *m->images);
  m->images[m->image_count++]
      = (struct cudajit_embedded_image){ name, target, code, size };
  pthread_mutex_unlock (&cudajit_module_lock);
}

void
cudajit_register_linked (unsigned int abi_version, void *kernel,
                         const char *files, const char *missing_c_version)
{
  struct cudajit_kernel *k = kernel;

  check_abi (abi_version, k->module->unit_name);
  k->linked_files = files;
  k->missing_c_version = missing_c_version;
}

void
cudajit_register_linked_code (unsigned int abi_version, void *kernel,
                              const char *path, const void *code, size_t size,
                              int kind)
{
  struct cudajit_module *m = ((struct cudajit_kernel *) kernel)->module;

  check_abi (abi_version, m->unit_name);
  pthread_mutex_lock (&cudajit_module_lock);
  size_t i = 0;
  while (i < m->linked_code_count && strcmp (m->linked_code[i].name, path))
    i++;
  if (i == m->linked_code_count)
    {
      m->linked_code = cudajit_xrealloc (m->linked_code,
                                         (i + 1) * sizeof *m->linked_code);
      m->linked_code[m->linked_code_count++]
          = (struct cudajit_link_input){ path, code, size, kind };
    }
  pthread_mutex_unlock (&cudajit_module_lock);
}

void
cudajit_register_linkage (unsigned int abi_version, void **module,
                          const char *unit_name, const char *exports,
                          const char *imports)
{
  struct cudajit_linkage *linkage;

  check_abi (abi_version, unit_name);
  linkage = cudajit_xrealloc (NULL, sizeof *linkage);
  *linkage
      = (struct cudajit_linkage){ module, unit_name, exports, imports, NULL };
  pthread_mutex_lock (&cudajit_module_lock);
  linkage->next = cudajit_linkages;
  cudajit_linkages = linkage;
  pthread_mutex_unlock (&cudajit_module_lock);
}

const char *
cudajit_version (void)
{
  return PACKAGE_VERSION;
}
