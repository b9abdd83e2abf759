/* The C version of a kernel that the CPU backend calls: a block function
   that runs all the threads of a block in one call, as PoCL, Intel's
   OpenCL CPU device and AdaptiveCpp do.

   The kernel's body is copied into it, with the built-in variables as
   locals of the block and the thread index as the counters of loops over
   the block's threads (work-item loops), so that GCC inlines, hoists and
   vectorizes across threads as it does in a C loop.  A kernel whose
   threads wait at cuda_syncthreads is cut at each barrier into regions,
   each a loop over the threads (loop fission).  A barrier may stand in
   loops and conditionals that every thread of a block reaches alike, as
   CUDA requires: their conditions are evaluated once for the block, as
   thread (0, 0, 0) sees them.  The variables that live across a barrier
   are kept per thread, in context arrays indexed by the thread.

   What cannot be cut so (warp functions, which need the threads of a warp
   in lockstep; a barrier in a device function, an expression or a
   switch; a jump out of a region) runs the kernel itself for each thread,
   as a fiber: -fplugin-arg-cudajit-warn-fibers says which kernels do, and
   why.

   A block function knows its thread only as a loop counter.  Where
   something may read threadIdx (a device function, the runtime's assert)
   it stores the thread there first; and on a fault the runtime runs the
   block again thread by thread, through the kernel itself, to name the
   thread that faults (cudajit.h's cudajit_block_start).  */

#include "cudajit-plugin.h"
#include "tree-inline.h"

/* What cudajit.h gives the block function.  */
static const char block_start_name[] = "cudajit_block_start";
static const char enter_thread_name[] = "cudajit_enter_thread";

/* The barrier that fission cuts at.  */
static const char barrier_name[] = "cuda_syncthreads";

/* The built-in variables, as the block function has them.  */
enum builtin_variable
{
  THREAD_INDEX,
  BLOCK_INDEX,
  BLOCK_DIM,
  GRID_DIM,
  BUILTIN_VARIABLES
};

static const char *const builtin_variable_names[BUILTIN_VARIABLES]
    = { "threadIdx", "blockIdx", "blockDim", "gridDim" };

/* cudajit.h's functions of the built-in variables, which the block
   function computes from its locals: the global index of the thread on
   AXIS, blockIdx * blockDim + threadIdx, or with GRID_SIZE the threads of
   the grid on AXIS, gridDim * blockDim.  */
static const struct
{
  const char *name;
  bool grid_size;
  int axis;
} grid_functions[] = {
  { "cuda_grid_x", false, 0 },    { "cuda_grid_y", false, 1 },
  { "cuda_grid_z", false, 2 },    { "cuda_gridsize_x", true, 0 },
  { "cuda_gridsize_y", true, 1 }, { "cuda_gridsize_z", true, 2 },
};

/* A loop over the block's threads, or a condition evaluated for the
   block, after fission: where its statements or its expression are, and
   what it is in.  */
struct region
{
  tree *code;
  /* The barrier loop it is in, 0 for none.  */
  int loop;
  /* Whether it is in a barrier loop or a conditional with barriers, and
     how many barriers come before it in the kernel's text.  */
  bool nested;
  int barriers_before;
  /* A return in it, which ends the thread, or NULL_TREE.  */
  tree early_return;
};

/* The block function being built.  */
struct block_function
{
  tree kernel;
  tree entry;
  /* The locals that stand for the built-in variables.  */
  tree builtins[BUILTIN_VARIABLES];
  tree enter_thread;
  /* The runtime's function that gives the block's shared memory, and the
     local that holds what it gives, read once for the block; NULL_TREE
     until a call of it is found.  */
  tree shared_memory_fn;
  tree shared_memory;
  /* The entry's local variables.  */
  tree *locals;
  /* Why the kernel cannot be cut at its barriers, and where; NULL if it
     can.  */
  const char *refusal;
  location_t refusal_loc;

  /* Fission: the regions; the barrier loop that each variable of the
     kernel's scopes with barriers is declared in; the loops and barriers
     so far; where the lowering is.  */
  auto_vec<region> regions;
  hash_map<tree, int> variable_loops;
  int loops;
  int barriers;
  int current_loop;
  int nesting;
};

static tree
field (tree record, int index)
{
  tree f = TYPE_FIELDS (TREE_TYPE (record));
  while (index--)
    f = DECL_CHAIN (f);
  return build3 (COMPONENT_REF, TREE_TYPE (f), record, f, NULL_TREE);
}

static tree
new_local (tree entry, tree *locals, const char *name, tree type)
{
  tree var = build_decl (DECL_SOURCE_LOCATION (entry), VAR_DECL,
                         get_identifier (name), type);
  DECL_ARTIFICIAL (var) = 1;
  DECL_IGNORED_P (var) = 1;
  TREE_USED (var) = 1;
  DECL_CONTEXT (var) = entry;
  DECL_CHAIN (var) = *locals;
  *locals = var;
  return var;
}

static void
refuse (block_function *b, tree where, const char *why)
{
  if (b->refusal)
    return;
  b->refusal = why;
  b->refusal_loc = where && EXPR_P (where) && EXPR_HAS_LOCATION (where)
                       ? EXPR_LOCATION (where)
                   : where && DECL_P (where)
                       ? DECL_SOURCE_LOCATION (where)
                       : DECL_SOURCE_LOCATION (b->kernel);
}

static bool
barrier_call_p (const_tree callee)
{
  return DECL_NAME (callee)
         && strcmp (IDENTIFIER_POINTER (DECL_NAME (callee)), barrier_name)
                == 0;
}

/* Which built-in variable DECL is, or BUILTIN_VARIABLES.  */
static int
builtin_variable (const_tree decl)
{
  if (!cudajit_builtin_variable_p (decl))
    return BUILTIN_VARIABLES;
  const char *name = IDENTIFIER_POINTER (DECL_NAME (decl));
  int which = 0;
  while (which < BUILTIN_VARIABLES
         && strcmp (name, builtin_variable_names[which]) != 0)
    which++;
  return which;
}

/* The global index or the grid's size on an axis, from the locals.  */
static tree
grid_value (block_function *b, tree type, bool grid_size, int axis)
{
  tree first = b->builtins[grid_size ? GRID_DIM : BLOCK_INDEX];
  tree product
      = build2 (MULT_EXPR, type, fold_convert (type, field (first, axis)),
                fold_convert (type, field (b->builtins[BLOCK_DIM], axis)));
  if (grid_size)
    return product;
  return build2 (PLUS_EXPR, type, product,
                 fold_convert (type, field (b->builtins[THREAD_INDEX], axis)));
}

/* Whether a call of CALLEE may read threadIdx: the functions of the
   user's, and those of the runtime, but not GCC's builtins nor the inline
   functions of cudajit.h, which the block function's locals serve.  */
static bool
may_read_thread_index_p (const_tree callee)
{
  return !fndecl_built_in_p (callee)
         && !(DECL_IN_SYSTEM_HEADER (callee)
              && DECL_DECLARED_INLINE_P (callee));
}

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
  int which = builtin_variable (*tp);
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
  const char *name
      = DECL_NAME (callee) ? IDENTIFIER_POINTER (DECL_NAME (callee)) : "";
  for (const auto &g : grid_functions)
    if (strcmp (name, g.name) == 0)
      {
        *tp = grid_value (b, TREE_TYPE (*tp), g.grid_size, g.axis);
        *walk_subtrees = 0;
        return NULL_TREE;
      }
  if (callee == b->shared_memory_fn)
    {
      if (!b->shared_memory)
        b->shared_memory = new_local (b->entry, b->locals, "shared_memory",
                                      TREE_TYPE (*tp));
      *tp = b->shared_memory;
      return NULL_TREE;
    }
  if (may_read_thread_index_p (callee) && !barrier_call_p (callee))
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

/* A return from the kernel ends the thread: a jump to LABEL, at the end
   of the thread loop's body.  */
static tree
returns_to_label (tree *tp, int *walk_subtrees, void *data)
{
  if (TYPE_P (*tp))
    *walk_subtrees = 0;
  else if (TREE_CODE (*tp) == RETURN_EXPR)
    *tp = build1 (GOTO_EXPR, void_type_node, (tree) data);
  return NULL_TREE;
}

static tree
find_return (tree *tp, int *walk_subtrees, void *)
{
  if (TYPE_P (*tp))
    *walk_subtrees = 0;
  return TREE_CODE (*tp) == RETURN_EXPR ? *tp : NULL_TREE;
}

/* VAR = 0; do BODY while (++VAR < BOUND), appended to *LIST: BOUND, an
   extent of a launch, is at least 1, and GCC, told so, neither tests it
   before the first turn nor warns that what the first turn sets may be
   unset after the loop.  */
static void
append_counted_loop (tree var, tree bound, tree body, tree *list)
{
  tree type = TREE_TYPE (var);
  append_to_statement_list (
      build2 (MODIFY_EXPR, type, var, build_zero_cst (type)), list);
  tree loop = alloc_stmt_list ();
  append_to_statement_list (body, &loop);
  append_to_statement_list (
      build2 (MODIFY_EXPR, type, var,
              build2 (PLUS_EXPR, type, var, build_one_cst (type))),
      &loop);
  append_to_statement_list (
      build1 (EXIT_EXPR, void_type_node,
              build2 (GE_EXPR, boolean_type_node, var, bound)),
      &loop);
  append_to_statement_list (build1 (LOOP_EXPR, void_type_node, loop), list);
}

/* BODY run by each thread of the block in turn, in loops over threadIdx's
   z, y and x, x innermost; a return in BODY ends the thread.  BODY is
   kept in a BIND_EXPR of its own, whose body is left in *INSIDE.  */
static tree
thread_loop (block_function *b, tree body, tree **inside)
{
  tree statements = alloc_stmt_list ();
  append_to_statement_list (body, &statements);
  if (walk_tree_without_duplicates (&statements, find_return, NULL))
    {
      tree label = build_decl (DECL_SOURCE_LOCATION (b->kernel), LABEL_DECL,
                               NULL_TREE, void_type_node);
      DECL_ARTIFICIAL (label) = 1;
      DECL_CONTEXT (label) = b->entry;
      walk_tree (&statements, returns_to_label, label, NULL);
      append_to_statement_list (build1 (LABEL_EXPR, void_type_node, label),
                                &statements);
    }
  tree thread
      = build3 (BIND_EXPR, void_type_node, NULL_TREE, statements, NULL_TREE);
  if (inside)
    *inside = &BIND_EXPR_BODY (thread);
  for (int axis = 0; axis < 3; axis++)
    {
      tree loop = alloc_stmt_list ();
      append_counted_loop (field (b->builtins[THREAD_INDEX], axis),
                           field (b->builtins[BLOCK_DIM], axis), thread,
                           &loop);
      thread = loop;
    }
  return thread;
}

/* Fission.  */

static bool
contains_barrier_p (tree t)
{
  return cudajit_calls_p (t, barrier_call_p) != NULL_TREE;
}

/* Whether T is a statement that is a barrier and nothing else.  */
static bool
barrier_statement_p (tree t)
{
  if (TREE_CODE (t) != CALL_EXPR)
    return false;
  tree callee = get_callee_fndecl (t);
  return callee && barrier_call_p (callee);
}

static tree
find_jump (tree *tp, int *walk_subtrees, void *)
{
  if (TYPE_P (*tp))
    *walk_subtrees = 0;
  switch (TREE_CODE (*tp))
    {
    case BREAK_STMT:
    case CONTINUE_STMT:
    case GOTO_EXPR:
    case LABEL_EXPR:
    case RETURN_EXPR:
      return *tp;
    default:
      return NULL_TREE;
    }
}

static void
add_region (block_function *b, tree *code, tree early_return)
{
  b->regions.safe_push (
      { code, b->current_loop, b->nesting > 0, b->barriers, early_return });
}

/* BODY, statements without barriers, as a region: run by every thread.  */
static tree
lower_region (block_function *b, tree body)
{
  tree early_return = walk_tree_without_duplicates (&body, find_return, NULL);
  tree *inside;
  tree loop = thread_loop (b, body, &inside);
  add_region (b, inside, early_return);
  return loop;
}

/* COND, a condition that every thread of the block evaluates alike, as
   thread (0, 0, 0) evaluates it, a region of its own.  */
static tree
block_condition (block_function *b, tree cond)
{
  if (TREE_SIDE_EFFECTS (cond))
    refuse (b, cond,
            "a condition with side effects decides whether threads reach "
            "'cuda_syncthreads'");
  tree thread = b->builtins[THREAD_INDEX];
  tree first = build2 (MODIFY_EXPR, TREE_TYPE (thread), thread,
                       build_zero_cst (TREE_TYPE (thread)));
  tree test = build2 (COMPOUND_EXPR, boolean_type_node, first,
                      fold_convert (boolean_type_node, cond));
  add_region (b, &TREE_OPERAND (test, 1), NULL_TREE);
  return test;
}

static tree lower_barriers (block_function *b, tree t);

/* A loop whose BODY has barriers, its condition COND tested before BODY
   if COND_FIRST, else after, and INCREMENT at the end of each turn.  */
static tree
lower_barrier_loop (block_function *b, tree loop_statement, tree cond,
                    tree body, tree increment, bool cond_first)
{
  if (walk_tree_without_duplicates (&body, find_jump, NULL))
    refuse (b, loop_statement,
            "a loop with 'cuda_syncthreads' has a 'break', 'continue', "
            "'return' or 'goto'");
  int outer = b->current_loop;
  b->current_loop = ++b->loops;
  b->nesting++;
  tree loop = alloc_stmt_list ();
  tree exit = NULL_TREE;
  if (cond)
    exit = build1 (
        EXIT_EXPR, void_type_node,
        build1 (TRUTH_NOT_EXPR, boolean_type_node, block_condition (b, cond)));
  if (exit && cond_first)
    append_to_statement_list (exit, &loop);
  append_to_statement_list (lower_barriers (b, body), &loop);
  if (increment)
    append_to_statement_list (lower_region (b, increment), &loop);
  if (exit && !cond_first)
    append_to_statement_list (exit, &loop);
  b->nesting--;
  b->current_loop = outer;
  return build1 (LOOP_EXPR, void_type_node, loop);
}

/* T, a statement of the kernel, run by all the threads of the block: each
   run of statements without barrier is a region.  */
static tree
lower_barriers (block_function *b, tree t)
{
  if (!t)
    return build_empty_stmt (DECL_SOURCE_LOCATION (b->kernel));
  if (!contains_barrier_p (t))
    return lower_region (b, t);
  if (barrier_statement_p (t))
    {
      b->barriers++;
      return build_empty_stmt (DECL_SOURCE_LOCATION (b->kernel));
    }
  switch (TREE_CODE (t))
    {
    case STATEMENT_LIST:
      {
        tree lowered = alloc_stmt_list ();
        tree run = NULL_TREE;
        for (tree_stmt_iterator i = tsi_start (t); !tsi_end_p (i);
             tsi_next (&i))
          {
            tree s = tsi_stmt (i);
            if (!contains_barrier_p (s))
              {
                if (!run)
                  run = alloc_stmt_list ();
                append_to_statement_list (s, &run);
                continue;
              }
            if (run)
              append_to_statement_list (lower_region (b, run), &lowered);
            run = NULL_TREE;
            append_to_statement_list (lower_barriers (b, s), &lowered);
          }
        if (run)
          append_to_statement_list (lower_region (b, run), &lowered);
        return lowered;
      }
    case BIND_EXPR:
      for (tree var = BIND_EXPR_VARS (t); var; var = DECL_CHAIN (var))
        if (VAR_P (var))
          b->variable_loops.put (var, b->current_loop);
      BIND_EXPR_BODY (t) = lower_barriers (b, BIND_EXPR_BODY (t));
      return t;
    case COND_EXPR:
      {
        tree test = block_condition (b, COND_EXPR_COND (t));
        b->nesting++;
        tree then_clause = lower_barriers (b, COND_EXPR_THEN (t));
        tree else_clause = lower_barriers (b, COND_EXPR_ELSE (t));
        b->nesting--;
        return build3 (COND_EXPR, void_type_node, test, then_clause,
                       else_clause);
      }
    case FOR_STMT:
      {
        tree lowered = alloc_stmt_list ();
        if (FOR_INIT_STMT (t))
          append_to_statement_list (lower_barriers (b, FOR_INIT_STMT (t)),
                                    &lowered);
        append_to_statement_list (lower_barrier_loop (b, t, FOR_COND (t),
                                                      FOR_BODY (t),
                                                      FOR_EXPR (t), true),
                                  &lowered);
        return lowered;
      }
    case WHILE_STMT:
      return lower_barrier_loop (b, t, WHILE_COND (t), WHILE_BODY (t),
                                 NULL_TREE, true);
    case DO_STMT:
      return lower_barrier_loop (b, t, DO_COND (t), DO_BODY (t), NULL_TREE,
                                 false);
    default:
      refuse (b, t,
              "'cuda_syncthreads' is called in an expression, a 'switch' or "
              "a loop that GCC lowered to jumps");
      return t;
    }
}

/* The local variables of the kernel that a region uses, and those of
   them whose address it takes, which may be read through it in another
   region.  */
struct region_variables
{
  hash_set<tree> used;
  hash_set<tree> addressed;
};

static tree
collect_variables (tree *tp, int *walk_subtrees, void *data)
{
  region_variables *v = (region_variables *) data;
  if (TYPE_P (*tp))
    *walk_subtrees = 0;
  else if (VAR_P (*tp) && !TREE_STATIC (*tp) && !DECL_EXTERNAL (*tp))
    v->used.add (*tp);
  else if (TREE_CODE (*tp) == DECL_EXPR && VAR_P (DECL_EXPR_DECL (*tp)))
    {
      /* Its initializer is walked with the scope that declares it, which
         is outside the region when the variable is kept.  */
      v->used.add (DECL_EXPR_DECL (*tp));
      walk_tree (&DECL_INITIAL (DECL_EXPR_DECL (*tp)), collect_variables, v,
                 NULL);
    }
  else if (TREE_CODE (*tp) == ADDR_EXPR)
    {
      tree base = get_base_address (TREE_OPERAND (*tp, 0));
      if (base && VAR_P (base))
        v->addressed.add (base);
    }
  return NULL_TREE;
}

/* The number of the thread in the block.  */
static tree
thread_number (block_function *b)
{
  tree thread = b->builtins[THREAD_INDEX], dim = b->builtins[BLOCK_DIM];
  tree z = build2 (MULT_EXPR, sizetype,
                   fold_convert (sizetype, field (thread, 2)),
                   fold_convert (sizetype, field (dim, 1)));
  tree zy = build2 (MULT_EXPR, sizetype,
                    build2 (PLUS_EXPR, sizetype, z,
                            fold_convert (sizetype, field (thread, 1))),
                    fold_convert (sizetype, field (dim, 0)));
  return build2 (PLUS_EXPR, sizetype, zy,
                 fold_convert (sizetype, field (thread, 0)));
}

/* The variables kept per thread, each with the pointer to its context
   array.  */
struct privatization
{
  block_function *b;
  hash_map<tree, tree> contexts;
};

/* VAR's element of its context array CONTEXT.  GCC cannot see that the
   element of thread (0, 0, 0) that a condition of the block reads was
   written, as the block has a thread.  */
static tree
context_element (block_function *b, tree var, tree context)
{
  tree offset = build2 (MULT_EXPR, sizetype, thread_number (b),
                        TYPE_SIZE_UNIT (TREE_TYPE (var)));
  tree element
      = build_simple_mem_ref (fold_build_pointer_plus (context, offset));
  cudajit_suppress_uninitialized_warning (element);
  return element;
}

static tree
privatize (tree *tp, int *walk_subtrees, void *data)
{
  privatization *p = (privatization *) data;
  if (TYPE_P (*tp))
    {
      *walk_subtrees = 0;
      return NULL_TREE;
    }
  if (TREE_CODE (*tp) == DECL_EXPR && VAR_P (DECL_EXPR_DECL (*tp)))
    {
      tree var = DECL_EXPR_DECL (*tp);
      tree *context = p->contexts.get (var);
      tree init = DECL_INITIAL (var);
      *walk_subtrees = 0;
      /* The initializer is walked with the scope that declares VAR, which
         may be outside the region.  */
      if (!context)
        {
          walk_tree (&DECL_INITIAL (var), privatize, p, NULL);
          return NULL_TREE;
        }
      if (!init)
        {
          *tp = build_empty_stmt (DECL_SOURCE_LOCATION (var));
          return NULL_TREE;
        }
      walk_tree (&init, privatize, p, NULL);
      *tp = build2 (INIT_EXPR, TREE_TYPE (var),
                    context_element (p->b, var, *context), init);
      DECL_INITIAL (var) = NULL_TREE;
      return NULL_TREE;
    }
  if (VAR_P (*tp))
    if (tree *context = p->contexts.get (*tp))
      *tp = context_element (p->b, *tp, *context);
  return NULL_TREE;
}

static int
by_uid (const void *a, const void *b)
{
  return DECL_UID (*(const tree *) a) - DECL_UID (*(const tree *) b);
}

/* Where the context array of KEPT[COUNT] starts in the memory of the
   context arrays, when the block has THREADS threads: after those of
   KEPT[0] to KEPT[COUNT - 1], each rounded up to CUDAJIT_CONTEXT_ALIGN
   bytes.  */
static tree
context_offset (tree threads, const vec<tree> &kept, unsigned int count)
{
  tree offset = size_zero_node;
  for (unsigned int i = 0; i < count; i++)
    {
      tree bytes = build2 (MULT_EXPR, sizetype, threads,
                           TYPE_SIZE_UNIT (TREE_TYPE (kept[i])));
      tree rounded
          = build2 (BIT_AND_EXPR, sizetype,
                    build2 (PLUS_EXPR, sizetype, bytes,
                            size_int (CUDAJIT_CONTEXT_ALIGN - 1)),
                    size_int (-(HOST_WIDE_INT) CUDAJIT_CONTEXT_ALIGN));
      offset = size_binop (PLUS_EXPR, offset, rounded);
    }
  return offset;
}

/* The variables that live across barriers, those that more than one
   region uses, or a region in a barrier loop inside the scope that
   declares them, or whose address is taken, get a context array each, in
   memory of the runtime's (a variable may take the 512 KiB of a GPU's local
   memory, for each of 1024 threads): their uses become its elements.
   *STATEMENTS, the fissioned body, gets the arrays' places first.  */
static void
privatize_variables (block_function *b, tree *statements)
{
  hash_map<tree, int> regions_using;
  auto_vec<tree> kept;
  for (const region &r : b->regions)
    {
      region_variables variables;
      walk_tree_without_duplicates (r.code, collect_variables, &variables);
      for (tree var : variables.used)
        {
          int *declared_in = b->variable_loops.get (var);
          if (!declared_in)
            continue;
          bool existed;
          int &count = regions_using.get_or_insert (var, &existed);
          count = existed ? count + 1 : 1;
          if (*declared_in != r.loop || variables.addressed.contains (var))
            count = 2;
          if (count == 2 && !kept.contains (var))
            kept.safe_push (var);
        }
      if (r.early_return && (r.nested || r.barriers_before < b->barriers))
        refuse (b, r.early_return,
                "a thread may return before a 'cuda_syncthreads' that "
                "others reach");
    }
  kept.qsort (by_uid);

  privatization p;
  p.b = b;
  tree allocations = alloc_stmt_list ();
  for (tree var : kept)
    {
      tree type = TREE_TYPE (var);
      if (!TYPE_SIZE_UNIT (type)
          || TREE_CODE (TYPE_SIZE_UNIT (type)) != INTEGER_CST)
        refuse (b, var,
                "a variable of variable size lives across "
                "'cuda_syncthreads'");
      else if (TYPE_ALIGN_UNIT (type) > CUDAJIT_CONTEXT_ALIGN)
        refuse (b, var,
                "a variable aligned to more than a cache line lives across "
                "'cuda_syncthreads'");
    }
  if (kept.is_empty () || b->refusal)
    return;

  /* threads = blockDim.x * blockDim.y * blockDim.z;
     memory = cudajit_block_context_memory (BYTES (0) + ... + BYTES (n));
     context0 = (T0 *) memory;
     context1 = (T1 *) (memory + BYTES (0)); ...  */
  tree threads = new_local (b->entry, b->locals, "threads", sizetype);
  tree dim = b->builtins[BLOCK_DIM];
  tree count = fold_convert (sizetype, field (dim, 0));
  for (int axis = 1; axis < 3; axis++)
    count = build2 (MULT_EXPR, sizetype, count,
                    fold_convert (sizetype, field (dim, axis)));
  append_to_statement_list (build2 (MODIFY_EXPR, sizetype, threads, count),
                            &allocations);
  tree memory
      = new_local (b->entry, b->locals, "context_memory", ptr_type_node);
  tree allocate
      = cudajit_entry_point (CUDAJIT_ENTRY_BLOCK_CONTEXT_MEMORY, NULL_TREE);
  /* Nothing else points into it while the block function runs: GCC may
     keep the context arrays apart from the kernel's arrays.  */
  DECL_IS_MALLOC (allocate) = 1;
  TREE_NOTHROW (allocate) = 1;
  append_to_statement_list (
      build2 (
          MODIFY_EXPR, ptr_type_node, memory,
          build_call_expr (allocate, 1,
                           context_offset (threads, kept, kept.length ()))),
      &allocations);
  for (unsigned int i = 0; i < kept.length (); i++)
    {
      tree type = build_pointer_type (TREE_TYPE (kept[i]));
      tree context = new_local (b->entry, b->locals, "context", type);
      append_to_statement_list (
          build2 (MODIFY_EXPR, type, context,
                  fold_convert (
                      type, fold_build_pointer_plus (
                                memory, context_offset (threads, kept, i)))),
          &allocations);
      p.contexts.put (kept[i], context);
    }
  for (const region &r : b->regions)
    walk_tree (r.code, privatize, &p, NULL);
  append_to_statement_list (*statements, &allocations);
  *statements = allocations;
}

/* Whether the kernel's body writes one of its parameters, which the
   block function keeps once for all threads.  */
static tree
find_parameter_write (tree *tp, int *walk_subtrees, void *)
{
  if (TYPE_P (*tp))
    *walk_subtrees = 0;
  tree target = NULL_TREE;
  switch (TREE_CODE (*tp))
    {
    case MODIFY_EXPR:
    case INIT_EXPR:
    case PREINCREMENT_EXPR:
    case PREDECREMENT_EXPR:
    case POSTINCREMENT_EXPR:
    case POSTDECREMENT_EXPR:
    case ADDR_EXPR:
      target = get_base_address (TREE_OPERAND (*tp, 0));
      break;
    default:
      break;
    }
  return target && TREE_CODE (target) == PARM_DECL ? *tp : NULL_TREE;
}

/* The statements that run BODY, the copy of the kernel's body, for every
   thread of the block; NULL_TREE, with B->refusal, where its barriers
   cannot be cut.  */
static tree
run_threads (block_function *b, tree body, bool barrier)
{
  if (!barrier)
    return thread_loop (b, body, NULL);
  tree lowered = lower_barriers (b, body);
  if (!b->refusal)
    privatize_variables (b, &lowered);
  return b->refusal ? NULL_TREE : lowered;
}

/* Whether a call of CALLEE waits for other threads otherwise than at
   cuda_syncthreads.  */
static bool
waits_otherwise_p (const_tree callee)
{
  return cudajit_waiting_call_p (callee) && !barrier_call_p (callee);
}

/* A copy of the body of KERNEL for ENTRY, with KERNEL's parameters as
   the entry's ARGUMENTS.  */
static tree
copy_kernel_body (tree kernel, tree entry, const vec<tree> &arguments)
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
  unsigned int i = 0;
  for (tree parm = DECL_ARGUMENTS (kernel); parm; parm = DECL_CHAIN (parm))
    decl_map.put (parm, arguments[i++]);
  tree body = DECL_SAVED_TREE (kernel);
  walk_tree (&body, copy_tree_body_r, &id, NULL);
  return body;
}

/* Grid-stride loops.  A kernel that is only

     for (i = cuda_grid_x (); i < END; i += cuda_gridsize_x ())
       BODY

   runs BODY once for each I from 0 to END, by whatever thread: where
   BODY does not ask which thread runs it, the block function of a launch
   of one dimension runs its block's share of them, contiguous, in a C
   loop, as the blocks of a launch are handed to the pool's threads in
   order.  On a GPU each thread strides; on a CPU a stride would walk all
   of memory for each thread.  */

/* Whether T, without conversions, is a call of cudajit.h's NAME.  */
static bool
call_of_p (tree t, const char *name)
{
  STRIP_NOPS (t);
  if (TREE_CODE (t) == SAVE_EXPR)
    t = TREE_OPERAND (t, 0);
  STRIP_NOPS (t);
  tree callee = TREE_CODE (t) == CALL_EXPR ? get_callee_fndecl (t) : NULL;
  return callee && DECL_NAME (callee)
         && strcmp (IDENTIFIER_POINTER (DECL_NAME (callee)), name) == 0;
}

static bool
same_variable_p (tree t, tree var)
{
  STRIP_NOPS (t);
  return t == var;
}

/* The statements of T, a body, but debug markers, in *STATEMENTS; false
   where a scope declares more than one variable.  */
static bool
flatten_statements (tree t, vec<tree> *statements)
{
  switch (TREE_CODE (t))
    {
    case BIND_EXPR:
      if (BIND_EXPR_VARS (t) && DECL_CHAIN (BIND_EXPR_VARS (t)))
        return false;
      return flatten_statements (BIND_EXPR_BODY (t), statements);
    case STATEMENT_LIST:
      for (tree_stmt_iterator i = tsi_start (t); !tsi_end_p (i); tsi_next (&i))
        if (!flatten_statements (tsi_stmt (i), statements))
          return false;
      return true;
    case DEBUG_BEGIN_STMT:
      return true;
    default:
      statements->safe_push (t);
      return true;
    }
}

/* What a BODY of a grid-stride loop may not have: what tells it its
   thread, or jumps.  */
static tree
find_thread_dependence (tree *tp, int *walk_subtrees, void *)
{
  if (TYPE_P (*tp))
    {
      *walk_subtrees = 0;
      return NULL_TREE;
    }
  if (builtin_variable (*tp) < BUILTIN_VARIABLES
      || find_jump (tp, walk_subtrees, NULL))
    return *tp;
  tree callee
      = TREE_CODE (*tp) == CALL_EXPR ? get_callee_fndecl (*tp) : NULL_TREE;
  if (callee && may_read_thread_index_p (callee))
    return *tp;
  for (const auto &g : grid_functions)
    if (callee && DECL_NAME (callee)
        && strcmp (IDENTIFIER_POINTER (DECL_NAME (callee)), g.name) == 0)
      return *tp;
  return NULL_TREE;
}

/* Whether T writes VAR, or takes its address.  */
static tree
find_write (tree *tp, int *walk_subtrees, void *data)
{
  if (TYPE_P (*tp))
    *walk_subtrees = 0;
  switch (TREE_CODE (*tp))
    {
    case MODIFY_EXPR:
    case INIT_EXPR:
    case PREINCREMENT_EXPR:
    case PREDECREMENT_EXPR:
    case POSTINCREMENT_EXPR:
    case POSTDECREMENT_EXPR:
    case ADDR_EXPR:
      return get_base_address (TREE_OPERAND (*tp, 0)) == (tree) data
                 ? *tp
                 : NULL_TREE;
    default:
      return NULL_TREE;
    }
}

/* What END may be made of: constants and parameters that BODY does not
   write, in arithmetic.  */
struct invariance
{
  const vec<tree> *arguments;
  tree body;
};

static tree
find_variance (tree *tp, int *walk_subtrees, void *data)
{
  invariance *inv = (invariance *) data;
  tree t = *tp;
  if (CONSTANT_CLASS_P (t))
    return NULL_TREE;
  if (VAR_P (t))
    return (inv->arguments->contains (t)
            && !walk_tree_without_duplicates (&inv->body, find_write, t))
               ? NULL_TREE
               : t;
  if ((UNARY_CLASS_P (t) || BINARY_CLASS_P (t)) && !TREE_SIDE_EFFECTS (t))
    return NULL_TREE;
  *walk_subtrees = 0;
  return t;
}

/* The loop over the block's share of the iterations of BODY, the copy of
   a kernel's body, if it is only a grid-stride loop that does not depend
   on its thread; else NULL_TREE.  */
static tree
grid_stride_chunks (block_function *b, tree body, const vec<tree> &arguments)
{
  auto_vec<tree> statements;
  if (!flatten_statements (body, &statements) || statements.is_empty ()
      || statements.length () > 2
      || TREE_CODE (statements.last ()) != FOR_STMT)
    return NULL_TREE;
  tree loop = statements.last ();
  tree index = NULL_TREE, start = NULL_TREE;
  if (statements.length () == 2 && TREE_CODE (statements[0]) == DECL_EXPR
      && !FOR_INIT_STMT (loop))
    {
      index = DECL_EXPR_DECL (statements[0]);
      start = VAR_P (index) ? DECL_INITIAL (index) : NULL_TREE;
    }
  else if (statements.length () == 1 && FOR_INIT_STMT (loop)
           && TREE_CODE (FOR_INIT_STMT (loop)) == MODIFY_EXPR)
    {
      index = TREE_OPERAND (FOR_INIT_STMT (loop), 0);
      start = TREE_OPERAND (FOR_INIT_STMT (loop), 1);
    }
  if (!index || !VAR_P (index) || arguments.contains (index) || !start
      || !call_of_p (start, "cuda_grid_x")
      || !INTEGRAL_TYPE_P (TREE_TYPE (index)))
    return NULL_TREE;

  /* i < END.  */
  tree cond = FOR_COND (loop);
  if (!cond || TREE_CODE (cond) != LT_EXPR
      || !same_variable_p (TREE_OPERAND (cond, 0), index))
    return NULL_TREE;
  tree end = TREE_OPERAND (cond, 1);
  tree loop_body = FOR_BODY (loop);
  invariance inv = { &arguments, loop_body };
  if (walk_tree_without_duplicates (&end, find_variance, &inv))
    return NULL_TREE;

  /* i += cuda_gridsize_x (), which C makes
     SAVE_EXPR <cuda_gridsize_x ()>, i = SAVE_EXPR <...> + i.  */
  tree step = FOR_EXPR (loop);
  if (step && TREE_CODE (step) == COMPOUND_EXPR
      && TREE_CODE (TREE_OPERAND (step, 0)) == SAVE_EXPR)
    step = TREE_OPERAND (step, 1);
  if (!step || TREE_CODE (step) != MODIFY_EXPR
      || TREE_OPERAND (step, 0) != index)
    return NULL_TREE;
  tree sum = TREE_OPERAND (step, 1);
  STRIP_NOPS (sum);
  if (TREE_CODE (sum) != PLUS_EXPR
      || !((same_variable_p (TREE_OPERAND (sum, 0), index)
            && call_of_p (TREE_OPERAND (sum, 1), "cuda_gridsize_x"))
           || (same_variable_p (TREE_OPERAND (sum, 1), index)
               && call_of_p (TREE_OPERAND (sum, 0), "cuda_gridsize_x"))))
    return NULL_TREE;

  if (walk_tree_without_duplicates (&loop_body, find_thread_dependence, NULL)
      || walk_tree_without_duplicates (&loop_body, find_write, index))
    return NULL_TREE;

  /* { T count = END, chunk, first;
       if (count > 0)
         {
           chunk = count / gridDim.x + (count % gridDim.x != 0);
           first = chunk * blockIdx.x;
           for (i = first; i < count && i < first + chunk; i++)
             BODY
         } }  */
  tree type = TREE_TYPE (index);
  tree count = new_local (b->entry, b->locals, "count", type);
  tree chunk = new_local (b->entry, b->locals, "chunk", type);
  tree first = new_local (b->entry, b->locals, "first", type);
  tree blocks = fold_convert (type, field (b->builtins[GRID_DIM], 0));
  tree chunked = alloc_stmt_list ();
  append_to_statement_list (
      build2 (MODIFY_EXPR, type, chunk,
              build2 (PLUS_EXPR, type,
                      build2 (TRUNC_DIV_EXPR, type, count, blocks),
                      fold_convert (type, build2 (NE_EXPR, boolean_type_node,
                                                  build2 (TRUNC_MOD_EXPR, type,
                                                          count, blocks),
                                                  build_zero_cst (type))))),
      &chunked);
  append_to_statement_list (
      build2 (
          MODIFY_EXPR, type, first,
          build2 (MULT_EXPR, type, chunk,
                  fold_convert (type, field (b->builtins[BLOCK_INDEX], 0)))),
      &chunked);
  FOR_INIT_STMT (loop) = build2 (MODIFY_EXPR, type, index, first);
  FOR_COND (loop) = build2 (TRUTH_ANDIF_EXPR, boolean_type_node,
                            build2 (LT_EXPR, boolean_type_node, index, count),
                            build2 (LT_EXPR, boolean_type_node, index,
                                    build2 (PLUS_EXPR, type, first, chunk)));
  FOR_EXPR (loop)
      = build2 (PREINCREMENT_EXPR, type, index, build_one_cst (type));
  append_to_statement_list (loop, &chunked);
  tree run = alloc_stmt_list ();
  append_to_statement_list (
      build2 (MODIFY_EXPR, type, count, fold_convert (type, end)), &run);
  append_to_statement_list (
      build3 (
          COND_EXPR, void_type_node,
          build2 (GT_EXPR, boolean_type_node, count, build_zero_cst (type)),
          chunked, build_empty_stmt (DECL_SOURCE_LOCATION (b->kernel))),
      &run);
  DECL_INITIAL (index) = NULL_TREE;
  DECL_CHAIN (index) = NULL_TREE;
  return build3 (BIND_EXPR, void_type_node, index, run, NULL_TREE);
}

/* Whether the launch has one dimension: only then do the threads of a
   grid-stride loop run each index once.  */
static tree
one_dimension (block_function *b)
{
  tree test = NULL_TREE;
  for (int which = BLOCK_DIM; which <= GRID_DIM; which++)
    for (int axis = 1; axis < 3; axis++)
      {
        tree one = build2 (
            EQ_EXPR, boolean_type_node, field (b->builtins[which], axis),
            build_one_cst (TREE_TYPE (field (b->builtins[which], axis))));
        test = test ? build2 (TRUTH_ANDIF_EXPR, boolean_type_node, test, one)
                    : one;
      }
  return test;
}

/* The device function whose calls sync_callee_p finds.  */
static tree sync_callee;

static bool
sync_callee_p (const_tree callee)
{
  return callee == sync_callee;
}

/* The body of the block function ENTRY of KERNEL, whose parameters are
   ARGUMENTS there, with its locals added to *LOCALS; NULL_TREE where the
   threads of a block must run as fibers, with why in *REFUSAL, and
   where in *REFUSAL_LOC, unless the unit lacks cudajit.h.  */
static tree
block_function_body (tree kernel, tree entry, tree *locals,
                     const vec<tree> &arguments, const vec<tree> &callees,
                     const char **refusal, location_t *refusal_loc)
{
  *refusal = NULL;
  tree block_start = cudajit_header_function (block_start_name);
  tree enter_thread = cudajit_header_function (enter_thread_name);
  if (!block_start || !enter_thread)
    return NULL_TREE;
  tree kernel_body = DECL_SAVED_TREE (kernel);
  bool barrier = cudajit_calls_barrier_p (kernel_body);

  block_function b;
  b.kernel = kernel;
  b.entry = entry;
  b.locals = locals;
  b.enter_thread = enter_thread;
  b.shared_memory_fn
      = cudajit_entry_point (CUDAJIT_ENTRY_BLOCK_SHARED_MEMORY, NULL_TREE);
  b.shared_memory = NULL_TREE;
  b.refusal = NULL;
  b.loops = b.barriers = b.current_loop = b.nesting = 0;
  for (tree callee : callees)
    if (cudajit_device_function_may_sync (callee))
      {
        sync_callee = callee;
        refuse (&b, cudajit_calls_p (kernel_body, sync_callee_p),
                "it calls a function that may call 'cuda_syncthreads'");
      }
  if (tree call = cudajit_calls_p (kernel_body, waits_otherwise_p))
    refuse (&b, call,
            "it calls a warp function, whose threads go in "
            "lockstep");
  if (tree write = barrier ? walk_tree_without_duplicates (
                       &kernel_body, find_parameter_write, NULL)
                           : NULL_TREE)
    refuse (&b, write, "it changes a parameter");
  if (b.refusal)
    {
      *refusal = b.refusal;
      *refusal_loc = b.refusal_loc;
      return NULL_TREE;
    }

  tree index_type = TREE_VALUE (TYPE_ARG_TYPES (TREE_TYPE (enter_thread)));
  b.builtins[THREAD_INDEX] = new_local (entry, locals, "thread", index_type);
  tree types = TYPE_ARG_TYPES (TREE_TYPE (block_start));
  for (int which = BLOCK_INDEX; which < BUILTIN_VARIABLES; which++)
    {
      b.builtins[which]
          = new_local (entry, locals, builtin_variable_names[which],
                       TREE_TYPE (TREE_VALUE (types)));
      TREE_ADDRESSABLE (b.builtins[which]) = 1;
      types = TREE_CHAIN (types);
    }

  tree body = copy_kernel_body (kernel, entry, arguments);
  tree chunks = barrier ? NULL_TREE : grid_stride_chunks (&b, body, arguments);
  if (chunks)
    body = copy_kernel_body (kernel, entry, arguments);
  walk_tree (&body, localize_builtins, &b, NULL);

  tree threads = run_threads (&b, body, barrier);
  if (threads && chunks)
    threads = build3 (COND_EXPR, void_type_node, one_dimension (&b), chunks,
                      threads);
  if (!threads)
    {
      *refusal = b.refusal;
      *refusal_loc = b.refusal_loc;
      return NULL_TREE;
    }
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

/* Whether -fplugin-arg-cudajit-warn-fibers was given.  */
static bool warn_fibers;

void
cudajit_warn_fibers (void)
{
  warn_fibers = true;
}

tree
cudajit_host_entry (tree kernel, const vec<tree> *callees,
                    enum cudajit_host_entry *kind)
{
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
      tree copy = new_local (entry, locals, "arg", TREE_TYPE (parm));
      append_to_statement_list (build2 (MODIFY_EXPR, TREE_TYPE (parm), copy,
                                        build_simple_mem_ref (value_ptr)),
                                body);
      arguments.safe_push (copy);
    }

  tree run = NULL_TREE;
  *kind = CUDAJIT_HOST_WHOLE;
  if (callees)
    {
      const char *refusal;
      location_t refusal_loc = loc;
      run = block_function_body (kernel, entry, locals, arguments, *callees,
                                 &refusal, &refusal_loc);
      if (run)
        *kind = cudajit_calls_barrier_p (DECL_SAVED_TREE (kernel))
                    ? CUDAJIT_HOST_BLOCK_REGIONS
                    : CUDAJIT_HOST_BLOCK;
      else if (refusal)
        {
          *kind = CUDAJIT_HOST_FIBERS;
          if (warn_fibers)
            {
              auto_diagnostic_group group;
              if (warning_at (DECL_SOURCE_LOCATION (kernel), 0,
                              "on the CPU backend, the threads of %qD run "
                              "as fibers, slower than loops",
                              kernel))
                inform (refusal_loc, "because %s", refusal);
            }
        }
      else
        *kind = CUDAJIT_HOST_THREAD;
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
