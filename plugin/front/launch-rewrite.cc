/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Launch rewriting.  cudajit.h defines

     cuda_launch (k, grid, block, ...) (args)
     cuda_forall (k, n) (args)
     cuda_vectorize (f, n, ...) (out, args)
     cuda_guvectorize (f, count, ...) (args)
     cuda_reduce (f, array, n, ...)

   as cudajit_unlaunched (config, __FILE__, __LINE__) ? (void) 0 : k (args)
   and the like, which are valid C but would only report that the plugin
   was missing.  Here each becomes a call of the runtime with the same
   arguments, after the kernel's handle and before those of the kernel,
   which for cuda_vectorize and cuda_guvectorize is the one that
   generators.cc makes with their cudajit_generator (reduce.cc rewrites
   cuda_reduce its own way):

     (arg0' = arg0, args[0] = &arg0', ...,
      extents[i] = arg3' * 4, ...,
      cudajit_launch (cudajit.kernel.k, config, __FILE__, __LINE__, args,
                      extents))

   where extents holds the size in bytes of each array parameter whose
   declaration gives its extent (see array-params.cc), computed from the
   arguments' temporaries as array-extents.cc says, and is null when the
   kernel has none.  The temporaries are added to the enclosing
   function.  */

#include "cudajit-plugin.h"

/* The launch forms, by what the unplugged call and the runtime are
   called; for those whose kernel the plugin makes, its generator.  */
static const struct launch_form
{
  enum cudajit_entry_point unlaunched, runtime;
  const cudajit_generator *generator;
  /* The macro, for errors.  */
  const char *name;
} launch_forms[]
    = { { CUDAJIT_ENTRY_UNLAUNCHED, CUDAJIT_ENTRY_LAUNCH, NULL,
          "cuda_launch" },
        { CUDAJIT_ENTRY_UNLAUNCHED_FORALL, CUDAJIT_ENTRY_FORALL, NULL,
          "cuda_forall" },
        { CUDAJIT_ENTRY_UNLAUNCHED_VECTORIZE, CUDAJIT_ENTRY_LAUNCH_GENERATED,
          &cudajit_vectorize_generator, "cuda_vectorize" },
        { CUDAJIT_ENTRY_UNLAUNCHED_GUVECTORIZE, CUDAJIT_ENTRY_LAUNCH_GENERATED,
          &cudajit_guvectorize_generator, "cuda_guvectorize" } };

struct launch_rewriter
{
  tree function;
};

/* Whether T is a call of the entry point WHICH.  */
static bool
entry_call_p (tree t, enum cudajit_entry_point which)
{
  STRIP_NOPS (t);
  if (TREE_CODE (t) != CALL_EXPR)
    return false;
  tree callee = get_callee_fndecl (t);
  return (callee && DECL_NAME (callee)
          && strcmp (IDENTIFIER_POINTER (DECL_NAME (callee)),
                     cudajit_entry_point_name (which))
                 == 0);
}

/* The unplugged call of T, if T is a launch, its form in *FORM and the
   call of the kernel in *CALL.  */
static tree
unlaunched_call (tree t, const launch_form **form, tree *call)
{
  if (TREE_CODE (t) != COND_EXPR)
    return NULL_TREE;
  /* Folding may have turned it into unlaunched (...) == 0 ? k (args) : 0,
     and the front end into if (unlaunched (...) == 0) k (args).  */
  tree first = COND_EXPR_COND (t);
  tree kernel_call = COND_EXPR_ELSE (t);
  if ((TREE_CODE (first) == NE_EXPR || TREE_CODE (first) == EQ_EXPR)
      && integer_zerop (TREE_OPERAND (first, 1)))
    {
      if (TREE_CODE (first) == EQ_EXPR)
        kernel_call = COND_EXPR_THEN (t);
      first = TREE_OPERAND (first, 0);
    }
  /* The front end makes the call of a function that returns a value void,
     to match (void) 0: that function is no kernel, which is said later.  */
  if (kernel_call && CONVERT_EXPR_P (kernel_call)
      && VOID_TYPE_P (TREE_TYPE (kernel_call)))
    kernel_call = TREE_OPERAND (kernel_call, 0);
  if (!kernel_call || TREE_CODE (kernel_call) != CALL_EXPR)
    return NULL_TREE;
  for (const launch_form &f : launch_forms)
    if (entry_call_p (first, f.unlaunched))
      {
        STRIP_NOPS (first);
        *form = &f;
        *call = kernel_call;
        return first;
      }
  return NULL_TREE;
}

/* ADDRESS without conversions, and with &a[0] as &a, so that the
   addresses of an array and of its first element compare equal.  */
static tree
base_address (tree address)
{
  STRIP_NOPS (address);
  while (TREE_CODE (address) == ADDR_EXPR
         && TREE_CODE (TREE_OPERAND (address, 0)) == ARRAY_REF
         && integer_zerop (TREE_OPERAND (TREE_OPERAND (address, 0), 1)))
    address
        = build_fold_addr_expr (TREE_OPERAND (TREE_OPERAND (address, 0), 0));
  return address;
}

/* Whether ELEMENT is ARRAY[0], with ARRAY as the unplugged call of a
   cuda_reduce passed it.  */
static bool
first_element_p (tree element, tree array)
{
  /* Under the promotion of a narrow argument, where the target wants it,
     or the conversion to F's parameter of an element of another type,
     which cudajit_rewrite_reduce refuses by the types: x != 0 for
     _Bool.  */
  while (CONVERT_EXPR_P (element) || TREE_CODE (element) == FLOAT_EXPR
         || TREE_CODE (element) == FIX_TRUNC_EXPR
         || TREE_CODE (element) == NON_LVALUE_EXPR
         || (TREE_CODE (element) == NE_EXPR
             && (integer_zerop (TREE_OPERAND (element, 1))
                 || real_zerop (TREE_OPERAND (element, 1)))))
    element = TREE_OPERAND (element, 0);
  if (TREE_CODE (element) != ARRAY_REF && TREE_CODE (element) != INDIRECT_REF
      && TREE_CODE (element) != MEM_REF)
    return false;
  return operand_equal_p (base_address (build_fold_addr_expr (element)),
                          base_address (array), 0);
}

/* Where the call F (ARRAY[0], ARRAY[0]) is, that cudajit.h puts after
   the unplugged call of cuda_reduce: the front end may have folded the
   context into it, as in (unplugged, f (...) != 3).  */
struct folded_call_search
{
  tree array;
  tree *found;
};

static tree
find_folded_call (tree *tp, int *walk_subtrees, void *data)
{
  folded_call_search *search = (folded_call_search *) data;
  if (TYPE_P (*tp))
    *walk_subtrees = 0;
  if (TREE_CODE (*tp) == CALL_EXPR && call_expr_nargs (*tp) == 2
      && first_element_p (CALL_EXPR_ARG (*tp, 0), search->array)
      && first_element_p (CALL_EXPR_ARG (*tp, 1), search->array))
    {
      search->found = tp;
      return *tp;
    }
  return NULL_TREE;
}

/* The unplugged call of T, if T is a cuda_reduce, and where the call of
   the function it folds is in *CALL, or null if it cannot be found.  */
static tree
unlaunched_reduce (tree t, tree **call)
{
  if (TREE_CODE (t) != COMPOUND_EXPR
      || !entry_call_p (TREE_OPERAND (t, 0), CUDAJIT_ENTRY_UNLAUNCHED_REDUCE))
    return NULL_TREE;
  tree unlaunched = TREE_OPERAND (t, 0);
  STRIP_NOPS (unlaunched);
  folded_call_search search = { CALL_EXPR_ARG (unlaunched, 1), NULL };
  walk_tree_without_duplicates (&TREE_OPERAND (t, 1), find_folded_call,
                                &search);
  *call = search.found;
  return unlaunched;
}

static tree
array_element (tree array, unsigned int index)
{
  return build4 (ARRAY_REF, TREE_TYPE (TREE_TYPE (array)), array,
                 size_int (index), NULL_TREE, NULL_TREE);
}

/* A host array passed where the parameter has no extent is not copied, and
   faults on the GPU: say so where it can be seen.  */
static void
warn_host_array (tree kernel, unsigned int index, tree arg, location_t loc)
{
  STRIP_NOPS (arg);
  if (TREE_CODE (arg) != ADDR_EXPR)
    return;
  tree object = TREE_OPERAND (arg, 0);
  while (TREE_CODE (object) == ARRAY_REF)
    object = TREE_OPERAND (object, 0);
  if (!VAR_P (object) || TREE_CODE (TREE_TYPE (object)) != ARRAY_TYPE)
    return;
  if (warning_at (loc, 0,
                  "argument %u of kernel %qD is the host array %qD, but the "
                  "parameter does not declare the extent that would copy it "
                  "to the GPU",
                  index + 1, kernel, object))
    inform (DECL_SOURCE_LOCATION (kernel),
            "declare the parameter as an array, for example %<float x[n]%> "
            "with %<n%> another parameter, or pass device memory from "
            "%<cuda_to_device%>");
}

/* The assignments of each array parameter's size in bytes to EXTENTS, from
   the arguments' temporaries VALUES (array-extents.cc); null if no
   parameter has an extent, else *EXTENTS is set.  */
static tree
build_extents (launch_rewriter *rewriter, tree kernel, vec<tree> &values,
               tree call, location_t loc, tree *extents)
{
  tree steps = NULL_TREE;
  *extents = NULL_TREE;
  for (unsigned int i = 0; i < values.length (); i++)
    {
      bool declared;
      tree bytes = cudajit_extent_bytes (rewriter->function, kernel, i, values,
                                         &declared);
      if (!declared && POINTER_TYPE_P (TREE_TYPE (values[i])))
        warn_host_array (kernel, i, CALL_EXPR_ARG (call, i), loc);
      if (!bytes)
        continue;
      if (!*extents)
        {
          tree type
              = build_array_type_nelts (size_type_node, values.length ());
          *extents = cudajit_add_temporary (rewriter->function, type);
          for (unsigned int j = 0; j < values.length (); j++)
            steps = cudajit_sequence (
                steps, build2 (MODIFY_EXPR, size_type_node,
                               array_element (*extents, j), size_zero_node));
        }
      steps = cudajit_sequence (steps,
                                build2 (MODIFY_EXPR, size_type_node,
                                        array_element (*extents, i), bytes));
    }
  return steps;
}

static tree
build_launch (launch_rewriter *rewriter, tree call, tree kernel,
              tree unlaunched, const launch_form *form, location_t loc)
{
  tree steps = NULL_TREE;
  tree args_type = build_pointer_type (ptr_type_node);
  tree args = build_int_cst (args_type, 0);
  int nargs = call_expr_nargs (call);
  auto_vec<tree> values;
  if (nargs)
    {
      tree array = cudajit_add_temporary (
          rewriter->function, build_array_type_nelts (ptr_type_node, nargs));
      for (int i = 0; i < nargs; i++)
        {
          tree arg = CALL_EXPR_ARG (call, i);
          tree value
              = cudajit_add_temporary (rewriter->function, TREE_TYPE (arg));
          values.safe_push (value);
          steps = cudajit_sequence (
              steps, build2 (MODIFY_EXPR, TREE_TYPE (arg), value, arg));
          steps = cudajit_sequence (
              steps,
              build2 (
                  MODIFY_EXPR, ptr_type_node, array_element (array, i),
                  fold_convert (ptr_type_node, build_fold_addr_expr (value))));
        }
      args = fold_convert (args_type, build_fold_addr_expr (array));
    }

  tree extents_type = build_pointer_type (
      build_qualified_type (size_type_node, TYPE_QUAL_CONST));
  tree extents;
  steps = cudajit_sequence (
      steps, build_extents (rewriter, kernel, values, call, loc, &extents));
  extents
      = (extents ? fold_convert (extents_type, build_fold_addr_expr (extents))
                 : build_int_cst (extents_type, 0));

  /* The runtime takes the unplugged call's arguments as they are, the
     configuration, a structure, among them.  */
  tree config_type = NULL_TREE;
  for (int i = 0; i < call_expr_nargs (unlaunched) && !config_type; i++)
    if (TREE_CODE (TREE_TYPE (CALL_EXPR_ARG (unlaunched, i))) == RECORD_TYPE)
      config_type = TREE_TYPE (CALL_EXPR_ARG (unlaunched, i));
  tree runtime_fn = cudajit_entry_point (form->runtime, config_type);
  vec<tree, va_gc> *runtime_args = NULL;
  vec_safe_push (runtime_args, cudajit_kernel_handle (kernel));
  for (int i = 0; i < call_expr_nargs (unlaunched); i++)
    vec_safe_push (runtime_args, CALL_EXPR_ARG (unlaunched, i));
  vec_safe_push (runtime_args, args);
  vec_safe_push (runtime_args, extents);
  tree launch = build_call_expr_loc_vec (loc, runtime_fn, runtime_args);
  return cudajit_sequence (steps, launch);
}

/* A kernel's address outside cuda_launch, in a host function or a
   variable's initializer: calling through it would run the host version
   on the calling thread, so it is refused like a direct call.  */
static tree
diagnose_kernel_address (tree *tp, int *walk_subtrees, void *)
{
  tree t = *tp;
  if (TYPE_P (t))
    *walk_subtrees = 0;
  if (TREE_CODE (t) == ADDR_EXPR
      && TREE_CODE (TREE_OPERAND (t, 0)) == FUNCTION_DECL
      && cudajit_kernel_p (TREE_OPERAND (t, 0)))
    error_at (EXPR_LOC_OR_LOC (t, input_location),
              "the address of kernel %qD cannot be taken; launch it with "
              "%<cuda_launch (%D, grid, block) (...)%>",
              TREE_OPERAND (t, 0), TREE_OPERAND (t, 0));
  return NULL_TREE;
}

/* Those of functions are walked with the function's body.  */
void
cudajit_check_kernel_addresses (tree decl)
{
  if (VAR_P (decl) && DECL_INITIAL (decl) && !decl_function_context (decl))
    walk_tree_without_duplicates (&DECL_INITIAL (decl),
                                  diagnose_kernel_address, NULL);
}

/* CALL, of cudajit_unqueried_kernel, as the call of cudajit_query_kernel
   with the handle of the kernel whose address it takes; or, if it takes
   another, an error.  */
static tree
rewrite_kernel_query (tree call, location_t loc)
{
  tree kernel = CALL_EXPR_ARG (call, 0);
  STRIP_NOPS (kernel);
  if (TREE_CODE (kernel) == ADDR_EXPR)
    kernel = TREE_OPERAND (kernel, 0);
  if (TREE_CODE (kernel) != FUNCTION_DECL || !cudajit_kernel_p (kernel))
    {
      error_at (loc, "%<cuda_kernel_info%>, %<cuda_kernel_ptx%>, "
                     "%<cuda_kernel_cubin%> and the occupancy queries need "
                     "the name of a kernel");
      return call;
    }
  vec<tree, va_gc> *args = NULL;
  vec_safe_push (args, cudajit_kernel_handle (kernel));
  for (int i = 1; i < call_expr_nargs (call); i++)
    vec_safe_push (args, CALL_EXPR_ARG (call, i));
  return build_call_expr_loc_vec (
      loc, cudajit_entry_point (CUDAJIT_ENTRY_QUERY_KERNEL, NULL_TREE), args);
}

static tree
rewrite_call (tree *tp, int *walk_subtrees, void *data)
{
  launch_rewriter *rewriter = (launch_rewriter *) data;
  tree call = *tp;
  if (TYPE_P (call))
    *walk_subtrees = 0;
  tree *folded_call;
  tree reduce = unlaunched_reduce (*tp, &folded_call);
  if (reduce)
    {
      location_t loc = linemap_resolve_location (
          line_table, EXPR_LOCATION (*tp), LRK_MACRO_EXPANSION_POINT, NULL);
      for (int i = 0; i < call_expr_nargs (reduce); i++)
        walk_tree (&CALL_EXPR_ARG (reduce, i), rewrite_call, data, NULL);
      *walk_subtrees = 0;
      tree rewritten = NULL_TREE;
      if (cudajit_kernel_p (rewriter->function))
        error_at (loc, "%<cuda_reduce%> cannot be used in a kernel");
      else if (!folded_call)
        error_at (loc, "%<cuda_reduce%> needs an array without side "
                       "effects, which it evaluates more than once");
      else
        rewritten = cudajit_rewrite_reduce (rewriter->function, reduce,
                                            *folded_call, loc);
      /* After an error too, so that the unplugged call is not diagnosed
         again, where the front end shares the expression.  */
      if (rewritten)
        *folded_call = rewritten;
      *tp = TREE_OPERAND (*tp, 1);
      return NULL_TREE;
    }

  const launch_form *form = NULL;
  tree unlaunched = unlaunched_call (*tp, &form, &call);
  if (TREE_CODE (call) != CALL_EXPR)
    {
      /* A kernel's own code is checked by subset-check.cc.  */
      if (!cudajit_kernel_p (rewriter->function))
        diagnose_kernel_address (tp, walk_subtrees, NULL);
      return NULL_TREE;
    }

  /* Where the user wrote cuda_launch, not inside cudajit.h.  */
  location_t loc = linemap_resolve_location (line_table, EXPR_LOCATION (*tp),
                                             LRK_MACRO_EXPANSION_POINT, NULL);
  tree fn = CALL_EXPR_FN (call);

  if (entry_call_p (*tp, CUDAJIT_ENTRY_UNQUERIED_KERNEL))
    {
      for (int i = 1; i < call_expr_nargs (*tp); i++)
        walk_tree (&CALL_EXPR_ARG (*tp, i), rewrite_call, data, NULL);
      *walk_subtrees = 0;
      *tp = rewrite_kernel_query (*tp, loc);
      return NULL_TREE;
    }

  /* The arguments may hold launches of their own; the callee is checked
     here, not as an address.  */
  for (int i = 0; i < call_expr_nargs (call); i++)
    walk_tree (&CALL_EXPR_ARG (call, i), rewrite_call, data, NULL);
  *walk_subtrees = 0;

  if (!unlaunched)
    {
      tree callee = get_callee_fndecl (call);
      if (!callee)
        walk_tree (&CALL_EXPR_FN (call), rewrite_call, data, NULL);
      else if (!cudajit_kernel_p (callee))
        return NULL_TREE;
      else if (cudajit_kernel_p (rewriter->function))
        error_at (loc, "kernel %qD cannot be called from a kernel", callee);
      else
        error_at (loc,
                  "kernel %qD is called like a function; launch it with "
                  "%<cuda_launch (%D, grid, block) (...)%>",
                  callee, callee);
      return NULL_TREE;
    }

  if (form->generator)
    {
      if (cudajit_kernel_p (rewriter->function))
        {
          error_at (loc, "%qs cannot be used in a kernel",
                    form->generator->name);
          *tp = build_empty_stmt (loc);
          return NULL_TREE;
        }
      tree kernel_call;
      tree kernel = cudajit_generate_element_kernel (
          form->generator, unlaunched, call, loc, &kernel_call);
      if (kernel)
        {
          cudajit_record_launch (rewriter->function, kernel, loc);
          *tp = build_launch (rewriter, kernel_call, kernel, unlaunched, form,
                              loc);
        }
      return NULL_TREE;
    }

  tree kernel = fn;
  STRIP_NOPS (kernel);
  if (TREE_CODE (kernel) == ADDR_EXPR)
    kernel = TREE_OPERAND (kernel, 0);
  if (TREE_CODE (kernel) == FUNCTION_DECL && cudajit_kernel_p (kernel)
      && decl_function_context (kernel))
    {
      error_at (loc, "kernel %qD cannot be a nested function", kernel);
      return NULL_TREE;
    }
  if (TREE_CODE (kernel) != FUNCTION_DECL || !cudajit_kernel_p (kernel))
    {
      tree returned = TREE_TYPE (call);
      if (!VOID_TYPE_P (returned))
        error_at (loc,
                  "%qs launches %qE, which returns %qT and so is not a "
                  "kernel: a kernel is a %<void%> function marked "
                  "%<__attribute__ ((cuda_jit))%>",
                  form->name, kernel, returned);
      else if (TREE_CODE (kernel) == FUNCTION_DECL)
        error_at (loc,
                  "%qD is launched with %qs but is not a "
                  "kernel; mark it %<__attribute__ ((cuda_jit))%>",
                  kernel, form->name);
      else
        error_at (loc, "%qs needs the name of a kernel", form->name);
      return NULL_TREE;
    }
  if (cudajit_kernel_p (rewriter->function))
    {
      error_at (loc, "kernel %qD cannot be launched from a kernel", kernel);
      *tp = build_empty_stmt (loc);
      return NULL_TREE;
    }
  cudajit_record_launch (rewriter->function, kernel, loc);
  *tp = build_launch (rewriter, call, kernel, unlaunched, form, loc);
  return NULL_TREE;
}

void
cudajit_rewrite_launches (tree fndecl)
{
  if (TREE_CODE (DECL_SAVED_TREE (fndecl)) != BIND_EXPR)
    DECL_SAVED_TREE (fndecl) = build3 (BIND_EXPR, void_type_node, NULL_TREE,
                                       DECL_SAVED_TREE (fndecl), NULL_TREE);
  launch_rewriter rewriter = { fndecl };
  walk_tree (&DECL_SAVED_TREE (fndecl), rewrite_call, &rewriter, NULL);
}
