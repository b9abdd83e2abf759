# SPDX-License-Identifier: GPL-3.0-or-later
# The manual's list of the environment variables, made of TABLE,
# runtime/cudajit-environment.def, for manual-table.awk: make
# manual-tables.  A row's text columns are C strings and macros of
# internal.h and nvrtc-common.h beside TABLE, which are read as C reads
# them (manual-table.awk's read_macros and column_text).

# How wide the list's lines are at most, as the manual's prose.
BEGIN { width = 72 }

# An item of a @table for each row: its NAME and DESCRIPTION.
function print_table(   dir, n, k, firsts, lasts, description) {
  dir = table
  sub(/[^\/]*$/, "", dir)
  read_macros(dir "internal.h")
  read_macros(dir "nvrtc-common.h")
  n = read_tokens()
  print "@table @env"
  for (k = 1; k < n;) {
    if (tokens[k] != "DEF_ENVIRONMENT" || tokens[k + 1] != "(") {
      k++
      continue
    }
    split_columns(k + 2, firsts, lasts)
    k = next_token
    print "@item " column_text(firsts[1], lasts[1])
    print "@vindex " column_text(firsts[1], lasts[1])
    description = column_text(firsts[6], lasts[6])
    print_filled(cross_references(texi(description)))
  }
  print "@end table"
}
