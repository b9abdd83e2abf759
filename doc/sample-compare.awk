# SPDX-License-Identifier: GPL-3.0-or-later
# Does an output (the second file) read as README's sample of it (the
# first) says?  A sample line "..." stands for any lines, and "..." within
# a line for any text, which leaves out what changes from run to run
# (times, paths) or is too long to show; the other lines must come in the
# same order, one after the other.  Exits 1, naming the first line that
# differs, if not.

# Does LINE read as PATTERN, a sample's line, says?
function line_matches(pattern, line,   parts, n, k, at) {
  n = split(pattern, parts, /\.\.\./)
  if (n == 1)
    return pattern == line
  if (substr(line, 1, length(parts[1])) != parts[1])
    return 0
  line = substr(line, length(parts[1]) + 1)
  for (k = 2; k < n; k++) {
    at = index(line, parts[k])
    if (at == 0)
      return 0
    line = substr(line, at + length(parts[k]))
  }
  return length(line) >= length(parts[n]) \
         && substr(line, length(line) - length(parts[n]) + 1) == parts[n]
}

function differs(why) {
  printf "%s: %s\n", FILENAME, why > "/dev/stderr"
  exit 1
}

NR == FNR { sample[++samples] = $0; next }
{ output[++outputs] = $0 }

END {
  j = 1
  for (i = 1; i <= samples; i++) {
    if (sample[i] == "...") {
      skipping = 1
      continue
    }
    if (skipping)
      while (j <= outputs && !line_matches(sample[i], output[j]))
        j++
    skipping = 0
    if (j > outputs)
      differs("no line reads as the sample's \"" sample[i] "\"")
    if (!line_matches(sample[i], output[j]))
      differs("line " j ", \"" output[j] "\", is not the sample's \"" \
              sample[i] "\"")
    j++
  }
  if (!skipping && j <= outputs)
    differs("line " j ", \"" output[j] "\", is not in the sample")
}
