#!/bin/sh
# SPDX-License-Identifier: MIT
# cold-launch.sh PROGRAM [RUNS]: run bench/cold-launch in fresh processes,
# RUNS times (9) each way, taking turns so that all see the same machine:
#   - the first launch of one kernel of nine with an empty kernel cache,
#     and then the first launches of the eight others, at once or after
#     some work of the program's own, with the others compiled in the
#     background and without (CUDAJIT_BACKGROUND_COMPILE=0);
#   - NVRTC loading and compiling that kernel alone, and the whole unit,
#     whose CUDA C cudajit-inspect --unit (INSPECT, else the one beside
#     this script) gives;
# then the first launch with the cache warm.  Print the median of each and
# the ratios.  Built with -fplugin-arg-cudajit-arch=... (the GPU bundle's
# cold-launch-aot), its cold first launch is that with ahead-of-time code.
# Exits with 77 without a GPU.

program=${1:?usage: cold-launch.sh PROGRAM [RUNS]}
runs=${2:-9}
# The program's own work between its first launch and the others'.
work_ms=30
inspect=${INSPECT:-$(dirname "$0")/cudajit-inspect}
cache=$(mktemp -d)
results=$(mktemp -d)
trap 'rm -rf "$cache" "$results"' EXIT

# median FILE: the median of the numbers in FILE, one a line.
median ()
{
  sort -n "$1" | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'
}

# first_launch KIND BACKGROUND ARGS...: PROGRAM ARGS's time, the first
# launch's or NVRTC's, added to the file KIND, and that of all nine first
# launches to KIND-all; CUDAJIT_BACKGROUND_COMPILE is BACKGROUND; KIND
# cold* empties the cache first.
first_launch ()
{
  kind=$1
  background=$2
  shift 2
  case $kind in cold*) rm -rf "${cache:?}"/* ;; esac
  CUDAJIT_CACHE_DIR=$cache CUDAJIT_BACKGROUND_COMPILE=$background \
    "$program" "$@" >"$results/out"
  sed -n 's/^all nine[^0-9]*\([0-9.][0-9.]*\) ms.*/\1/p' "$results/out" \
    >>"$results/$kind-all"
  sed -n '/^all nine/d; s/^[^0-9]*\([0-9.][0-9.]*\) ms.*/\1/p' \
    "$results/out" >>"$results/$kind"
}

"$program" nvrtc >/dev/null
status=$?
[ $status = 77 ] && { echo "cold-launch: no GPU; skipped"; exit 77; }
[ $status = 0 ] || exit $status
unit=
if [ -x "$inspect" ]; then
  unit=$results/unit.cu
  "$inspect" --unit "$program" saxpy >"$unit"
fi
for i in $(seq "$runs"); do
  first_launch cold 1 all
  first_launch nvrtc 1 nvrtc
  first_launch cold-serial 0 all
  [ -n "$unit" ] && first_launch nvrtc-unit 1 nvrtc "$unit"
  first_launch cold-work 1 all $work_ms
  first_launch cold-serial-work 0 all $work_ms
done
for i in $(seq "$runs"); do
  first_launch warm 1
done
name=$(basename "$program")
alone=$(median "$results/nvrtc")
echo "$name: first launch, cold cache: $(median "$results/cold") ms (median of $runs)"
echo "$name: the same without compiling the others in the background: $(median "$results/cold-serial") ms"
echo "$name: first launch, warm cache: $(median "$results/warm") ms"
echo "$name: NVRTC loading and compiling saxpy alone: $alone ms"
# The median of the runs' ratios, each of two processes run one after
# the other, is steadier than the ratio of the medians.
ratios=$results/ratios
paste "$results/cold" "$results/nvrtc" | awk '{ print $1 / $2 }' >"$ratios"
echo "$name: cold first launch / NVRTC alone: $(median "$ratios") (median of the runs' ratios)"
echo "$name: all nine kernels' first launches, cold: $(median "$results/cold-all") ms; without compiling in the background: $(median "$results/cold-serial-all") ms"
echo "$name: the same after $work_ms ms of the program's work: $(median "$results/cold-work-all") ms; without compiling in the background: $(median "$results/cold-serial-work-all") ms"
if [ -n "$unit" ]; then
  paste "$results/cold-all" "$results/nvrtc-unit" | awk '{ print $1 / $2 }' >"$ratios"
  echo "$name: NVRTC loading and compiling the whole unit: $(median "$results/nvrtc-unit") ms"
  echo "$name: all nine cold / NVRTC whole unit: $(median "$ratios") (median of the runs' ratios)"
fi
