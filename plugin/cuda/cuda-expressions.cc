/* SPDX-License-Identifier: GPL-3.0-or-later */
/* CUDA C emission, expressions, and the initializers that they and
   declarations have.  */

#include "cuda-emit.h"

/* Whether TYPE, an integer type, has fewer bits than the type it is
   printed as: _Bool and the types of bit-fields.  */
static bool
partial_type_p (tree type)
{
  return INTEGRAL_TYPE_P (type) && !type_has_mode_precision_p (type);
}

/* GCC does arithmetic in types narrower than int and in the types of
   bit-fields, wrapping to their bits where they are unsigned; CUDA C++
   would promote them to int, where a product can overflow and a complement
   sets the bits above theirs, or compute in the wider type that a
   bit-field's is printed as.  So such arithmetic is done in an unsigned
   type (see arithmetic_type) and converted back.  */
static bool
narrow_arithmetic_p (tree t)
{
  tree type = TREE_TYPE (t);
  if (!INTEGRAL_TYPE_P (type)
      || (TYPE_PRECISION (type) >= TYPE_PRECISION (unsigned_type_node)
          && !partial_type_p (type)))
    return false;
  switch (TREE_CODE (t))
    {
    case PLUS_EXPR:
    case MINUS_EXPR:
    case MULT_EXPR:
    case LSHIFT_EXPR:
    case NEGATE_EXPR:
      return true;
    case BIT_NOT_EXPR:
      return TYPE_UNSIGNED (type);
    default:
      return false;
    }
}

/* The unsigned type in which arithmetic in TYPE, narrower than int or a
   bit-field's, is done: unsigned int, or unsigned long long for the
   bit-fields wider than that.  Also the suffix of its literals.  */
static const char *
arithmetic_type (tree type, const char **suffix)
{
  bool wide = TYPE_PRECISION (type) > TYPE_PRECISION (unsigned_type_node);
  *suffix = wide ? "ull" : "u";
  return wide ? "unsigned long long" : "unsigned int";
}

/* A conversion to TYPE of the value printed between emit_conversion_open
   and emit_conversion_close.  Where TYPE has fewer bits than the type it
   is printed as, the value keeps only TYPE's bits, sign-extended if TYPE
   is signed, as in GCC; CUDA C++ would keep the bits of the wider type,
   or make any value but 0 true.  */
static void
emit_conversion_open (cuda_emitter *e, tree type)
{
  pp_string (&e->pp, "((");
  emit_type (e, type);
  pp_string (&e->pp, ") (");
  const char *suffix;
  if (partial_type_p (type))
    emit_printf (e, "%s(%s) (", TYPE_UNSIGNED (type) ? "" : "((",
                 arithmetic_type (type, &suffix));
}

static void
emit_conversion_close (cuda_emitter *e, tree type)
{
  if (partial_type_p (type))
    {
      unsigned int precision = TYPE_PRECISION (type);
      const char *suffix;
      arithmetic_type (type, &suffix);
      emit_printf (e, ") & " HOST_WIDE_INT_PRINT_HEX "%s",
                   HOST_WIDE_INT_M1U >> (HOST_BITS_PER_WIDE_INT - precision),
                   suffix);
      if (!TYPE_UNSIGNED (type))
        {
          unsigned HOST_WIDE_INT sign = HOST_WIDE_INT_1U << (precision - 1);
          emit_printf (e,
                       ") ^ " HOST_WIDE_INT_PRINT_HEX
                       "%s) - " HOST_WIDE_INT_PRINT_HEX "%s",
                       sign, suffix, sign, suffix);
        }
    }
  pp_string (&e->pp, "))");
}

/* OPERAND of T, narrow arithmetic, converted to the type it is done in.  */
static void
emit_arithmetic_operand (cuda_emitter *e, tree t, tree operand)
{
  const char *suffix;
  emit_printf (e, "(%s) ", arithmetic_type (TREE_TYPE (t), &suffix));
  emit_expr (e, operand);
}

static void
emit_narrow_arithmetic (cuda_emitter *e, tree t, const char *op)
{
  emit_conversion_open (e, TREE_TYPE (t));
  if (TREE_CODE_CLASS (TREE_CODE (t)) == tcc_unary)
    {
      pp_string (&e->pp, op);
      emit_arithmetic_operand (e, t, TREE_OPERAND (t, 0));
    }
  else
    {
      emit_arithmetic_operand (e, t, TREE_OPERAND (t, 0));
      emit_printf (e, " %s ", op);
      emit_arithmetic_operand (e, t, TREE_OPERAND (t, 1));
    }
  emit_conversion_close (e, TREE_TYPE (t));
}

static void
emit_binary (cuda_emitter *e, tree t, const char *op)
{
  if (narrow_arithmetic_p (t))
    {
      emit_narrow_arithmetic (e, t, op);
      return;
    }
  pp_left_paren (&e->pp);
  emit_expr (e, TREE_OPERAND (t, 0));
  emit_printf (e, " %s ", op);
  emit_expr (e, TREE_OPERAND (t, 1));
  pp_right_paren (&e->pp);
}

static void
emit_unary (cuda_emitter *e, tree t, const char *op)
{
  if (narrow_arithmetic_p (t))
    {
      emit_narrow_arithmetic (e, t, op);
      return;
    }
  emit_printf (e, "(%s", op);
  emit_expr (e, TREE_OPERAND (t, 0));
  pp_right_paren (&e->pp);
}

/* Whether types A and B are the same in CUDA C, but for qualifiers, as
   when a load of a const float is a float.  A pointer to an array is a
   pointer to its scalars there.  */
static bool
same_cuda_type_p (tree a, tree b)
{
  if (TREE_CODE (a) == POINTER_TYPE && TREE_CODE (b) == POINTER_TYPE)
    {
      a = array_element_type (TREE_TYPE (a));
      b = array_element_type (TREE_TYPE (b));
      return TYPE_QUALS (a) == TYPE_QUALS (b) && same_cuda_type_p (a, b);
    }
  return TYPE_MAIN_VARIANT (a) == TYPE_MAIN_VARIANT (b);
}

static void
emit_cast (cuda_emitter *e, tree type, tree operand)
{
  if (same_cuda_type_p (type, TREE_TYPE (operand)))
    {
      emit_expr (e, operand);
      return;
    }
  tree from = TREE_TYPE (operand);
  if (cudajit_narrow_float_name (type) || cudajit_narrow_float_name (from))
    {
      emit_narrow_cast (e, type, operand);
      return;
    }
  /* A conversion to a bit-field's type keeps the value's bits that the
     type has, unless it has no others.  */
  /* So does one to _Bool, GCC's type of one bit, from another integer:
     the C front end writes C's conversions to _Bool as comparisons with
     0, but GCC 15 folds (_Bool) (x & 1) into (_Bool) x, which C++ would
     make true for any x but 0.  */
  if (TREE_CODE (type) == BOOLEAN_TYPE && INTEGRAL_TYPE_P (from)
      && TREE_CODE (from) != BOOLEAN_TYPE)
    {
      pp_string (&e->pp, "((");
      emit_type (e, type);
      pp_string (&e->pp, ") (");
      emit_expr (e, operand);
      pp_string (&e->pp, " & 1))");
      return;
    }
  if (TREE_CODE (type) == INTEGER_TYPE && partial_type_p (type)
      && INTEGRAL_TYPE_P (from)
      && (TYPE_UNSIGNED (from) == TYPE_UNSIGNED (type)
              ? TYPE_PRECISION (from) > TYPE_PRECISION (type)
              : !TYPE_UNSIGNED (from)
                    || TYPE_PRECISION (from) >= TYPE_PRECISION (type)))
    {
      emit_conversion_open (e, type);
      emit_expr (e, operand);
      emit_conversion_close (e, type);
      return;
    }
  pp_string (&e->pp, "((");
  emit_type (e, type);
  pp_string (&e->pp, ") ");
  emit_expr (e, operand);
  pp_right_paren (&e->pp);
}

/* The front end converts an index to the unsigned sizetype before scaling
   it.  Converted back to a signed 64-bit index, any integer of at most 64
   bits has its own value again, so those conversions can go.  */
static tree
strip_integer_conversions (tree t)
{
  while (CONVERT_EXPR_P (t) && INTEGRAL_TYPE_P (TREE_TYPE (t))
         && INTEGRAL_TYPE_P (TREE_TYPE (TREE_OPERAND (t, 0)))
         && TYPE_PRECISION (TREE_TYPE (t)) == 64)
    t = TREE_OPERAND (t, 0);
  return t;
}

/* The index that OFFSET, a byte offset added to a pointer of type
   POINTER_TYPE, stands for, or NULL_TREE when it is not a multiple of the
   element size that can be read off the tree.  A constant index is also
   stored in *CONSTANT_INDEX.  */
static tree
pointer_index (tree pointer_type, tree offset, HOST_WIDE_INT *constant_index)
{
  tree elt = TREE_TYPE (pointer_type);
  if (VOID_TYPE_P (elt) || TREE_CODE (elt) == ARRAY_TYPE
      || !TYPE_SIZE_UNIT (elt) || !tree_fits_uhwi_p (TYPE_SIZE_UNIT (elt)))
    return NULL_TREE;
  unsigned HOST_WIDE_INT size = tree_to_uhwi (TYPE_SIZE_UNIT (elt));
  offset = strip_integer_conversions (offset);
  if (TREE_CODE (offset) == INTEGER_CST)
    {
      HOST_WIDE_INT bytes = wi::to_wide (offset).to_shwi ();
      if (bytes % (HOST_WIDE_INT) size != 0)
        return NULL_TREE;
      *constant_index = bytes / (HOST_WIDE_INT) size;
      return offset;
    }
  if (size == 1)
    return offset;
  if (TREE_CODE (offset) == MULT_EXPR
      && TREE_CODE (TREE_OPERAND (offset, 1)) == INTEGER_CST
      && tree_fits_uhwi_p (TREE_OPERAND (offset, 1))
      && tree_to_uhwi (TREE_OPERAND (offset, 1)) == size)
    return strip_integer_conversions (TREE_OPERAND (offset, 0));
  return NULL_TREE;
}

/* PTR + OFFSET, where OFFSET counts bytes: printed as C pointer arithmetic
   on the element type when OFFSET is a multiple of its size.  */
static void
emit_pointer_plus (cuda_emitter *e, tree t, bool dereference)
{
  tree ptr = TREE_OPERAND (t, 0), offset = TREE_OPERAND (t, 1);
  HOST_WIDE_INT constant_index = 0;
  tree index = pointer_index (TREE_TYPE (ptr), offset, &constant_index);
  pp_left_paren (&e->pp);
  if (index && TREE_CODE (offset) == INTEGER_CST)
    {
      emit_expr (e, ptr);
      if (dereference)
        emit_printf (e, "[" HOST_WIDE_INT_PRINT_DEC "]", constant_index);
      else
        emit_printf (e, " + " HOST_WIDE_INT_PRINT_DEC, constant_index);
    }
  else if (index)
    {
      emit_expr (e, ptr);
      pp_string (&e->pp, dereference ? "[" : " + ");
      emit_expr (e, index);
      if (dereference)
        pp_right_bracket (&e->pp);
    }
  else
    {
      if (dereference)
        pp_string (&e->pp, "*");
      pp_string (&e->pp, "(");
      emit_type (e, TREE_TYPE (t));
      pp_string (&e->pp, ") ((char *) ");
      emit_expr (e, ptr);
      pp_string (&e->pp, " + (long) ");
      emit_expr (e, offset);
      pp_right_paren (&e->pp);
    }
  pp_right_paren (&e->pp);
}

static void
emit_dereference (cuda_emitter *e, tree t)
{
  tree ptr = TREE_OPERAND (t, 0);
  if (TREE_CODE (ptr) == POINTER_PLUS_EXPR)
    {
      emit_pointer_plus (e, ptr, true);
      return;
    }
  pp_string (&e->pp, "(*");
  if (TYPE_MAIN_VARIANT (TREE_TYPE (TREE_TYPE (ptr)))
      != TYPE_MAIN_VARIANT (TREE_TYPE (t)))
    emit_cast (e, build_pointer_type (TREE_TYPE (t)), ptr);
  else
    emit_expr (e, ptr);
  pp_right_paren (&e->pp);
}

/* Whether T, an array, is or is in a local array, a compound literal or
   a structure, of constant size, rather than an array that a pointer
   parameter points to.  */
static bool
array_root_is_local (tree t)
{
  while (TREE_CODE (t) == ARRAY_REF)
    t = TREE_OPERAND (t, 0);
  return (VAR_P (t) || TREE_CODE (t) == COMPONENT_REF
          || TREE_CODE (t) == COMPOUND_LITERAL_EXPR);
}

/* A pointer to the first scalar of T, an array: a local array, or a row
   of one, or of an array that a pointer parameter points to.  */
static void
emit_array_start (cuda_emitter *e, tree t)
{
  tree base = TREE_OPERAND (t, 0);
  switch (TREE_CODE (t))
    {
    case INDIRECT_REF:
      emit_expr (e, base);
      return;
    case MEM_REF:
      {
        tree sum = build2 (POINTER_PLUS_EXPR, TREE_TYPE (base), base,
                           fold_convert (sizetype, TREE_OPERAND (t, 1)));
        emit_pointer_plus (e, sum, false);
        return;
      }
    case ARRAY_REF:
      /* A row of a local array, of constant size, is indexed as in C; a
         row of a row of a pointer parameter's array, whose size may vary,
         is the index times the row's size, in bytes.  */
      if (array_root_is_local (t))
        {
          pp_left_paren (&e->pp);
          emit_array_start (e, base);
          pp_left_bracket (&e->pp);
          emit_expr (e, TREE_OPERAND (t, 1));
          pp_string (&e->pp, "])");
          return;
        }
      pp_string (&e->pp, "((");
      emit_type (e, build_pointer_type (array_element_type (TREE_TYPE (t))));
      pp_string (&e->pp, ") ((char *) ");
      emit_array_start (e, base);
      pp_string (&e->pp, " + (long) ");
      emit_expr (e, TREE_OPERAND (t, 1));
      pp_string (&e->pp, " * (long) ");
      emit_expr (e, TYPE_SIZE_UNIT (TREE_TYPE (t)));
      pp_string (&e->pp, "))");
      return;
    case VAR_DECL:
    case COMPONENT_REF:
    case COMPOUND_LITERAL_EXPR:
      emit_expr (e, t);
      return;
    case STRING_CST:
      /* Without its terminating null byte, which C++ adds.  */
      emit_string (e, t, TREE_STRING_LENGTH (t) - 1);
      return;
    case VIEW_CONVERT_EXPR:
      /* A vector, subscripted.  */
      pp_left_paren (&e->pp);
      emit_expr (e, base);
      pp_string (&e->pp, ")._CjElements");
      return;
    default:
      sorry_at (EXPR_LOCATION (t),
                "cudajit cannot translate this construct to CUDA C");
    }
}

static void
emit_save_expr (cuda_emitter *e, tree t)
{
  const char *name = decl_name (e, t);
  if (e->saves_evaluated.add (t))
    {
      pp_string (&e->pp, name);
      return;
    }
  emit_printf (e, "(%s = ", name);
  emit_expr (e, TREE_OPERAND (t, 0));
  pp_right_paren (&e->pp);
}

/* T, a compound literal: its object is among the locals, so the first
   time, (initialization, object); the object alone where T is met again,
   as the front end shares it between the target of a compound assignment
   and its value (lit.x += 10), whose initializer runs once in C.  */
static void
emit_compound_literal (cuda_emitter *e, tree t)
{
  tree decl = DECL_EXPR_DECL (TREE_OPERAND (t, 0));
  const char *name = decl_name (e, decl);
  if (e->saves_evaluated.add (t))
    {
      pp_string (&e->pp, name);
      return;
    }
  pp_left_paren (&e->pp);
  if (DECL_INITIAL (decl))
    emit_initializer (e, name, TREE_TYPE (decl), DECL_INITIAL (decl), true);
  emit_printf (e, "%s)", name);
}

/* T, a SAVE_EXPR or a compound literal, evaluated once.  */
static void
emit_evaluated_once (cuda_emitter *e, tree t)
{
  if (TREE_CODE (t) == SAVE_EXPR)
    emit_save_expr (e, t);
  else
    emit_compound_literal (e, t);
}

static tree
find_outer_save_expr (tree *tp, int *walk_subtrees, void *data)
{
  /* What a condition may skip is evaluated where it is.  */
  if (TREE_CODE (*tp) == COND_EXPR || TREE_CODE (*tp) == TRUTH_ANDIF_EXPR
      || TREE_CODE (*tp) == TRUTH_ORIF_EXPR)
    *walk_subtrees = 0;
  else if (TREE_CODE (*tp) == SAVE_EXPR
           || TREE_CODE (*tp) == COMPOUND_LITERAL_EXPR)
    {
      vec<tree> *saves = (vec<tree> *) data;
      saves->safe_push (*tp);
      *walk_subtrees = 0;
    }
  return NULL_TREE;
}

/* Evaluates the SAVE_EXPRs and compound literals in the target of an
   assignment or increment T before T, since CUDA C++ evaluates the right
   side of an assignment first, while its left side is where the front
   end's SAVE_EXPRs are evaluated first.  Returns the number of
   parentheses opened.  */
static int
emit_target_saves (cuda_emitter *e, tree t)
{
  auto_vec<tree> saves;
  walk_tree_without_duplicates (&TREE_OPERAND (t, 0), find_outer_save_expr,
                                &saves);
  int opened = 0;
  for (tree save : saves)
    if (!e->saves_evaluated.contains (save))
      {
        if (!opened++)
          pp_left_paren (&e->pp);
        emit_evaluated_once (e, save);
        pp_string (&e->pp, ", ");
      }
  return opened ? 1 : 0;
}

static void
emit_increment (cuda_emitter *e, tree t)
{
  int opened = emit_target_saves (e, t);
  tree target = TREE_OPERAND (t, 0), amount = TREE_OPERAND (t, 1);
  bool pre = (TREE_CODE (t) == PREINCREMENT_EXPR
              || TREE_CODE (t) == PREDECREMENT_EXPR);
  bool up = (TREE_CODE (t) == PREINCREMENT_EXPR
             || TREE_CODE (t) == POSTINCREMENT_EXPR);
  /* The front end's amount for a pointer is the element size.  */
  bool by_one
      = (POINTER_TYPE_P (TREE_TYPE (target))
         || (TREE_CODE (amount) == INTEGER_CST && integer_onep (amount))
         || (TREE_CODE (amount) == REAL_CST
             && real_equal (TREE_REAL_CST_PTR (amount), &dconst1)));
  pp_left_paren (&e->pp);
  if (by_one)
    {
      if (pre)
        pp_string (&e->pp, up ? "++" : "--");
      emit_expr (e, target);
      if (!pre)
        pp_string (&e->pp, up ? "++" : "--");
    }
  else
    {
      /* Only pre-increments by other amounts reach here: a post-increment
         of a bool, which C defines as setting it.  */
      emit_expr (e, target);
      pp_string (&e->pp, up ? " += " : " -= ");
      emit_expr (e, amount);
    }
  pp_right_paren (&e->pp);
  while (opened--)
    pp_right_paren (&e->pp);
}

/* Whether T reads a volatile structure or union.  The C front end
   converts the value to the unqualified type for an initializer, marks a
   volatile reference TREE_THIS_VOLATILE, and gives a comma or conditional
   expression over one the unqualified type.  */
static bool
reads_volatile_record_p (tree t)
{
  STRIP_NOPS (t);
  if (TREE_CODE (t) == COMPOUND_EXPR)
    return reads_volatile_record_p (TREE_OPERAND (t, 1));
  if (TREE_CODE (t) == COND_EXPR)
    return (reads_volatile_record_p (TREE_OPERAND (t, 1))
            || reads_volatile_record_p (TREE_OPERAND (t, 2)));
  return (RECORD_OR_UNION_TYPE_P (TREE_TYPE (t))
          && (TYPE_VOLATILE (TREE_TYPE (t)) || TREE_THIS_VOLATILE (t)));
}

/* T where its value is read: a volatile structure or union through
   cudajit_volatile_load.  */
void
emit_value (cuda_emitter *e, tree t)
{
  if (!reads_volatile_record_p (t))
    {
      emit_expr (e, t);
      return;
    }
  pp_string (&e->pp, "cudajit_volatile_load (");
  emit_expr (e, t);
  pp_right_paren (&e->pp);
}

/* A structure or union is stored from its value as emit_value reads it,
   and a volatile one through cudajit_volatile_store.  */
static void
emit_assignment (cuda_emitter *e, tree t)
{
  int opened = emit_target_saves (e, t);
  tree target = TREE_OPERAND (t, 0);
  tree type = TREE_TYPE (target);
  if (RECORD_OR_UNION_TYPE_P (type))
    {
      bool store = TYPE_VOLATILE (type);
      pp_string (&e->pp, store ? "cudajit_volatile_store (" : "(");
      emit_expr (e, target);
      pp_string (&e->pp, store ? ", " : " = ");
      emit_value (e, TREE_OPERAND (t, 1));
      pp_right_paren (&e->pp);
    }
  else
    emit_binary (e, t, "=");
  while (opened--)
    pp_right_paren (&e->pp);
}

/* A C string literal of the first LENGTH bytes of STRING, those other
   than printable ASCII in octal.  */
void
emit_string (cuda_emitter *e, tree string, int length)
{
  const unsigned char *bytes
      = (const unsigned char *) TREE_STRING_POINTER (string);
  pp_character (&e->pp, '"');
  for (int i = 0; i < length; i++)
    {
      unsigned char c = bytes[i];
      if (c == '"' || c == '\\')
        emit_printf (e, "\\%c", c);
      else if (c >= ' ' && c < 127 && c != '?')
        pp_character (&e->pp, c);
      else
        emit_printf (e, "\\%03o", c);
    }
  pp_character (&e->pp, '"');
}

static void
print_type (void *e, tree type)
{
  emit_type ((cuda_emitter *) e, type);
}

static void
print_value (void *e, tree t)
{
  emit_value ((cuda_emitter *) e, t);
}

static void
emit_call (cuda_emitter *e, tree call)
{
  if (cudajit_overflow_operation (call))
    {
      cudajit_tree_printers print = { e, print_type, print_value };
      cudajit_emit_overflow_call (&e->pp, call, print);
      return;
    }
  tree fndecl = get_callee_fndecl (call);
  const char *builtin = cudajit_builtin_cuda_name (fndecl);
  char *name = builtin ? xstrdup (builtin) : function_cuda_name (fndecl);
  pp_string (&e->pp, name);
  free (name);
  pp_string (&e->pp, " (");
  for (int i = 0; i < call_expr_nargs (call); i++)
    {
      if (i)
        pp_string (&e->pp, ", ");
      emit_value (e, CALL_EXPR_ARG (call, i));
    }
  pp_right_paren (&e->pp);
}

/* A rotation by a count that may be 0 or the width, both valid for GCC's
   rotate but not for a shift.  */
static void
emit_rotate (cuda_emitter *e, tree t)
{
  unsigned int mask = TYPE_PRECISION (TREE_TYPE (t)) - 1;
  bool left = TREE_CODE (t) == LROTATE_EXPR;
  tree value = TREE_OPERAND (t, 0), count = TREE_OPERAND (t, 1);
  pp_string (&e->pp, "((");
  emit_expr (e, value);
  pp_string (&e->pp, left ? " << (" : " >> (");
  emit_expr (e, count);
  emit_printf (e, " & %u)) | (", mask);
  emit_expr (e, value);
  pp_string (&e->pp, left ? " >> (-" : " << (-");
  emit_expr (e, count);
  emit_printf (e, " & %u)))", mask);
}

/* MIN_EXPR, MAX_EXPR and ABS_EXPR come from folding and have operands
   without side effects, so repeating them is safe.  */
static void
emit_min_max_abs (cuda_emitter *e, tree t)
{
  tree a = TREE_OPERAND (t, 0);
  tree b = TREE_CODE (t) == ABS_EXPR ? NULL_TREE : TREE_OPERAND (t, 1);
  pp_string (&e->pp, "((");
  emit_expr (e, a);
  if (b)
    {
      pp_string (&e->pp, TREE_CODE (t) == MIN_EXPR ? " < " : " > ");
      emit_expr (e, b);
      pp_string (&e->pp, ") ? ");
      emit_expr (e, a);
      pp_string (&e->pp, " : ");
      emit_expr (e, b);
    }
  else
    {
      pp_string (&e->pp, " < 0) ? -");
      emit_expr (e, a);
      pp_string (&e->pp, " : ");
      emit_expr (e, a);
    }
  pp_right_paren (&e->pp);
}

/* fabs folds to ABS_EXPR, which for -0.0 and NaNs must stay fabs.  */
static void
emit_abs (cuda_emitter *e, tree t)
{
  if (!FLOAT_TYPE_P (TREE_TYPE (t)))
    {
      emit_min_max_abs (e, t);
      return;
    }
  tree type = TYPE_MAIN_VARIANT (TREE_TYPE (t));
  pp_string (&e->pp, cudajit_narrow_float_name (type) ? "cudajit_narrow_abs ("
                     : type == float_type_node        ? "fabsf ("
                                                      : "fabs (");
  emit_expr (e, TREE_OPERAND (t, 0));
  pp_right_paren (&e->pp);
}

/* A comparison that C++ has no operator for, as the prelude's function
   that computes it.  C++ evaluates a call's arguments in any order, and
   isnan (x) is UNORDERED_EXPR (SAVE_EXPR <x>, SAVE_EXPR <x>): the
   SAVE_EXPRs are evaluated first, in C's order.  */
static void
emit_float_compare (cuda_emitter *e, tree t, const char *function)
{
  auto_vec<tree> saves;
  cudajit_unconditional_saves (t, &saves);
  pp_left_paren (&e->pp);
  for (tree save : saves)
    if (!e->saves_evaluated.contains (save))
      {
        emit_save_expr (e, save);
        pp_string (&e->pp, ", ");
      }
  emit_printf (e, "%s (", function);
  emit_expr (e, TREE_OPERAND (t, 0));
  pp_string (&e->pp, ", ");
  emit_expr (e, TREE_OPERAND (t, 1));
  pp_string (&e->pp, "))");
}

enum operator_kind
{
  OPERATOR_INFIX,
  OPERATOR_PREFIX,
  OPERATOR_OWN
};

static const struct
{
  enum tree_code code;
  enum operator_kind kind;
  const char *spelling;
} operators[] = {
#define DEF_OPERATOR(code, kind, spelling) { code, OPERATOR_##kind, spelling },
#include "operators.def"
#undef DEF_OPERATOR
};

/* Prints T if it is an infix or prefix operator of operators.def; whether
   it is.  */
static bool
emit_operator (cuda_emitter *e, tree t)
{
  for (size_t i = 0; i < ARRAY_SIZE (operators); i++)
    if (operators[i].code == TREE_CODE (t))
      switch (operators[i].kind)
        {
        case OPERATOR_INFIX:
          emit_binary (e, t, operators[i].spelling);
          return true;
        case OPERATOR_PREFIX:
          emit_unary (e, t, operators[i].spelling);
          return true;
        case OPERATOR_OWN:
          return false;
        }
  return false;
}

/* A GNU statement expression, whose value BODY leaves in SLOT if it has
   one, as CUDA C++ has none: a lambda called at once.  It captures the
   function's variables by reference, which are all declared at its top,
   so that BODY's statements print as anywhere else.  */
static void
emit_statement_expression (cuda_emitter *e, tree body, tree slot)
{
  pp_string (&e->pp, "[&] () {");
  e->indent++;
  e->emit_statement (e, body);
  if (slot)
    {
      emit_newline (e);
      emit_printf (e, "return %s;", decl_name (e, slot));
    }
  e->indent--;
  emit_newline (e);
  pp_string (&e->pp, "} ()");
}

/* Whether T is a truth value (a comparison, &&, ||, !) whose type is not
   C's int, as GCC folds (unsigned long long) (a < b) into the comparison:
   CUDA C++'s bool would promote to int in the arithmetic around it, and
   (x < y) << 40 or ~(x < y) compute in 32 bits.  */
static bool
typed_truth_value_p (const_tree t)
{
  tree type = TREE_TYPE (t);
  return truth_value_p (TREE_CODE (t)) && INTEGRAL_TYPE_P (type)
         && TREE_CODE (type) != BOOLEAN_TYPE
         && TYPE_MAIN_VARIANT (type) != integer_type_node;
}

void
emit_expr (cuda_emitter *e, tree t)
{
  t = cudajit_skip_sanitizer_check (t);
  if (typed_truth_value_p (t))
    {
      /* Converted from the same truth value as an int.  */
      tree truth = copy_node (t);
      TREE_TYPE (truth) = integer_type_node;
      emit_conversion_open (e, TREE_TYPE (t));
      emit_expr (e, truth);
      emit_conversion_close (e, TREE_TYPE (t));
      return;
    }
  tree string = cudajit_string_literal (t);
  if (string)
    {
      /* Without its terminating null byte.  */
      emit_string (e, string, TREE_STRING_LENGTH (string) - 1);
      return;
    }
  switch (TREE_CODE (t))
    {
    case INTEGER_CST:
      if (!emit_enumerator (e, t))
        emit_integer_cst (e, t);
      return;
    case REAL_CST:
      emit_real_cst (e, t);
      return;
    case COMPLEX_CST:
      emit_complex_cst (e, t);
      return;
    case VAR_DECL:
      if (cudajit_constant_value (t))
        {
          emit_cast (e, TREE_TYPE (t), cudajit_constant_value (t));
          return;
        }
      /* An extern shared array may be used through another declaration of
         the same array.  */
      if (cudajit_shared_p (t))
        {
          pp_string (&e->pp, IDENTIFIER_POINTER (DECL_NAME (t)));
          return;
        }
      /* Constant arrays and device variables, defined before the
         function.  */
      if (cudajit_constant_array_p (t) || cudajit_device_variable_p (t))
        {
          if (!e->constants.contains (t))
            e->constants.safe_push (t);
          char *name = constant_cuda_name (t);
          pp_string (&e->pp, name);
          free (name);
          return;
        }
      /* Fall through.  */
    case PARM_DECL:
      pp_string (&e->pp, cudajit_builtin_variable_p (t)
                             ? IDENTIFIER_POINTER (DECL_NAME (t))
                             : decl_name (e, t));
      return;
    case SAVE_EXPR:
      emit_save_expr (e, t);
      return;
    case CALL_EXPR:
      emit_call (e, t);
      return;
    case BIND_EXPR:
      /* The declaration of a variable-length array's type, which the
         CUDA C does not need.  */
      if (cudajit_type_declaration_p (t))
        {
          pp_string (&e->pp, "(void) 0");
          return;
        }
      /* Fall through.  */
    case STATEMENT_LIST:
      emit_statement_expression (e, t, NULL_TREE);
      return;
    case TARGET_EXPR:
      emit_statement_expression (e, TARGET_EXPR_INITIAL (t),
                                 TARGET_EXPR_SLOT (t));
      return;
    case REALPART_EXPR:
    case IMAGPART_EXPR:
      if (tree x = cudajit_cexpi_argument (TREE_OPERAND (t, 0)))
        {
          bool single = TYPE_MAIN_VARIANT (TREE_TYPE (t)) == float_type_node;
          emit_printf (e, "%s%s (",
                       TREE_CODE (t) == REALPART_EXPR ? "cos" : "sin",
                       single ? "f" : "");
          emit_expr (e, x);
          pp_right_paren (&e->pp);
          return;
        }
      pp_left_paren (&e->pp);
      emit_expr (e, TREE_OPERAND (t, 0));
      if (SCALAR_FLOAT_TYPE_P (TREE_TYPE (t)))
        pp_string (&e->pp, TREE_CODE (t) == REALPART_EXPR ? ").re" : ").im");
      else
        pp_string (&e->pp,
                   TREE_CODE (t) == REALPART_EXPR ? ").value" : ").overflow");
      return;
    case COMPLEX_EXPR:
      emit_type (e, TREE_TYPE (t));
      pp_string (&e->pp, " (");
      emit_expr (e, TREE_OPERAND (t, 0));
      pp_string (&e->pp, ", ");
      emit_expr (e, TREE_OPERAND (t, 1));
      pp_right_paren (&e->pp);
      return;
    case COMPOUND_LITERAL_EXPR:
      emit_compound_literal (e, t);
      return;
    case COMPONENT_REF:
      {
        char *field = field_cuda_name (TREE_OPERAND (t, 1));
        pp_left_paren (&e->pp);
        emit_expr (e, TREE_OPERAND (t, 0));
        emit_printf (e, ").%s", field);
        free (field);
        return;
      }
    case INDIRECT_REF:
      emit_dereference (e, t);
      return;
    case BIT_FIELD_REF:
      /* NVRTC has the bytes where GCC has them, as the subset check
         (misplaced_field) and the layout checks make sure.  */
      pp_string (&e->pp, "cudajit_bits<");
      emit_type (e, TREE_TYPE (t));
      pp_string (&e->pp, "> (");
      emit_expr (e, TREE_OPERAND (t, 0));
      emit_printf (e, ", " HOST_WIDE_INT_PRINT_UNSIGNED ")",
                   tree_to_uhwi (TREE_OPERAND (t, 2)) / BITS_PER_UNIT);
      return;
    case VECTOR_CST:
    case CONSTRUCTOR:
      emit_vector_value (e, t);
      return;
    case VIEW_CONVERT_EXPR:
      /* Only a vector's qualifiers change.  */
      emit_expr (e, TREE_OPERAND (t, 0));
      return;
    case VEC_COND_EXPR:
      emit_vector_select (e, t);
      return;
    case ARRAY_REF:
      pp_left_paren (&e->pp);
      emit_array_start (e, TREE_OPERAND (t, 0));
      pp_left_bracket (&e->pp);
      emit_expr (e, TREE_OPERAND (t, 1));
      pp_string (&e->pp, "])");
      return;
    case MEM_REF:
      if (integer_zerop (TREE_OPERAND (t, 1)))
        emit_dereference (e, t);
      else
        {
          tree sum
              = build2 (POINTER_PLUS_EXPR, TREE_TYPE (TREE_OPERAND (t, 0)),
                        TREE_OPERAND (t, 0),
                        fold_convert (sizetype, TREE_OPERAND (t, 1)));
          emit_pointer_plus (e, sum, true);
        }
      return;
    case ADDR_EXPR:
      /* The address of an array is that of its first scalar, as a pointer
         to an array points to its scalars in CUDA C.  */
      if (TREE_CODE (TREE_TYPE (TREE_OPERAND (t, 0))) == ARRAY_TYPE)
        {
          pp_string (&e->pp, "((");
          emit_type (e, TREE_TYPE (t));
          pp_string (&e->pp, ") ");
          emit_unary (e, t, "&");
          pp_right_paren (&e->pp);
        }
      else
        emit_unary (e, t, "&");
      return;
    case POINTER_PLUS_EXPR:
      emit_pointer_plus (e, t, false);
      return;
    case POINTER_DIFF_EXPR:
      pp_string (&e->pp, "((long) ((const char *) ");
      emit_expr (e, TREE_OPERAND (t, 0));
      pp_string (&e->pp, " - (const char *) ");
      emit_expr (e, TREE_OPERAND (t, 1));
      pp_string (&e->pp, "))");
      return;
    case NOP_EXPR:
    case CONVERT_EXPR:
    case FLOAT_EXPR:
    case FIX_TRUNC_EXPR:
      emit_cast (e, TREE_TYPE (t), TREE_OPERAND (t, 0));
      return;
    case NON_LVALUE_EXPR:
    /* A loop's condition, whose #pragma unroll its loop's statement
       prints.  */
    case ANNOTATE_EXPR:
      emit_expr (e, TREE_OPERAND (t, 0));
      return;
    case MODIFY_EXPR:
    case INIT_EXPR:
      emit_assignment (e, t);
      return;
    case PREINCREMENT_EXPR:
    case PREDECREMENT_EXPR:
    case POSTINCREMENT_EXPR:
    case POSTDECREMENT_EXPR:
      emit_increment (e, t);
      return;
    case COND_EXPR:
      pp_left_paren (&e->pp);
      emit_expr (e, TREE_OPERAND (t, 0));
      pp_string (&e->pp, " ? ");
      emit_expr (e, TREE_OPERAND (t, 1));
      pp_string (&e->pp, " : ");
      emit_expr (e, TREE_OPERAND (t, 2));
      pp_right_paren (&e->pp);
      return;
    case LROTATE_EXPR:
    case RROTATE_EXPR:
      emit_rotate (e, t);
      return;
    case MIN_EXPR:
    case MAX_EXPR:
      emit_min_max_abs (e, t);
      return;
    case ABS_EXPR:
      emit_abs (e, t);
      return;
    /* Both operands are evaluated: the C front end folds a & b and a | b
       of truth values into these even where b has side effects (found by
       csmith).  */
    case TRUTH_AND_EXPR:
    case TRUTH_OR_EXPR:
      pp_string (&e->pp, "(!!");
      emit_expr (e, TREE_OPERAND (t, 0));
      pp_string (&e->pp, TREE_CODE (t) == TRUTH_AND_EXPR ? " & !!" : " | !!");
      emit_expr (e, TREE_OPERAND (t, 1));
      pp_right_paren (&e->pp);
      return;
    case TRUTH_XOR_EXPR:
      pp_string (&e->pp, "(!");
      emit_expr (e, TREE_OPERAND (t, 0));
      pp_string (&e->pp, " != !");
      emit_expr (e, TREE_OPERAND (t, 1));
      pp_right_paren (&e->pp);
      return;
    default:
      if (emit_operator (e, t))
        return;
      if (cudajit_float_compare_function (TREE_CODE (t)))
        {
          emit_float_compare (e, t,
                              cudajit_float_compare_function (TREE_CODE (t)));
          return;
        }
      /* The subset check lets through only what is handled above, and
         the operators of operators.def of kind OWN have their cases.  */
      sorry_at (EXPR_LOCATION (t),
                "cudajit cannot translate this construct to CUDA C");
      return;
    }
}

/* Whether INIT, the initializer of an object of TYPE, gives a value to
   every part of it, leaving nothing for C to zero.  */
static bool
initializer_complete_p (tree type, tree init)
{
  if (TREE_CODE (init) == STRING_CST)
    return compare_tree_int (TYPE_SIZE_UNIT (type), TREE_STRING_LENGTH (init))
           <= 0;
  /* A vector's are zero where a CONSTRUCTOR leaves them out.  */
  if (TREE_CODE (init) != CONSTRUCTOR || TREE_CODE (type) == VECTOR_TYPE)
    return true;
  unsigned HOST_WIDE_INT i;
  tree index, value;
  FOR_EACH_CONSTRUCTOR_ELT (CONSTRUCTOR_ELTS (init), i, index, value)
  if (!initializer_complete_p (cudajit_initializer_part_type (type, index),
                               value))
    return false;
  /* The front end merges the values given twice to the same part.  */
  unsigned HOST_WIDE_INT count = CONSTRUCTOR_NELTS (init);
  switch (TREE_CODE (type))
    {
    case ARRAY_TYPE:
      return count == array_length (type);
    case UNION_TYPE:
      return (count == 1
              && tree_int_cst_equal (
                  TYPE_SIZE (TREE_TYPE (CONSTRUCTOR_ELT (init, 0)->index)),
                  TYPE_SIZE (type)));
    default:
      for (tree field = TYPE_FIELDS (type); field; field = DECL_CHAIN (field))
        if (TREE_CODE (field) == FIELD_DECL && count-- == 0)
          return false;
      return count == 0;
    }
}

/* One step of an initialization: a statement or, in an expression, an
   operand of a comma, around what is printed between the two.  */
static void
begin_initializer_step (cuda_emitter *e, bool as_expression)
{
  if (!as_expression)
    emit_newline (e);
}

static void
end_initializer_step (cuda_emitter *e, bool as_expression)
{
  pp_string (&e->pp, as_expression ? ", " : ";");
}

/* The values of INIT for the object of TYPE that LVALUE names in CUDA C,
   as assignments; CUDA C++ cannot assign arrays, so a string literal is
   copied with memcpy.  Where the object is ZEROED already, zeros are left
   out.  */
static void
emit_initializer_values (cuda_emitter *e, const char *lvalue, tree type,
                         tree init, bool zeroed, bool as_expression)
{
  if (zeroed && initializer_zerop (init))
    return;
  if (TREE_CODE (init) == CONSTRUCTOR && TREE_CODE (type) != VECTOR_TYPE)
    {
      unsigned HOST_WIDE_INT i, next = 0;
      tree index, value;
      FOR_EACH_CONSTRUCTOR_ELT (CONSTRUCTOR_ELTS (init), i, index, value)
      {
        char *part;
        if (TREE_CODE (type) == ARRAY_TYPE)
          {
            if (index)
              next = tree_to_uhwi (index);
            part = xasprintf ("%s[" HOST_WIDE_INT_PRINT_UNSIGNED "]", lvalue,
                              next++);
          }
        else
          {
            char *field = field_cuda_name (index);
            part = xasprintf ("%s.%s", lvalue, field);
            free (field);
          }
        emit_initializer_values (e, part,
                                 cudajit_initializer_part_type (type, index),
                                 value, zeroed, as_expression);
        free (part);
      }
      return;
    }
  begin_initializer_step (e, as_expression);
  if (TREE_CODE (init) == STRING_CST)
    {
      const char *bytes = TREE_STRING_POINTER (init);
      int length = TREE_STRING_LENGTH (init);
      if (zeroed)
        while (!bytes[length - 1])
          length--;
      emit_printf (e, "memcpy ((void *) %s, ", lvalue);
      /* A literal ends with a null byte of its own.  */
      emit_string (e, init, length - !bytes[length - 1]);
      emit_printf (e, ", %d)", length);
    }
  else
    {
      emit_printf (e, "%s = ", lvalue);
      emit_value (e, init);
    }
  end_initializer_step (e, as_expression);
}

/* The initialization by INIT of the object of TYPE that LVALUE names in
   CUDA C, as assignments: statements, since locals are declared without
   initializers, or AS_EXPRESSION the operands of a comma expression, for a
   compound literal.  Unless INIT gives a value to all of it, the object is
   zeroed first, as C zeroes what an initializer leaves out.  */
void
emit_initializer (cuda_emitter *e, const char *lvalue, tree type, tree init,
                  bool as_expression)
{
  bool zeroed = !initializer_complete_p (type, init);
  if (zeroed)
    {
      begin_initializer_step (e, as_expression);
      /* memset and memcpy take no pointer to volatile.  */
      emit_printf (e, "memset ((void *) %s%s, 0, sizeof %s)",
                   TREE_CODE (type) == ARRAY_TYPE ? "" : "&", lvalue, lvalue);
      end_initializer_step (e, as_expression);
    }
  emit_initializer_values (e, lvalue, type, init, zeroed, as_expression);
}
