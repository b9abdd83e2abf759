#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Nsight Compute's view of the Rodinia-style programs (bench/rodinia/):
each kernel as nvcc built it, as cudajit's generic code
(CUDAJIT_SPECIALIZE=0) and as cudajit's variant, side by side.  For each
it prints the mean time a launch, DRAM and SM throughput (percent of
peak), achieved occupancy, registers a thread and instructions a launch,
so that a ratio in bench/rodinia.sh's table can be read as "more
instructions", "fewer warps" or "the same memory traffic".

  python3 bench/rodinia-ncu.py [PROGRAM_DIR] [--ncu NCU] [PROGRAM...]

PROGRAM_DIR holds the cudajit programs and the PROG-nvcc builds that
bench/rodinia.sh leaves there (rodinia/ beside this script by default).
Each program runs once with a disk cache that its variants fill, then
under ncu with that cache, so that the launches profiled, past the
warm-up's first ones, are the variants'.  Exits with 77 without ncu."""

import argparse
import csv
import io
import os
import shutil
import subprocess
import sys
import tempfile

# What is asked of ncu, and the columns it prints them in.
METRICS = (
    ("gpu__time_duration.sum", "us", 1e-3),
    ("dram__throughput.avg.pct_of_peak_sustained_elapsed", "dram%", 1),
    ("sm__throughput.avg.pct_of_peak_sustained_elapsed", "sm%", 1),
    ("sm__warps_active.avg.pct_of_peak_sustained_active", "occ%", 1),
    ("launch__registers_per_thread", "regs", 1),
    ("smsp__inst_executed.sum", "Minst", 1e-6),
)
# The launches profiled: past the warm-up's first seconds (the variants are
# in use once their cache entries load), a few of each program's kernels.
LAUNCH_SKIP = 400
LAUNCH_COUNT = 24
BUILDS = ("nvcc", "generic", "variant")


def profile(ncu, command, env):
    """The metrics of each kernel that COMMAND launched, under ncu: a dict
    of kernel name to the mean of each metric of METRICS."""
    args = [ncu, "--csv", "--page", "raw", "--launch-skip", str(LAUNCH_SKIP),
            "--launch-count", str(LAUNCH_COUNT), "--metrics",
            ",".join(m for m, _, _ in METRICS)] + command
    run = subprocess.run(args, env=env, capture_output=True, text=True)
    # ncu prints its own lines (==PROF==) before the CSV.
    lines = [l for l in run.stdout.splitlines() if l.startswith('"')]
    rows = list(csv.DictReader(io.StringIO("\n".join(lines))))
    sums, counts = {}, {}
    for row in rows[1:]:  # The first row gives the units.
        name = row.get("Kernel Name", "?").split("(")[0]
        try:
            values = [float(row[m].replace(",", "")) for m, _, _ in METRICS]
        except (KeyError, ValueError):
            continue
        old = sums.get(name, [0.0] * len(METRICS))
        sums[name] = [a + b for a, b in zip(old, values)]
        counts[name] = counts.get(name, 0) + 1
    if not sums:
        sys.stderr.write("rodinia-ncu: nothing profiled for %s:\n%s\n"
                         % (" ".join(command), run.stderr[-2000:]))
    return {k: [v / counts[k] for v in s] for k, s in sums.items()}


def main():
    parser = argparse.ArgumentParser()
    here = os.path.dirname(os.path.abspath(__file__))
    parser.add_argument("programs", nargs="?",
                        default=os.path.join(here, "rodinia"))
    parser.add_argument("--ncu", default=shutil.which("ncu")
                        or "/usr/local/cuda/bin/ncu")
    parser.add_argument("names", nargs="*")
    args = parser.parse_args()
    if not os.path.exists(args.ncu):
        sys.stderr.write("rodinia-ncu: no ncu\n")
        return 77
    names = args.names or sorted(
        f[:-len("-nvcc")] for f in os.listdir(args.programs)
        if f.endswith("-nvcc"))
    header = "%-11s %-22s %-8s" % ("program", "kernel", "build") + "".join(
        "%9s" % label for _, label, _ in METRICS)
    print(header)
    for name in names:
        path = os.path.join(args.programs, name)
        cache = tempfile.mkdtemp()
        env = dict(os.environ, CUDAJIT_CACHE_DIR=cache)
        subprocess.run([path], env=env, capture_output=True)
        views = {
            "nvcc": profile(args.ncu, [path + "-nvcc"], env),
            "generic": profile(args.ncu, [path],
                               dict(env, CUDAJIT_SPECIALIZE="0")),
            "variant": profile(args.ncu, [path], env),
        }
        shutil.rmtree(cache)
        kernels = sorted(set().union(*(v.keys() for v in views.values())))
        for kernel in kernels:
            for build in BUILDS:
                values = views[build].get(kernel)
                cells = "".join(
                    "%9.2f" % (v * scale) if values else "%9s" % "-"
                    for v, (_, _, scale) in zip(values or [0] * len(METRICS),
                                                METRICS))
                print("%-11s %-22s %-8s%s" % (name, kernel[:22], build, cells))
        sys.stdout.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main())
