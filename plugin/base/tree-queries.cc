/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Read-only questions about trees that both the subset check and the
   emitter ask: which types the GPU has as the host has them, and what
   some constructs are.  Below both, so that neither calls the other.  */

#include "cudajit-plugin.h"
#include "hash-set.h"

static const char *const builtin_variable_names[]
    = { "threadIdx", "blockIdx", "blockDim", "gridDim" };

static bool
name_in_list (const_tree decl, const char *const *names, size_t count)
{
  if (!DECL_NAME (decl))
    return false;
  const char *name = IDENTIFIER_POINTER (DECL_NAME (decl));
  for (size_t i = 0; i < count; i++)
    if (strcmp (name, names[i]) == 0)
      return true;
  return false;
}

/* The scalars of TYPE, an array of constant size in every dimension, or
   NULL_TREE when a dimension's size is not a constant.  TYPE itself if it
   is no array.  */
tree
cudajit_constant_array_element (tree type)
{
  for (; TREE_CODE (type) == ARRAY_TYPE; type = TREE_TYPE (type))
    if (!TYPE_DOMAIN (type) || !TYPE_MAX_VALUE (TYPE_DOMAIN (type))
        || !tree_fits_uhwi_p (TYPE_MAX_VALUE (TYPE_DOMAIN (type))))
      return NULL_TREE;
  return type;
}

tree
cudajit_initializer_part_type (tree type, tree index)
{
  return (TREE_CODE (type) == ARRAY_TYPE || TREE_CODE (type) == VECTOR_TYPE
              ? TREE_TYPE (type)
              : TREE_TYPE (index));
}

tree
cudajit_string_literal (tree arg)
{
  STRIP_NOPS (arg);
  if (TREE_CODE (arg) != ADDR_EXPR)
    return NULL_TREE;
  arg = TREE_OPERAND (arg, 0);
  if (TREE_CODE (arg) == ARRAY_REF && integer_zerop (TREE_OPERAND (arg, 1)))
    arg = TREE_OPERAND (arg, 0);
  return TREE_CODE (arg) == STRING_CST ? arg : NULL_TREE;
}

bool
cudajit_constant_array_p (const_tree decl)
{
  if (!VAR_P (decl) || !TREE_READONLY (decl) || TREE_THIS_VOLATILE (decl)
      || !(TREE_STATIC (decl) || DECL_EXTERNAL (decl))
      || TREE_CODE (TREE_TYPE (decl)) != ARRAY_TYPE || !DECL_INITIAL (decl)
      || (TREE_CODE (DECL_INITIAL (decl)) != CONSTRUCTOR
          && TREE_CODE (DECL_INITIAL (decl)) != STRING_CST))
    return false;
  tree element = cudajit_constant_array_element (TREE_TYPE (decl));
  return element && cudajit_supported_type_p (element, false);
}

tree
cudajit_constant_value (const_tree decl)
{
  if (!VAR_P (decl) || !TREE_READONLY (decl) || TREE_THIS_VOLATILE (decl)
      || !(TREE_STATIC (decl) || DECL_EXTERNAL (decl))
      || !cudajit_supported_type_p (TREE_TYPE (decl), false))
    return NULL_TREE;
  tree value = DECL_INITIAL (decl);
  if (!value
      || (TREE_CODE (value) != INTEGER_CST && TREE_CODE (value) != REAL_CST))
    return NULL_TREE;
  return value;
}

bool
cudajit_builtin_variable_p (const_tree decl)
{
  return (VAR_P (decl) && DECL_EXTERNAL (decl) && DECL_THREAD_LOCAL_P (decl)
          && name_in_list (decl, builtin_variable_names,
                           ARRAY_SIZE (builtin_variable_names)));
}

bool
cudajit_type_declaration_p (const_tree t)
{
  if (TREE_CODE (t) != BIND_EXPR || BIND_EXPR_VARS (t))
    return false;
  tree body = BIND_EXPR_BODY (t);
  if (TREE_CODE (body) == STATEMENT_LIST)
    {
      for (tree_stmt_iterator i = tsi_start (body); !tsi_end_p (i);
           tsi_next (&i))
        if (TREE_CODE (tsi_stmt (i)) != DECL_EXPR
            || TREE_CODE (DECL_EXPR_DECL (tsi_stmt (i))) != TYPE_DECL)
          return false;
      return true;
    }
  return (TREE_CODE (body) == DECL_EXPR
          && TREE_CODE (DECL_EXPR_DECL (body)) == TYPE_DECL);
}

/* GCC 11 has no _Float16 on x86-64: its float16_type_node is then
   NULL_TREE, which no type is.  */
bool
cudajit_half_type_p (const_tree type)
{
  return (TREE_CODE (type) == REAL_TYPE
          && TYPE_MAIN_VARIANT (type) == float16_type_node);
}

const char *
cudajit_narrow_float_name (const_tree type)
{
  if (TREE_CODE (type) != REAL_TYPE)
    return NULL;
  if (cudajit_half_type_p (type))
    return "half";
  /* GCC 12 and before have no node, NULL_TREE, which no type is.  */
  if (TYPE_MAIN_VARIANT (type) == bfloat16_type_node)
    return "bf16";
  return NULL;
}

/* The largest vector type that a kernel may have: CUDA's float4, the
   widest load of one thread.  */
#define VECTOR_BYTES_MAX 16

bool
cudajit_vector_type_p (const_tree type)
{
  /* The GPU loads a vector whole, from an address aligned to its size:
     one aligned less, by a typedef, would load on the host only.  */
  if (TREE_CODE (type) != VECTOR_TYPE || TYPE_VOLATILE (type)
      || compare_tree_int (TYPE_SIZE_UNIT (type), VECTOR_BYTES_MAX) > 0
      || compare_tree_int (TYPE_SIZE_UNIT (type), TYPE_ALIGN_UNIT (type)))
    return false;
  tree element = TYPE_MAIN_VARIANT (TREE_TYPE (type));
  return (
      (TREE_CODE (element) == INTEGER_TYPE && TYPE_PRECISION (element) <= 64)
      || element == float_type_node || element == double_type_node
      || cudajit_narrow_float_name (element));
}

bool
cudajit_vector_subscript_p (const_tree t)
{
  return (TREE_CODE (t) == VIEW_CONVERT_EXPR
          && TREE_CODE (TREE_TYPE (t)) == ARRAY_TYPE
          && cudajit_vector_type_p (TREE_TYPE (TREE_OPERAND (t, 0))));
}

bool
cudajit_vector_requalified_p (const_tree t)
{
  return (TREE_CODE (t) == VIEW_CONVERT_EXPR
          && cudajit_vector_type_p (TREE_TYPE (t))
          && TYPE_MAIN_VARIANT (TREE_TYPE (t))
                 == TYPE_MAIN_VARIANT (TREE_TYPE (TREE_OPERAND (t, 0))));
}

/* The types a kernel's values may have: C's integer types, _Bool,
   _Float16, float, double, _Complex float and _Complex double, GCC's
   vectors of integers, float and double up to 16 bytes, and pointers to
   these (or to void).  */
bool
cudajit_supported_type_p (tree type, bool pointer_ok)
{
  switch (TREE_CODE (type))
    {
    case INTEGER_TYPE:
      return TYPE_PRECISION (type) <= 64;
    case ENUMERAL_TYPE:
    case BOOLEAN_TYPE:
      return true;
    case REAL_TYPE:
      /* The CUDA C's _Float16 and __bf16 are classes, which C++ copies
         from and to volatile objects only member by member.  */
      return (TYPE_MAIN_VARIANT (type) == float_type_node
              || TYPE_MAIN_VARIANT (type) == double_type_node
              || (cudajit_narrow_float_name (type) && !TYPE_VOLATILE (type)));
    case COMPLEX_TYPE:
      /* Of float or double: not GNU C's complex integers, nor of
         _Float16 or long double; not volatile, as C++ copies no volatile
         class object, and the prelude's operators take theirs by
         value.  */
      return ((TYPE_MAIN_VARIANT (TREE_TYPE (type)) == float_type_node
               || TYPE_MAIN_VARIANT (TREE_TYPE (type)) == double_type_node)
              && !TYPE_VOLATILE (type));
    case POINTER_TYPE:
      {
        /* Pointers to arrays too, as C99 array parameters such as
           float a[rows][cols] are.  */
        tree pointee = TREE_TYPE (type);
        while (TREE_CODE (pointee) == ARRAY_TYPE)
          pointee = TREE_TYPE (pointee);
        return (pointer_ok
                && (VOID_TYPE_P (pointee)
                    || cudajit_supported_type_p (pointee, true)));
      }
    case RECORD_TYPE:
    case UNION_TYPE:
      return cudajit_supported_record_p (type, false);
    case VECTOR_TYPE:
      return cudajit_vector_type_p (type);
    default:
      return false;
    }
}

/* The structure or union that TYPE is, or that it points to or is an
   array of; NULL_TREE if none.  */
static tree
record_of (tree type)
{
  while (POINTER_TYPE_P (type) || TREE_CODE (type) == ARRAY_TYPE)
    type = TREE_TYPE (type);
  return RECORD_OR_UNION_TYPE_P (type) ? type : NULL_TREE;
}

/* The type FIELD, of a structure or union, was declared with: a
   bit-field's own type is made for its width.  */
static tree
declared_type (tree field)
{
  return (DECL_BIT_FIELD_TYPE (field) ? DECL_BIT_FIELD_TYPE (field)
                                      : TREE_TYPE (field));
}

/* Whether FIELD, of a structure or union, is supported: arrays of a
   constant size of supported types.  */
static bool
supported_field_p (tree field)
{
  tree element = cudajit_constant_array_element (declared_type (field));
  return element && cudajit_supported_type_p (element, true);
}

/* A note on why FIELD is not supported, for the error just given.  */
static void
explain_field (tree field)
{
  tree type = declared_type (field);
  tree plain = cudajit_refused_volatile (type);
  /* %qT drops the qualifiers of a type that has a name.  */
  if (plain && TYPE_VOLATILE (type))
    inform (DECL_SOURCE_LOCATION (field), "field %qD is %<volatile %T%>",
            field, plain);
  else
    inform (DECL_SOURCE_LOCATION (field), "field %qD has type %qT", field,
            type);
  cudajit_explain_type (declared_type (field), DECL_SOURCE_LOCATION (field));
}

/* Where NVRTC does not lay out RECORD as GCC did, given the CUDA C that
   cuda-emit.cc prints for it: the first field that NVRTC would place
   elsewhere, or RECORD if only its alignment would differ; NULL_TREE if
   NVRTC would lay it out as GCC did.  The CUDA C gives each field that is
   not a bit-field the alignment that GCC gave it, marks packed the
   bit-fields that GCC packed, and gives RECORD the alignment it was asked
   for.  NVRTC places the rest as the host's ABI says, and so does GCC,
   but for bit-fields under #pragma pack or the ms_struct attribute, or of
   an aligned typedef.  The CUDA C checks the size, the alignment and the
   offsets of the fields that are not bit-fields again, but it cannot
   check where bit-fields are.  */
static tree
misplaced_field (tree record)
{
  unsigned HOST_WIDE_INT next = 0;
  unsigned int align
      = (TYPE_USER_ALIGN (record) ? TYPE_ALIGN (record) : BITS_PER_UNIT);
  for (tree field = TYPE_FIELDS (record); field; field = DECL_CHAIN (field))
    {
      if (TREE_CODE (field) != FIELD_DECL)
        continue;
      unsigned HOST_WIDE_INT size = tree_to_uhwi (DECL_SIZE (field));
      unsigned HOST_WIDE_INT place = next;
      if (!DECL_BIT_FIELD_TYPE (field))
        {
          place = ROUND_UP (next, DECL_ALIGN (field));
          align = MAX (align, DECL_ALIGN (field));
        }
      else
        {
          /* The type that the CUDA C declares the bit-field with.  */
          tree type = TYPE_MAIN_VARIANT (DECL_BIT_FIELD_TYPE (field));
          unsigned int unit = TYPE_ALIGN (type);
          if (size == 0)
            /* A zero-width bit-field starts a new unit of its type.  */
            place = ROUND_UP (next, unit);
          else if (!DECL_PACKED (field))
            {
              /* Unpacked, it may not span more units of its type's
                 alignment than its type has.  */
              if ((next % unit + size + unit - 1) / unit
                  > tree_to_uhwi (TYPE_SIZE (type)) / unit)
                place = ROUND_UP (next, unit);
              /* Named, its type counts in the alignment of RECORD.  */
              if (DECL_NAME (field))
                align = MAX (align, unit);
            }
        }
      if ((unsigned HOST_WIDE_INT) int_bit_position (field) != place)
        return field;
      if (TREE_CODE (record) == RECORD_TYPE)
        next = place + size;
    }
  return align == TYPE_ALIGN (record) ? NULL_TREE : record;
}

/* Where RECORD is defined, for notes.  */
static location_t
record_location (tree record)
{
  return (TYPE_STUB_DECL (record)
              ? DECL_SOURCE_LOCATION (TYPE_STUB_DECL (record))
              : input_location);
}

/* A structure or union whose fields are all supported, and that the GPU
   lays out as the host does: not empty, as that has size 0 in GNU C but 1
   in C++, without reverse storage order, without a flexible array member,
   and with its fields where NVRTC will place them (see misplaced_field).
   If it is not and EXPLAIN, a note says why, for the error just given.  */
bool
cudajit_supported_record_p (tree type, bool explain)
{
  /* A structure that points to itself is supported if the rest of it
     is.  */
  static hash_set<tree> *in_progress;
  type = TYPE_MAIN_VARIANT (type);
  if (!in_progress)
    in_progress = new hash_set<tree>;
  if (in_progress->contains (type))
    return true;
  const char *why = NULL;
  if (!COMPLETE_TYPE_P (type))
    why = G_ ("%qT is incomplete");
  else if (integer_zerop (TYPE_SIZE_UNIT (type)))
    why = G_ ("%qT has no fields: its size is 0 in GNU C but 1 on the GPU");
  else if (TYPE_REVERSE_STORAGE_ORDER (type))
    why = G_ ("%qT has the reverse %<scalar_storage_order%>, which the GPU "
              "does not have");
  if (why)
    {
      if (explain)
        inform (record_location (type), why, type);
      return false;
    }
  in_progress->add (type);
  tree unsupported = NULL_TREE;
  for (tree field = TYPE_FIELDS (type); field && !unsupported;
       field = DECL_CHAIN (field))
    if (TREE_CODE (field) == FIELD_DECL && !supported_field_p (field))
      unsupported = field;
  if (unsupported && explain)
    explain_field (unsupported);
  in_progress->remove (type);
  if (unsupported)
    return false;
  tree misplaced = misplaced_field (type);
  if (misplaced && explain)
    {
      if (misplaced == type)
        inform (record_location (type),
                "the GPU would not align %qT as GCC did: it lays out "
                "bit-fields as the ABI says, without %<#pragma pack%>, "
                "%<ms_struct%> or the alignment of their types",
                type);
      else
        inform (DECL_SOURCE_LOCATION (misplaced),
                "the GPU would not place %qD where GCC did: it lays out "
                "bit-fields as the ABI says, without %<#pragma pack%>, "
                "%<ms_struct%> or the alignment of their types",
                misplaced);
    }
  return !misplaced;
}

bool
cudajit_unsupported_complex_p (tree type)
{
  while (POINTER_TYPE_P (type) || TREE_CODE (type) == ARRAY_TYPE)
    type = TREE_TYPE (type);
  return (TREE_CODE (type) == COMPLEX_TYPE
          && !cudajit_supported_type_p (type, false));
}

/* Notes on why TYPE, which is not supported, is not, where a structure
   or union is the reason.  */
void
cudajit_explain_type (tree type, location_t loc)
{
  tree record = record_of (type);
  if (record)
    cudajit_supported_record_p (record, true);
  tree plain = cudajit_refused_volatile (type);
  if (plain)
    inform (loc,
            "kernels have %qT, but not %<volatile%> ones: on the GPU %qT is "
            "a class, and C++ copies no %<volatile%> class object",
            plain, plain);
  while (POINTER_TYPE_P (type) || TREE_CODE (type) == ARRAY_TYPE)
    type = TREE_TYPE (type);
  if (!plain && TREE_CODE (type) == VECTOR_TYPE)
    inform (loc,
            "the vector types of kernels are those of integers, "
            "%<_Float16%>, %<float%> and %<double%> of at most %d bytes, "
            "aligned to their size, as %<int4%>, %<half2%>, %<float4%> and "
            "%<double2%> are in CUDA C",
            VECTOR_BYTES_MAX);
}

tree
cudajit_refused_volatile (tree type)
{
  while (POINTER_TYPE_P (type) || TREE_CODE (type) == ARRAY_TYPE)
    type = TREE_TYPE (type);
  if (!TYPE_VOLATILE (type) || cudajit_supported_type_p (type, false))
    return NULL_TREE;
  tree plain = TYPE_MAIN_VARIANT (type);
  return cudajit_supported_type_p (plain, false) ? plain : NULL_TREE;
}

bool
cudajit_calls_barrier_p (tree body)
{
  return cudajit_calls_p (body, cudajit_waiting_call_p);
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
  /* walk_tree does not look into declarations, where a local variable's
     initializer is.  */
  if (TREE_CODE (*tp) == DECL_EXPR && VAR_P (DECL_EXPR_DECL (*tp))
      && !TREE_STATIC (DECL_EXPR_DECL (*tp))
      && DECL_INITIAL (DECL_EXPR_DECL (*tp)))
    return walk_tree_without_duplicates (&DECL_INITIAL (DECL_EXPR_DECL (*tp)),
                                         find_matching_call, data);
  if (TREE_CODE (*tp) != CALL_EXPR)
    return NULL_TREE;
  tree callee = get_callee_fndecl (*tp);
  return (callee && ((call_match *) data)->match (callee)) ? *tp : NULL_TREE;
}

tree
cudajit_calls_p (tree body, bool (*match) (const_tree callee))
{
  call_match data = { match };
  return walk_tree_without_duplicates (&body, find_matching_call, &data);
}

/* Whether CALL is of an atomic that a loop polls memory with: a lock's
   compare-and-swap or exchange of constants, or one that leaves the word
   as it is (cuda_atomic_add (p, 0), cuda_atomic_and (p, ~0)), a read's.
   Not a compare-and-swap of the values that the loop computes, which
   goes on whatever the other threads do.  */
static bool
polling_atomic_p (tree call)
{
  tree callee = get_callee_fndecl (call);
  const device_api *api = callee ? cudajit_device_api (callee) : NULL;
  if (!api || api->kind != DA_ATOMIC || call_expr_nargs (call) < 2)
    return false;
  static const device_api_id locks[]
      = { DEVICE_API_ATOMIC_CAS,        DEVICE_API_ATOMIC_CAS_BLOCK,
          DEVICE_API_ATOMIC_CAS_SYSTEM, DEVICE_API_ATOMIC_EXCH,
          DEVICE_API_ATOMIC_EXCH_BLOCK, DEVICE_API_ATOMIC_EXCH_SYSTEM };
  static const device_api_id ands[]
      = { DEVICE_API_ATOMIC_AND, DEVICE_API_ATOMIC_AND_BLOCK,
          DEVICE_API_ATOMIC_AND_SYSTEM };
  bool lock = false, keeps_with_ones = false;
  for (device_api_id id : locks)
    lock |= api == &cudajit_device_apis[id];
  for (device_api_id id : ands)
    keeps_with_ones |= api == &cudajit_device_apis[id];
  for (int i = 1; i < call_expr_nargs (call); i++)
    {
      tree value = tree_strip_nop_conversions (CALL_EXPR_ARG (call, i));
      if (!CONSTANT_CLASS_P (value))
        return false;
      if (!lock
          && !(keeps_with_ones ? integer_all_onesp (value)
                               : integer_zerop (value) || real_zerop (value)))
        return false;
    }
  return true;
}

/* A read in *TP of memory that another thread may change while a loop
   waits: of a volatile object, through cuda_ldcv, by a polling atomic;
   or of a local of DATA, a set of those that the loop sets from such a
   read, if not null.  */
static tree
find_polled_read (tree *tp, int *walk_subtrees, void *data)
{
  hash_set<tree> *polled = (hash_set<tree> *) data;
  tree t = *tp;
  if (TYPE_P (t))
    {
      *walk_subtrees = 0;
      return NULL_TREE;
    }
  if (polled && polled->contains (t))
    return t;
  if (TREE_THIS_VOLATILE (t)
      && (REFERENCE_CLASS_P (t)
          || (VAR_P (t) && (TREE_STATIC (t) || DECL_EXTERNAL (t)))))
    return t;
  if (TREE_CODE (t) != CALL_EXPR || !get_callee_fndecl (t))
    return NULL_TREE;
  const device_api *api = cudajit_device_api (get_callee_fndecl (t));
  return (api == &cudajit_device_apis[DEVICE_API_LDCV] || polling_atomic_p (t))
             ? t
             : NULL_TREE;
}

/* Add to DATA, a set, each local that *TP sets from a polled read.  */
static tree
find_polled_local (tree *tp, int *walk_subtrees, void *data)
{
  tree target = NULL_TREE, value = NULL_TREE;
  if (TYPE_P (*tp))
    *walk_subtrees = 0;
  else if (TREE_CODE (*tp) == MODIFY_EXPR || TREE_CODE (*tp) == INIT_EXPR)
    {
      target = TREE_OPERAND (*tp, 0);
      value = TREE_OPERAND (*tp, 1);
    }
  else if (TREE_CODE (*tp) == DECL_EXPR && VAR_P (DECL_EXPR_DECL (*tp)))
    {
      target = DECL_EXPR_DECL (*tp);
      value = DECL_INITIAL (target);
    }
  if (target && value && VAR_P (target) && !TREE_STATIC (target)
      && !DECL_EXTERNAL (target)
      && walk_tree_without_duplicates (&value, find_polled_read, NULL))
    ((hash_set<tree> *) data)->add (target);
  return NULL_TREE;
}

/* A break, return or goto in *TP that leaves the loop whose body has it,
   outside loops and switches within.  */
static tree
find_loop_exit (tree *tp, int *walk_subtrees, void *)
{
  switch (TREE_CODE (*tp))
    {
    case BREAK_STMT:
    case RETURN_EXPR:
    case GOTO_EXPR:
      return *tp;
    case FOR_STMT:
    case WHILE_STMT:
    case DO_STMT:
    case SWITCH_STMT:
      *walk_subtrees = 0;
      return NULL_TREE;
    default:
      if (TYPE_P (*tp))
        *walk_subtrees = 0;
      return NULL_TREE;
    }
}

/* An if in *TP that leaves the loop whose body has it, outside loops
   within, on a condition that reads what DATA's set of polled locals
   and find_polled_read find.  */
static tree
find_polled_exit (tree *tp, int *walk_subtrees, void *data)
{
  switch (TREE_CODE (*tp))
    {
    case COND_EXPR:
      return (walk_tree_without_duplicates (&COND_EXPR_THEN (*tp),
                                            find_loop_exit, NULL)
              || walk_tree_without_duplicates (&COND_EXPR_ELSE (*tp),
                                               find_loop_exit, NULL))
                     && walk_tree_without_duplicates (&COND_EXPR_COND (*tp),
                                                      find_polled_read, data)
                 ? *tp
                 : NULL_TREE;
    case FOR_STMT:
    case WHILE_STMT:
    case DO_STMT:
      *walk_subtrees = 0;
      return NULL_TREE;
    default:
      if (TYPE_P (*tp))
        *walk_subtrees = 0;
      return NULL_TREE;
    }
}

bool
cudajit_fence_or_sleep_p (const_tree callee)
{
  const device_api *api = cudajit_device_api (callee);
  return api
         && (api->kind == DA_FENCE
             || api == &cudajit_device_apis[DEVICE_API_NANOSLEEP]);
}

/* Whether statement S jumps to LABEL: a goto, or an if with one as an
   arm.  */
static bool
jumps_to_p (tree s, tree label)
{
  switch (TREE_CODE (s))
    {
    case GOTO_EXPR:
      return GOTO_DESTINATION (s) == label;
    case COND_EXPR:
      return (
          (COND_EXPR_THEN (s) && jumps_to_p (COND_EXPR_THEN (s), label))
          || (COND_EXPR_ELSE (s) && jumps_to_p (COND_EXPR_ELSE (s), label)));
    default:
      return false;
    }
}

bool
cudajit_lowered_loop_p (tree_stmt_iterator head, tree_stmt_iterator *last)
{
  if (TREE_CODE (tsi_stmt (head)) != LABEL_EXPR)
    return false;
  tree label = LABEL_EXPR_LABEL (tsi_stmt (head));
  bool found = false;
  for (tree_stmt_iterator i = head; tsi_next (&i), !tsi_end_p (i);)
    if (jumps_to_p (tsi_stmt (i), label))
      {
        *last = i;
        found = true;
      }
  return found;
}

/* Whether STATEMENTS, the body of a loop, and COND, its condition or
   null, wait for another thread to change memory, as
   cudajit_waiting_loop_p says.  */
static bool
statements_wait_p (vec<tree> &statements, tree cond)
{
  hash_set<tree> polled;
  for (tree &statement : statements)
    {
      if (cudajit_calls_p (statement, cudajit_fence_or_sleep_p))
        return true;
      walk_tree_without_duplicates (&statement, find_polled_local, &polled);
    }
  if (cond && walk_tree_without_duplicates (&cond, find_polled_read, &polled))
    return true;
  for (tree &statement : statements)
    if (walk_tree_without_duplicates (&statement, find_polled_exit, &polled))
      return true;
  return false;
}

bool
cudajit_lowered_loop_waits_p (tree_stmt_iterator head, tree_stmt_iterator last)
{
  auto_vec<tree> statements;
  for (tree_stmt_iterator i = head; tsi_stmt (i) != tsi_stmt (last);)
    {
      tsi_next (&i);
      statements.safe_push (tsi_stmt (i));
    }
  return statements_wait_p (statements, NULL_TREE);
}

bool
cudajit_waiting_loop_p (tree loop)
{
  auto_vec<tree> statements;
  tree cond;
  switch (TREE_CODE (loop))
    {
    case FOR_STMT:
      cond = FOR_COND (loop);
      statements.safe_push (FOR_BODY (loop));
      statements.safe_push (FOR_EXPR (loop));
      break;
    case WHILE_STMT:
      cond = WHILE_COND (loop);
      statements.safe_push (WHILE_BODY (loop));
      break;
    case DO_STMT:
      cond = DO_COND (loop);
      statements.safe_push (DO_BODY (loop));
      break;
    default:
      return false;
    }
  statements.safe_push (cond);
  return statements_wait_p (statements, cond);
}

/* A loop in *TP that waits for another thread, structured or
   lowered.  */
static tree
find_waiting_loop (tree *tp, int *walk_subtrees, void *)
{
  if (TYPE_P (*tp))
    *walk_subtrees = 0;
  else if (TREE_CODE (*tp) == STATEMENT_LIST)
    {
      tree_stmt_iterator last;
      for (tree_stmt_iterator i = tsi_start (*tp); !tsi_end_p (i);
           tsi_next (&i))
        if (cudajit_lowered_loop_p (i, &last)
            && cudajit_lowered_loop_waits_p (i, last))
          return tsi_stmt (i);
    }
  else if (cudajit_waiting_loop_p (*tp))
    return *tp;
  return NULL_TREE;
}

tree
cudajit_waiting_loop (tree body)
{
  return walk_tree_without_duplicates (&body, find_waiting_loop, NULL);
}

bool
cudajit_empty_statement_p (tree t)
{
  return (!t || IS_EMPTY_STMT (t)
          || (TREE_CODE (t) == STATEMENT_LIST && tsi_end_p (tsi_start (t))));
}
