/* SPDX-License-Identifier: GPL-3.0-or-later */
/* What the files that build a kernel's block function share:
   block-function.cc, which calls block-warp-collectives.cc,
   block-inline-waits.cc, block-shared-atomics.cc, block-deferred-adds.cc,
   block-barrier-fission.cc and
   block-grid-stride.cc, which both call block-guard-fission.cc; they all
   call block-work-item-loops.cc, the loops over a block's threads, with
   block-guard-bounds.cc's bounds, and the questions of
   block-statements.cc and block-builtin-variables.cc.  */

#ifndef CUDAJIT_BLOCK_FUNCTION_H
#define CUDAJIT_BLOCK_FUNCTION_H

#include "cudajit-plugin.h"

/* Why a kernel's threads run as fibers (cudajit-fiber-reasons.def); 0,
   CUDAJIT_FIBERS_NONE, where they need not.  */
enum cudajit_fiber_reason
{
  CUDAJIT_FIBERS_NONE,
#define DEF_CUDAJIT_FIBER_REASON(id, text) CUDAJIT_FIBERS_##id,
#include "cudajit-fiber-reasons.def"
#undef DEF_CUDAJIT_FIBER_REASON
  CUDAJIT_FIBER_REASONS
};

/* The built-in variables, as the block function has them.  */
enum builtin_variable
{
  THREAD_INDEX,
  BLOCK_INDEX,
  BLOCK_DIM,
  GRID_DIM,
  BUILTIN_VARIABLES
};

/* A loop over the block's threads, or a condition evaluated for the
   block, after fission: where its statements or its expression are, and
   what it is in.  */
struct region
{
  tree *code;
  /* Whether it is a condition, else statements; whether they set only
     variables the same for every thread, from such values: they run
     once for the block.  */
  bool condition;
  bool uniform;
  /* Whether it is in a barrier loop or a conditional with barriers, and
     how many barriers come before it in the kernel's text.  */
  bool nested;
  int barriers_before;
  /* A return in it, which ends the thread, or, for a condition, the
     return of the whole block that it decides; or NULL_TREE.  */
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
  /* The runtime's function that gives the block's shared memory, as the
     kernel calls it, and the local that holds what it gives, read once
     for the block; NULL_TREE until a call of it is found.  */
  tree shared_memory_fn;
  tree shared_memory;
  /* The entry's local variables, and those that hold the kernel's
     arguments.  */
  tree *locals;
  const vec<tree> *arguments;
  /* Why the kernel cannot be cut at its barriers, and where;
     CUDAJIT_FIBERS_NONE if it can.  */
  enum cudajit_fiber_reason refusal;
  location_t refusal_loc;

  /* Fission: the regions; the variables of the kernel's scopes with
     barriers, which may live across them; the barriers so far; how deep
     in barrier loops and conditionals the lowering is.  */
  auto_vec<region> regions;
  hash_set<tree> barrier_scope_variables;
  int barriers;
  int nesting;
  /* The condition of the innermost barrier loop that the lowering is
     in, which the statements at the end of its body may step the
     variables of (while (i < n) { ...; i += blockDim.x, j +=
     blockDim.x; }); NULL_TREE outside them.  */
  tree loop_condition;

  /* Fission at warp functions: whether the kernel is cut at one, for
     the reasons why it cannot be; the variables that hold the values that
     the lanes of a warp exchange there, which are kept per thread; and
     the locals that stand for the address of lane 0's element of such a
     variable in the thread's warp, each with its variable.  */
  bool warp_cuts;
  /* While the cut runs through a branch of warp functions whose
     condition is made of the thread's indices and unchanged locals (if
     (warp == 0), the second stage of a block reduction), that condition:
     the branch's statements are guarded by it, which the loops over the
     threads take as bounds, and the warp loops run by lane 0 of the
     warps that take it alone.  */
  tree warp_branch_guard;
  hash_set<tree> lane_values;
  hash_map<tree, tree> lane_slots;
  /* The variables that a vote's result sets and only lane 0 of a warp
     reads (block-warp-collectives.cc), which stay in their context
     arrays, with no local for a region, so that each statement on them
     under a guard of lane 0 may be a loop over the threads of its own
     (block-guard-fission.cc).  */
  hash_set<tree> lane_zero_values;

  /* The grid-stride loop whose iterations each block may take as a
     contiguous share (block-shared-reduction.cc), or NULL_TREE.  */
  tree reduction_loop;
};

/* The elements that the context array of a value that the lanes of a
   warp exchange has beyond one a thread: a warp's before the first
   thread's, and a warp's after the last's, where a shuffle by a lane
   delta reads (block-warp-collectives.cc).  */
#define CUDAJIT_LANE_PADDING (2 * CUDAJIT_WARP_SIZE)

/* block-builtin-variables.cc.  The names of the built-in variables; the
   field of RECORD, a cuda_uint3 or cuda_dim3, for AXIS; a new local of
   the block function.  */
extern const char *const cudajit_builtin_variable_names[BUILTIN_VARIABLES];
tree cudajit_axis_ref (tree record, int axis);
tree cudajit_block_local (tree entry, tree *locals, const char *name,
                          tree type);
/* Which built-in variable DECL is, or BUILTIN_VARIABLES; the value, of
   TYPE, of FUNCTION, one of the grid's geometry (cudajit_grid_function),
   from the block function's locals; whether a call of CALLEE may read
   threadIdx.  */
int cudajit_builtin_variable (const_tree decl);
tree cudajit_grid_function_value (block_function *b, tree type,
                                  const device_api *function);
bool cudajit_may_read_thread_index_p (const_tree callee);
/* Which built-in variable's local T is a field of, or
   BUILTIN_VARIABLES.  */
int cudajit_builtin_field (block_function *b, const_tree t);
/* Which axis of threadIdx T is, or -1 if it is none; a walk_tree
   callback: the first read of threadIdx.y or threadIdx.z; whether T is
   blockIdx's field for AXIS times blockDim's, in either order; whether
   it is, and a GPU's limits keep it, plus a thread's index, at most
   LARGEST.  */
int cudajit_thread_axis (block_function *b, const_tree t);
tree cudajit_find_thread_y_or_z (tree *tp, int *walk_subtrees, void *data);
bool cudajit_block_start_p (block_function *b, tree t, int axis);
bool cudajit_block_start_below_p (block_function *b, tree t, int axis,
                                  const_tree largest);

/* block-statements.cc.  A && B, or B where A is null; the first reason
   why the kernel cannot be cut at its barriers, at WHERE.  */
tree cudajit_conjoin (tree a, tree b);
void cudajit_refuse_loops (block_function *b, tree where,
                           enum cudajit_fiber_reason why);
/* What T, an expression, writes or takes the address of, or
   NULL_TREE.  */
tree cudajit_written_object (const_tree t);
/* walk_tree callbacks: the first jump (break, continue, goto, label,
   return), the first return, the first write of DATA, a variable, or
   taking of its address.  */
tree cudajit_find_jump (tree *tp, int *walk_subtrees, void *);
tree cudajit_find_return (tree *tp, int *walk_subtrees, void *);
tree cudajit_find_write (tree *tp, int *walk_subtrees, void *data);
/* The one statement of T, through scopes without variables and statement
   lists, or NULL_TREE.  */
tree cudajit_single_statement (tree t);
/* The slot of the statement that *BODY comes down to through scopes and
   statement lists, passing over debug markers, the parameters' sizes
   and, where DECLARATIONS, the declarations before it whose values have
   no side effects: one that is neither a scope nor a list, or a
   statement list of several; or null where there is none.  Whether T
   only evaluates the sizes of variably modified parameters (const float
   in[n][n]), which C does on entry, and which do nothing to the threads
   that a guard leaves out.  */
tree *cudajit_inner_statement (tree *body, bool declarations);
bool cudajit_parameter_sizes_p (const_tree t);

/* block-guard-bounds.cc.  If *STATEMENTS, run by each thread, has a
   guard whose comparisons of threadIdx's field for AXIS bound the loop
   over it, set *START and *END to the first index and the end of those
   that pass it (either NULL_TREE for none), and *STEP to the multiple
   of which they are (1 if any index, always on y), plus *RESIDUE
   (NULL_TREE for 0), with *STATEMENTS left without them; for y, only
   where the indices cannot wrap.  */
void cudajit_guard_bounds (block_function *b, tree *statements, int axis,
                           tree *start, tree *end,
                           unsigned HOST_WIDE_INT *step, tree *residue);
/* Adjacent guards of the statement list of *BODY, through its scopes, on
   the same condition that their statements do not change, joined into
   the first, which the loop over the threads may then take as bounds:
   the statements of a branch of warp functions, each under the branch's
   condition (block-warp-collectives.cc).  */
void cudajit_join_guards (tree *body);
/* Whether STATEMENT is a guard whose comparisons of threadIdx.x, or
   conditions the same for all x, bound that loop, or whose test of a
   warp's lane steps it.  */
bool cudajit_bounded_guard_p (block_function *b, tree statement);
/* Whether E is threadIdx.x converted, or such plus *A, in a signed type,
   with *A the same for every thread of a loop whose body is BODY; whether
   T is so (not threadIdx.x, nothing BODY writes, nothing read from
   memory, nothing that may trap).  */
bool cudajit_thread_x_plus_p (block_function *b, tree e, tree body, tree *a);
bool cudajit_invariant_in_loop_p (block_function *b, tree t, tree body);
/* The condition on the block that every thread of it passes each of
   COMPARISONS, the kernel's own, that *THREADS, its thread loops,
   still has and that is threadIdx.x or threadIdx.y (plus an invariant)
   against an invariant, with those comparisons true in *THREADS if REPLACE; or
   NULL_TREE where there is none.  */
tree cudajit_in_range_blocks (block_function *b, tree *threads,
                              hash_set<tree> *comparisons, bool replace);

/* block-work-item-loops.cc: BODY run by each thread of the block in
   turn, in loops over the threads; a guard of BODY's on threadIdx.x
   becomes the bounds of the loop over x.  */
tree cudajit_thread_loop (block_function *b, tree body);

/* block-guard-fission.cc: BODY, run by each thread, as loops over the
   threads, one for each of its guards that bounds the loop and one for
   each run of statements between them, where no variable of the thread
   carries a value from one to another; else NULL_TREE.  */
tree cudajit_split_at_guards (block_function *b, tree body);
/* Whether T computes its value from its operands alone: an arithmetic,
   logical or comparison operator, or a conditional expression.  */
bool cudajit_operator_p (const_tree t);

/* block-thread-invariants.cc: in BODY, the copy of a kernel's body, the uses
   of each variable that is set once, where it is declared, from the
   thread's and the block's indices, constants and ARGUMENTS that BODY
   does not change, become its value, which each region of a block
   function can compute.  */
void cudajit_rematerialize (block_function *b, tree *body,
                            const vec<tree> &arguments);
/* In BODY, the sums blockIdx * blockDim + threadIdx that C computes
   unsigned and converts to a signed type become signed sums, on y and
   z, whose sums a GPU's limits keep from wrapping, and on x if X, where
   only the value returned, a condition on the block, does; *FOUND_X
   (if not null) says whether BODY has such a sum on x.  */
tree cudajit_signed_indices (block_function *b, tree *body, bool x,
                             bool *found_x);

/* block-shared-atomics.cc: in BODY, the copy of a kernel's body, the
   atomics whose address is an element of a shared array become plain
   operations; whether ADDRESS is computed, without reading memory, from
   the block's shared memory: an element's address, or such plus an
   offset; whether CALLEE is the runtime's function that gives the
   block's shared memory.  */
void cudajit_plain_shared_atomics (block_function *b, tree *body);

/* block-deferred-adds.cc: in BODY, the copy of a kernel's body, the
   atomic additions that the kernel cannot see before it ends, kept for
   later by the runtime.  */
void cudajit_defer_atomic_adds (block_function *b, tree *body);
bool cudajit_shared_address_p (const block_function *b, const_tree address);
bool cudajit_shared_memory_fn_p (const_tree callee);

/* block-shared-reduction.cc: the grid-stride loop among the top-level
   statements of BODY, the copy of a kernel's body before its built-in
   variables become the block function's, or NULL_TREE; whether, after,
   the blocks may share LOOP's iterations among them as they like, as the
   kernel only adds up in shared memory what LOOP adds there.  */
tree cudajit_reduction_loop (block_function *b, tree body);
bool cudajit_shared_reduction_p (block_function *b, tree body, tree loop);

/* The mask of all the lanes of a warp.  */
#define FULL_WARP_MASK ((HOST_WIDE_INT_1U << CUDAJIT_WARP_SIZE) - 1)

/* The arguments of a warp function: the mask, then the value that the
   lanes exchange.  */
enum
{
  MASK_ARGUMENT,
  VALUE_ARGUMENT
};

/* block-warp-loops.cc: the thread's lane, an unsigned int; the lanes of
   the warp whose first thread's number in the block is FIRST, an
   unsigned int: the threads from it, at most a warp; the element
   of lane INDEX, a size_t or an unsigned int, of the values of TYPE
   whose lane 0 is at SLOTS; whether T is a local variable that only its
   function's code reaches (not static, external, addressed or
   volatile); whether *T, a statement of the kernel's
   body ROOT outside any loop or conditional, is a loop that reduces or
   scans a warp's values, then cut once before it with BARRIER, and run
   by lane 0 of each warp.  */
tree cudajit_thread_lane (block_function *b);
tree cudajit_warp_lane_count (block_function *b, tree first);
tree cudajit_lane_element (tree slots, tree type, tree index);
bool cudajit_plain_local_p (const_tree t);
bool cudajit_cut_warp_loop (block_function *b, tree *t, tree root,
                            tree barrier);
/* Whether, after STATEMENT, a statement of the kernel's body ROOT outside
   any loop or conditional, only code that lane 0 of a warp alone runs
   reads VAR (if (threadIdx.x % 32 == 0) ...), where a warp's lanes are
   threadIdx.x % 32; in *BY_X, the condition that they are (a block of
   one row, or of rows of whole warps) and that the thread is lane 0,
   the step of the loop over x; in *OTHERWISE, the condition that they
   are not, both the same for every thread.  */
bool cudajit_read_by_lane_zero_p (tree root, tree statement, tree var);
void cudajit_lane_paths (block_function *b, tree *by_x, tree *otherwise);

/* block-warp-branches.cc: whether T calls a warp function that the
   fission cuts at; a variable of the thread, of TYPE, that lives across
   the cut; and the if-conversion of *T, a conditional whose branches
   call warp functions, so that every thread runs them: false where it
   cannot be, else true, with *GUARD the condition where it is a guard
   of the branch's statements (the loops over the threads then run only
   the threads that take it), or NULL_TREE.  */
bool cudajit_contains_warp_call_p (tree t);
tree cudajit_thread_variable (block_function *b, tree type);
bool cudajit_convert_warp_branch (block_function *b, tree *t, tree *guard);

/* block-warp-collectives.cc: in BODY, the copy of a kernel's body, each
   warp function that a block function can be cut at becomes a barrier,
   with the values the lanes exchange in B->lane_values before it and
   its result computed from them after it; false, with B->refusal, where
   one cannot.  */
bool cudajit_cut_at_warp_functions (block_function *b, tree *body);
/* The part of statement *S that may compute a warp function's call: a
   declaration's initializer, or *S; whether statement S computes CALL
   alone, in the order of a cut: its arguments first, then the rest of
   S, which may store the result.  */
tree *cudajit_call_computation (tree *s);
bool cudajit_computes_call_alone_p (tree s, tree call);

/* block-inline-waits.cc: whether CALLEE is a device function that may
   wait for other threads and that the block function inlines; in BODY,
   a copy of a kernel's body for ENTRY, each call of such a function that
   a statement computes alone, inlined; whether CALLEE is a device function
   that may wait, inlined or not; whether BODY waits for other threads,
   itself or in the functions that it inlines.  */
bool cudajit_inlined_wait_p (const_tree callee);
void cudajit_inline_waits (tree entry, tree *body);
bool cudajit_waiting_device_call_p (const_tree callee);
bool cudajit_waits_p (tree body);

/* block-barrier-fission.cc: the threads of the block, a size_t; the
   number of the thread in the block, its linear index, of TYPE; that of
   its warp's first thread, a size_t.  */
tree cudajit_block_threads (block_function *b);
tree cudajit_thread_number (block_function *b, tree type);
tree cudajit_warp_first (block_function *b);
/* The statements that run BODY, a copy of the body
   of a kernel whose threads wait at barriers, for every thread of the
   block, cut at its barriers; NULL_TREE, with B->refusal, where they
   cannot be cut.  */
tree cudajit_cut_at_barriers (block_function *b, tree body);

/* block-grid-stride.cc: the loop over the block's share of the iterations of
   BODY, the copy of a kernel's body, if it is only a grid-stride loop
   that does not depend on its thread, else NULL_TREE; whether the launch
   has one dimension, which that loop needs.  */
tree cudajit_grid_stride_chunks (block_function *b, tree body,
                                 const vec<tree> &arguments);
/* END where LOOP, with INDEX from START, is a grid-stride loop over
   0 <= INDEX < END, END the same for every thread, whose body does not ask
   for its thread, nor, unless SHARED_MEMORY, for the block's shared
   memory; else NULL_TREE.  */
tree cudajit_grid_stride_end (tree loop, tree index, tree start,
                              const vec<tree> &arguments, bool shared_memory);
/* BODY run by each thread of the block in loops over the threads, as
   cudajit_thread_loop makes them, or where BODY is one grid-stride loop
   over threadIdx.x, the block's rows of the grid one after another, each
   a loop over the threads.  */
tree cudajit_run_threads (block_function *b, tree body);
tree cudajit_one_dimension (block_function *b);

#endif /* block-function.h */
