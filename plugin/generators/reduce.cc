/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cuda_reduce: the kernel that the plugin makes at each call of

     T cuda_reduce (f, array, n [, .init = v] [, .stream = s])

   which cudajit.h expands to

     (cudajit_unlaunched_reduce (n, array, &settings, __FILE__, __LINE__),
      f (array[0], array[0]))

   For double f (double, double), the kernel is

     static void cuda_reduce_f (const double *array, long long n,
                                double *partials, unsigned int *blocks_done,
                                double *result, double init)
       __attribute__ ((cuda_jit))

   with its parameters in the order of cudajit-abi.h's
   cudajit_reduce_param.  Its CUDA C, written here, calls the prelude's
   cudajit_reduce with f; its C version, which the CPU backend launches
   as a grid of one thread a block, folds block b's share [i, last) of the
   array in a loop:

     { double acc = array[i];
       while (++i < last)
         acc = f (acc, array[i]);
       if (blocks == 1) *result = f (init, acc);
       else partials[block] = acc; }

   The call becomes

     (settings' = &settings, init' = settings'->init,
      cudajit_reduce (cudajit.kernel.cuda_reduce_f, array, n,
                      sizeof (double), &init', settings'->stream,
                      settings'->res, __FILE__, __LINE__, &result')
      ? result' : init')

   which folds the initial value in once, and is the initial value alone
   for an empty array, or a result left on the device (.res).  */

#include "cudajit-plugin.h"

static const char generator[] = "cuda_reduce";

/* The function that the call folds, checked: T f (T, T), with T a
   scalar; NULL_TREE after an error.  */
static tree
folded_function (tree fn, location_t loc)
{
  tree f = cudajit_generator_function (fn, generator, loc);
  if (!f)
    return NULL_TREE;
  tree type = TREE_TYPE (TREE_TYPE (f));
  tree parms = TYPE_ARG_TYPES (TREE_TYPE (f));
  /* The GPU's shuffles have no enumerated types.  */
  if (!cudajit_generator_scalar_p (type) || TREE_CODE (type) == ENUMERAL_TYPE
      || list_length (parms) != 3
      || TYPE_MAIN_VARIANT (TREE_VALUE (parms)) != TYPE_MAIN_VARIANT (type)
      || (TYPE_MAIN_VARIANT (TREE_VALUE (TREE_CHAIN (parms)))
          != TYPE_MAIN_VARIANT (type)))
    {
      error_at (loc,
                "%<cuda_reduce%> needs a function %<T f (T, T)%> for an "
                "integer or floating type T; %qD is %qT",
                f, TREE_TYPE (f));
      return NULL_TREE;
    }
  return f;
}

/* The type of what ARRAY, converted to a pointer to const void, points
   to, an array's elements if it is one; NULL_TREE if it is no pointer.  */
static tree
pointed_type (tree array)
{
  STRIP_NOPS (array);
  tree type = TREE_TYPE (array);
  if (!POINTER_TYPE_P (type))
    return NULL_TREE;
  type = TREE_TYPE (type);
  if (TREE_CODE (type) == ARRAY_TYPE && TREE_CODE (array) == ADDR_EXPR)
    type = TREE_TYPE (type);
  return type;
}

static tree
append (tree statement, tree *list)
{
  append_to_statement_list (statement, list);
  return statement;
}

/* The kernel's parameters for elements of TYPE, in the order of
   cudajit_reduce_param.  */
static tree
build_parms (tree type, location_t loc)
{
  static const char *const names[CUDAJIT_REDUCE_PARAMS]
      = { "array", "n", "partials", "blocks_done", "result", "init" };
  tree types[CUDAJIT_REDUCE_PARAMS];
  types[CUDAJIT_REDUCE_ARRAY]
      = build_pointer_type (build_qualified_type (type, TYPE_QUAL_CONST));
  types[CUDAJIT_REDUCE_COUNT] = long_long_integer_type_node;
  types[CUDAJIT_REDUCE_PARTIALS] = build_pointer_type (type);
  types[CUDAJIT_REDUCE_BLOCKS_DONE] = build_pointer_type (unsigned_type_node);
  types[CUDAJIT_REDUCE_RESULT] = build_pointer_type (type);
  types[CUDAJIT_REDUCE_INIT] = type;
  tree chain = NULL_TREE;
  for (int i = CUDAJIT_REDUCE_PARAMS; i-- > 0;)
    {
      tree parm = cudajit_generator_parm (loc, names[i], types[i]);
      DECL_CHAIN (parm) = chain;
      chain = parm;
    }
  return chain;
}

/* A call of cudajit.h's geometry function WHICH, as a long long;
   NULL_TREE after an error.  */
static tree
grid_geometry (enum device_api_id which, location_t loc)
{
  const char *name = cudajit_device_apis[which].name;
  tree fn = cudajit_header_function (name);
  if (!fn)
    {
      error_at (loc, "cudajit: %qs of %<cudajit.h%> is missing", name);
      return NULL_TREE;
    }
  return fold_convert (long_long_integer_type_node,
                       build_call_expr_loc (loc, fn, 0));
}

/* The kernel's C version, which the CPU backend launches as a grid of
   one thread a block: each folds its share of the array in a loop, into
   the partial results if there are several, else with the initial value
   into the result.  Its type says that the array has n elements, which a
   host array copies to the GPU.  */
static tree
build_body (tree f, tree parms, tree *attributes, location_t loc)
{
  tree type = TREE_TYPE (TREE_TYPE (f));
  tree index_type = long_long_integer_type_node;
  auto_vec<unsigned int> count_bound;
  count_bound.safe_push (CUDAJIT_REDUCE_COUNT);
  *attributes = cudajit_generated_array_param (
      *attributes, CUDAJIT_REDUCE_ARRAY, CUDAJIT_COPY_IN, 1, count_bound);

  tree block_value = grid_geometry (DEVICE_API_GRID_X, loc);
  tree blocks_value = grid_geometry (DEVICE_API_GRIDSIZE_X, loc);
  if (!block_value || !blocks_value)
    return NULL_TREE;
  tree acc = cudajit_generator_local (loc, "acc", type);
  tree block = cudajit_generator_local (loc, "block", index_type);
  tree blocks = cudajit_generator_local (loc, "blocks", index_type);
  tree i = cudajit_generator_local (loc, "i", index_type);
  tree last = cudajit_generator_local (loc, "last", index_type);
  DECL_CHAIN (acc) = block;
  DECL_CHAIN (block) = blocks;
  DECL_CHAIN (blocks) = i;
  DECL_CHAIN (i) = last;
  tree array = chain_index (CUDAJIT_REDUCE_ARRAY, parms);
  tree n = chain_index (CUDAJIT_REDUCE_COUNT, parms);
  tree one = build_int_cst (index_type, 1);
  tree body = alloc_stmt_list ();
  append (build2 (MODIFY_EXPR, index_type, block, block_value), &body);
  append (build2 (MODIFY_EXPR, index_type, blocks, blocks_value), &body);
  /* Block b of B takes n / B elements, and one more while b < n % B.  */
  tree per = build2 (TRUNC_DIV_EXPR, index_type, n, blocks);
  tree extra = build2 (TRUNC_MOD_EXPR, index_type, unshare_expr (n), blocks);
  append (build2 (MODIFY_EXPR, index_type, i,
                  build2 (PLUS_EXPR, index_type,
                          build2 (MULT_EXPR, index_type, block, per),
                          build2 (MIN_EXPR, index_type, block, extra))),
          &body);
  append (build2 (MODIFY_EXPR, index_type, last,
                  build2 (PLUS_EXPR, index_type, i,
                          build2 (PLUS_EXPR, index_type, unshare_expr (per),
                                  fold_convert (
                                      index_type,
                                      build2 (LT_EXPR, boolean_type_node,
                                              block, unshare_expr (extra)))))),
          &body);
  append (
      build2 (MODIFY_EXPR, type, acc, cudajit_generator_element (array, i)),
      &body);
  tree loop = alloc_stmt_list ();
  append (build2 (MODIFY_EXPR, index_type, i,
                  build2 (PLUS_EXPR, index_type, i, one)),
          &loop);
  append (build1 (EXIT_EXPR, void_type_node,
                  build2 (GE_EXPR, boolean_type_node, i, last)),
          &loop);
  append (build2 (MODIFY_EXPR, type, acc,
                  build_call_expr_loc (loc, f, 2, acc,
                                       cudajit_generator_element (array, i))),
          &loop);
  append (build1 (LOOP_EXPR, void_type_node, loop), &body);
  tree whole = build2 (
      MODIFY_EXPR, type,
      build1 (INDIRECT_REF, type, chain_index (CUDAJIT_REDUCE_RESULT, parms)),
      build_call_expr_loc (loc, f, 2, chain_index (CUDAJIT_REDUCE_INIT, parms),
                           acc));
  tree partial
      = build2 (MODIFY_EXPR, type,
                cudajit_generator_element (
                    chain_index (CUDAJIT_REDUCE_PARTIALS, parms), block),
                acc);
  append (build3 (COND_EXPR, void_type_node,
                  build2 (EQ_EXPR, boolean_type_node, blocks, one), whole,
                  partial),
          &body);
  tree bind = build3 (BIND_EXPR, void_type_node, acc, body, NULL_TREE);
  SET_EXPR_LOCATION (bind, loc);
  return bind;
}

static const cudajit_generator reduce_generator = {
  .name = generator,
  .write_cuda = cudajit_emit_reduce_kernel,
  .build_body = build_body,
};

/* The field NAME of the settings' structure TYPE, which cudajit.h
   declares.  */
static tree
settings_field (tree type, const char *name, location_t loc)
{
  for (tree field = TYPE_FIELDS (type); field; field = DECL_CHAIN (field))
    if (TREE_CODE (field) == FIELD_DECL && DECL_NAME (field)
        && id_equal (DECL_NAME (field), name))
      return field;
  error_at (loc,
            "cudajit: the settings of %<cuda_reduce%> have no %qs: this "
            "cudajit.h and this plugin are not of the same cudajit",
            name);
  return NULL_TREE;
}

tree
cudajit_rewrite_reduce (tree function, tree unlaunched, tree call,
                        location_t loc)
{
  tree f = folded_function (CALL_EXPR_FN (call), loc);
  if (!f)
    return NULL_TREE;
  tree type = TREE_TYPE (TREE_TYPE (f));
  tree array = CALL_EXPR_ARG (unlaunched, 1);
  tree element = pointed_type (array);
  if (!element || TYPE_MAIN_VARIANT (element) != TYPE_MAIN_VARIANT (type))
    {
      tree given = array;
      STRIP_NOPS (given);
      if (element)
        error_at (loc,
                  "the array of %<cuda_reduce%> holds %qT, but %qD folds "
                  "%qT: the elements must be of the type of its parameters",
                  element, f, type);
      else
        /* Not a pointer at all.  */
        error_at (loc,
                  "the array of %<cuda_reduce%> of %qD is %qT; it must point "
                  "to %qT",
                  f, TREE_TYPE (given), type);
      return NULL_TREE;
    }

  tree settings = CALL_EXPR_ARG (unlaunched, 2);
  STRIP_NOPS (settings);
  tree settings_type = TREE_TYPE (TREE_TYPE (settings));
  tree init_field = settings_field (settings_type, "init", loc);
  tree stream_field = settings_field (settings_type, "stream", loc);
  tree res_field = settings_field (settings_type, "res", loc);
  if (!init_field || !stream_field || !res_field)
    return NULL_TREE;

  tree kernel = cudajit_generate_kernel (&reduce_generator, f,
                                         build_parms (type, loc), loc);

  tree settings_var = cudajit_add_temporary (function, TREE_TYPE (settings));
  tree result = cudajit_add_temporary (function, type);
  tree init = cudajit_add_temporary (function, type);
  tree settings_ref = build1 (INDIRECT_REF, settings_type, settings_var);
  tree init_value = build3 (COMPONENT_REF, TREE_TYPE (init_field),
                            settings_ref, init_field, NULL_TREE);
  tree stream = build3 (COMPONENT_REF, TREE_TYPE (stream_field),
                        unshare_expr (settings_ref), stream_field, NULL_TREE);
  tree res = build3 (COMPONENT_REF, TREE_TYPE (res_field),
                     unshare_expr (settings_ref), res_field, NULL_TREE);
  tree reduce = build_call_expr_loc (
      loc, cudajit_entry_point (CUDAJIT_ENTRY_REDUCE, NULL_TREE), 10,
      cudajit_kernel_handle (kernel), array, CALL_EXPR_ARG (unlaunched, 0),
      size_in_bytes (type),
      fold_convert (const_ptr_type_node, build_fold_addr_expr (init)),
      fold_convert (ptr_type_node, stream), fold_convert (ptr_type_node, res),
      CALL_EXPR_ARG (unlaunched, 3), CALL_EXPR_ARG (unlaunched, 4),
      fold_convert (ptr_type_node, build_fold_addr_expr (result)));
  tree value
      = build3 (COND_EXPR, type,
                build2 (NE_EXPR, boolean_type_node, reduce, integer_zero_node),
                result, init);
  tree steps = build2 (
      COMPOUND_EXPR, void_type_node,
      build2 (MODIFY_EXPR, TREE_TYPE (settings_var), settings_var, settings),
      build2 (MODIFY_EXPR, type, init, fold_convert (type, init_value)));
  return build2 (COMPOUND_EXPR, type, steps, value);
}
