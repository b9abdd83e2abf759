# SPDX-License-Identifier: GPL-3.0-or-later
# The manual's table of the device API, made of TABLE,
# plugin/device-api.def, for manual-table.awk: make manual-tables.

BEGIN {
  kinds["DA_GRID_INDEX"] = "the thread's index in the grid"
  kinds["DA_GRID_SIZE"] = "the grid's size"
  kinds["DA_BARRIER"] = "barrier"
  kinds["DA_FENCE"] = "memory fence"
  kinds["DA_WARP_VOTE"] = "warp vote"
  kinds["DA_WARP_SHUFFLE"] = "warp shuffle"
  kinds["DA_WARP_MATCH"] = "warp match"
  kinds["DA_COLLECTIVE"] = "block, warp or tile collective"
  kinds["DA_LANE"] = "lanes"
  kinds["DA_ATOMIC"] = "atomic"
  kinds["DA_MATH"] = "math"
  kinds["DA_FAST_MATH"] = "fast approximate math"
  kinds["DA_INTEGER"] = "integer intrinsic"
  kinds["DA_CLOCK"] = "clocks and sleep"
  kinds["DA_CACHE_LOAD"] = "load with a cache hint"
  kinds["DA_CACHE_STORE"] = "store with a cache hint"
  kinds["DA_ROUNDED"] = "arithmetic in a rounding mode"
  kinds["DA_TEXTURE"] = "texture read"
  kinds["DA_BACKEND"] = "which backend runs the code"
  kinds["DA_TRAP"] = "trap"
  kinds["DA_ASYNC_COPY"] = "asynchronous copy to shared memory"
  kinds["DA_WMMA"] = "warp-matrix operation (tensor cores)"
  wheres["DA_KERNEL_ONLY"] = "kernels and device functions"
  wheres["DA_ANYWHERE"] = "anywhere"
  cpus["DA_CPU_LOCALS"] = "computed in the block function"
  cpus["DA_CPU_FISSION"] = "the block function is cut there (fibers where it cannot be)"
  cpus["DA_CPU_WARP_FISSION"] = "the block function is cut there where the whole block calls it alike, a warp function with mask 0xffffffff (fibers elsewhere)"
  cpus["DA_CPU_FIBERS"] = "the block's threads run as fibers"
  cpus["DA_CPU_GRID_FIBERS"] = "the grid's threads run as fibers"
  cpus["DA_CPU_CALL"] = "a call that waits for no one"
  types["DA_UNTYPED"] = ""
  types["DA_WARP_TYPES"] = "integers of `int` and wider, `float`, `double`"
  types["DA_ALL_TYPES"] = "integers, `float`, `double`"
  types["DA_ADD_TYPES"] = "integers, `float`, `double`, `_Float16`, `cuda_half2`, `__bf16`, `cuda_bfloat162`"
  types["DA_INTEGER_TYPES"] = "integers"
  types["DA_WIDE_INTEGER_TYPES"] = "integers of `int` and wider"
  types["DA_UNSIGNED_TYPES"] = "`unsigned int` and wider"
  types["DA_WORD_TYPES"] = "`int`, `unsigned int`"
}

# The next row of TABLE, its columns in ROW[1..7]; 0 at the end.
function read_row(row,   line, text) {
  while ((getline line < table) > 0) {
    if (line !~ /^DEF_DEVICE_API \(/)
      continue
    text = line
    while (text !~ /\)[ \t]*$/ && (getline line < table) > 0)
      text = text " " line
    sub(/^DEF_DEVICE_API \(/, "", text)
    sub(/\)[ \t]*$/, "", text)
    gsub(/[ \t]+/, " ", text)
    return split(text, row, / ?, ?/) == 7
  }
  return 0
}

function print_table(   row, cuda, what) {
  print "@multitable @columnfractions 0.2 0.2 0.2 0.15 0.25"
  print "@headitem function @tab in CUDA C @tab what @tab called in @tab on the CPU backend"
  while (read_row(row)) {
    cuda = row[3] == "NULL" ? "the prelude's, by type" : "`" unquote(row[3]) "`"
    what = kinds[row[4]]
    if (types[row[7]] != "")
      what = what ", on " types[row[7]]
    printf "@item @code{%s}\n@findex %s\n@tab %s @tab %s @tab %s @tab %s\n",
      texi(unquote(row[2])), texi(unquote(row[2])), texi(cuda), texi(what),
      wheres[row[5]], texi(cpus[row[6]])
  }
  print "@end multitable"
  close(table)
}
