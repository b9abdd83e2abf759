/* SPDX-License-Identifier: GPL-3.0-or-later */
/* CUDA C emission, definitions of the types, constant arrays and device
 * variables that a function uses, with checks of their layout.  */

#include "cuda-emit.h"

static void emit_constant_definition (cuda_emitter *, tree);

/* GCC's attributes packed, if PACKED, and aligned, if ALIGN (in bits) is
   not 0, with a space before them.  */
static void
emit_attributes (cuda_emitter *e, bool packed, unsigned int align)
{
  if (!packed && !align)
    return;
  pp_string (&e->pp, " __attribute__ ((");
  if (packed)
    pp_string (&e->pp, align ? "packed, " : "packed");
  if (align)
    emit_printf (e, "aligned (%u)", align / BITS_PER_UNIT);
  pp_string (&e->pp, "))");
}

/* FIELD, a bit-field called NAME if it has a name, with the type it was
   declared with, made signed or unsigned as GCC made it: a plain int
   bit-field is signed in C++ but unsigned in GCC with
   -funsigned-bitfields, and whether a plain char is signed depends on the
   target.  An unnamed one stays unnamed, as then its
   type does not count in the alignment of the structure.  NVRTC places
   bit-fields as the host's ABI does, as GCC does: each in the next bits,
   from the least significant, of a storage unit of its type that it fits
   in.  */
static void
emit_bit_field (cuda_emitter *e, tree field, const char *name)
{
  tree type = DECL_BIT_FIELD_TYPE (field);
  bool uns = TYPE_UNSIGNED (TREE_TYPE (field));
  if (TREE_CODE (type) == INTEGER_TYPE
      && (TYPE_UNSIGNED (type) != uns
          || TYPE_MAIN_VARIANT (type) == char_type_node))
    type = build_nonstandard_integer_type (TYPE_PRECISION (type), uns);
  emit_type (e, field_type (type));
  if (DECL_NAME (field))
    emit_printf (e, " %s", name);
  emit_printf (e, " : " HOST_WIDE_INT_PRINT_UNSIGNED,
               tree_to_uhwi (DECL_SIZE (field)));
  /* Packed, it may span units of its type (but a zero-width one still
     starts one).  */
  bool packed = DECL_PACKED (field) && !integer_zerop (DECL_SIZE (field));
  emit_attributes (e, packed, 0);
}

/* Checks, with the prelude's CUDAJIT_LAYOUT and CUDAJIT_OFFSET, that
   NVRTC lays out RECORD as GCC did.  */
static void
emit_layout_checks (cuda_emitter *e, tree record)
{
  pp_string (&e->pp, "CUDAJIT_LAYOUT (");
  emit_type (e, record);
  emit_printf (e, ", " HOST_WIDE_INT_PRINT_DEC ", %u);\n",
               int_size_in_bytes (record), TYPE_ALIGN_UNIT (record));
  /* A bit-field has no offset to check; see emit_bit_field.  */
  for (tree field = TYPE_FIELDS (record); field; field = DECL_CHAIN (field))
    if (TREE_CODE (field) == FIELD_DECL && !DECL_BIT_FIELD_TYPE (field))
      {
        char *name = field_cuda_name (field);
        pp_string (&e->pp, "CUDAJIT_OFFSET (");
        emit_type (e, record);
        emit_printf (e, ", %s, " HOST_WIDE_INT_PRINT_DEC ");\n", name,
                     int_byte_position (field));
        free (name);
      }
}

/* The alignment that GCC gave FIELD, not a bit-field, if it is not that of
   its type, the only one NVRTC would know: by packed (with an alignment
   over a byte) where it is less, by aligned where it is more.  GCC's
   packed and aligned attributes, #pragma pack and aligned typedefs all
   end up as such alignments.  */
static void
emit_field_alignment (cuda_emitter *e, tree field)
{
  tree type = TYPE_MAIN_VARIANT (array_element_type (TREE_TYPE (field)));
  unsigned int align = DECL_ALIGN (field);
  if (align != TYPE_ALIGN (type))
    emit_attributes (e, align<TYPE_ALIGN (type), align> BITS_PER_UNIT ? align
                                                                      : 0);
}

/* The start of the definition of TYPE.  Each piece of CUDA C of a unit
   defines what it uses; they are compiled together, so a definition may
   come more than once.  */
static void
emit_guard (cuda_emitter *e, tree type)
{
  emit_printf (e, "#ifndef CUDAJIT_TYPE_%u\n#define CUDAJIT_TYPE_%u\n",
               TYPE_UID (type), TYPE_UID (type));
}

/* The definition of RECORD after those of the structures and unions that
   it holds; DEFINED records those done.  */
static void
emit_record_definition (cuda_emitter *e, tree record, hash_set<tree> *defined)
{
  if (defined->add (record))
    return;
  for (tree field = TYPE_FIELDS (record); field; field = DECL_CHAIN (field))
    if (TREE_CODE (field) == FIELD_DECL
        && RECORD_OR_UNION_TYPE_P (array_element_type (TREE_TYPE (field))))
      emit_record_definition (
          e, TYPE_MAIN_VARIANT (array_element_type (TREE_TYPE (field))),
          defined);
  emit_guard (e, record);
  pp_string (&e->pp, TREE_CODE (record) == RECORD_TYPE ? "struct" : "union");
  /* Packing is printed for each field.  */
  emit_attributes (e, false,
                   TYPE_USER_ALIGN (record) ? TYPE_ALIGN (record) : 0);
  emit_printf (e, " %s\n{", record_cuda_name (record));
  /* In C++, a field's name hides a typedef of the same name in the rest of
     the structure.  */
  hash_set<const char *, false, nofree_string_hash> fields;
  auto_vec<char *> names;
  for (tree field = TYPE_FIELDS (record); field; field = DECL_CHAIN (field))
    if (TREE_CODE (field) == FIELD_DECL)
      {
        names.safe_push (field_cuda_name (field));
        fields.add (names.last ());
      }
  e->hidden = &fields;
  unsigned int i = 0;
  for (tree field = TYPE_FIELDS (record); field; field = DECL_CHAIN (field))
    if (TREE_CODE (field) == FIELD_DECL)
      {
        tree type = TREE_TYPE (field);
        pp_string (&e->pp, "\n  ");
        if (DECL_BIT_FIELD_TYPE (field))
          emit_bit_field (e, field, names[i]);
        else
          {
            emit_declaration (e, field_type (array_element_type (type)),
                              names[i]);
            emit_array_dimensions (e, type);
            emit_field_alignment (e, field);
          }
        free (names[i++]);
        pp_semicolon (&e->pp);
      }
  e->hidden = NULL;
  pp_string (&e->pp, "\n};\n");
  emit_layout_checks (e, record);
  pp_string (&e->pp, "#endif\n");
}

/* The definition of the typedef DECL, after that of the typedef that it
   names, if it does; DEFINED records those done.  */
static void
emit_typedef_definition (cuda_emitter *e, tree decl, hash_set<tree> *defined)
{
  if (defined->add (decl))
    return;
  /* emit_type prints the first typedef's name that it finds through
     pointers and arrays.  */
  for (tree type = DECL_ORIGINAL_TYPE (decl); type; type = TREE_TYPE (type))
    if (typedef_cuda_name (type))
      {
        emit_typedef_definition (e, TYPE_NAME (type), defined);
        break;
      }
    else if (TREE_CODE (type) != POINTER_TYPE
             && TREE_CODE (type) != ARRAY_TYPE)
      break;
  emit_guard (e, TREE_TYPE (decl));
  pp_string (&e->pp, "typedef ");
  emit_declaration (e, DECL_ORIGINAL_TYPE (decl),
                    typedef_cuda_name (TREE_TYPE (decl)));
  pp_string (&e->pp, ";\n#endif\n");
}

/* The definition of TYPE, an enumerated type, for the names of its
   constants: without a tag, which no object has in CUDA C, and of the
   type that C gives it.  */
static void
emit_enum_definition (cuda_emitter *e, tree type)
{
  emit_guard (e, type);
  pp_string (&e->pp, "enum ");
  tree tag = TYPE_NAME (type);
  if (tag && TREE_CODE (tag) == IDENTIFIER_NODE)
    emit_printf (e, "/* %s */ ", IDENTIFIER_POINTER (tag));
  emit_printf (e, ": %s\n{", integer_type_name (type));
  /* The values that C would give, shown only where they differ.  */
  widest_int next = 0;
  const char *separator = "";
  for (tree value = TYPE_VALUES (type); value; value = TREE_CHAIN (value))
    {
      const char *name = IDENTIFIER_POINTER (TREE_PURPOSE (value));
      if (!enumerator_name_ok_p (name))
        continue;
      emit_printf (e, "%s\n  %s", separator, name);
      if (wi::to_widest (TREE_VALUE (value)) != next)
        {
          pp_string (&e->pp, " = ");
          emit_integer_cst (e, TREE_VALUE (value));
        }
      next = wi::to_widest (TREE_VALUE (value)) + 1;
      separator = ",";
    }
  pp_string (&e->pp, "\n};\n#endif\n");
}

/* The declarations and definitions of the structures and unions that E
   has printed, a field of one may be of another or point to any, the
   definitions of the enumerated types whose constants it names and of
   the typedefs it uses, which may name structures, and those of the
   constant arrays it uses.  */
static void
emit_definitions (cuda_emitter *e)
{
  for (unsigned int i = 0; i < e->records.length (); i++)
    {
      emit_type (e, e->records[i]);
      pp_string (&e->pp, ";\n");
    }
  for (unsigned int i = 0; i < e->enums.length (); i++)
    emit_enum_definition (e, e->enums[i]);
  hash_set<tree> defined;
  for (unsigned int i = 0; i < e->typedefs.length (); i++)
    emit_typedef_definition (e, e->typedefs[i], &defined);
  for (unsigned int i = 0; i < e->records.length (); i++)
    emit_record_definition (e, e->records[i], &defined);
  for (unsigned int i = 0; i < e->constants.length (); i++)
    emit_constant_definition (e, e->constants[i]);
}

/* BODY after the definitions that it needs, xmalloc'ed.  */
char *
with_definitions (cuda_emitter *e, const char *body)
{
  if (e->records.is_empty () && e->typedefs.is_empty () && e->enums.is_empty ()
      && e->constants.is_empty ())
    return xstrdup (body);
  char *saved = xstrdup (body);
  /* Printing the definitions finds the types of the fields, of the
     typedefs and of the constants, which need definitions too.  */
  unsigned int known;
  do
    {
      known = (e->records.length () + e->typedefs.length ()
               + e->enums.length ());
      pp_clear_output_area (&e->pp);
      emit_definitions (e);
    }
  while (known
         != e->records.length () + e->typedefs.length () + e->enums.length ());
  pp_clear_output_area (&e->pp);
  pp_newline (&e->pp);
  emit_definitions (e);
  char *text = concat (pp_formatted_text (&e->pp), saved, NULL);
  free (saved);
  return text;
}

/* The values of INIT, a constant initializer of an object of TYPE, as the
   initializer of __constant__ data in CUDA C++: every element of an array
   and every field of a structure in order, zeros where INIT gives none,
   and a union's first member, which the subset check made sure INIT
   initializes.  */
static void
emit_constant_values (cuda_emitter *e, tree type, tree init)
{
  if (TREE_CODE (type) != ARRAY_TYPE && !RECORD_OR_UNION_TYPE_P (type))
    {
      if (init)
        emit_expr (e, init);
      else
        pp_character (&e->pp, '0');
      return;
    }
  auto_vec<tree> parts, values;
  if (TREE_CODE (type) == ARRAY_TYPE)
    {
      parts.safe_grow (array_length (type));
      for (tree &part : parts)
        part = TREE_TYPE (type);
    }
  else
    for (tree field = TYPE_FIELDS (type);
         field && (parts.is_empty () || TREE_CODE (type) != UNION_TYPE);
         field = DECL_CHAIN (field))
      if (TREE_CODE (field) == FIELD_DECL)
        parts.safe_push (TREE_TYPE (field));
  values.safe_grow_cleared (parts.length ());
  if (init && TREE_CODE (init) == STRING_CST)
    {
      const unsigned char *bytes
          = (const unsigned char *) TREE_STRING_POINTER (init);
      int length = TREE_STRING_LENGTH (init);
      length -= !bytes[length - 1];
      tree element = TREE_TYPE (type);
      int size = tree_to_shwi (TYPE_SIZE_UNIT (element));
      /* A literal of characters, where C++ finds room for its null
         byte.  */
      if (size == 1 && (unsigned HOST_WIDE_INT) length < parts.length ())
        {
          emit_string (e, init, length);
          return;
        }
      for (int i = 0; i * size < TREE_STRING_LENGTH (init); i++)
        values[i] = native_interpret_expr (element, bytes + i * size, size);
    }
  else if (init)
    {
      unsigned HOST_WIDE_INT next = 0, i;
      tree index, value;
      FOR_EACH_CONSTRUCTOR_ELT (CONSTRUCTOR_ELTS (init), i, index, value)
      {
        if (TREE_CODE (type) != ARRAY_TYPE)
          {
            /* The fields in order.  */
            next = 0;
            for (tree field = TYPE_FIELDS (type); field != index;
                 field = DECL_CHAIN (field))
              next += TREE_CODE (field) == FIELD_DECL;
          }
        else if (index)
          next = tree_to_uhwi (index);
        values[next++] = value;
      }
    }
  pp_character (&e->pp, '{');
  for (unsigned int i = 0; i < parts.length (); i++)
    {
      if (i)
        pp_string (&e->pp, ", ");
      emit_constant_values (e, parts[i], values[i]);
    }
  pp_character (&e->pp, '}');
}

/* The guarded definition of a constant array, as for records, or of a
   device variable, which keeps its volatile, and which C, as CUDA,
   fills with zeros where it has no initializer.  */
static void
emit_constant_definition (cuda_emitter *e, tree decl)
{
  tree type = TREE_TYPE (decl);
  bool device = cudajit_device_variable_p (decl);
  char *name = constant_cuda_name (decl);
  emit_printf (e,
               "#ifndef CUDAJIT_CONSTANT_%u\n#define CUDAJIT_CONSTANT_%u\n"
               "%s ",
               DECL_UID (decl), DECL_UID (decl),
               device ? "__device__" : "__constant__");
  emit_alignment (e, decl);
  tree element = array_element_type (type);
  emit_type (e, build_qualified_type (
                    element, device ? TYPE_QUALS (element) & TYPE_QUAL_VOLATILE
                                    : TYPE_UNQUALIFIED));
  emit_printf (e, " %s", name);
  free (name);
  emit_array_dimensions (e, type);
  if (DECL_INITIAL (decl))
    {
      pp_string (&e->pp, " = ");
      emit_constant_values (e, type, DECL_INITIAL (decl));
    }
  pp_string (&e->pp, ";\n#endif\n");
}
