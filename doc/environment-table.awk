# SPDX-License-Identifier: GPL-3.0-or-later
# The manual's list of the environment variables, made of TABLE,
# runtime/cudajit-environment.def, for manual-table.awk: make
# manual-tables.  A row's text columns are C strings and macros of
# internal.h and nvrtc-common.h beside TABLE, which are read as C reads
# them.

# How wide the list's lines are at most, as the manual's prose.
BEGIN { width = 72 }

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

# The text of the tokens FIRST to LAST of a column: its strings and the
# values of its macros, joined as C joins strings.
function column_text(first, last,   text, k) {
  text = ""
  for (k = first; k <= last; k++)
    if (tokens[k] ~ /^"/)
      text = text unquote(tokens[k])
    else if (tokens[k] in macros)
      text = text macros[tokens[k]]
  return text
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

# An item of a @table for each row: its NAME and DESCRIPTION.
function print_table(   dir, n, k, depth, start, columns, column) {
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
    columns = 0
    depth = 0
    for (start = k += 2; depth >= 0; k++) {
      if (tokens[k] == "(")
        depth++
      else if (tokens[k] == ")")
        depth--
      if (depth == 0 && tokens[k] == "," || depth < 0) {
        column[++columns] = column_text(start, k - 1)
        start = k + 1
      }
    }
    print "@item " column[1]
    print "@vindex " column[1]
    print_filled(cross_references(texi(column[6])))
  }
  print "@end table"
}
