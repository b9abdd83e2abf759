#!/bin/sh
# bench/cpu-backend-counts.sh [PROGRAM [SCALE]]: the instructions that
# each kernel of bench/cpu-backend executes per element on the CPU
# backend, on one thread, beside those of its plain C loop, counted by
# Valgrind's callgrind in the functions that run them (measure_kernel_*,
# measure_c_*), launches included.  Counts do not vary with the machine's
# load as times do.  PROGRAM is bench/cpu-backend by default; SCALE (16)
# divides its arrays, for Valgrind's sake.
set -eu
program=${1:-bench/cpu-backend}
scale=${2:-16}
command -v valgrind >/dev/null || {
  echo "$0: needs valgrind" >&2
  exit 77
}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

CUDAJIT_BACKEND=cpu CUDAJIT_CPU_THREADS=1 OMP_NUM_THREADS=1 \
  valgrind --tool=callgrind --collect-atstart=no \
  --toggle-collect='measure_kernel_*' --toggle-collect='measure_c_*' \
  --callgrind-out-file="$work/out" "$program" --scale "$scale" \
  --repeats 1 >"$work/table" 2>"$work/log" || {
  cat "$work/log" >&2
  exit 1
}
callgrind_annotate --inclusive=yes "$work/out" >"$work/counts"

# The elements of each kernel from its row of the table; the inclusive
# count of each measure_ function from callgrind_annotate's, whose lines
# read "1,234 (5.6%)  file:measure_kernel_add [program]".
awk '
  FNR == NR { if ($2 ~ /^[0-9]+$/) elements[$1] = $2; next }
  match ($0, /measure_(kernel|c)_[a-z_]+/) {
    name = substr ($0, RSTART, RLENGTH)
    count = $1
    gsub (/,/, "", count)
    if (name ~ /^measure_kernel_/)
      kernel[substr (name, 16)] = count
    else
      c[substr (name, 11)] = count
  }
  END {
    printf "%-15s %10s %14s %14s %6s\n", "kernel", "elements", \
      "kernel Ir/el", "C Ir/el", "ratio"
    n = split ("add add_stride double gaussian stencil transpose " \
               "tile_transpose block_sum histogram", order, " ")
    for (i = 1; i <= n; i++) {
      k = order[i]
      if (!(k in elements) || !(k in kernel) || !(k in c) || c[k] == 0)
        continue
      printf "%-15s %10d %14.2f %14.2f %6.2f\n", k, elements[k], \
        kernel[k] / elements[k], c[k] / elements[k], kernel[k] / c[k]
    }
  }' "$work/table" "$work/counts"
