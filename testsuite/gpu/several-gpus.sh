#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# several-gpus.sh BUNDLE: on a machine with two GPUs or more, run what
# only such a machine can show, from a gpu-bundle built with MPI and NCCL:
# the doubling of examples/multi-gpu.c on 1, 2, 4... GPUs up to all of
# them, side by side (overlapping GPUs take about 1/N of the one-GPU
# time); the MPI examples with one rank per GPU, and mpi-heat's strong
# scaling (the same rod on 1, 2, 4... ranks) and weak scaling (the same
# stretch of rod for each rank); a launch on GPU 0 with GPU 1's array,
# and with memory from cuMemAlloc on GPU 1; NCCL's all-reduce across the
# GPUs, and its bandwidth on cudajit's arrays against the CUDA runtime's.  The run tests are python3
# BUNDLE/run-tests.py run BUNDLE.
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

run "run-devices-foreign across GPUs" env CUDAJIT_ERRORS=return \
  "$bundle/run-devices-foreign"
echo "$output" | grep -q "is memory of GPU 1, which the kernel cannot reach"
check $? "run-devices-foreign: cuMemAlloc's memory of GPU 1 on GPU 0 is refused"

# The numbers of GPUs compared: 1, 2, 4 and so on, up to all of them.
counts=1
while [ $((${counts##* } * 2)) -le "$gpus" ]; do
  counts="$counts $((${counts##* } * 2))"
done

# scaling WHAT LABEL UNIT COMMAND: runs COMMAND, a string that eval
# expands with $g, for each number g of $counts (GPUs or ranks), its time
# the number before UNIT in its output; prints LABEL and a line of the
# times, each with its ratio WHAT against one GPU.
scaling ()
{
  what=$1 label=$2 unit=$3
  shift 3
  line="$label:"
  for g in $counts; do
    eval "run \"$label on $g\" $*"
    time=$(field "$unit")
    [ "$g" -eq 1 ] && one=$time
    line="$line $g: $time ($what $(ratio "$one" "$time"))"
  done
  echo "$line"
}

for n in 100000000 400000000; do
  scaling speedup "multi-gpu $n doubles, ms on GPUs" "ms (best" \
    '"$bundle/multi-gpu" $n $g'
done

for g in $counts; do
  [ "$g" -eq 1 ] || [ "$g" -eq 2 ] || [ "$g" -eq "$gpus" ] || continue
  run "mpi-pi: $g ranks" mpirun --bind-to none -np $g "$bundle/mpi-pi"
  echo "$output" | grep -q "rank $((g - 1)) of $g: GPU $((g - 1)),"
  check $? "mpi-pi: rank $((g - 1)) of $g is on GPU $((g - 1))"
done

# Strong scaling: the same rod, cut in 1, 2, 4... pieces.  Rank 0 checks
# the rod against plain C, which costs POINTS x STEPS on one core.
steps=100
for points in 16000000 64000000; do
  scaling speedup "mpi-heat $points points, ms a step on ranks" \
    "ms per step" \
    'mpirun --bind-to none -np $g "$bundle/mpi-heat" $((points / g)) $steps'
done

# Weak scaling: the same stretch of rod for each rank.
for points in 4000000 32000000; do
  scaling efficiency "mpi-heat $points points a rank, ms a step on ranks" \
    "ms per step" \
    'mpirun --bind-to none -np $g "$bundle/mpi-heat" $points $steps'
done

# NCCL's all-reduce bandwidth on cudajit's arrays and streams against the
# CUDA runtime's, built here from the same source, side by side.
cc=$(command -v gcc || command -v cc)
cuda=${CUDA_HOME:-/usr/local/cuda}
$cc -O2 -DNCCL_BASELINE -I"$cuda/include" -o "$bundle/nccl-bandwidth-cuda" \
  "$bundle/nccl-bandwidth.c" -L"$cuda/lib64" -Wl,-rpath,"$cuda/lib64" \
  -lcudart -lnccl
check $? "nccl-bandwidth: the CUDA runtime's baseline builds"
run "nccl-bandwidth on cudajit's arrays" "$bundle/nccl-bandwidth"
echo "$output" >"$bundle/nccl-bandwidth.out"
run "nccl-bandwidth on the CUDA runtime's" "$bundle/nccl-bandwidth-cuda"
echo "$output" >"$bundle/nccl-bandwidth-cuda.out"
echo "nccl all-reduce over $gpus GPUs, bus bandwidth in GB/s:"
awk 'NF == 4 && $1 ~ /^[0-9]+$/ {
       if (NR == FNR) { base[$1] = $4; next }
       if (base[$1] > 0)
         printf "%12s %10s %10s %8.3f\n", $1, $4, base[$1], $4 / base[$1]
     }
     FNR == 1 && NR != FNR {
       printf "%12s %10s %10s %8s\n", "bytes", "cudajit", "CUDA", "ratio"
     }' "$bundle/nccl-bandwidth-cuda.out" "$bundle/nccl-bandwidth.out"
nvidia-smi nvlink -s -i 0

run "nccl-allreduce over $gpus GPUs" "$bundle/nccl-allreduce"
echo "$output" | grep -q "over $gpus GPUs; 0 wrong"
check $? "nccl-allreduce: every GPU's sum right"

summary
