/* SPDX-License-Identifier: GPL-3.0-or-later */
/* CUDA C emission, statements, initializers, locals and the function.  */

#include "cuda-emit.h"
#include "file-prefix-map.h"

static void emit_stmt (cuda_emitter *, tree);

/* A #line directive for LOC, on a line of its own, where the next line
   that emit_newline starts would not have LOC's line already: NVRTC's
   messages, compute-sanitizer, cuda-gdb and Nsight then name the user's C
   lines rather than the generated code's.  A macro's code has the line of
   its use.  */
static void
emit_line_marker (cuda_emitter *e, location_t loc)
{
  if (loc == UNKNOWN_LOCATION)
    return;
  expanded_location where = expand_location (loc);
  if (!where.file || where.line <= 0)
    return;
  if (e->marker_file && strcmp (e->marker_file, where.file) == 0
      && e->marker_line + (int) (e->newlines - e->marker_newlines)
             == where.line)
    return;
  /* The tools look for the file from wherever they run: name it by its
     absolute path, mapped as -ffile-prefix-map maps those of the debug
     information.  */
  char *absolute = IS_ABSOLUTE_PATH (where.file)
                       ? NULL
                       : concat (getpwd (), "/", where.file, NULL);
  const char *file = remap_debug_filename (absolute ? absolute : where.file);
  pp_newline (&e->pp);
  emit_printf (e, "#line %d \"", where.line);
  for (const char *c = file; *c; c++)
    {
      if (*c == '"' || *c == '\\')
        pp_character (&e->pp, '\\');
      pp_character (&e->pp, *c);
    }
  pp_character (&e->pp, '"');
  free (absolute);
  e->marker_line = where.line;
  e->marker_file = where.file;
  e->marker_newlines = e->newlines;
}

/* Forget the last #line, for code whose lines emit_newline does not
   count.  */
static void
forget_line_marker (cuda_emitter *e)
{
  e->marker_file = NULL;
}

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

/* Add to the vector DATA the case ranges of a switch's body, not those
   of the switches inside it.  */
static tree
collect_case_range (tree *tp, int *walk_subtrees, void *data)
{
  if (TREE_CODE (*tp) == SWITCH_STMT || TREE_CODE (*tp) == SWITCH_EXPR
      || TYPE_P (*tp))
    *walk_subtrees = 0;
  else if (TREE_CODE (*tp) == CASE_LABEL_EXPR && CASE_HIGH (*tp))
    ((vec<tree> *) data)->safe_push (*tp);
  return NULL_TREE;
}

/* The value that SWITCH_STMT switches on.  CUDA C++ has no case ranges
   (GNU C's case LOW ... HIGH): a value in a range becomes the range's
   low end, which labels it, through a lambda that takes the value once.
   Other labels cannot lie in a range, which C forbids.  */
static void
emit_switch_value (cuda_emitter *e, tree switch_stmt)
{
  tree value = TREE_OPERAND (switch_stmt, 0);
  auto_vec<tree> ranges;
  walk_tree_without_duplicates (&TREE_OPERAND (switch_stmt, 1),
                                collect_case_range, &ranges);
  if (ranges.is_empty ())
    {
      emit_expr (e, value);
      return;
    }
  pp_string (&e->pp, "[] (");
  emit_declaration (e, TREE_TYPE (value), "value");
  pp_string (&e->pp, ") { return ");
  for (tree range : ranges)
    {
      pp_string (&e->pp, "value >= ");
      emit_expr (e, CASE_LOW (range));
      pp_string (&e->pp, " && value <= ");
      emit_expr (e, CASE_HIGH (range));
      pp_string (&e->pp, " ? ");
      emit_expr (e, CASE_LOW (range));
      pp_string (&e->pp, " : ");
    }
  pp_string (&e->pp, "value; } (");
  emit_expr (e, value);
  pp_right_paren (&e->pp);
}

/* The most iterations of a loop that a variant unrolls whole where its
   bound is a parameter that the variant takes as a constant: NVRTC,
   left alone, unrolls such a loop by 2 or 4 (kmeans' 34 features), and
   whole, the loads of one iteration that another repeats are made once
   (the features of a point, for each of the centres).  Beyond, the code
   would grow more than it gains.  */
#define VARIANT_UNROLL_MAX 64

/* Before LOOP, in a variant whose constant bounds it: unroll it whole,
   when that bound is at most VARIANT_UNROLL_MAX.  Not in the generic
   code, where #pragma unroll would keep a loop of unknown trip count from
   being unrolled at all.  */
static void
emit_variant_unroll (cuda_emitter *e, tree loop)
{
  int index = cudajit_loop_bound_param (
      loop, FOR_INIT_STMT (loop) ? FOR_INIT_STMT (loop) : e->previous,
      e->specialized);
  if (index < 0)
    return;
  char *value = specialize_macro_name (CUDAJIT_SPECIALIZE_VALUE, index);
  /* Its three lines count as the emitter's; the loop's #line follows
     them.  */
  emit_printf (e, "\n#if defined (%s) && %s <= %d\n#pragma unroll\n#endif",
               value, value, VARIANT_UNROLL_MAX);
  e->newlines += 3;
  free (value);
  emit_line_marker (e, EXPR_LOCATION (loop));
}

/* The operands of an asm, LIST, as "constraint" (expression), its outputs
   those the asm writes.  The front end has made their names numbers in
   the template.  */
static void
emit_asm_operands (cuda_emitter *e, tree list, bool outputs)
{
  for (tree operand = list; operand; operand = TREE_CHAIN (operand))
    {
      tree constraint = TREE_VALUE (TREE_PURPOSE (operand));
      emit_string (e, constraint, strlen (TREE_STRING_POINTER (constraint)));
      pp_string (&e->pp, " (");
      if (outputs)
        emit_expr (e, TREE_VALUE (operand));
      else
        emit_value (e, TREE_VALUE (operand));
      pp_right_paren (&e->pp);
      if (TREE_CHAIN (operand))
        pp_string (&e->pp, ", ");
    }
}

/* Inline PTX, as written: CUDA C has GNU C's asm.  */
static void
emit_asm (cuda_emitter *e, tree t)
{
  tree code = ASM_STRING (t);
  emit_newline (e);
  pp_string (&e->pp, ASM_VOLATILE_P (t) ? "asm volatile (" : "asm (");
  /* Not TREE_STRING_LENGTH: the template whose operand names the front
     end made numbers has no terminating null byte.  */
  emit_string (e, code, strlen (TREE_STRING_POINTER (code)));
  /* A basic asm has no operands, and its % are no operands' either.  */
  if (!ASM_BASIC_P (t))
    {
      pp_string (&e->pp, " : ");
      emit_asm_operands (e, ASM_OUTPUTS (t), true);
      pp_string (&e->pp, " : ");
      emit_asm_operands (e, ASM_INPUTS (t), false);
      if (ASM_CLOBBERS (t))
        pp_string (&e->pp, " : ");
      for (tree clobber = ASM_CLOBBERS (t); clobber;
           clobber = TREE_CHAIN (clobber))
        {
          tree name = TREE_VALUE (clobber);
          emit_string (e, name, strlen (TREE_STRING_POINTER (name)));
          if (TREE_CHAIN (clobber))
            pp_string (&e->pp, ", ");
        }
    }
  pp_string (&e->pp, ");");
}

/* Before the loop whose condition is COND: #pragma GCC unroll N as
   CUDA C says it, #pragma unroll N (1 for GCC's 0, no unrolling).
   Return whether it had one.  */
static bool
emit_user_unroll (cuda_emitter *e, tree cond, location_t loc)
{
  for (; cond && TREE_CODE (cond) == ANNOTATE_EXPR;
       cond = TREE_OPERAND (cond, 0))
    if ((enum annot_expr_kind) tree_to_shwi (TREE_OPERAND (cond, 1))
        == annot_expr_unroll_kind)
      {
        emit_printf (e, "\n#pragma unroll " HOST_WIDE_INT_PRINT_DEC,
                     MAX (tree_to_shwi (TREE_OPERAND (cond, 2)), 1));
        /* Its line counts as the emitter's; the loop's #line follows.  */
        e->newlines++;
        emit_line_marker (e, loc);
        return true;
      }
  return false;
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
      e->previous = NULL_TREE;
      for (tree_stmt_iterator i = tsi_start (t); !tsi_end_p (i); tsi_next (&i))
        {
          tree statement = tsi_stmt (i);
          emit_stmt (e, statement);
          if (TREE_CODE (statement) != DEBUG_BEGIN_STMT)
            e->previous = statement;
        }
      e->previous = NULL_TREE;
      return;
    case BIND_EXPR:
      emit_stmt (e, BIND_EXPR_BODY (t));
      return;
    case PREDICT_EXPR:
    case DEBUG_BEGIN_STMT:
      return;
    default:
      break;
    }
  emit_line_marker (e, EXPR_LOCATION (t));
  switch (TREE_CODE (t))
    {
    case CALL_EXPR:
      if (cudajit_fallthrough_p (t))
        return;
      break;
    case ASM_EXPR:
      emit_asm (e, t);
      return;
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
      e->newlines++;
      pp_newline (&e->pp);
      emit_printf (e, "%s:;", decl_name (e, LABEL_EXPR_LABEL (t)));
      return;
    case GOTO_EXPR:
      emit_newline (e);
      emit_printf (e, "goto %s;", decl_name (e, GOTO_DESTINATION (t)));
      return;
    case RETURN_EXPR:
      emit_newline (e);
      if (TREE_OPERAND (t, 0)
          && TREE_CODE (TREE_OPERAND (t, 0)) == MODIFY_EXPR)
        {
          pp_string (&e->pp, "return ");
          emit_value (e, TREE_OPERAND (TREE_OPERAND (t, 0), 1));
          pp_semicolon (&e->pp);
        }
      else
        pp_string (&e->pp, "return;");
      return;
    case CASE_LABEL_EXPR:
      /* A range is labelled by its low end: see emit_switch_value.  */
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
      emit_switch_value (e, t);
      pp_string (&e->pp, ")");
      emit_newline (e);
      emit_block (e, TREE_OPERAND (t, 1));
      return;
    case FOR_STMT:
      if (FOR_INIT_STMT (t))
        emit_stmt (e, FOR_INIT_STMT (t));
      if (!emit_user_unroll (e, FOR_COND (t), EXPR_LOCATION (t)))
        emit_variant_unroll (e, t);
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
      emit_user_unroll (e, WHILE_COND (t), EXPR_LOCATION (t));
      emit_newline (e);
      pp_string (&e->pp, "while (");
      emit_expr (e, WHILE_COND (t));
      pp_right_paren (&e->pp);
      emit_newline (e);
      emit_block (e, WHILE_BODY (t));
      return;
    case DO_STMT:
      emit_user_unroll (e, DO_COND (t), EXPR_LOCATION (t));
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
          if (!cudajit_empty_statement_p (COND_EXPR_ELSE (t)))
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
  /* A statement expression's value.  */
  if (TREE_CODE (*tp) == TARGET_EXPR && !e->names.get (TARGET_EXPR_SLOT (*tp)))
    {
      name_decl (e, TARGET_EXPR_SLOT (*tp), NAME_TEMPORARY);
      e->locals.safe_push (TARGET_EXPR_SLOT (*tp));
    }
  if (TREE_CODE (*tp) == SAVE_EXPR && !e->names.get (*tp)
      && !cudajit_cexpi_argument (*tp))
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
  if (DECL_P (decl) && !DECL_ARTIFICIAL (decl))
    emit_line_marker (e, DECL_SOURCE_LOCATION (decl));
  /* Initialized later by assignments: drop the const.  A volatile
     array's elements stay volatile: a thread may spin on one that
     another thread sets.  */
  tree type = TREE_TYPE (decl);
  if (TREE_CODE (type) == ARRAY_TYPE)
    {
      tree element = array_element_type (type);
      emit_newline (e);
      if (cudajit_shared_p (decl))
        pp_string (&e->pp, DECL_EXTERNAL (decl) ? "extern __shared__ "
                                                : "__shared__ ");
      emit_alignment (e, decl);
      emit_type (e, build_qualified_type (element, TYPE_QUALS (element)
                                                       & TYPE_QUAL_VOLATILE));
      pp_space (&e->pp);
      emit_expr (e, decl);
      emit_array_dimensions (e, type);
      pp_semicolon (&e->pp);
      return;
    }
  /* A volatile pointer's volatile goes after its *, that of others
     before their type.  */
  bool pointer = TREE_CODE (type) == POINTER_TYPE;
  type = build_qualified_type (type,
                               pointer ? TYPE_QUALS (type) & TYPE_QUAL_VOLATILE
                                       : TYPE_UNQUALIFIED);
  emit_newline (e);
  bool shared = cudajit_shared_p (decl);
  if (shared)
    pp_string (&e->pp, "__shared__ ");
  /* A local is its own thread's, so volatile changes nothing for a
     structure or union on the GPU, whereas C++ would refuse to assign it
     from the initializer.  */
  if (TREE_THIS_VOLATILE (decl) && !RECORD_OR_UNION_TYPE_P (type) && !pointer)
    pp_string (&e->pp, "volatile ");
  if (DECL_P (decl))
    emit_alignment (e, decl);
  /* Named as its uses name it.  */
  emit_declaration (e, type,
                    shared ? IDENTIFIER_POINTER (DECL_NAME (decl))
                           : decl_name (e, decl));
  pp_semicolon (&e->pp);
}

/* How a kernel's head and body leave room for its variants (cudajit-abi.h):
   the parameters of SPECIALIZED, a mask of their indices, received under
   other names, and its pointers __restrict__ in a variant if
   RESTRICT_PARAMS.  */
struct kernel_variants
{
  unsigned HOST_WIDE_INT specialized;
  bool restrict_params;
};

static const kernel_variants no_variants = { 0, false };

/* The name under which the kernel parameter of index INDEX is received,
   if VARIANTS take it as a constant; else null.  */
static char *
received_name (const kernel_variants &variants, unsigned int index)
{
  if (index >= HOST_BITS_PER_WIDE_INT
      || !(variants.specialized & HOST_WIDE_INT_1U << index))
    return NULL;
  return specialize_macro_name (CUDAJIT_SPECIALIZE_PARAM, index);
}

/* The head of FNDECL's definition or, without parameter names, of its
   declaration; a kernel's definition as VARIANTS say.  */
static void
emit_function_head (cuda_emitter *e, tree fndecl, bool definition,
                    const kernel_variants &variants)
{
  char *name = function_cuda_name (fndecl);
  if (cudajit_kernel_p (fndecl))
    {
      int min_blocks,
          threads = cudajit_kernel_launch_bounds (fndecl, &min_blocks);
      pp_string (&e->pp, "extern \"C\" __global__ void");
      /* The user's bounds, or those that a variant may give.  */
      if (threads && min_blocks)
        emit_printf (e, " __launch_bounds__ (%d, %d)", threads, min_blocks);
      else if (threads)
        emit_printf (e, " __launch_bounds__ (%d)", threads);
      else
        emit_printf (e, " %s", CUDAJIT_SPECIALIZE_LAUNCH_BOUNDS);
      emit_printf (e, "\n%s (", name);
    }
  else
    {
      /* A public one is found by its C name when the runtime links the
         kernels of other units with it (runtime/gpu/gpu-link.c); a static one
         stays its unit's there too.  */
      pp_string (&e->pp, TREE_PUBLIC (fndecl) ? "extern \"C\" __device__ "
                                              : "static __device__ ");
      /* GCC's inlining attributes, which CUDA spells its own way.  */
      if (lookup_attribute ("always_inline", DECL_ATTRIBUTES (fndecl)))
        pp_string (&e->pp, "__forceinline__ ");
      else if (lookup_attribute ("noinline", DECL_ATTRIBUTES (fndecl)))
        pp_string (&e->pp, "__noinline__ ");
      emit_type (e, TREE_TYPE (TREE_TYPE (fndecl)));
      emit_printf (e, "\n%s (", name);
    }
  free (name);
  unsigned int index = 0;
  if (definition)
    for (tree parm = DECL_ARGUMENTS (fndecl); parm;
         parm = DECL_CHAIN (parm), index++)
      {
        name_decl (e, parm, NAME_PARAMETER);
        if (parm != DECL_ARGUMENTS (fndecl))
          pp_string (&e->pp, ", ");
        char *received = received_name (variants, index);
        tree type = TREE_TYPE (parm);
        if (received)
          emit_declaration (e, type, received);
        /* Before the name, the pointer's own qualifier; one that is
           restrict already keeps it.  */
        else if (variants.restrict_params && POINTER_TYPE_P (type)
                 && !TYPE_RESTRICT (type))
          {
            char *declarator = concat (CUDAJIT_SPECIALIZE_RESTRICT, " ",
                                       decl_name (e, parm), NULL);
            emit_declaration (e, type, declarator);
            free (declarator);
          }
        else
          emit_declaration (e, type, decl_name (e, parm));
        free (received);
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

static cuda_emitter *
new_emitter (void)
{
  cuda_emitter *e = new cuda_emitter ();
  e->indent = 0;
  e->temporaries = 0;
  e->hidden = NULL;
  e->newlines = 0;
  e->emit_statement = emit_stmt;
  e->emit_operand = emit_value;
  e->specialized = 0;
  e->previous = NULL_TREE;
  forget_line_marker (e);
  return e;
}

/* The CUDA C that E has printed, with the definitions that it uses.  */
static char *
finish_emitter (cuda_emitter *e)
{
  char *text = with_definitions (e, pp_formatted_text (&e->pp));
  for (auto it = e->names.begin (); it != e->names.end (); ++it)
    free (CONST_CAST (char *, (*it).second));
  delete e;
  return text;
}

/* The generic code's macros of a kernel's head: nothing, where a
   variant's #define lines do not say otherwise.  */
static void
emit_variant_defaults (cuda_emitter *e)
{
  static const char *const macros[]
      = { CUDAJIT_SPECIALIZE_LAUNCH_BOUNDS, CUDAJIT_SPECIALIZE_RESTRICT };
  for (const char *macro : macros)
    emit_printf (e, "#ifndef %s\n#define %s\n#endif\n", macro, macro);
}

/* At the start of kernel FNDECL's body, each parameter that VARIANTS
   receive under another name: a constant of the value that a variant's
   #define gives it, or else, in the generic code, the value received.  */
static void
emit_specialized_params (cuda_emitter *e, tree fndecl,
                         const kernel_variants &variants)
{
  unsigned int index = 0;
  for (tree parm = DECL_ARGUMENTS (fndecl); parm;
       parm = DECL_CHAIN (parm), index++)
    {
      char *received = received_name (variants, index);
      if (!received)
        continue;
      char *value = specialize_macro_name (CUDAJIT_SPECIALIZE_VALUE, index);
      tree unqualified
          = build_qualified_type (TREE_TYPE (parm), TYPE_UNQUALIFIED);
      tree type = build_qualified_type (unqualified, TYPE_QUAL_CONST);
      for (int variant = 0; variant < 2; variant++)
        {
          emit_printf (e, "\n%s", variant ? "#else" : "#ifdef ");
          if (!variant)
            pp_string (&e->pp, value);
          emit_newline (e);
          emit_declaration (e, type, decl_name (e, parm));
          pp_string (&e->pp, " = (");
          emit_type (e, unqualified);
          emit_printf (e, ") (%s);", variant ? received : value);
        }
      pp_string (&e->pp, "\n#endif");
      free (value);
      free (received);
    }
}

char *
cudajit_emit_function (tree fndecl, tree body, const vec<tree> &callees,
                       unsigned HOST_WIDE_INT specialized)
{
  cuda_emitter *e = new_emitter ();

  /* Each piece of CUDA C declares what it calls, so that the pieces of a
     module can come in any order and call each other.  */
  pp_newline (&e->pp);
  for (tree callee : callees)
    {
      emit_function_head (e, callee, false, no_variants);
      pp_string (&e->pp, ";\n");
    }
  kernel_variants variants = no_variants;
  if (cudajit_kernel_p (fndecl))
    {
      variants.specialized = specialized;
      variants.restrict_params = cudajit_restrict_params_p (fndecl);
      e->specialized = specialized;
      emit_variant_defaults (e);
    }
  emit_line_marker (e, DECL_SOURCE_LOCATION (fndecl));
  pp_newline (&e->pp);
  emit_function_head (e, fndecl, true, variants);
  pp_string (&e->pp, "\n{");
  forget_line_marker (e);
  e->indent = 1;
  emit_specialized_params (e, fndecl, variants);
  walk_tree_without_duplicates (&body, collect_local, e);
  e->hidden = &e->taken;
  for (tree local : e->locals)
    emit_local_declaration (e, local);
  emit_stmt (e, body);
  e->hidden = NULL;
  pp_string (&e->pp, "\n}\n");
  return finish_emitter (e);
}

char *
cudajit_emit_reduce_kernel (tree kernel, tree f)
{
  cuda_emitter *e = new_emitter ();
  const char *builtin_name = cudajit_builtin_cuda_name (f);
  pp_newline (&e->pp);
  if (!builtin_name)
    {
      emit_function_head (e, f, false, no_variants);
      pp_string (&e->pp, ";\n");
    }
  emit_variant_defaults (e);
  emit_function_head (e, kernel, true, no_variants);
  pp_string (&e->pp, "\n{\n  cudajit_reduce (");
  for (tree parm = DECL_ARGUMENTS (kernel); parm; parm = DECL_CHAIN (parm))
    emit_printf (e, "%s, ", decl_name (e, parm));
  /* F through a lambda, which NVRTC inlines as it would not a pointer.  */
  tree type = TREE_TYPE (TREE_TYPE (f));
  pp_string (&e->pp, "[] (");
  emit_declaration (e, type, "x");
  pp_string (&e->pp, ", ");
  emit_declaration (e, type, "y");
  char *name = builtin_name ? xstrdup (builtin_name) : function_cuda_name (f);
  emit_printf (e, ") { return %s (x, y); });\n}\n", name);
  free (name);
  return finish_emitter (e);
}
