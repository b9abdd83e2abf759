# SPDX-License-Identifier: GPL-3.0-or-later
# The manual's table of a kernel's options, made of TABLE,
# runtime/cudajit-compile-options.def, for manual-table.awk: make
# manual-tables.  A row's columns are C strings and macros of
# cudajit-abi.h beside TABLE, which are read as C reads them; its TYPE,
# a macro such as COUNT (WHAT, MIN, MAX, EXAMPLE), says what the values
# are, in the words of the plugin's errors for a bad one.

# What the values of the option whose TYPE column is the tokens FIRST to
# LAST are.
function values_text(first, last,   type, firsts, lasts, text) {
  type = tokens[first]
  if (type == "SWITCH")
    return "on, or off with `=0`"
  split_columns(first + 2, firsts, lasts)
  text = column_text(firsts[1], lasts[1])
  if (type == "COUNT" || type == "COUNTS")
    text = text ", from " column_text(firsts[2], lasts[2]) " to " \
      column_text(firsts[3], lasts[3])
  if (type == "COUNTS")
    text = text ", and maybe " column_text(firsts[4], lasts[4]) ", from " \
      column_text(firsts[5], lasts[5]) " to " column_text(firsts[6], lasts[6])
  if (type == "PERCENTAGE")
    text = text ", from 0 to " column_text(firsts[2], lasts[2]) \
      ", or a name"
  return text
}

# A row of a @multitable for each DEF_CUDAJIT_KERNEL_OPTION: the option
# and its values, its default, and what it does on the GPU and on the
# CPU backend.
function print_table(   dir, n, k, firsts, lasts, column, c) {
  dir = table
  sub(/[^\/]*$/, "", dir)
  read_macros(dir "cudajit-abi.h")
  n = read_tokens()
  print "@multitable @columnfractions 0.25 0.15 0.35 0.25"
  print "@headitem option @tab default @tab on the GPU (NVRTC) " \
    "@tab on the CPU backend"
  for (k = 1; k < n;) {
    if (tokens[k] != "DEF_CUDAJIT_KERNEL_OPTION" || tokens[k + 1] != "(" \
        || tokens[k - 1] == "define") {
      k++
      continue
    }
    split_columns(k + 2, firsts, lasts)
    k = next_token
    column[1] = column_text(firsts[5], lasts[5]) ": " \
      values_text(firsts[3], lasts[3])
    column[2] = column_text(firsts[4], lasts[4])
    column[3] = column_text(firsts[6], lasts[6])
    column[4] = column_text(firsts[7], lasts[7])
    for (c = 1; c <= 4; c++)
      column[c] = cross_references(texi(column[c]))
    print "@item " column[1] " @tab " column[2] " @tab " column[3] \
      " @tab " column[4]
  }
  print "@end multitable"
}
