#!/bin/sh
# SPDX-License-Identifier: MIT
# cold-launch.sh PROGRAM [RUNS]: run bench/cold-launch RUNS times (5) in
# fresh processes each way: the first launch of one kernel of nine with an
# empty kernel cache, then with the cache warm, and NVRTC compiling that
# kernel alone; print the median of each and the ratios.  Extra arguments
# of PROGRAM's build do not matter: build it with
# -fplugin-arg-cudajit-arch=... and run this again for the first launch
# with ahead-of-time code.  Exits with 77 without a GPU.

program=${1:?usage: cold-launch.sh PROGRAM [RUNS]}
runs=${2:-5}
cache=$(mktemp -d)
trap 'rm -rf "$cache"' EXIT

# median: the median of the numbers on standard input.
median ()
{
  sort -n | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'
}

# first_launches KIND ARGS...: RUNS first-launch times of PROGRAM ARGS, one a line;
# KIND cold empties the cache before each.
first_launches ()
{
  kind=$1
  shift
  for i in $(seq "$runs"); do
    [ "$kind" = cold ] && rm -rf "${cache:?}"/*
    CUDAJIT_CACHE_DIR=$cache "$program" "$@" || exit $?
  done | sed -n 's/^[^0-9]*\([0-9.][0-9.]*\) ms.*/\1/p'
}

"$program" nvrtc >/dev/null
status=$?
[ $status = 77 ] && { echo "cold-launch: no GPU; skipped"; exit 77; }
[ $status = 0 ] || exit $status
cold=$(first_launches cold | median)
warm=$(first_launches warm | median)
alone=$(first_launches nvrtc nvrtc | median)
echo "first launch, cold cache: $cold ms (median of $runs)"
echo "first launch, warm cache: $warm ms"
echo "NVRTC compiling saxpy alone: $alone ms"
awk -v c="$cold" -v a="$alone" 'BEGIN { printf "cold first launch / NVRTC alone: %.2f\n", c / a }'
