# SPDX-License-Identifier: GPL-3.0-or-later
# Print a file of the manual (the input) with the lines between the
# markers of the table NAME replaced by the table that print_table, from
# a file given with this one (math-table.awk, device-table.awk,
# environment-table.awk), makes of TABLE, a .def file: make
# manual-tables.

function unquote(text) {
  sub(/^[ \t]*"/, "", text)
  sub(/"[ \t]*$/, "", text)
  return text
}

# TEXT as Texinfo: its @, { and } quoted, and `code` as @code{code}.
function texi(text,   out) {
  gsub(/@/, "@@", text)
  gsub(/{/, "@{", text)
  gsub(/}/, "@}", text)
  out = ""
  while (match(text, /`[^`]*`/)) {
    out = out substr(text, 1, RSTART - 1) "@code{" \
      substr(text, RSTART + 1, RLENGTH - 2) "}"
    text = substr(text, RSTART + RLENGTH)
  }
  return out text
}

BEGIN {
  begin = "@c " name " table: make manual-tables"
  end = "@c end of " name " table"
}

$0 == begin { print; print_table(); skipping = 1; next }
$0 == end { skipping = 0 }
!skipping { print }
