# SPDX-License-Identifier: GPL-3.0-or-later
# The manual's list of what sends a kernel's threads to fibers on the
# CPU backend, made of TABLE, runtime/cudajit-fiber-reasons.def, for
# manual-table.awk: make manual-tables.  Each row's text is what
# -fplugin-arg-cudajit-warn-fibers and CUDAJIT_VERBOSE say after
# "because".

# How wide the list's lines are at most, as the manual's prose.
BEGIN { width = 72 }

# An item of a @itemize for each DEF_CUDAJIT_FIBER_REASON.
function print_table(   n, k, firsts, lasts) {
  n = read_tokens()
  print "@itemize @bullet"
  for (k = 1; k < n;) {
    if (tokens[k] != "DEF_CUDAJIT_FIBER_REASON" || tokens[k + 1] != "(") {
      k++
      continue
    }
    split_columns(k + 2, firsts, lasts)
    k = next_token
    print "@item"
    print_filled(texi(column_text(firsts[2], lasts[2])))
  }
  print "@end itemize"
}
