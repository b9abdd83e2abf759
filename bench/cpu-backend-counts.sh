#!/bin/sh
# SPDX-License-Identifier: MIT
# bench/cpu-backend-counts.sh [PROGRAM [SCALE]]: the instructions that
# each kernel of bench/cpu-backend executes per element on the CPU
# backend, on one thread, beside those of its plain C loop, counted by
# Valgrind's callgrind in the functions that run them (measure_kernel_*,
# measure_c_*), launches included.  Counts do not vary with the machine's
# load as times do.  Each is a launch after the first: the count of two
# runs less that of one, without what the first launch of a process does
# once (the CPU backend's state for the thread, which reads the thread's
# stack from /proc).  PROGRAM is bench/cpu-backend by default; SCALE (16)
# divides its arrays, for Valgrind's sake.
set -eu
program=${1:-bench/cpu-backend}
scale=${2:-16}
kernels="add add_stride double gaussian stencil transpose tile_transpose
block_sum histogram histogram_shared warp_sum warp_scan ballot_count
warp_atomic warp_butterfly cub_block_sum stride_warp_sum collective_block_sum
collective_block_scan collective_warp_sum collective_warp_scan heat heat_tiled
heat_newcomer matrix_mul bitonic_sort uniform_add"
command -v valgrind >/dev/null || {
  echo "$0: needs valgrind" >&2
  exit 77
}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

printf '%-21s %10s %14s %14s %6s\n' kernel elements "kernel Ir/el" \
  "C Ir/el" ratio
# The count of each function in a run of REPEATS, from callgrind_annotate's
# lines, which read "1,234 (5.6%)  file:measure_kernel_add [program]", the
# largest where lines of a header inlined in it give the function a line
# of theirs; and the elements, from the kernel's row of the table.  One
# process a run: callgrind loses count of its toggles over many.
count_run() {
  CUDAJIT_BACKEND=cpu CUDAJIT_CPU_THREADS=1 OMP_NUM_THREADS=1 \
    valgrind --tool=callgrind --collect-atstart=no \
    --toggle-collect="measure_kernel_$1" \
    --toggle-collect="measure_c_$1" \
    --callgrind-out-file="$work/out" "$program" --only "$1" \
    --scale "$scale" --repeats "$2" >"$work/table" 2>"$work/log" || {
    cat "$work/log" >&2
    exit 1
  }
  # Every function, however small its share: a C loop may take less
  # than the 1% that callgrind_annotate leaves out by default.
  callgrind_annotate --inclusive=yes --auto=no --threshold=100 \
    "$work/out" >"$work/counts"
  awk -v kernel="$1" '
    function count(line,   n) { n = line; gsub (/,/, "", n); return n + 0 }
    FNR == NR { if ($1 == kernel) elements = $2; next }
    $0 ~ ":measure_kernel_" kernel " " && count($1) > k { k = count($1) }
    $0 ~ ":measure_c_" kernel " " && count($1) > c { c = count($1) }
    END { print elements, k, c }' "$work/table" "$work/counts"
}

for kernel in $kernels; do
  once=$(count_run "$kernel" 1)
  twice=$(count_run "$kernel" 2)
  echo "$kernel $once $twice" | awk '{
    elements = $2; k = $6 - $3; c = $7 - $4
    if (elements > 0 && c > 0)
      printf "%-21s %10d %14.2f %14.2f %6.2f\n", $1, elements, \
        k / elements, c / elements, k / c
  }'
done
