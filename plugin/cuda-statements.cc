/* CUDA C emission, statements, initializers, locals and the function.  */

#include "cuda-emit.h"

static void emit_stmt (cuda_emitter *, tree);

static void
emit_block (cuda_emitter *e, tree body)
{
  pp_character (&e->pp, '{');
  e->indent++;
  if (body)
    emit_stmt (e, body);
  e->indent--;
  emit_newline (e);
  pp_character (&e->pp, '}');
}

/* Whether INIT, the initializer of an object of TYPE, gives a value to
   every part of it, leaving nothing for C to zero.  */
static bool
initializer_complete_p (tree type, tree init)
{
  if (TREE_CODE (init) == STRING_CST)
    return compare_tree_int (TYPE_SIZE_UNIT (type), TREE_STRING_LENGTH (init))
           <= 0;
  if (TREE_CODE (init) != CONSTRUCTOR)
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
  if (TREE_CODE (init) == CONSTRUCTOR)
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
              part = xasprintf ("%s[" HOST_WIDE_INT_PRINT_UNSIGNED "]",
                                lvalue, next++);
            }
          else
            {
              char *field = field_cuda_name (index);
              part = xasprintf ("%s.%s", lvalue, field);
              free (field);
            }
          emit_initializer_values (
              e, part, cudajit_initializer_part_type (type, index), value,
              zeroed, as_expression);
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

static bool
empty_statement_p (tree t)
{
  return (!t || IS_EMPTY_STMT (t)
          || (TREE_CODE (t) == STATEMENT_LIST && tsi_end_p (tsi_start (t))));
}

static void
emit_stmt (cuda_emitter *e, tree t)
{
  if (cudajit_statement_pair_p (t))
    {
      emit_stmt (e, TREE_OPERAND (t, 0));
      emit_stmt (e, TREE_OPERAND (t, 1));
      return;
    }
  switch (TREE_CODE (t))
    {
    case STATEMENT_LIST:
      for (tree_stmt_iterator i = tsi_start (t); !tsi_end_p (i); tsi_next (&i))
        emit_stmt (e, tsi_stmt (i));
      return;
    case BIND_EXPR:
      emit_stmt (e, BIND_EXPR_BODY (t));
      return;
    case PREDICT_EXPR:
    case DEBUG_BEGIN_STMT:
      return;
    case CALL_EXPR:
      if (cudajit_fallthrough_p (t))
        return;
      break;
    case DECL_EXPR:
      {
        tree decl = DECL_EXPR_DECL (t);
        if (VAR_P (decl) && DECL_INITIAL (decl) && !TREE_STATIC (decl))
          emit_initializer (e, decl_name (e, decl), TREE_TYPE (decl),
                            DECL_INITIAL (decl), false);
        return;
      }
    case LABEL_EXPR:
      /* A label at the start of a line, and a statement after it because
         C++ wants one.  */
      pp_newline (&e->pp);
      emit_printf (e, "%s:;", decl_name (e, LABEL_EXPR_LABEL (t)));
      return;
    case GOTO_EXPR:
      emit_newline (e);
      emit_printf (e, "goto %s;", decl_name (e, GOTO_DESTINATION (t)));
      return;
    case RETURN_EXPR:
      emit_newline (e);
      if (TREE_OPERAND (t, 0) && TREE_CODE (TREE_OPERAND (t, 0)) == MODIFY_EXPR)
        {
          pp_string (&e->pp, "return ");
          emit_value (e, TREE_OPERAND (TREE_OPERAND (t, 0), 1));
          pp_semicolon (&e->pp);
        }
      else
        pp_string (&e->pp, "return;");
      return;
    case CASE_LABEL_EXPR:
      emit_newline (e);
      if (CASE_LOW (t))
        {
          pp_string (&e->pp, "case ");
          emit_expr (e, CASE_LOW (t));
          pp_string (&e->pp, ":;");
        }
      else
        pp_string (&e->pp, "default:;");
      return;
    case SWITCH_EXPR:
    case SWITCH_STMT:
      emit_newline (e);
      pp_string (&e->pp, "switch (");
      emit_expr (e, TREE_OPERAND (t, 0));
      pp_string (&e->pp, ")");
      emit_newline (e);
      emit_block (e, TREE_OPERAND (t, 1));
      return;
    case FOR_STMT:
      if (FOR_INIT_STMT (t))
        emit_stmt (e, FOR_INIT_STMT (t));
      emit_newline (e);
      pp_string (&e->pp, "for (; ");
      if (FOR_COND (t))
        emit_expr (e, FOR_COND (t));
      pp_string (&e->pp, "; ");
      if (FOR_EXPR (t))
        emit_expr (e, FOR_EXPR (t));
      pp_right_paren (&e->pp);
      emit_newline (e);
      emit_block (e, FOR_BODY (t));
      return;
    case WHILE_STMT:
      emit_newline (e);
      pp_string (&e->pp, "while (");
      emit_expr (e, WHILE_COND (t));
      pp_right_paren (&e->pp);
      emit_newline (e);
      emit_block (e, WHILE_BODY (t));
      return;
    case DO_STMT:
      emit_newline (e);
      pp_string (&e->pp, "do");
      emit_newline (e);
      emit_block (e, DO_BODY (t));
      pp_string (&e->pp, " while (");
      emit_expr (e, DO_COND (t));
      pp_string (&e->pp, ");");
      return;
    case BREAK_STMT:
      emit_newline (e);
      pp_string (&e->pp, "break;");
      return;
    case CONTINUE_STMT:
      emit_newline (e);
      pp_string (&e->pp, "continue;");
      return;
    case COND_EXPR:
      if (VOID_TYPE_P (TREE_TYPE (t)))
        {
          emit_newline (e);
          pp_string (&e->pp, "if (");
          emit_expr (e, COND_EXPR_COND (t));
          pp_right_paren (&e->pp);
          emit_newline (e);
          emit_block (e, COND_EXPR_THEN (t));
          if (!empty_statement_p (COND_EXPR_ELSE (t)))
            {
              emit_newline (e);
              pp_string (&e->pp, "else");
              emit_newline (e);
              emit_block (e, COND_EXPR_ELSE (t));
            }
          return;
        }
      break;
    default:
      break;
    }
  emit_newline (e);
  emit_expr (e, t);
  pp_semicolon (&e->pp);
}

static tree
collect_local (tree *tp, int *walk_subtrees, void *data)
{
  cuda_emitter *e = (cuda_emitter *) data;
  if (TREE_CODE (*tp) == BIND_EXPR)
    for (tree var = BIND_EXPR_VARS (*tp); var; var = DECL_CHAIN (var))
      if (VAR_P (var) && (!TREE_STATIC (var) || cudajit_shared_p (var)))
        {
          name_decl (e, var, NAME_TEMPORARY);
          e->locals.safe_push (var);
        }
  if (TREE_CODE (*tp) == SAVE_EXPR && !e->names.get (*tp))
    {
      name_decl (e, *tp, NAME_SAVED_VALUE);
      e->locals.safe_push (*tp);
    }
  if (TYPE_P (*tp))
    *walk_subtrees = 0;
  return NULL_TREE;
}

static void
emit_local_declaration (cuda_emitter *e, tree decl)
{
  /* Initialized later by assignments: drop the const.  */
  tree type = TREE_TYPE (decl);
  if (TREE_CODE (type) == ARRAY_TYPE)
    {
      emit_newline (e);
      if (cudajit_shared_p (decl))
        pp_string (&e->pp, DECL_EXTERNAL (decl) ? "extern __shared__ "
                                                : "__shared__ ");
      emit_type (e, build_qualified_type (array_element_type (type),
                                          TYPE_UNQUALIFIED));
      pp_space (&e->pp);
      emit_expr (e, decl);
      emit_array_dimensions (e, type);
      pp_semicolon (&e->pp);
      return;
    }
  /* A volatile pointer's volatile goes after its *, that of others
     before their type.  */
  bool pointer = TREE_CODE (type) == POINTER_TYPE;
  type = build_qualified_type (type, pointer ? TYPE_QUALS (type)
                                                   & TYPE_QUAL_VOLATILE
                                             : TYPE_UNQUALIFIED);
  emit_newline (e);
  /* A local is its own thread's, so volatile changes nothing for a
     structure or union on the GPU, whereas C++ would refuse to assign it
     from the initializer.  */
  if (TREE_THIS_VOLATILE (decl) && !RECORD_OR_UNION_TYPE_P (type) && !pointer)
    pp_string (&e->pp, "volatile ");
  emit_declaration (e, type, decl_name (e, decl));
  pp_semicolon (&e->pp);
}

/* The head of FNDECL's definition or, without parameter names, of its
   declaration.  */
static void
emit_function_head (cuda_emitter *e, tree fndecl, bool definition)
{
  char *name = function_cuda_name (fndecl);
  if (cudajit_kernel_p (fndecl))
    emit_printf (e, "extern \"C\" __global__ void\n%s (", name);
  else
    {
      pp_string (&e->pp, "__device__ ");
      emit_type (e, TREE_TYPE (TREE_TYPE (fndecl)));
      emit_printf (e, "\n%s (", name);
    }
  free (name);
  if (definition)
    for (tree parm = DECL_ARGUMENTS (fndecl); parm; parm = DECL_CHAIN (parm))
      {
        name_decl (e, parm, NAME_PARAMETER);
        if (parm != DECL_ARGUMENTS (fndecl))
          pp_string (&e->pp, ", ");
        emit_declaration (e, TREE_TYPE (parm), decl_name (e, parm));
      }
  else
    for (tree type = TYPE_ARG_TYPES (TREE_TYPE (fndecl));
         type && type != void_list_node; type = TREE_CHAIN (type))
      {
        if (type != TYPE_ARG_TYPES (TREE_TYPE (fndecl)))
          pp_string (&e->pp, ", ");
        emit_type (e, TREE_VALUE (type));
      }
  if (definition ? !DECL_ARGUMENTS (fndecl)
                 : TYPE_ARG_TYPES (TREE_TYPE (fndecl)) == void_list_node)
    pp_string (&e->pp, "void");
  pp_right_paren (&e->pp);
}

char *
cudajit_emit_function (tree fndecl, tree body, const vec<tree> &callees)
{
  cuda_emitter *e = new cuda_emitter ();
  e->kernel = fndecl;
  e->indent = 0;
  e->temporaries = 0;
  e->hidden = NULL;

  /* Each piece of CUDA C declares what it calls, so that the pieces of a
     module can come in any order and call each other.  */
  pp_newline (&e->pp);
  for (tree callee : callees)
    {
      emit_function_head (e, callee, false);
      pp_string (&e->pp, ";\n");
    }
  emit_function_head (e, fndecl, true);
  pp_string (&e->pp, "\n{");
  e->indent = 1;

  walk_tree_without_duplicates (&body, collect_local, e);
  e->hidden = &e->taken;
  for (tree local : e->locals)
    emit_local_declaration (e, local);
  emit_stmt (e, body);
  e->hidden = NULL;
  pp_string (&e->pp, "\n}\n");

  char *text = with_definitions (e, pp_formatted_text (&e->pp));
  for (auto it = e->names.begin (); it != e->names.end (); ++it)
    free (CONST_CAST (char *, (*it).second));
  delete e;
  return text;
}
