/* Device functions: the functions that kernels call, Numba's
   @cuda.jit(device=True).  A function marked
   __attribute__ ((cuda_device)), or any static function of the unit, may be
   called from a kernel; it is checked against the subset and translated to
   CUDA C when a kernel of the unit first needs it, and registered as code
   of the unit's module.  Its host version stays as GCC compiles it, for
   the CPU backend.

   A kernel may come before or after the functions it calls.  A function
   defined first has been genericized by the time a kernel needs it, so a
   copy of its body as the front end left it is kept until then.  */

#include "cudajit-plugin.h"

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
   copy of its body (TREE_VALUE).  Rooted for the garbage collector.  */
static tree saved_bodies;

static const struct ggc_root_tab device_function_roots[]
    = { { &saved_bodies, 1, sizeof (tree), &gt_ggc_mx_tree_node,
          &gt_pch_nx_tree_node },
        LAST_GGC_ROOT_TAB };

void
cudajit_device_functions_register_roots (const char *plugin_name)
{
  register_callback (plugin_name, PLUGIN_REGISTER_GGC_ROOTS, NULL,
                     CONST_CAST (ggc_root_tab *, device_function_roots));
}

bool
cudajit_device_function_p (const_tree fndecl)
{
  return (cudajit_device_marked_p (fndecl)
          || (!TREE_PUBLIC (fndecl) && !fndecl_built_in_p (fndecl)));
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
saved_body (tree decl)
{
  for (tree entry = saved_bodies; entry; entry = TREE_CHAIN (entry))
    if (TREE_PURPOSE (entry) == decl)
      return TREE_VALUE (entry);
  return NULL_TREE;
}

static void
translate (tree decl, tree body)
{
  auto_vec<tree> callees;
  auto_vec<location_t> call_sites;
  device_function *f = lookup (decl);
  f->done = true;
  if (cudajit_check_function (decl, body, &callees, &call_sites))
    {
      char *cuda_source = cudajit_emit_function (decl, body, callees);
      cudajit_embed_device_function (decl, cuda_source);
      free (cuda_source);
      /* Its host version is still GENERIC, which the unit's kernels call
         on the CPU backend.  */
      cudajit_redirect_host_assertions (decl);
    }
  else
    {
      f = lookup (decl);
      inform (f->first_call,
              "%qD, called from %qD here, cannot be compiled for the GPU",
              decl, f->first_caller);
    }
  cudajit_need_device_functions (decl, callees, call_sites);
}

void
cudajit_note_function (tree fndecl)
{
  if (!cudajit_device_function_p (fndecl))
    return;
  device_function *f = lookup (fndecl);
  if (f->done)
    return;
  if (f->needed)
    translate (fndecl, DECL_SAVED_TREE (fndecl));
  else
    saved_bodies = tree_cons (fndecl, unshare_expr (DECL_SAVED_TREE (fndecl)),
                              saved_bodies);
}

void
cudajit_need_device_functions (tree caller, const vec<tree> &callees,
                               const vec<location_t> &call_sites)
{
  for (unsigned int i = 0; i < callees.length (); i++)
    {
      device_function *f = lookup (callees[i]);
      if (f->needed)
        continue;
      f->needed = true;
      f->first_caller = caller;
      f->first_call = call_sites[i];
      tree body = saved_body (callees[i]);
      if (body)
        translate (callees[i], body);
    }
}

struct call_match
{
  bool (*match) (const_tree callee);
};

static tree
find_matching_call (tree *tp, int *walk_subtrees, void *data)
{
  if (TYPE_P (*tp))
    *walk_subtrees = 0;
  if (TREE_CODE (*tp) != CALL_EXPR)
    return NULL_TREE;
  tree callee = get_callee_fndecl (*tp);
  return (callee && ((call_match *) data)->match (callee)) ? *tp : NULL_TREE;
}

bool
cudajit_calls_p (tree body, bool (*match) (const_tree callee))
{
  call_match data = { match };
  return walk_tree_without_duplicates (&body, find_matching_call, &data)
         != NULL_TREE;
}

static bool
device_callee_p (const_tree callee)
{
  return !cudajit_builtin_cuda_name (callee)
         && cudajit_device_function_p (callee);
}

bool
cudajit_device_function_may_sync (tree fndecl)
{
  /* Calls of further functions are not followed: they might.  */
  tree body = saved_body (fndecl);
  return (!body || cudajit_calls_barrier_p (body)
          || cudajit_calls_p (body, device_callee_p));
}

void
cudajit_finish_device_functions (void)
{
  for (device_function &f : functions)
    if (f.needed && !f.done)
      error_at (f.first_call,
                "%qD is called from %qD but not defined in this translation "
                "unit; a function that a kernel calls must be defined with "
                "it",
                f.decl, f.first_caller);
}
