# SPDX-License-Identifier: GPL-3.0-or-later
# Print a file of the manual (the input) with the lines between the
# markers of the table NAME replaced by the table that print_table, from
# a file given with this one (math-table.awk, device-table.awk,
# environment-table.awk, options-table.awk), makes of TABLE, a .def
# file: make manual-tables.  The functions from read_macros on read a
# .def file as C does, for those of its tables that need it.

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

# The string and number macros of HEADER into MACROS.
function read_macros(header,   line, words, name) {
  while ((getline line < header) > 0)
    if (line ~ /^#define [A-Za-z_0-9]+ ("([^"\\]|\\.)*"|[0-9]+)[ \t]*$/) {
      split(line, words, " ")
      name = words[2]
      sub(/^#define [A-Za-z_0-9]+ /, "", line)
      sub(/[ \t]*$/, "", line)
      macros[name] = unquote(line)
    }
  close(header)
}

# TABLE's text, its comments left out, as tokens in TOKENS[1..N], strings
# with their quotes; N.
function read_tokens(   text, line, n, c, i, j) {
  while ((getline line < table) > 0)
    text = text line "\n"
  close(table)
  n = 0
  for (i = 1; i <= length(text); i = j) {
    c = substr(text, i, 1)
    if (substr(text, i, 2) == "/*") {
      j = index(substr(text, i + 2), "*/") + i + 3
    } else if (c == "\"") {
      for (j = i + 1; substr(text, j, 1) != "\""; j++)
        if (substr(text, j, 1) == "\\")
          j++
      tokens[++n] = substr(text, i, ++j - i)
    } else if (c ~ /[A-Za-z_0-9]/) {
      match(substr(text, i), /^[A-Za-z_0-9]+/)
      tokens[++n] = substr(text, i, RLENGTH)
      j = i + RLENGTH
    } else {
      if (c !~ /[ \t\n]/)
        tokens[++n] = c
      j = i + 1
    }
  }
  return n
}

# The text of the tokens FIRST to LAST of a column: its strings, their
# escaped quotes unescaped, its numbers and the values of its macros,
# joined as C joins strings.
function column_text(first, last,   text, k) {
  text = ""
  for (k = first; k <= last; k++)
    if (tokens[k] ~ /^"/)
      text = text unquote(tokens[k])
    else if (tokens[k] in macros)
      text = text macros[tokens[k]]
    else if (tokens[k] ~ /^[0-9]+$/)
      text = text tokens[k]
  gsub(/\\"/, "\"", text)
  return text
}

# The columns of the row of tokens FIRST to the ")" that closes it, whose
# commas within parentheses are a column's, as the first and the last
# tokens of each in FIRSTS[1..N] and LASTS[1..N]; N.  The token after
# the ")" is at NEXT_TOKEN.
function split_columns(first, firsts, lasts,   k, depth, start, n) {
  n = 0
  depth = 0
  for (start = k = first; depth >= 0; k++) {
    if (tokens[k] == "(")
      depth++
    else if (tokens[k] == ")")
      depth--
    if (depth == 0 && tokens[k] == "," || depth < 0) {
      firsts[++n] = start
      lasts[n] = k - 1
      start = k + 1
    }
  }
  next_token = k
  return n
}

# TEXT filled to WIDTH columns; the spaces between sentences are kept
# within a line.
function print_filled(text,   line, word, gap) {
  line = ""
  while (text != "") {
    match(text, /^[^ ]+/)
    word = substr(text, 1, RLENGTH)
    text = substr(text, RLENGTH + 1)
    if (line != "" && length(line) + length(gap) + length(word) > width) {
      print line
      line = word
    } else
      line = line gap word
    match(text, /^ */)
    gap = substr(text, 1, RLENGTH)
    text = substr(text, RLENGTH + 1)
  }
  print line
}

# TEXT with its references to the manual's sections, "(see NAME)" and
# "; see NAME)", made cross-references, which makeinfo checks.
function cross_references(text,   out, name) {
  out = ""
  while (match(text, /(\(|; )see [A-Z][^()]*\)/)) {
    name = substr(text, RSTART, RLENGTH - 1)
    sub(/^(\(|; )see /, "", name)
    out = out substr(text, 1, RSTART - 1) \
      (substr(text, RSTART, 1) == "(" ? "(@pxref{" : "; see @ref{") name "})"
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
