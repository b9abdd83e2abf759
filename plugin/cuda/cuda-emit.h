/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The CUDA C emitter's stages, which print a checked kernel's or device
   function's GENERIC, as the C front end leaves it before
   genericization, as CUDA C: names, types, expressions, statements and
   definitions, each in its file.

   Local variables are all declared at the top of the kernel, without
   initializers, so that no goto or switch case crosses an initialization
   (an error in CUDA C++).  Expressions are fully parenthesized.  */

#ifndef CUDAJIT_CUDA_EMIT_H
#define CUDAJIT_CUDA_EMIT_H

#include "cudajit-plugin.h"
#include "pretty-print.h"
#include "fold-const.h"
#include "hash-map.h"
#include "hash-set.h"

/* What a name that the emitter makes up names (see cuda-names.cc).  */
enum generated_name_kind
{
  NAME_LABEL = 'L',
  NAME_TEMPORARY = 'T',
  NAME_SAVED_VALUE = 'S',
  NAME_PARAMETER = 'P',
  NAME_FIELD = 'F',
  NAME_RECORD = 'R',
  NAME_STATIC_CONSTANT = 'C',
  NAME_RENAMED_LOCAL = 'V'
};

/* What the emitter knows of the function it prints.  */
struct cuda_emitter
{
  pretty_printer pp;
  int indent;
  unsigned int temporaries;
  hash_map<tree, const char *> names;
  auto_vec<tree> locals;
  /* The structures, unions, enumerated types (by their main variants),
     typedefs (by their TYPE_DECLs) and constant arrays that it uses, whose
     definitions go before it.  */
  auto_vec<tree> records;
  auto_vec<tree> enums;
  auto_vec<tree> typedefs;
  auto_vec<tree> constants;
  hash_set<const char *, false, nofree_string_hash> taken;
  /* The names that hide those of file scope where E prints: its
     variables' in its body, and a structure's fields' in its
     definition.  */
  hash_set<const char *, false, nofree_string_hash> *hidden;
  hash_set<tree> saves_evaluated;
  /* The newlines printed by emit_newline so far; and the user's line and
     file that the last #line gave, and the newlines printed before it, from
     which the user's line of the next emit_newline follows.  */
  unsigned int newlines;
  int marker_line;
  const char *marker_file;
  unsigned int marker_newlines;
  /* Prints statements (cuda-statements.cc's emit_stmt), for the GNU
     statement expressions inside expressions: a hook, so that printing
     expressions does not call back into the file that calls it.  */
  void (*emit_statement) (cuda_emitter *e, tree t);
  /* Prints an operand's value (cuda-expressions.cc's emit_value), for
     the expressions of vectors and of _Float16 and __bf16, whose file
     cuda-expressions.cc calls: a hook, for the same reason.  */
  void (*emit_operand) (cuda_emitter *e, tree t);
  /* The parameters of the kernel printed that its variants may take as
     constants, a mask of their indices; 0 in a device function.  */
  unsigned HOST_WIDE_INT specialized;
  /* The statement before the one printed in its statement list, which
     declares the counter of a loop that follows it, as C's for (int i =
     0; ...) does; NULL_TREE if none.  */
  tree previous;
};

/* printf into the CUDA C; pp_printf knows only diagnostic formats.  */
static inline void emit_printf (cuda_emitter *, const char *,
                                ...) ATTRIBUTE_PRINTF_2;

static inline void
emit_printf (cuda_emitter *e, const char *format, ...)
{
  va_list ap;
  va_start (ap, format);
  char *text = xvasprintf (format, ap);
  va_end (ap);
  pp_string (&e->pp, text);
  free (text);
}

static inline void
emit_newline (cuda_emitter *e)
{
  e->newlines++;
  pp_newline (&e->pp);
  for (int i = 0; i < e->indent; i++)
    pp_string (&e->pp, "  ");
}

/* cuda-names.cc */
void name_decl (cuda_emitter *e, tree decl, enum generated_name_kind kind);
const char *decl_name (cuda_emitter *e, tree decl);
bool enumerator_name_ok_p (const char *name);
const char *record_cuda_name (tree type);
const char *typedef_cuda_name (tree type);
char *field_cuda_name (tree field);
char *constant_cuda_name (tree decl);
char *function_cuda_name (const_tree fndecl);
char *specialize_macro_name (const char *prefix, unsigned int index);

/* cuda-types.cc */
const char *integer_type_name (tree type);
tree array_element_type (tree type);
unsigned HOST_WIDE_INT array_length (tree type);
void emit_array_dimensions (cuda_emitter *e, tree type);
void emit_alignment (cuda_emitter *e, tree decl);
void emit_type (cuda_emitter *e, tree type);
void emit_declaration (cuda_emitter *e, tree type, const char *name);
tree field_type (tree type);

/* cuda-constants.cc */
void emit_integer_cst (cuda_emitter *e, tree cst);
bool emit_enumerator (cuda_emitter *e, tree cst);
void emit_real_cst (cuda_emitter *e, tree cst);
void emit_complex_cst (cuda_emitter *e, tree cst);

/* cuda-vector-half-expressions.cc */
void emit_narrow_cast (cuda_emitter *e, tree type, tree operand);
void emit_vector_value (cuda_emitter *e, tree t);
void emit_vector_select (cuda_emitter *e, tree t);

/* cuda-expressions.cc */
void emit_value (cuda_emitter *e, tree t);
void emit_string (cuda_emitter *e, tree string, int length);
void emit_expr (cuda_emitter *e, tree t);
void emit_initializer (cuda_emitter *e, const char *lvalue, tree type,
                       tree init, bool as_expression);

/* cuda-definitions.cc */
char *with_definitions (cuda_emitter *e, const char *body);

#endif /* cuda-emit.h */
