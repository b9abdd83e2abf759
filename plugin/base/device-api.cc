/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The device API, device-api.def, and the questions the rest of the
   plugin asks of it: which row a called function is, whether its threads
   wait there, where it may be called.  */

#include "cudajit-plugin.h"

const device_api cudajit_device_apis[DEVICE_API_COUNT] = {
#define DEF_DEVICE_API(id, name, cuda, kind, where, cpu, types)               \
  { name, cuda, kind, where, cpu, types },
#include "device-api.def"
#undef DEF_DEVICE_API
};

/* What the typed functions' names are made of: cudajit_STEM_T for
   cuda_STEM.  */
static const char user_prefix[] = "cuda_";
static const char typed_prefix[] = "cudajit_";

/* The types of cudajit-scalar-types.def, by the suffix of the typed
   functions' names, and which classes of DEVICE_API_TYPES each is in.  */
enum scalar_class
{
  SMALL_INTEGER,
  SIGNED_INTEGER,
  UNSIGNED_INTEGER,
  FLOATING,
  ADDEND
};

static const struct
{
  const char *suffix;
  scalar_class klass;
  int bytes;
} scalar_types[] = {
#define CUDAJIT_SCALAR(t, type, kind, bytes) { #t, kind, bytes },
#define CUDAJIT_ADDEND(t, type) { #t, ADDEND, 0 },
#define CUDAJIT_BF16_ADDEND CUDAJIT_ADDEND
#include "cudajit-scalar-types.def"
#undef CUDAJIT_SCALAR
#undef CUDAJIT_ADDEND
#undef CUDAJIT_BF16_ADDEND
};

static bool
type_in_p (device_api_types types, scalar_class klass, int bytes)
{
  switch (types)
    {
    case DA_WARP_TYPES:
      return klass != SMALL_INTEGER && klass != ADDEND;
    case DA_ALL_TYPES:
      return klass != ADDEND;
    case DA_ADD_TYPES:
      return true;
    case DA_INTEGER_TYPES:
      return klass != FLOATING && klass != ADDEND;
    case DA_WIDE_INTEGER_TYPES:
      return klass == SIGNED_INTEGER || klass == UNSIGNED_INTEGER;
    case DA_UNSIGNED_TYPES:
      return klass == UNSIGNED_INTEGER;
    case DA_WORD_TYPES:
      return (klass == SIGNED_INTEGER || klass == UNSIGNED_INTEGER)
             && bytes == 4;
    case DA_UNTYPED:
      break;
    }
  return false;
}

/* Whether NAME is one of the C functions of API, a typed row.  */
static bool
typed_function_p (const device_api &api, const char *name)
{
  size_t prefix_length = strlen (typed_prefix);
  if (strncmp (name, typed_prefix, prefix_length) != 0)
    return false;
  const char *stem = api.name + strlen (user_prefix);
  size_t stem_length = strlen (stem);
  const char *rest = name + prefix_length;
  if (strncmp (rest, stem, stem_length) != 0 || rest[stem_length] != '_')
    return false;
  const char *suffix = rest + stem_length + 1;
  for (const auto &scalar : scalar_types)
    if (strcmp (suffix, scalar.suffix) == 0)
      return type_in_p (api.types, scalar.klass, scalar.bytes);
  return false;
}

const device_api *
cudajit_device_api (const_tree callee)
{
  if (TREE_CODE (callee) != FUNCTION_DECL || !DECL_NAME (callee))
    return NULL;
  const char *name = IDENTIFIER_POINTER (DECL_NAME (callee));
  /* Most names are none of the table's: the host-use check asks of every
     declaration that host code uses.  */
  if (strncmp (name, user_prefix, strlen (user_prefix)) != 0
      && strncmp (name, typed_prefix, strlen (typed_prefix)) != 0)
    return NULL;
  for (const device_api &api : cudajit_device_apis)
    if (api.types == DA_UNTYPED ? strcmp (name, api.name) == 0
                                : typed_function_p (api, name))
      return &api;
  return NULL;
}

const char *
cudajit_device_api_cuda_name (const_tree callee)
{
  const device_api *api = cudajit_device_api (callee);
  if (!api)
    return NULL;
  return api->cuda_name ? api->cuda_name
                        : IDENTIFIER_POINTER (DECL_NAME (callee));
}

/* Whether CALLEE is a row that the CPU backend treats as CPU.  */
static bool
cpu_is_p (const_tree callee, device_api_cpu cpu)
{
  const device_api *api = cudajit_device_api (callee);
  return api && api->cpu == cpu;
}

bool
cudajit_waiting_call_p (const_tree callee)
{
  const device_api *api = cudajit_device_api (callee);
  return api
         && (api->cpu == DA_CPU_FISSION || api->cpu == DA_CPU_WARP_FISSION
             || api->cpu == DA_CPU_FIBERS || api->cpu == DA_CPU_GRID_FIBERS);
}

bool
cudajit_barrier_call_p (const_tree callee)
{
  return cpu_is_p (callee, DA_CPU_FISSION);
}

bool
cudajit_warp_fission_call_p (const_tree callee)
{
  return cpu_is_p (callee, DA_CPU_WARP_FISSION);
}

bool
cudajit_grid_sync_call_p (const_tree callee)
{
  return cpu_is_p (callee, DA_CPU_GRID_FIBERS);
}

bool
cudajit_activemask_call_p (const_tree callee)
{
  const device_api *api = cudajit_device_api (callee);
  return api == &cudajit_device_apis[DEVICE_API_ACTIVEMASK]
         || api == &cudajit_device_apis[DEVICE_API_COALESCED_THREADS];
}

bool
cudajit_warp_function_p (const_tree callee)
{
  const device_api *api = cudajit_device_api (callee);
  return api
         && (api->kind == DA_WARP_VOTE || api->kind == DA_WARP_SHUFFLE
             || api->kind == DA_WARP_MATCH
             || api == &cudajit_device_apis[DEVICE_API_SYNCWARP]
             || api == &cudajit_device_apis[DEVICE_API_TILE_SYNC]
             || cudajit_activemask_call_p (callee));
}

const device_api *
cudajit_grid_function (const_tree callee)
{
  const device_api *api = cudajit_device_api (callee);
  return api && (api->kind == DA_GRID_INDEX || api->kind == DA_GRID_SIZE)
             ? api
             : NULL;
}

int
cudajit_grid_function_axis (const device_api *api)
{
  return api->name[strlen (api->name) - 1] - 'x';
}

const char *
cudajit_kernel_only_name (const_tree decl)
{
  const device_api *api = cudajit_device_api (decl);
  return api && api->where == DA_KERNEL_ONLY ? api->name : NULL;
}

const char *
cudajit_wmma_fragment_name (const_tree type)
{
  static const char *const fragments[] = {
#define DEF_CUDAJIT_WMMA_FRAGMENT(name, kind, cpu_type, cpu_length, gpu_type, \
                                  gpu_length)                                 \
  "cudajit_wmma_" #name,
#include "cudajit-wmma.def"
#undef DEF_CUDAJIT_WMMA_FRAGMENT
  };
  type = TYPE_MAIN_VARIANT (type);
  tree decl = TYPE_STUB_DECL (type);
  if (TREE_CODE (type) != RECORD_TYPE || !TYPE_NAME (type)
      || TREE_CODE (TYPE_NAME (type)) != IDENTIFIER_NODE || !decl
      || !DECL_IN_SYSTEM_HEADER (decl))
    return NULL;
  for (const char *fragment : fragments)
    if (strcmp (IDENTIFIER_POINTER (TYPE_NAME (type)), fragment) == 0)
      return fragment;
  return NULL;
}
