/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The core of the generators of kernels: cuda_vectorize (vectorize.cc),
   cuda_guvectorize (guvectorize.cc) and cuda_reduce (reduce.cc) apply a
   function that the user names, and make a kernel for it at the call, in
   GENERIC.  Each says what is its own in a cudajit_generator; here the
   kernel is made once for each function and types of parameters, named,
   translated and handed to the call graph, and the call of an
   element-wise one becomes the kernel's parameters and arguments.  */

#include "cudajit-plugin.h"

/* The local variable of an element-wise kernel that holds the index of
   its element or instance.  */
static const char index_name[] = "i";

/* The names of the kernels made so far in the unit.  */
static vec<char *> kernel_names;

/* Those kernels, with their generator and the function each applies.
   The call graph holds them for the garbage collector.  */
struct generated_kernel
{
  const cudajit_generator *generator;
  tree f;
  tree kernel;
};
static vec<generated_kernel> generated_kernels;

bool
cudajit_generator_scalar_p (tree type)
{
  return ((INTEGRAL_TYPE_P (type) || SCALAR_FLOAT_TYPE_P (type))
          && cudajit_supported_type_p (type, false));
}

/* fold_convert does not convert floating point to integers.  */
tree
cudajit_generator_convert (tree type, tree value)
{
  if (TREE_CODE (type) == BOOLEAN_TYPE)
    return fold_build2 (NE_EXPR, type, value,
                        build_zero_cst (TREE_TYPE (value)));
  if (INTEGRAL_TYPE_P (type) && SCALAR_FLOAT_TYPE_P (TREE_TYPE (value)))
    return fold_build1 (FIX_TRUNC_EXPR, type, value);
  return fold_convert (type, value);
}

tree
cudajit_generator_function (tree fn, const char *generator, location_t loc)
{
  STRIP_NOPS (fn);
  tree f = TREE_CODE (fn) == ADDR_EXPR ? TREE_OPERAND (fn, 0) : NULL_TREE;
  if (!f || TREE_CODE (f) != FUNCTION_DECL)
    {
      error_at (loc, "%qs needs the name of a function", generator);
      return NULL_TREE;
    }
  if (cudajit_kernel_p (f))
    {
      error_at (loc, "%qs applies a function, not the kernel %qD", generator,
                f);
      return NULL_TREE;
    }
  if (!cudajit_device_function_p (f) && !cudajit_builtin_cuda_name (f))
    {
      error_at (loc,
                "%qD cannot be compiled for the GPU; mark it "
                "%<__attribute__ ((cuda_device))%> or make it static",
                f);
      return NULL_TREE;
    }
  if (!prototype_p (TREE_TYPE (f)) || stdarg_p (TREE_TYPE (f)))
    {
      error_at (loc,
                "%qD has no fixed list of parameters; %qs needs a "
                "prototype",
                f, generator);
      return NULL_TREE;
    }
  return f;
}

tree
cudajit_generator_parm (location_t loc, const char *name, tree type)
{
  tree parm = build_decl (loc, PARM_DECL, get_identifier (name), type);
  DECL_ARG_TYPE (parm) = type;
  TREE_USED (parm) = 1;
  return parm;
}

tree
cudajit_generator_element (tree pointer, tree index)
{
  tree type = TREE_TYPE (TREE_TYPE (pointer));
  tree offset = size_binop (MULT_EXPR, fold_convert (sizetype, index),
                            TYPE_SIZE_UNIT (type));
  return build1 (INDIRECT_REF, type,
                 fold_build_pointer_plus (pointer, offset));
}

/* GENERATOR_F, or GENERATOR_F_2 and so on when the unit applies F more
   than once.  */
static const char *
kernel_name (const char *generator, tree f)
{
  const char *base = IDENTIFIER_POINTER (DECL_NAME (f));
  char *name = concat (generator, "_", base, NULL);
  for (unsigned int uses = 1;; uses++)
    {
      bool taken = false;
      for (char *other : kernel_names)
        taken |= strcmp (other, name) == 0;
      if (!taken)
        break;
      free (name);
      name = xasprintf ("%s_%s_%u", generator, base, uses + 1);
    }
  kernel_names.safe_push (name);
  return name;
}

/* The kernel that GENERATOR made already for F with parameters of the
   types of PARMS, else NULL_TREE.  */
static tree
generated_kernel_for (const cudajit_generator *generator, tree f, tree parms)
{
  for (const generated_kernel &made : generated_kernels)
    {
      if (made.f != f || made.generator != generator)
        continue;
      tree parm = parms, type = TYPE_ARG_TYPES (TREE_TYPE (made.kernel));
      for (; parm && type != void_list_node;
           parm = DECL_CHAIN (parm), type = TREE_CHAIN (type))
        if (TREE_TYPE (parm) != TREE_VALUE (type))
          break;
      if (!parm && type == void_list_node)
        return made.kernel;
    }
  return NULL_TREE;
}

tree
cudajit_generator_local (location_t loc, const char *name, tree type)
{
  tree var = build_decl (loc, VAR_DECL, get_identifier (name), type);
  TREE_USED (var) = 1;
  DECL_ARTIFICIAL (var) = 1;
  DECL_IGNORED_P (var) = 1;
  return var;
}

/* The index of the element or instance of an element-wise kernel, set
   from cuda_grid_x; NULL_TREE after an error.  */
static tree
element_index (location_t loc)
{
  const char *grid_x_name = cudajit_device_apis[DEVICE_API_GRID_X].name;
  tree grid_x = cudajit_header_function (grid_x_name);
  if (!grid_x)
    {
      error_at (loc, "cudajit: %qs of %<cudajit.h%> is missing", grid_x_name);
      return NULL_TREE;
    }
  tree i = cudajit_generator_local (loc, index_name,
                                    TREE_TYPE (TREE_TYPE (grid_x)));
  DECL_INITIAL (i) = build_call_expr_loc (loc, grid_x, 0);
  return i;
}

/* The body of an element-wise kernel whose parameters PARMS start with
   the count: { I; if (I < count) STATEMENT; }, with GENERATOR's
   statement.  */
static tree
element_body (const cudajit_generator *generator, tree f, tree parms,
              tree *attributes, location_t loc)
{
  tree i = element_index (loc);
  if (!i)
    return NULL_TREE;
  tree statement = generator->build_element (f, parms, i, attributes, loc);
  tree count = parms;
  tree in_range = build2 (LT_EXPR, boolean_type_node,
                          fold_convert (TREE_TYPE (count), i), count);
  tree body = alloc_stmt_list ();
  append_to_statement_list (build1 (DECL_EXPR, void_type_node, i), &body);
  append_to_statement_list (build3 (COND_EXPR, void_type_node, in_range,
                                    statement, build_empty_stmt (loc)),
                            &body);
  tree bind = build3 (BIND_EXPR, void_type_node, i, body, NULL_TREE);
  SET_EXPR_LOCATION (bind, loc);
  return bind;
}

tree
cudajit_generate_kernel (const cudajit_generator *generator, tree f,
                         tree parms, location_t loc)
{
  tree kernel = generated_kernel_for (generator, f, parms);
  if (kernel)
    return kernel;
  tree attributes = NULL_TREE;
  tree body = (generator->build_element
                   ? element_body (generator, f, parms, &attributes, loc)
                   : generator->build_body (f, parms, &attributes, loc));
  if (!body)
    return NULL_TREE;

  auto_vec<tree> parm_types;
  for (tree parm = parms; parm; parm = DECL_CHAIN (parm))
    parm_types.safe_push (TREE_TYPE (parm));
  tree fntype = build_type_attribute_variant (
      build_function_type_array (void_type_node, parm_types.length (),
                                 parm_types.address ()),
      attributes);
  kernel = cudajit_build_function (kernel_name (generator->name, f), fntype,
                                   parms, body);
  DECL_ATTRIBUTES (kernel)
      = tree_cons (get_identifier ("cuda_jit"), NULL_TREE, NULL_TREE);
  for (tree var = BIND_EXPR_VARS (body); var; var = DECL_CHAIN (var))
    DECL_CONTEXT (var) = kernel;
  generated_kernels.safe_push ({ generator, f, kernel });

  if (generator->write_cuda)
    {
      char *cuda_source = generator->write_cuda (kernel, f);
      cudajit_translate_made_kernel (kernel, cuda_source, f, loc);
      free (cuda_source);
    }
  else
    cudajit_translate_finished_function (kernel);
  cgraph_node::finalize_function (kernel, true);
  return kernel;
}

/* The data of refuse_settings.  */
struct settings_check
{
  const char *generator;
  location_t loc;
};

static tree
refuse_settings (tree *tp, int *walk_subtrees, void *data)
{
  settings_check *check = (settings_check *) data;
  if (TYPE_P (*tp))
    *walk_subtrees = 0;
  /* The compound literal's unnamed variable, which holds the settings.  */
  if (VAR_P (*tp) && !DECL_NAME (*tp) && DECL_INITIAL (*tp))
    walk_tree_without_duplicates (&DECL_INITIAL (*tp), refuse_settings, data);
  if (TREE_CODE (*tp) != CONSTRUCTOR)
    return NULL_TREE;
  /* Not those of the settings' own fields.  */
  *walk_subtrees = 0;
  unsigned HOST_WIDE_INT i;
  tree field, value;
  FOR_EACH_CONSTRUCTOR_ELT (CONSTRUCTOR_ELTS (*tp), i, field, value)
  if (field && TREE_CODE (field) == FIELD_DECL && DECL_NAME (field)
      && !id_equal (DECL_NAME (field), "stream"))
    error_at (check->loc, "%qs takes %<.stream%>, not %<.%E%>",
              check->generator, DECL_NAME (field));
  return NULL_TREE;
}

/* The errors for the settings CONFIG of GENERATOR at LOC but the
   stream.  */
static void
check_settings (tree config, const char *generator, location_t loc)
{
  settings_check check = { generator, loc };
  walk_tree_without_duplicates (&config, refuse_settings, &check);
}

/* The name of the kernel's parameter for F's PARM at POSITION (from 1),
   PARM's own unless unnamed or one of the kernel's, RESERVED, a
   null-terminated list.  */
static char *
parm_name (tree f, tree parm, unsigned int position,
           const char *const *reserved)
{
  if (parm && DECL_NAME (parm) && DECL_NAME (parm) != DECL_NAME (f)
      && !id_equal (DECL_NAME (parm), index_name))
    {
      const char *name = IDENTIFIER_POINTER (DECL_NAME (parm));
      bool taken = false;
      for (const char *const *r = reserved; *r; r++)
        taken |= strcmp (name, *r) == 0;
      if (!taken)
        return xstrdup (name);
    }
  return xasprintf ("arg%u", position);
}

/* Appends the kernel's parameter NAME of TYPE to the chain whose end is
 **LAST, and its argument ARG to *ARGS.  */
static void
add_parm (tree **last, vec<tree, va_gc> **args, tree arg, const char *name,
          tree type, location_t loc)
{
  vec_safe_push (*args, arg);
  **last = cudajit_generator_parm (loc, name, type);
  *last = &DECL_CHAIN (**last);
}

tree
cudajit_generate_element_kernel (const cudajit_generator *generator,
                                 tree unlaunched, tree call, location_t loc,
                                 tree *kernel_call)
{
  const char *const *own_parms = generator->own_parms;
  tree f
      = cudajit_generator_function (CALL_EXPR_FN (call), generator->name, loc);
  if (f && !generator->check_function (f, loc))
    f = NULL_TREE;
  check_settings (CALL_EXPR_ARG (unlaunched, 1), generator->name, loc);
  if (!f)
    return NULL_TREE;
  int outputs = 0;
  while (own_parms[outputs + 1])
    outputs++;
  int nargs = call_expr_nargs (call);
  int nparms = list_length (TYPE_ARG_TYPES (TREE_TYPE (f))) - 1;
  if (nargs != outputs + nparms)
    {
      if (outputs)
        error_at (loc,
                  "%qs of %qD takes the output and %d arguments, but is "
                  "given %d",
                  generator->name, f, nparms, MAX (nargs - outputs, 0));
      else
        error_at (loc, "%qs of %qD takes %d arguments, but is given %d",
                  generator->name, f, nparms, nargs);
      return NULL_TREE;
    }
  if (generator->check_outputs && !generator->check_outputs (f, call, loc))
    return NULL_TREE;

  /* The count is both the kernel's first argument and the launch's.  */
  tree count = save_expr (CALL_EXPR_ARG (unlaunched, 0));
  CALL_EXPR_ARG (unlaunched, 0) = count;
  vec<tree, va_gc> *kernel_args = NULL;
  tree parms = NULL_TREE, *last_parm = &parms;
  add_parm (&last_parm, &kernel_args, count, own_parms[0], TREE_TYPE (count),
            loc);

  /* The outputs, as check_outputs let them through, then F's
     arguments.  */
  int k = 0;
  for (; k < outputs; k++)
    {
      tree out = CALL_EXPR_ARG (call, k);
      add_parm (&last_parm, &kernel_args, out, own_parms[k + 1],
                TREE_TYPE (out), loc);
    }
  tree f_parm = DECL_ARGUMENTS (f);
  tree f_parm_type = TYPE_ARG_TYPES (TREE_TYPE (f));
  bool ok = true;
  for (int position = 1; k < nargs;
       k++, position++, f_parm_type = TREE_CHAIN (f_parm_type))
    {
      tree parm_type;
      tree arg = generator->convert_argument (
          f, position, CALL_EXPR_ARG (call, k), TREE_VALUE (f_parm_type),
          &parm_type, loc);
      if (arg)
        {
          char *name = parm_name (f, f_parm, position, own_parms);
          add_parm (&last_parm, &kernel_args, arg, name, parm_type, loc);
          free (name);
        }
      else
        ok = false;
      if (f_parm)
        f_parm = DECL_CHAIN (f_parm);
    }
  if (!ok)
    return NULL_TREE;

  tree kernel = cudajit_generate_kernel (generator, f, parms, loc);
  if (kernel)
    *kernel_call = build_call_expr_loc_vec (loc, kernel, kernel_args);
  return kernel;
}
