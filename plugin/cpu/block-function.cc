/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The C version of a kernel that the CPU backend calls: a block function
   that runs all the threads of a block in one call, as PoCL, Intel's
   OpenCL CPU device and AdaptiveCpp do.

   The kernel's body is copied into it, with the built-in variables as
   locals of the block and the thread index as the counters of loops over
   the block's threads (block-work-item-loops.cc), so that GCC inlines, hoists
   and vectorizes across threads as it does in a C loop.  A kernel whose
   threads wait at cuda_syncthreads is cut at its barriers
   (block-barrier-fission.cc), and at its shuffles and votes, which become
   barriers (block-warp-collectives.cc); one that is only a grid-stride
   loop runs its block's share of the iterations in one loop
   (block-grid-stride.cc).

   What cannot be cut so (warp functions in code that not every thread
   reaches alike, which need the threads of a warp in lockstep; a barrier
   in a device function, an expression or a switch; a jump out of a
   region) runs the kernel itself for each thread,
   as a fiber: -fplugin-arg-cudajit-warn-fibers says which kernels do, and
   why.

   A block function knows its thread only as a loop counter.  Where
   something may read threadIdx (a device function, the runtime's assert)
   it stores the thread there first; and on a fault the runtime runs the
   block again thread by thread, through the kernel itself, to name the
   thread that faults (cudajit.h's cudajit_block_start), as it runs every
   block for the race check and under a debugger, which reads the thread
   in threadIdx.  */

#include "block-function.h"
#include "tree-inline.h"

/* What cudajit.h gives the block function.  */
static const char block_start_name[] = "cudajit_block_start";
static const char enter_thread_name[] = "cudajit_enter_thread";
static const char checks_shared_name[] = "cudajit_checks_shared";

/* In the copy of the kernel's body: the built-in variables become the
   block function's locals, and so do cudajit.h's functions of them; a
   call that may read threadIdx stores the thread there first.  */
static tree
localize_builtins (tree *tp, int *walk_subtrees, void *data)
{
  block_function *b = (block_function *) data;
  if (TYPE_P (*tp))
    {
      *walk_subtrees = 0;
      return NULL_TREE;
    }
  int which = cudajit_builtin_variable (*tp);
  if (which < BUILTIN_VARIABLES)
    {
      *tp = b->builtins[which];
      return NULL_TREE;
    }
  if (TREE_CODE (*tp) != CALL_EXPR)
    return NULL_TREE;
  tree callee = get_callee_fndecl (*tp);
  if (!callee)
    return NULL_TREE;
  const device_api *grid_function = cudajit_grid_function (callee);
  if (grid_function)
    {
      *tp = cudajit_grid_function_value (b, TREE_TYPE (*tp), grid_function);
      *walk_subtrees = 0;
      return NULL_TREE;
    }
  /* cuda_laneid (), computed from the thread's number, with no call
     to the runtime that a store of the thread would need.  */
  if (cudajit_device_api (callee) == &cudajit_device_apis[DEVICE_API_LANEID])
    {
      *tp = fold_convert (TREE_TYPE (*tp), cudajit_thread_lane (b));
      *walk_subtrees = 0;
      return NULL_TREE;
    }
  if (cudajit_shared_memory_fn_p (callee))
    {
      b->shared_memory_fn = callee;
      if (!b->shared_memory)
        b->shared_memory = cudajit_block_local (
            b->entry, b->locals, "shared_memory", TREE_TYPE (*tp));
      *tp = b->shared_memory;
      return NULL_TREE;
    }
  if (cudajit_may_read_thread_index_p (callee)
      && !cudajit_barrier_call_p (callee))
    {
      /* The arguments first, then the store, then the call.  */
      for (int i = 0; i < call_expr_nargs (*tp); i++)
        walk_tree (&CALL_EXPR_ARG (*tp, i), localize_builtins, b, NULL);
      *walk_subtrees = 0;
      tree store
          = build_call_expr (b->enter_thread, 1, b->builtins[THREAD_INDEX]);
      *tp = build2 (COMPOUND_EXPR, TREE_TYPE (*tp), store, *tp);
    }
  return NULL_TREE;
}

/* Whether E, an operand of a condition, has side effects, set anew on
   its operators from their operands': the calls that localize_builtins
   replaces by values (cuda_laneid ()) leave the expressions around them
   marked, which would keep a guard such as cuda_laneid () == 0 from
   bounding the loop over the threads (block-guard-bounds.cc).  */
static bool
refresh_side_effects (tree e)
{
  enum tree_code code = TREE_CODE (e);
  bool pure_operator
      = (TREE_CODE_CLASS (code) == tcc_unary
         || TREE_CODE_CLASS (code) == tcc_binary
         || TREE_CODE_CLASS (code) == tcc_comparison || truth_value_p (code))
        && !TREE_THIS_VOLATILE (e);
  if (!pure_operator)
    return TREE_SIDE_EFFECTS (e);
  bool side_effects = false;
  for (int i = 0; i < TREE_OPERAND_LENGTH (e); i++)
    side_effects |= refresh_side_effects (TREE_OPERAND (e, i));
  TREE_SIDE_EFFECTS (e) = side_effects;
  return side_effects;
}

static tree
refresh_condition_side_effects (tree *tp, int *, void *)
{
  if (TREE_CODE (*tp) == COND_EXPR)
    refresh_side_effects (COND_EXPR_COND (*tp));
  return NULL_TREE;
}

/* Whether a call of CALLEE waits for other threads otherwise than at
   cuda_syncthreads or a warp function that the block function may be cut
   at.  */
static bool
waits_otherwise_p (const_tree callee)
{
  return cudajit_waiting_call_p (callee) && !cudajit_barrier_call_p (callee)
         && !cudajit_warp_fission_call_p (callee);
}

/* Make the variable that holds each statement expression's value, which
   the C front end makes without a function, KERNEL's (DATA), as the
   gimplifier would: copy_tree_body_r then gives the copy its own, where
   it would take it for a global and leave one variable in two functions,
   which breaks the gimplifier.  */
static tree
claim_statement_expression_value (tree *tp, int *walk_subtrees, void *data)
{
  if (TREE_CODE (*tp) == TARGET_EXPR && !DECL_CONTEXT (TARGET_EXPR_SLOT (*tp)))
    DECL_CONTEXT (TARGET_EXPR_SLOT (*tp)) = (tree) data;
  if (TYPE_P (*tp))
    *walk_subtrees = 0;
  return NULL_TREE;
}

/* A compound literal becomes the initialization of its object where it
   is evaluated, then the object, (D = {...}, D), as in the CUDA C: the
   cuts at barriers and warp functions read a declaration as a
   statement, and one inside an expression, when they keep its object
   across a cut, would become a statement there.  A literal that the
   front end shares (the left side of a compound assignment, and its
   right side's operand) is initialized wherever it is reached, with its
   initializer's side effects saved and made once.  DATA maps each
   literal's object to its initializer.  */
static tree
lower_compound_literal (tree *tp, int *walk_subtrees, void *data)
{
  hash_map<tree, tree> *initializers = (hash_map<tree, tree> *) data;
  if (TYPE_P (*tp))
    *walk_subtrees = 0;
  if (TREE_CODE (*tp) != COMPOUND_LITERAL_EXPR)
    return NULL_TREE;
  tree decl = COMPOUND_LITERAL_EXPR_DECL (*tp);
  if (tree init = DECL_INITIAL (decl))
    {
      initializers->put (decl,
                         TREE_SIDE_EFFECTS (init) ? save_expr (init) : init);
      DECL_INITIAL (decl) = NULL_TREE;
    }
  tree *init = initializers->get (decl);
  tree type = TREE_TYPE (decl);
  *tp = init ? build2 (COMPOUND_EXPR, type,
                       build2 (INIT_EXPR, type, decl, unshare_expr (*init)),
                       decl)
             : decl;
  return NULL_TREE;
}

/* A copy of the body of KERNEL for ENTRY, with KERNEL's parameters as
   the entry's ARGUMENTS, which are read once for the block; a parameter
   that the body changes is, for each thread, a local of its own that
   the copy sets from its argument first: in *LOCALS, or, where the body
   waits at barriers, in a scope around the copy, so that the cut at
   barriers keeps it as it keeps the kernel's variables, once for the
   block where it stays the same for every thread (key += blockIdx.x *
   n), else for each thread.  Its accesses to shared arrays check their
   bounds if CHECKED.  */
static tree
copy_kernel_body (tree kernel, tree entry, tree *locals,
                  const vec<tree> &arguments, bool checked = false)
{
  copy_body_data id;
  memset (&id, 0, sizeof id);
  hash_map<tree, tree> decl_map;
  id.src_fn = kernel;
  id.dst_fn = entry;
  id.src_cfun = DECL_STRUCT_FUNCTION (kernel);
  id.decl_map = &decl_map;
  id.copy_decl = copy_decl_no_change;
  id.transform_call_graph_edges = CB_CGE_DUPLICATE;
  id.transform_new_cfg = true;
  tree body = DECL_SAVED_TREE (kernel);
  tree statements = alloc_stmt_list ();
  tree scope = cudajit_calls_barrier_p (body) ? build3 (
                   BIND_EXPR, void_type_node, NULL_TREE, statements, NULL_TREE)
                                              : NULL_TREE;
  unsigned int i = 0;
  for (tree parm = DECL_ARGUMENTS (kernel); parm; parm = DECL_CHAIN (parm))
    {
      tree argument = arguments[i++];
      if (walk_tree_without_duplicates (&body, cudajit_find_write, parm))
        {
          tree own = cudajit_block_local (
              entry, scope ? &BIND_EXPR_VARS (scope) : locals, "parameter",
              TREE_TYPE (parm));
          append_to_statement_list (
              build2 (MODIFY_EXPR, TREE_TYPE (own), own, argument),
              &statements);
          argument = own;
        }
      decl_map.put (parm, argument);
    }
  walk_tree_without_duplicates (&body, claim_statement_expression_value,
                                kernel);
  walk_tree (&body, copy_tree_body_r, &id, NULL);
  cudajit_inline_waits (entry, &body);
  hash_map<tree, tree> literal_initializers;
  walk_tree (&body, lower_compound_literal, &literal_initializers, NULL);
  if (!checked)
    cudajit_drop_shared_checks (&body);
  append_to_statement_list (body, &statements);
  if (!scope || !BIND_EXPR_VARS (scope))
    return statements;
  /* Made empty, it was taken for one without effects.  */
  TREE_SIDE_EFFECTS (scope) = 1;
  return scope;
}

/* The device function whose calls sync_callee_p finds.  */
static tree sync_callee;

static bool
sync_callee_p (const_tree callee)
{
  return callee == sync_callee;
}

/* Record a comparison of the kernel's own code in DATA, a set.  */
static tree
record_comparison (tree *tp, int *walk_subtrees, void *data)
{
  if (TYPE_P (*tp))
    *walk_subtrees = 0;
  else if (COMPARISON_CLASS_P (*tp))
    ((hash_set<tree> *) data)->add (*tp);
  return NULL_TREE;
}

/* The statements that run BODY, the copy of the kernel's body, for each
   thread of the block, with the sums blockIdx * blockDim + threadIdx on
   x signed if X, else on y and z only, and in *NO_WRAP the condition on
   the block that this needs; whether the body has such sums on x in
   *SUMS_ON_X, if not null; in *IN_RANGE, the condition on the block
   that its threads pass all the comparisons of the kernel's that
   cudajit_in_range_blocks takes, which are true in the statements if
   ALL_IN_RANGE.  NULL_TREE, with B->refusal, where the threads must run
   as fibers.  */
static tree
run_threads (block_function *b, tree *body, bool barrier, bool x,
             bool *sums_on_x, tree *no_wrap, bool all_in_range, tree *in_range)
{
  /* Before the cut at warp functions adds its own, such as a shuffle's
     test that the lane it reads is in the block.  */
  hash_set<tree> comparisons;
  walk_tree_without_duplicates (body, record_comparison, &comparisons);
  /* A device function that waits, where it could not be inlined.  */
  if (tree call = cudajit_calls_p (*body, cudajit_waiting_device_call_p))
    {
      cudajit_refuse_loops (b, call,
                            CUDAJIT_FIBERS_WAITING_FUNCTION_IN_STATEMENT);
      return NULL_TREE;
    }
  if (!cudajit_cut_at_warp_functions (b, body))
    return NULL_TREE;
  b->reduction_loop = barrier ? cudajit_reduction_loop (b, *body) : NULL_TREE;
  walk_tree (body, localize_builtins, b, NULL);
  walk_tree (body, refresh_condition_side_effects, NULL, NULL);
  if (b->reduction_loop
      && !cudajit_shared_reduction_p (b, *body, b->reduction_loop))
    b->reduction_loop = NULL_TREE;
  cudajit_plain_shared_atomics (b, body);
  cudajit_defer_atomic_adds (b, body);
  cudajit_rematerialize (b, body, *b->arguments);
  *no_wrap = cudajit_signed_indices (b, body, x, sums_on_x);
  tree threads = barrier ? cudajit_cut_at_barriers (b, *body)
                         : cudajit_run_threads (b, *body);
  /* After the guards have become the loops' bounds, which cost
     nothing.  */
  if (threads)
    *in_range
        = cudajit_in_range_blocks (b, &threads, &comparisons, all_in_range);
  return threads;
}

/* B as before its first run_threads, for another.  */
static void
restart (block_function *b)
{
  b->regions.truncate (0);
  b->barrier_scope_variables.empty ();
  b->barriers = b->nesting = 0;
  b->loop_condition = NULL_TREE;
  b->warp_cuts = false;
  b->warp_branch_guard = NULL_TREE;
  b->lane_values.empty ();
  b->lane_slots.empty ();
  b->lane_zero_values.empty ();
  b->refusal = CUDAJIT_FIBERS_NONE;
}

/* THREADS, after what the runtime's check of each launch guarantees:
   the block's extents and indices within what a GPU allows.  GCC, which
   then knows that threadIdx.x + 1 or blockIdx.y * blockDim.y +
   threadIdx.y does not wrap, computes such indices in the width of a
   pointer, as in a C loop, rather than converting each.  */
static tree
assume_launch_limits (block_function *b, tree threads)
{
  static const unsigned HOST_WIDE_INT block_max[]
      = { CUDAJIT_BLOCK_X_MAX, CUDAJIT_BLOCK_Y_MAX, CUDAJIT_BLOCK_Z_MAX };
  static const unsigned HOST_WIDE_INT grid_max[]
      = { CUDAJIT_GRID_X_MAX, CUDAJIT_GRID_Y_MAX, CUDAJIT_GRID_Z_MAX };
  tree statements = alloc_stmt_list ();
  for (int axis = 0; axis < 3; axis++)
    {
      tree dim = cudajit_axis_ref (b->builtins[BLOCK_DIM], axis);
      tree index = cudajit_axis_ref (b->builtins[BLOCK_INDEX], axis);
      tree beyond = build2 (
          TRUTH_ORIF_EXPR, boolean_type_node,
          build2 (GT_EXPR, boolean_type_node, dim,
                  build_int_cstu (TREE_TYPE (dim), block_max[axis])),
          build2 (GE_EXPR, boolean_type_node, index,
                  build_int_cstu (TREE_TYPE (index), grid_max[axis])));
      append_to_statement_list (
          build3 (COND_EXPR, void_type_node, beyond,
                  build_call_expr (
                      builtin_decl_implicit (BUILT_IN_UNREACHABLE), 0),
                  build_empty_stmt (UNKNOWN_LOCATION)),
          &statements);
    }
  append_to_statement_list (threads, &statements);
  return statements;
}

/* The body of the block function ENTRY of KERNEL, whose parameters are
   ARGUMENTS there, with its locals added to *LOCALS; NULL_TREE where the
   threads of a block must run as fibers, with why in *REFUSAL, and
   where in *REFUSAL_LOC, unless the unit lacks cudajit.h.  */
static tree
block_function_body (tree kernel, tree entry, tree *locals,
                     const vec<tree> &arguments, const vec<tree> &callees,
                     enum cudajit_fiber_reason *refusal,
                     location_t *refusal_loc)
{
  *refusal = CUDAJIT_FIBERS_NONE;
  tree block_start = cudajit_header_function (block_start_name);
  tree enter_thread = cudajit_header_function (enter_thread_name);
  if (!block_start || !enter_thread)
    return NULL_TREE;
  tree kernel_body = DECL_SAVED_TREE (kernel);
  bool barrier = cudajit_waits_p (kernel_body);

  block_function b;
  b.kernel = kernel;
  b.entry = entry;
  b.locals = locals;
  b.arguments = &arguments;
  b.enter_thread = enter_thread;
  b.shared_memory_fn = NULL_TREE;
  b.shared_memory = NULL_TREE;
  b.refusal = CUDAJIT_FIBERS_NONE;
  b.barriers = b.nesting = 0;
  b.loop_condition = NULL_TREE;
  b.warp_cuts = false;
  b.warp_branch_guard = NULL_TREE;
  for (tree callee : callees)
    if (cudajit_device_function_may_sync (callee)
        && !cudajit_inlined_wait_p (callee))
      {
        sync_callee = callee;
        cudajit_refuse_loops (&b, cudajit_calls_p (kernel_body, sync_callee_p),
                              CUDAJIT_FIBERS_WAITING_FUNCTION);
      }
  if (tree loop = cudajit_waiting_loop (kernel_body))
    cudajit_refuse_loops (&b, loop, CUDAJIT_FIBERS_WAITING_LOOP);
  if (tree call = cudajit_calls_p (kernel_body, cudajit_grid_sync_call_p))
    cudajit_refuse_loops (&b, call, CUDAJIT_FIBERS_GRID_SYNC);
  if (tree call = cudajit_calls_p (kernel_body, waits_otherwise_p))
    cudajit_refuse_loops (&b, call, CUDAJIT_FIBERS_LANES_ALIVE);
  if (b.refusal)
    {
      *refusal = b.refusal;
      *refusal_loc = b.refusal_loc;
      return NULL_TREE;
    }
  /* A debug build runs each thread through the kernel as written, where
     gdb breaks by the kernel's name and finds threadIdx and the rest in
     their thread-local variables.  */
  if (!optimize)
    {
      if (barrier)
        *refusal = CUDAJIT_FIBERS_DEBUG_BUILD;
      return NULL_TREE;
    }

  tree index_type = TREE_VALUE (TYPE_ARG_TYPES (TREE_TYPE (enter_thread)));
  b.builtins[THREAD_INDEX]
      = cudajit_block_local (entry, locals, "thread", index_type);
  tree types = TYPE_ARG_TYPES (TREE_TYPE (block_start));
  for (int which = BLOCK_INDEX; which < BUILTIN_VARIABLES; which++)
    {
      b.builtins[which] = cudajit_block_local (
          entry, locals, cudajit_builtin_variable_names[which],
          TREE_TYPE (TREE_VALUE (types)));
      TREE_ADDRESSABLE (b.builtins[which]) = 1;
      types = TREE_CHAIN (types);
    }

  tree body = copy_kernel_body (kernel, entry, locals, arguments);
  tree chunks
      = barrier ? NULL_TREE : cudajit_grid_stride_chunks (&b, body, arguments);
  if (chunks)
    body = copy_kernel_body (kernel, entry, locals, arguments);
  bool sums_on_x;
  tree no_wrap, in_range;
  tree threads = run_threads (&b, &body, barrier, false, &sums_on_x, &no_wrap,
                              false, &in_range);
  bool has_in_range = in_range != NULL_TREE;
  if (threads && sums_on_x)
    {
      /* Again, with the sums on x signed, for the blocks where none
         wraps: all but those of a launch of more than 2^31 threads on
         x.  */
      tree copy = copy_kernel_body (kernel, entry, locals, arguments);
      restart (&b);
      tree signed_x = run_threads (&b, &copy, barrier, true, NULL, &no_wrap,
                                   false, &in_range);
      if (signed_x && no_wrap)
        threads
            = build3 (COND_EXPR, void_type_node, no_wrap, signed_x, threads);
      else
        sums_on_x = false;
      b.refusal = CUDAJIT_FIBERS_NONE;
    }
  if (threads && has_in_range)
    {
      /* Again, with the comparisons that every thread of the block
         passes true, for the blocks where they all do: all but the last
         of most launches.  */
      tree copy = copy_kernel_body (kernel, entry, locals, arguments);
      restart (&b);
      tree x_no_wrap;
      tree fast = run_threads (&b, &copy, barrier, sums_on_x, NULL, &x_no_wrap,
                               true, &in_range);
      if (fast && in_range && (!sums_on_x || x_no_wrap))
        threads
            = build3 (COND_EXPR, void_type_node,
                      sums_on_x ? build2 (TRUTH_ANDIF_EXPR, boolean_type_node,
                                          x_no_wrap, in_range)
                                : in_range,
                      fast, threads);
      b.refusal = CUDAJIT_FIBERS_NONE;
    }
  if (threads && chunks)
    threads = build3 (COND_EXPR, void_type_node, cudajit_one_dimension (&b),
                      chunks, threads);
  tree checks_shared = cudajit_header_function (checks_shared_name);
  if (threads && checks_shared
      && cudajit_calls_p (kernel_body, cudajit_shared_access_p))
    {
      /* Again, with the checks of the accesses to shared arrays, for
         CUDAJIT_CHECK=bounds.  */
      tree copy = copy_kernel_body (kernel, entry, locals, arguments, true);
      restart (&b);
      tree no_wrap_unused, in_range_unused;
      tree checked = run_threads (&b, &copy, barrier, false, NULL,
                                  &no_wrap_unused, false, &in_range_unused);
      if (checked)
        threads
            = build3 (COND_EXPR, void_type_node,
                      build_call_expr (checks_shared, 0), checked, threads);
      b.refusal = CUDAJIT_FIBERS_NONE;
    }
  if (!threads)
    {
      *refusal = b.refusal;
      *refusal_loc = b.refusal_loc;
      return NULL_TREE;
    }
  threads = assume_launch_limits (&b, threads);
  if (b.shared_memory)
    {
      tree read
          = build2 (MODIFY_EXPR, TREE_TYPE (b.shared_memory), b.shared_memory,
                    build_call_expr (b.shared_memory_fn, 0));
      tree statements = alloc_stmt_list ();
      append_to_statement_list (read, &statements);
      append_to_statement_list (threads, &statements);
      threads = statements;
    }

  /* if (cudajit_block_start (&blockIdx, &blockDim, &gridDim))
       THREADS
     else
       K (arguments...);    the thread that the runtime set, alone  */
  vec<tree, va_gc> *call_args = NULL;
  for (tree argument : arguments)
    vec_safe_push (call_args, argument);
  tree alone = build_call_expr_loc_vec (DECL_SOURCE_LOCATION (kernel), kernel,
                                        call_args);
  tree start = build_call_expr (block_start, 3,
                                build_fold_addr_expr (b.builtins[BLOCK_INDEX]),
                                build_fold_addr_expr (b.builtins[BLOCK_DIM]),
                                build_fold_addr_expr (b.builtins[GRID_DIM]));
  return build3 (COND_EXPR, void_type_node,
                 fold_convert (boolean_type_node, start), threads, alone);
}

/* The options of the host entries' optimize attribute: no calls of
   memcpy and memset for GCC's copy loops, as a block's loops are short
   and such a call, made for each, costs more than the loop (twice a warp
   scan's time on an AMD EPYC); and loops aligned to 32 bytes, so that a
   short hot loop never straddles a 64-byte line, as it may where the
   code before it moves (a histogram in shared memory took 1.1 to 1.6
   times as long as with the same code 32 bytes away).  */
static const char *const host_entry_options[]
    = { "no-tree-loop-distribute-patterns", "align-loops=32" };

/* What each reason says after "because".  */
static const char *const fiber_reason_texts[] = {
  NULL,
#define DEF_CUDAJIT_FIBER_REASON(id, text) text,
#include "cudajit-fiber-reasons.def"
#undef DEF_CUDAJIT_FIBER_REASON
};
static_assert (CUDAJIT_FIBER_REASONS - 1
                   <= (CUDAJIT_HOST_FIBER_REASON_MASK
                       >> CUDAJIT_HOST_FIBER_REASON_SHIFT),
               "the host flags hold each reason");

/* The host flags of REASON, met at LOC (cudajit-abi.h): its line, where
   it is one of the unit's main file, which the runtime knows the unit
   by.  */
static int
fiber_reason_flags (enum cudajit_fiber_reason reason, location_t loc)
{
  expanded_location where
      = expand_location (expansion_point_location_if_in_system_header (loc));
  int line = where.line;
  if (!where.file || filename_cmp (where.file, main_input_filename) != 0
      || line < 0 || line > CUDAJIT_HOST_FIBER_LINE_LIMIT)
    line = 0;
  return reason << CUDAJIT_HOST_FIBER_REASON_SHIFT
         | line << CUDAJIT_HOST_FIBER_LINE_SHIFT;
}

/* Whether -fplugin-arg-cudajit-warn-fibers was given.  */
static bool warn_fibers;

void
cudajit_warn_fibers (void)
{
  warn_fibers = true;
}

tree
cudajit_host_entry (tree kernel, const vec<tree> *callees,
                    enum cudajit_host_entry *kind, int *fiber_flags)
{
  *fiber_flags = 0;
  location_t loc = DECL_SOURCE_LOCATION (kernel);
  tree args_type = build_pointer_type (ptr_type_node);
  tree args = build_decl (loc, PARM_DECL, get_identifier ("args"), args_type);
  DECL_ARG_TYPE (args) = args_type;
  TREE_USED (args) = 1;
  tree bind = build3 (BIND_EXPR, void_type_node, NULL_TREE, alloc_stmt_list (),
                      NULL_TREE);
  SET_EXPR_LOCATION (bind, loc);
  char *name = concat ("cudajit.host.",
                       IDENTIFIER_POINTER (DECL_NAME (kernel)), NULL);
  tree fntype
      = build_function_type_list (void_type_node, args_type, NULL_TREE);
  tree entry = cudajit_build_function (name, fntype, args, bind);
  free (name);
  /* With the lines of the kernel's statements in the debug information,
     for gdb, valgrind and the sanitizers to name them.  */
  DECL_IGNORED_P (entry) = 0;
  /* It runs the kernel's statements, or calls the kernel, which it can
     then inline: with the kernel's optimizations, such as the
     -ffast-math of its fastmath option.  */
  DECL_FUNCTION_SPECIFIC_OPTIMIZATION (entry)
      = DECL_FUNCTION_SPECIFIC_OPTIMIZATION (kernel);
  /* And with the block functions' own, host_entry_options.  */
  tree options = NULL_TREE;
  for (const char *option : host_entry_options)
    options = tree_cons (NULL_TREE, build_string (strlen (option), option),
                         options);
  decl_attributes (
      &entry,
      build_tree_list (get_identifier ("optimize"), nreverse (options)), 0);

  /* The arguments, read once: T0 a0 = *(T0 *) args[0]; ...  */
  tree *locals = &BIND_EXPR_VARS (bind);
  tree *body = &BIND_EXPR_BODY (bind);
  auto_vec<tree> arguments;
  unsigned int i = 0;
  for (tree parm = DECL_ARGUMENTS (kernel); parm; parm = DECL_CHAIN (parm))
    {
      tree slot = fold_build_pointer_plus_hwi (args, i++ * POINTER_SIZE_UNITS);
      tree value_ptr = fold_convert (build_pointer_type (TREE_TYPE (parm)),
                                     build_simple_mem_ref (slot));
      tree copy = cudajit_block_local (entry, locals, "arg", TREE_TYPE (parm));
      append_to_statement_list (build2 (MODIFY_EXPR, TREE_TYPE (parm), copy,
                                        build_simple_mem_ref (value_ptr)),
                                body);
      arguments.safe_push (copy);
    }

  tree run = NULL_TREE;
  *kind = CUDAJIT_HOST_WHOLE;
  if (callees)
    {
      enum cudajit_fiber_reason refusal;
      location_t refusal_loc = loc;
      run = block_function_body (kernel, entry, locals, arguments, *callees,
                                 &refusal, &refusal_loc);
      if (run)
        *kind = cudajit_waits_p (DECL_SAVED_TREE (kernel))
                    ? CUDAJIT_HOST_BLOCK_REGIONS
                    : CUDAJIT_HOST_BLOCK;
      else if (refusal)
        {
          *kind = CUDAJIT_HOST_FIBERS;
          *fiber_flags = fiber_reason_flags (refusal, refusal_loc);
          /* A debug build's fibers are what the user asked for.  */
          if (warn_fibers && refusal != CUDAJIT_FIBERS_DEBUG_BUILD)
            {
              auto_diagnostic_group group;
              if (warning_at (DECL_SOURCE_LOCATION (kernel), 0,
                              "on the CPU backend, the threads of %qD run "
                              "as fibers, slower than loops",
                              kernel))
                inform (refusal_loc, "because %s",
                        fiber_reason_texts[refusal]);
            }
        }
      else
        *kind = CUDAJIT_HOST_THREAD;
      /* Whatever runs the threads of a block, those of the whole grid
         must be alive at once.  */
      if (cudajit_reaches_grid_sync_p (DECL_SAVED_TREE (kernel)))
        *kind = CUDAJIT_HOST_GRID_FIBERS;
    }
  if (!run)
    {
      vec<tree, va_gc> *call_args = NULL;
      for (tree argument : arguments)
        vec_safe_push (call_args, argument);
      run = build_call_expr_loc_vec (loc, kernel, call_args);
    }
  append_to_statement_list (run, body);
  for (tree var = *locals; var; var = DECL_CHAIN (var))
    DECL_CONTEXT (var) = entry;
  /* Its loops, and those of the copy, are the C front end's.  */
  c_genericize (entry);
  cgraph_node::finalize_function (entry, true);
  return entry;
}
