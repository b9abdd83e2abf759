/* SPDX-License-Identifier: GPL-3.0-or-later */
/* -fplugin-arg-cudajit-check-races: the C versions of kernels, and of the
   device functions they call, report each load and store to libcudajit,
   whose CUDAJIT_CHECK=races finds the accesses of two threads that no
   barrier orders (runtime/cpu/cpu-race-check.c).  As ThreadSanitizer's pass,
   tsan.cc, but right after the function is in SSA form, before any
   inlining: a device function inlined into a kernel, or the kernel into
   its host entry, carries its reports along.  The kernels' CUDA C is
   made from the front end's trees, before, and does not change.

   Under CUDAJIT_CHECK=races, the runtime runs each thread through the
   kernel as written, as a fiber, as it runs a block again after a fault
   (block-function.cc): it then knows which thread makes each access, and
   which barriers the thread has passed.  The block functions, made from
   copies of the kernels' bodies, report nothing, and run as fast as
   ever without the check.  */

#include "cudajit-plugin.h"
#include "tree-pass.h"
#include "context.h"
#include "basic-block.h"
#include "gimple.h"
#include "gimple-iterator.h"
#include "gimplify-me.h"
#include "tree-dfa.h"

/* Whether -fplugin-arg-cudajit-check-races was given.  */
static bool checking_races;

bool
cudajit_checking_races_p (void)
{
  return checking_races;
}

/* Whether REF, a load or a store, may touch memory that another thread
   of a launch sees: not the thread's own locals, nor its built-in
   variables, nor a bit-field, whose neighbours in its word it does not
   touch.  */
static bool
shared_reference_p (tree ref)
{
  poly_int64 bit_size, bit_position;
  tree offset;
  machine_mode mode;
  int unsigned_p, reverse_p, volatile_p = 0;
  tree base
      = get_inner_reference (ref, &bit_size, &bit_position, &offset, &mode,
                             &unsigned_p, &reverse_p, &volatile_p);
  if (!multiple_p (bit_size, BITS_PER_UNIT)
      || !multiple_p (bit_position, BITS_PER_UNIT))
    return false;
  if (TREE_CODE (base) == MEM_REF
      && TREE_CODE (TREE_OPERAND (base, 0)) == ADDR_EXPR)
    base = TREE_OPERAND (TREE_OPERAND (base, 0), 0);
  if (DECL_P (base))
    return VAR_P (base) && is_global_var (base) && !DECL_THREAD_LOCAL_P (base)
           && !TREE_READONLY (base);
  return TREE_CODE (base) != STRING_CST && TREE_CODE (base) != CONST_DECL;
}

/* Before *GSI, the report of REF, a store if WRITES, at LOC.  */
static void
report_access (gimple_stmt_iterator *gsi, tree ref, bool writes,
               location_t loc)
{
  HOST_WIDE_INT size = int_size_in_bytes (TREE_TYPE (ref));
  if (size <= 0
      || (unsigned HOST_WIDE_INT) size > UINT_MAX >> CUDAJIT_RACE_SIZE_SHIFT
      || !shared_reference_p (ref))
    return;
  tree base = get_base_address (ref);
  if (base && DECL_P (base))
    TREE_ADDRESSABLE (base) = 1;
  tree address = force_gimple_operand_gsi (
      gsi, build_fold_addr_expr (unshare_expr (ref)), true, NULL_TREE, true,
      GSI_SAME_STMT);
  expanded_location where = expand_location (loc);
  char *text = xasprintf ("%s:%d", where.file ? where.file : "?", where.line);
  tree size_write = build_int_cst (unsigned_type_node,
                                   (size << CUDAJIT_RACE_SIZE_SHIFT)
                                       | (writes ? CUDAJIT_RACE_WRITE : 0));
  gimple *call = gimple_build_call (
      cudajit_entry_point (CUDAJIT_ENTRY_RACE_ACCESS, NULL_TREE), 3, address,
      size_write, build_string_literal (strlen (text) + 1, text));
  free (text);
  gimple_set_location (call, loc);
  gsi_insert_before (gsi, call, GSI_SAME_STMT);
}

/* Whether FN is one whose accesses to memory a launch makes.  */
static bool
runs_in_kernels_p (tree fn)
{
  return cudajit_kernel_p (fn) || cudajit_device_function_needed_p (fn);
}

static const pass_data race_pass_data = {
  GIMPLE_PASS,
  "cudajit-races",
  OPTGROUP_NONE,
  TV_NONE,
  PROP_ssa | PROP_cfg,
  0,
  0,
  0,
  TODO_update_ssa,
};

struct race_pass : gimple_opt_pass
{
  race_pass (gcc::context *context) : gimple_opt_pass (race_pass_data, context)
  {
  }

  bool
  gate (function *fn) final override
  {
    return !seen_error () && runs_in_kernels_p (fn->decl);
  }

  unsigned int
  execute (function *fn) final override
  {
    basic_block bb;
    FOR_EACH_BB_FN (bb, fn)
    for (gimple_stmt_iterator gsi = gsi_start_bb (bb); !gsi_end_p (gsi);
         gsi_next (&gsi))
      {
        gimple *stmt = gsi_stmt (gsi);
        if (is_gimple_debug (stmt) || gimple_clobber_p (stmt))
          continue;
        location_t loc = gimple_location (stmt);
        if (loc == UNKNOWN_LOCATION)
          loc = DECL_SOURCE_LOCATION (fn->decl);
        if (gimple_assign_load_p (stmt))
          report_access (&gsi, gimple_assign_rhs1 (stmt), false, loc);
        if (is_gimple_call (stmt))
          for (unsigned int i = 0; i < gimple_call_num_args (stmt); i++)
            {
              tree argument = gimple_call_arg (stmt, i);
              if (!is_gimple_val (argument))
                report_access (&gsi, argument, false, loc);
            }
        if (gimple_store_p (stmt))
          report_access (&gsi, gimple_get_lhs (stmt), true, loc);
        /* What the heap gives again is no other thread's.  */
        if (gimple_call_builtin_p (stmt, BUILT_IN_FREE))
          {
            gimple *forget = gimple_build_call (
                cudajit_entry_point (CUDAJIT_ENTRY_RACE_FREE, NULL_TREE), 1,
                gimple_call_arg (stmt, 0));
            gimple_set_location (forget, loc);
            gsi_insert_before (&gsi, forget, GSI_SAME_STMT);
          }
      }
    return 0;
  }
};

void
cudajit_check_races (const char *plugin_name)
{
  static struct register_pass_info pass_info;
  checking_races = true;
  pass_info.pass = new race_pass (g);
  pass_info.reference_pass_name = "ssa";
  pass_info.ref_pass_instance_number = 1;
  pass_info.pos_op = PASS_POS_INSERT_AFTER;
  register_callback (plugin_name, PLUGIN_PASS_MANAGER_SETUP, NULL, &pass_info);
}
