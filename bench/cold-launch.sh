#!/bin/sh
# SPDX-License-Identifier: MIT
# cold-launch.sh PROGRAM [RUNS]: run bench/cold-launch in fresh processes,
# RUNS times (9) each way: the first launch of one kernel of nine with an
# empty kernel cache, and NVRTC loading and compiling that kernel alone,
# taking turns so that both see the same machine; then the first launch
# with the cache warm.  Print the median of each and the ratio.  Built
# with -fplugin-arg-cudajit-arch=... (the GPU bundle's cold-launch-aot),
# its cold first launch is that with ahead-of-time code.  Exits with 77
# without a GPU.

program=${1:?usage: cold-launch.sh PROGRAM [RUNS]}
runs=${2:-9}
cache=$(mktemp -d)
results=$(mktemp -d)
trap 'rm -rf "$cache" "$results"' EXIT

# median FILE: the median of the numbers in FILE, one a line.
median ()
{
  sort -n "$1" | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'
}

# first_launch KIND ARGS...: PROGRAM ARGS's time, added to the file KIND;
# KIND cold empties the cache first.
first_launch ()
{
  kind=$1
  shift
  [ "$kind" = cold ] && rm -rf "${cache:?}"/*
  CUDAJIT_CACHE_DIR=$cache "$program" "$@" |
    sed -n 's/^[^0-9]*\([0-9.][0-9.]*\) ms.*/\1/p' >>"$results/$kind"
}

"$program" nvrtc >/dev/null
status=$?
[ $status = 77 ] && { echo "cold-launch: no GPU; skipped"; exit 77; }
[ $status = 0 ] || exit $status
for i in $(seq "$runs"); do
  first_launch cold
  first_launch nvrtc nvrtc
done
for i in $(seq "$runs"); do
  first_launch warm
done
cold=$(median "$results/cold")
warm=$(median "$results/warm")
alone=$(median "$results/nvrtc")
name=$(basename "$program")
echo "$name: first launch, cold cache: $cold ms (median of $runs)"
echo "$name: first launch, warm cache: $warm ms"
echo "$name: NVRTC loading and compiling saxpy alone: $alone ms"
awk -v c="$cold" -v a="$alone" -v n="$name" \
  'BEGIN { printf "%s: cold first launch / NVRTC alone: %.2f\n", n, c / a }'
