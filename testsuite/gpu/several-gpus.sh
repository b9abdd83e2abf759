#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# several-gpus.sh BUNDLE: on a machine with two GPUs or more, run what
# only such a machine can show, from a gpu-bundle built with MPI and NCCL:
# the doubling of examples/multi-gpu.c on one GPU and on all of them, side
# by side (overlapping GPUs take about 1/N of the one-GPU time); the MPI
# examples with one rank per GPU, and mpi-heat's strong scaling (the same
# rod on 1 and on 2 ranks) and weak scaling (the same stretch of rod for
# each rank); a launch on GPU 0 with GPU 1's array; NCCL's all-reduce
# across the GPUs.  The run tests are python3 BUNDLE/run-tests.py run
# BUNDLE.
# Prints each run's output, a PASS or FAIL line for each check, the
# timings and their ratios, and 'N passed, N failed'; exits with 1 if one
# failed.

bundle=${1:?usage: several-gpus.sh BUNDLE}
. "$(dirname "$0")/checks.sh"
export CUDAJIT_BACKEND=cuda
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1

# run NAME COMMAND...: runs COMMAND, shows its output, keeps it in
# $output, and checks that it exits with 0.
run ()
{
  name=$1
  shift
  echo "\$ $*"
  output=$("$@" 2>&1)
  status=$?
  echo "$output"
  check $status "$name"
}

# field WORD: the number just before WORD in $output (the last one).
field ()
{
  echo "$output" | sed -n "s/.* \([0-9.][0-9.]*\) $1.*/\1/p" | tail -n 1
}

ratio ()
{
  awk -v a="$1" -v b="$2" 'BEGIN { if (b > 0) printf "%.2f", a / b }'
}

gpus=$(nvidia-smi -L | grep -c '^GPU ')
nvidia-smi -L
nvidia-smi topo -m
[ "$gpus" -ge 2 ]
check $? "this machine has several GPUs ($gpus)"

run "run-devices-peer across GPUs" env CUDAJIT_ERRORS=return \
  "$bundle/run-devices-peer"
echo "$output" | grep -q "is memory of GPU 1, which the kernel cannot reach"
check $? "run-devices-peer: the launch with GPU 1's array on GPU 0 is refused"

for n in 100000000 400000000; do
  run "multi-gpu: $n doubles on 1 GPU" "$bundle/multi-gpu" $n 1
  one=$(field "ms (best")
  run "multi-gpu: $n doubles on $gpus GPUs" "$bundle/multi-gpu" $n
  all=$(field "ms (best")
  echo "multi-gpu $n: 1 GPU $one ms, $gpus GPUs $all ms, speedup" \
    "$(ratio "$one" "$all")"
done

for ranks in 1 2; do
  run "mpi-pi: $ranks ranks" mpirun --bind-to none -np $ranks \
    "$bundle/mpi-pi"
  echo "$output" | grep -q "rank $((ranks - 1)) of $ranks: GPU $((ranks - 1)),"
  check $? "mpi-pi: rank $((ranks - 1)) of $ranks is on GPU $((ranks - 1))"
done

# Strong scaling: the same rod, cut in one and in two.  Rank 0 checks
# the rod against plain C, which costs POINTS x STEPS on one core.
steps=100
for points in 16000000 64000000; do
  for ranks in 1 2; do
    run "mpi-heat: $points points on $ranks ranks" \
      mpirun --bind-to none -np $ranks "$bundle/mpi-heat" \
      $((points / ranks)) $steps
    eval "heat_$ranks=\$(field 'ms per step')"
  done
  echo "mpi-heat $points points: 1 GPU $heat_1 ms/step, 2 GPUs $heat_2" \
    "ms/step, speedup $(ratio "$heat_1" "$heat_2")"
done

# Weak scaling: the same stretch of rod for each rank.
for points in 4000000 32000000; do
  for ranks in 1 2; do
    run "mpi-heat: $points points a rank on $ranks ranks" \
      mpirun --bind-to none -np $ranks "$bundle/mpi-heat" $points $steps
    eval "heat_$ranks=\$(field 'ms per step')"
  done
  echo "mpi-heat $points points a rank: 1 GPU $heat_1 ms/step, 2 GPUs" \
    "$heat_2 ms/step, efficiency $(ratio "$heat_1" "$heat_2")"
done

run "nccl-allreduce over $gpus GPUs" "$bundle/nccl-allreduce"
echo "$output" | grep -q "over $gpus GPUs; 0 wrong"
check $? "nccl-allreduce: every GPU's sum right"

summary
