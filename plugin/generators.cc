/* SPDX-License-Identifier: GPL-3.0-or-later */
/* What the generators of kernels share: cuda_vectorize (vectorize.cc),
   cuda_guvectorize (guvectorize.cc) and cuda_reduce (reduce.cc) apply a
   function that the user names, and make a kernel for it at the call, in
   GENERIC.  */

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
  const char *generator;
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

tree
cudajit_build_generated_kernel (const char *generator, tree f, tree fntype,
                                tree parms, tree body)
{
  tree kernel = cudajit_build_function (kernel_name (generator, f), fntype,
                                        parms, body);
  DECL_ATTRIBUTES (kernel)
      = tree_cons (get_identifier ("cuda_jit"), NULL_TREE, NULL_TREE);
  generated_kernels.safe_push ({ generator, f, kernel });
  return kernel;
}

tree
cudajit_generated_kernel_for (const char *generator, tree f, tree parms)
{
  for (const generated_kernel &made : generated_kernels)
    {
      if (made.f != f || strcmp (made.generator, generator) != 0)
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
cudajit_generator_index (location_t loc)
{
  tree grid_x = cudajit_header_function ("cuda_grid_x");
  if (!grid_x)
    {
      error_at (loc, "cudajit: %qs of %<cudajit.h%> is missing",
                "cuda_grid_x");
      return NULL_TREE;
    }
  tree i = build_decl (loc, VAR_DECL, get_identifier (index_name),
                       TREE_TYPE (TREE_TYPE (grid_x)));
  DECL_INITIAL (i) = build_call_expr_loc (loc, grid_x, 0);
  TREE_USED (i) = 1;
  DECL_ARTIFICIAL (i) = 1;
  DECL_IGNORED_P (i) = 1;
  return i;
}

tree
cudajit_build_element_kernel (const char *generator, tree f, tree fntype,
                              tree parms, tree i, tree statement,
                              location_t loc)
{
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
  tree kernel
      = cudajit_build_generated_kernel (generator, f, fntype, parms, bind);
  DECL_CONTEXT (i) = kernel;
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

void
cudajit_generator_settings (tree config, const char *generator, location_t loc)
{
  settings_check check = { generator, loc };
  walk_tree_without_duplicates (&config, refuse_settings, &check);
}

char *
cudajit_generator_parm_name (tree f, tree parm, unsigned int position,
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
