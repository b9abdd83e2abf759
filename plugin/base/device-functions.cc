/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Device functions: the functions that kernels call, Numba's
   @cuda.jit(device=True).  A function marked
   __attribute__ ((cuda_device)), or any static function of the unit, may be
   called from a kernel; it is translated (translate.cc) when a kernel of
   the unit first needs it, and registered as code of the unit's module.
   Its host version stays as GCC compiles it, for the CPU backend.  This
   file keeps which functions are needed and translated.

   A public device function may also be called from the kernels of other
   units, so it is translated once defined, needed or not: the unit
   exports it.  One that a kernel calls but the unit only declares is
   imported: the runtime finds the unit that exports it when it compiles
   the kernel (runtime/gpu/gpu-link.c), and the CPU backend's is the program's
   C function, linked as any other.

   A kernel may come before or after the functions it calls.  A function
   defined first has been genericized by the time a kernel needs it, so a
   copy of its body as the front end left it is kept until then.  */

#include "cudajit-plugin.h"
#include "tree-inline.h"

struct device_function
{
  /* Kept alive by the unit's own bindings.  */
  tree decl;
  bool needed;
  /* Checked, and translated or diagnosed.  */
  bool done;
  /* The first function that calls it, and where.  */
  tree first_caller;
  location_t first_call;
};

static vec<device_function> functions;

/* The saved bodies, a TREE_LIST from each function (TREE_PURPOSE) to a
   copy of its body (TREE_VALUE); and copies of their statements too,
   which the front end's lowering of loops to jumps leaves as written,
   for the CPU backend to inline.  Rooted for the garbage collector.  */
static tree saved_bodies;
static tree statement_copies;

static const struct ggc_root_tab device_function_roots[]
    = { { &saved_bodies, 1, sizeof (tree), &gt_ggc_mx_tree_node,
          &gt_pch_nx_tree_node },
        { &statement_copies, 1, sizeof (tree), &gt_ggc_mx_tree_node,
          &gt_pch_nx_tree_node },
        LAST_GGC_ROOT_TAB };

void
cudajit_device_functions_register_roots (const char *plugin_name)
{
  register_callback (plugin_name, PLUGIN_REGISTER_GGC_ROOTS, NULL,
                     CONST_CAST (ggc_root_tab *, device_function_roots));
}

bool
cudajit_device_function_needed_p (const_tree fndecl)
{
  for (const device_function &f : functions)
    if (f.decl == fndecl)
      return f.needed;
  return false;
}

static device_function *
lookup (tree decl)
{
  for (device_function &f : functions)
    if (f.decl == decl)
      return &f;
  device_function f = { decl, false, false, NULL_TREE, UNKNOWN_LOCATION };
  functions.safe_push (f);
  return &functions.last ();
}

static tree
find_body (tree list, tree decl)
{
  for (tree entry = list; entry; entry = TREE_CHAIN (entry))
    if (TREE_PURPOSE (entry) == decl)
      return TREE_VALUE (entry);
  return NULL_TREE;
}

static tree
saved_body (tree decl)
{
  return find_body (saved_bodies, decl);
}

/* copy_tree_r, and a SAVE_EXPR, which the front end shares where it
   evaluates something once (the value of a compound assignment), copied
   once: DATA maps each to its copy.  */
static tree
copy_statements_r (tree *tp, int *walk_subtrees, void *data)
{
  if (TREE_CODE (*tp) != SAVE_EXPR)
    return copy_tree_r (tp, walk_subtrees, NULL);
  hash_map<tree, tree> *copies = (hash_map<tree, tree> *) data;
  if (tree *copy = copies->get (*tp))
    {
      *tp = *copy;
      *walk_subtrees = 0;
      return NULL_TREE;
    }
  tree original = *tp;
  *tp = copy_node (original);
  copies->put (original, *tp);
  return NULL_TREE;
}

tree
cudajit_device_function_finished (tree fndecl)
{
  if (!cudajit_device_function_p (fndecl))
    return NULL_TREE;
  device_function *f = lookup (fndecl);
  if (f->done)
    return NULL_TREE;
  if (f->needed)
    {
      f->done = true;
      /* The kernels that reach it through its first caller were
         registered as never waiting at cuda_grid_sync, and launched
         as such.  */
      tree body = DECL_SAVED_TREE (fndecl);
      tree call = cudajit_calls_p (body, cudajit_grid_sync_call_p);
      if (call || cudajit_reaches_grid_sync_p (body))
        error_at (call ? EXPR_LOC_OR_LOC (call, DECL_SOURCE_LOCATION (fndecl))
                       : DECL_SOURCE_LOCATION (fndecl),
                  "%qD reaches %<cuda_grid_sync%> but is defined after %qD, "
                  "which calls it; define a device function that reaches "
                  "%<cuda_grid_sync%> before the functions that call it",
                  fndecl, f->first_caller);
      return body;
    }
  saved_bodies = tree_cons (fndecl, unshare_expr (DECL_SAVED_TREE (fndecl)),
                            saved_bodies);
  tree copy = DECL_SAVED_TREE (fndecl);
  hash_map<tree, tree> copies;
  walk_tree (&copy, copy_statements_r, &copies, NULL);
  cudajit_drop_host_gpu_branches (&copy);
  statement_copies = tree_cons (fndecl, copy, statement_copies);
  if (!TREE_PUBLIC (fndecl))
    {
      /* The host version, whether a kernel needs the function or not, is
         without the GPU's branches; a copy of its own, as the body saved
         for the CUDA C shares its BIND_EXPRs.  */
      if (cudajit_has_gpu_branch_p (DECL_SAVED_TREE (fndecl)))
        {
          hash_map<tree, tree> host_copies;
          walk_tree (&DECL_SAVED_TREE (fndecl), copy_statements_r,
                     &host_copies, NULL);
          cudajit_drop_host_gpu_branches (&DECL_SAVED_TREE (fndecl));
        }
      return NULL_TREE;
    }
  f->needed = f->done = true;
  return DECL_SAVED_TREE (fndecl);
}

tree
cudajit_device_function_needed (tree callee, tree caller, location_t site)
{
  device_function *f = lookup (callee);
  if (f->needed)
    return NULL_TREE;
  f->needed = true;
  f->first_caller = caller;
  f->first_call = site;
  tree body = saved_body (callee);
  if (body)
    f->done = true;
  return body;
}

void
cudajit_device_function_first_call (tree fndecl, tree *caller,
                                    location_t *site)
{
  device_function *f = lookup (fndecl);
  *caller = f->first_caller;
  *site = f->first_call;
}

/* Whether F is called by a kernel of the unit, which does not define it,
   and declared cuda_device: defined by another unit, or by CUDA C that a
   kernel links (link-files.cc).  Not a static function that the unit
   fails to define, which GCC makes public.  */
static bool
declared_only_p (const device_function &f)
{
  return f.needed && !f.done && TREE_PUBLIC (f.decl)
         && cudajit_device_marked_p (f.decl);
}

static bool
imported_p (const device_function &f)
{
  return declared_only_p (f) && !cudajit_linked_function_p (f.decl, NULL_TREE);
}

/* NAMES, then F's name, separated as cudajit-abi.h says.  */
static char *
add_name (char *names, const device_function &f)
{
  static const char separator[] = { CUDAJIT_LINKAGE_SEPARATOR, '\0' };
  const char *name = IDENTIFIER_POINTER (DECL_NAME (f.decl));
  return reconcat (names, names, *names ? separator : "", name, NULL);
}

void
cudajit_device_function_linkage (char **exports, char **imports)
{
  *exports = xstrdup ("");
  *imports = xstrdup ("");
  for (device_function &f : functions)
    if (imported_p (f))
      *imports = add_name (*imports, f);
    else if (f.done && TREE_PUBLIC (f.decl))
      *exports = add_name (*exports, f);
}

static bool
device_callee_p (const_tree callee)
{
  return !cudajit_builtin_cuda_name (callee)
         && cudajit_device_function_p (callee);
}

/* A search for the calls that MATCH accepts, and the loops that wait
   for another thread if LOOPS, through the device functions that it has
   looked at (SEEN); a function whose body is not known yet may call one
   if UNKNOWN_MAY.  A function defined without a body kept for later, as
   one that a kernel needed first is, is looked at as it is defined now if
   DEFINED, else not known.  */
struct sync_search
{
  hash_set<tree> seen;
  bool (*match) (const_tree callee);
  bool loops;
  bool unknown_may;
  bool defined;
};

static bool may_sync (tree fndecl, sync_search *search);
static bool body_may_sync (tree body, sync_search *search);

static tree
find_syncing_call (tree *tp, int *walk_subtrees, void *data)
{
  if (TYPE_P (*tp))
    *walk_subtrees = 0;
  tree callee = TREE_CODE (*tp) == CALL_EXPR ? get_callee_fndecl (*tp) : NULL;
  return callee && device_callee_p (callee)
                 && may_sync (callee, (sync_search *) data)
             ? *tp
             : NULL_TREE;
}

static bool
body_may_sync (tree body, sync_search *search)
{
  return (cudajit_calls_p (body, search->match)
          || (search->loops && cudajit_waiting_loop (body))
          || walk_tree_without_duplicates (&body, find_syncing_call, search));
}

/* Whether FNDECL, or a device function it calls, may reach what SEARCH
   looks for.  A function already being looked at is looked at once.  */
static bool
may_sync (tree fndecl, sync_search *search)
{
  if (search->seen.add (fndecl))
    return false;
  tree body = saved_body (fndecl);
  if (!body && search->defined && DECL_INITIAL (fndecl))
    body = DECL_SAVED_TREE (fndecl);
  return body ? body_may_sync (body, search) : search->unknown_may;
}

tree
cudajit_device_function_body (tree fndecl)
{
  return find_body (statement_copies, fndecl);
}

bool
cudajit_device_function_may_sync (tree fndecl)
{
  sync_search search;
  search.match = cudajit_waiting_call_p;
  search.loops = true;
  search.unknown_may = true;
  search.defined = false;
  return may_sync (fndecl, &search);
}

bool
cudajit_device_function_may_converge (tree fndecl)
{
  sync_search search;
  search.match = cudajit_activemask_call_p;
  search.loops = false;
  search.unknown_may = false;
  search.defined = true;
  return may_sync (fndecl, &search);
}

bool
cudajit_device_function_reaches_grid_sync (tree fndecl)
{
  sync_search search;
  search.match = cudajit_grid_sync_call_p;
  search.loops = false;
  search.unknown_may = false;
  search.defined = false;
  return may_sync (fndecl, &search);
}

bool
cudajit_reaches_grid_sync_p (tree body)
{
  sync_search search;
  search.match = cudajit_grid_sync_call_p;
  search.loops = false;
  search.unknown_may = false;
  search.defined = false;
  return body_may_sync (body, &search);
}

/* The device functions that FNDECL calls, added to SEARCH's reached as
   it is walked, and those that they call, as far as their bodies are
   known.  */
struct reach_search
{
  hash_set<tree> seen;
  vec<tree> *reached;
};

static void reach (tree fndecl, reach_search *search);

static tree
reach_callee (tree *tp, int *walk_subtrees, void *data)
{
  if (TYPE_P (*tp))
    *walk_subtrees = 0;
  tree callee = TREE_CODE (*tp) == CALL_EXPR ? get_callee_fndecl (*tp) : NULL;
  if (callee && device_callee_p (callee))
    reach (callee, (reach_search *) data);
  return NULL_TREE;
}

static void
reach (tree fndecl, reach_search *search)
{
  if (search->seen.add (fndecl))
    return;
  search->reached->safe_push (fndecl);
  tree body = saved_body (fndecl);
  if (body)
    walk_tree_without_duplicates (&body, reach_callee, search);
}

bool
cudajit_linked_callee_p (const_tree fndecl)
{
  return (TREE_PUBLIC (fndecl) && !DECL_INITIAL (fndecl)
          && cudajit_device_marked_p (fndecl)
          && cudajit_linked_function_p (fndecl, NULL_TREE));
}

void
cudajit_device_functions_reached (const vec<tree> &callees, vec<tree> *reached)
{
  reach_search search;
  search.reached = reached;
  for (tree callee : callees)
    reach (callee, &search);
}

bool
cudajit_device_function_called_p (const_tree fndecl)
{
  for (device_function &f : functions)
    if (f.decl == fndecl)
      return f.needed;
  return false;
}

void
cudajit_finish_device_functions (void)
{
  for (device_function &f : functions)
    if (f.needed && !f.done && !declared_only_p (f))
      error_at (f.first_call,
                "%qD is called from %qD but not defined in this translation "
                "unit; a function that a kernel calls must be defined with "
                "it",
                f.decl, f.first_caller);
}
