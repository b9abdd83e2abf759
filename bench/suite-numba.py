#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""bench/suite.c written in Numba: the same kernels, sizes, checks and
timing (a warm-up run, then the best of REPEATS, each timed by the clock
from a synchronized start to cuda.synchronize after it), one JSON line a
measure with "impl": "numba".  The sum is Numba's cuda.reduce, as cudajit's
is cuda_reduce.

  python3 bench/suite-numba.py [--scale N] [--repeats N]
                               [--first-launch LABEL]

Without a GPU it exits with 77.  --first-launch times the first launch of
a kernel compiled with cache=True, which bench/bench.sh runs with an empty
and then a warm NUMBA_CACHE_DIR."""

import argparse
import json
import math
import os
import sys
import time

import numpy as np

# numba-cuda 0.30 uses np.row_stack, which numpy 2.5 removed.
np.row_stack = getattr(np, "row_stack", np.vstack)
from numba import cuda, float32, uint32  # noqa: E402
from numba.cuda.random import (  # noqa: E402
    create_xoroshiro128p_states,
    xoroshiro128p_uniform_float32,
)

BLOCK, STRIDE_BLOCKS, BINS = 256, 1024, 256
TILE, BLOCK_ROWS, MM_TILE = 32, 8, 16
# A shared array's shape must be constants for Numba, not TILE + 1.
TILE_PADDED = TILE + 1
PI_ITERATIONS, LAUNCHES, MATMUL_SAMPLES, REPEATS = 10000, 10000, 997, 10
# Launches between synchronizations, as bench/suite.c.
LAUNCH_BATCH = 1000
FIRST_LAUNCH_N = 1 << 20
SQRT_2PI = np.float32(2.5066282746310002)
PDF_MEAN, PDF_SIGMA = np.float32(0), np.float32(1)
PI_TOLERANCE = 0.01


@cuda.jit
def copy_kernel(x, out):
    i = cuda.grid(1)
    if i < x.size:
        out[i] = x[i]


@cuda.jit(cache=True)
def double_kernel(input_array, output_array):
    i = cuda.grid(1)
    if i < input_array.size:
        output_array[i] = input_array[i] * 2


@cuda.jit
def add_stride(x, y, out):
    for i in range(cuda.grid(1), x.size, cuda.gridsize(1)):
        out[i] = x[i] + y[i]


@cuda.jit(device=True)
def gaussian_pdf(x, mean, sigma):
    z = (x - mean) / sigma
    return math.exp(float32(-0.5) * z * z) / (sigma * SQRT_2PI)


@cuda.jit
def gaussian_kernel(x, out, mean, sigma):
    i = cuda.grid(1)
    if i < x.size:
        out[i] = gaussian_pdf(x[i], mean, sigma)


@cuda.jit
def transpose(side, a, out):
    x, y = cuda.grid(2)
    if x < side and y < side:
        out[x * side + y] = a[y * side + x]


@cuda.jit
def tile_transpose(side, a, out):
    tile = cuda.shared.array((TILE, TILE_PADDED), float32)
    tx, ty = cuda.threadIdx.x, cuda.threadIdx.y
    x = cuda.blockIdx.x * TILE + tx
    y = cuda.blockIdx.y * TILE + ty
    for j in range(0, TILE, BLOCK_ROWS):
        tile[ty + j, tx] = a[(y + j) * side + x]
    cuda.syncthreads()
    x = cuda.blockIdx.y * TILE + tx
    y = cuda.blockIdx.x * TILE + ty
    for j in range(0, TILE, BLOCK_ROWS):
        out[(y + j) * side + x] = tile[tx, ty + j]


@cuda.reduce
def sum_reduce(a, b):
    return a + b


@cuda.jit
def matmul(side, a, b, c):
    sa = cuda.shared.array((MM_TILE, MM_TILE), float32)
    sb = cuda.shared.array((MM_TILE, MM_TILE), float32)
    tx, ty = cuda.threadIdx.x, cuda.threadIdx.y
    col, row = cuda.grid(2)
    acc = float32(0)
    for t in range(0, side, MM_TILE):
        sa[ty, tx] = a[row * side + t + tx]
        sb[ty, tx] = b[(t + ty) * side + col]
        cuda.syncthreads()
        for k in range(MM_TILE):
            acc += sa[ty, k] * sb[k, tx]
        cuda.syncthreads()
    c[row * side + col] = acc


@cuda.jit
def histogram(values, bins):
    local = cuda.shared.array(BINS, uint32)
    for b in range(cuda.threadIdx.x, BINS, cuda.blockDim.x):
        local[b] = 0
    cuda.syncthreads()
    for i in range(cuda.grid(1), values.size, cuda.gridsize(1)):
        cuda.atomic.add(local, values[i], 1)
    cuda.syncthreads()
    for b in range(cuda.threadIdx.x, BINS, cuda.blockDim.x):
        cuda.atomic.add(bins, b, local[b])


@cuda.jit
def compute_pi(rng_states, iterations, out):
    tid = cuda.grid(1)
    inside = 0
    for i in range(iterations):
        x = xoroshiro128p_uniform_float32(rng_states, tid)
        y = xoroshiro128p_uniform_float32(rng_states, tid)
        if x * x + y * y <= float32(1.0):
            inside += 1
    out[tid] = float32(4.0) * inside / iterations


@cuda.jit
def tiny(out):
    out[cuda.threadIdx.x] = cuda.threadIdx.x


def blocks_for(count):
    return (count + BLOCK - 1) // BLOCK


def scaled_side(full, scale, multiple):
    s = full // int(math.sqrt(scale)) // multiple * multiple
    return max(s, multiple)


def best_ms(run, prepare, repeats):
    best = math.inf
    for r in range(repeats + 1):
        if prepare:
            prepare()
        cuda.synchronize()
        start = time.perf_counter()
        run()
        cuda.synchronize()
        t = (time.perf_counter() - start) * 1e3
        if r > 0:
            best = min(best, t)
    return best


def print_json(bench, ms, ok, bytes_=None, flops=None):
    line = {"bench": bench, "impl": "numba", "ms": ms}
    if bytes_:
        line["bytes"] = bytes_
    if flops:
        line["flops"] = flops
    line["ok"] = bool(ok)
    print(json.dumps(line), flush=True)


def first_launch(label):
    host = np.arange(FIRST_LAUNCH_N, dtype=np.float64)
    d_host = cuda.to_device(host)
    d_doubled = cuda.device_array_like(host)
    cuda.synchronize()
    start = time.perf_counter()
    double_kernel[blocks_for(FIRST_LAUNCH_N), BLOCK](d_host, d_doubled)
    cuda.synchronize()
    ms = (time.perf_counter() - start) * 1e3
    ok = np.array_equal(d_doubled.copy_to_host(), host * 2)
    print_json("first launch (%s)" % label, ms, ok)
    return 0 if ok else 1


def suite(scale, repeats):
    n = (64 << 20) // scale
    m = 30000000 // scale
    reduce_n = (64 << 20) // scale
    side = scaled_side(8192, scale, TILE)
    mm_side = scaled_side(4096, scale, MM_TILE)
    pi_threads = (262144 // scale + BLOCK - 1) // BLOCK * BLOCK

    i = np.arange(n)
    x = ((i % 6001) / np.float32(1000) - 3).astype(np.float32)
    y = ((i % 77) * 0.5).astype(np.float32)
    d_x, d_y = cuda.to_device(x), cuda.to_device(y)
    d_out = cuda.device_array(n, np.float32)
    in_doubles = (np.arange(m) % 1000) * 0.125
    out_doubles = np.zeros(m)
    d_in_doubles = cuda.to_device(in_doubles)
    d_out_doubles = cuda.device_array(m, np.float64)
    reduce_host = (np.arange(reduce_n) & 1023).astype(np.float64)
    reduce_expected = float(reduce_host.sum())
    d_reduce = cuda.to_device(reduce_host)
    square = np.arange(side * side, dtype=np.float32)
    d_square = cuda.to_device(square)
    d_square_out = cuda.device_array_like(square)
    mm_cells = np.arange(mm_side * mm_side)
    mm_a = (mm_cells % 5).astype(np.float32)
    mm_b = (mm_cells % 3 - 1).astype(np.float32)
    d_mm_a, d_mm_b = cuda.to_device(mm_a), cuda.to_device(mm_b)
    d_mm_c = cuda.device_array_like(mm_a)
    values = ((i * 2654435761) >> 7).astype(np.uint8)
    expected_bins = np.bincount(values, minlength=BINS).astype(np.uint32)
    d_values = cuda.to_device(values)
    d_bins = cuda.device_array(BINS, np.uint32)
    zero_bins = np.zeros(BINS, np.uint32)
    states = create_xoroshiro128p_states(pi_threads, seed=1)
    d_pi = cuda.device_array(pi_threads, np.float32)
    d_small = cuda.device_array(BLOCK, np.int32)
    result = {}

    def run_reduce():
        result["sum"] = sum_reduce(d_reduce)

    def run_launch():
        for i in range(LAUNCHES):
            tiny[1, 32](d_small)
            if (i + 1) % LAUNCH_BATCH == 0:
                cuda.synchronize()

    def check_matmul():
        c = d_mm_c.copy_to_host()
        a2, b2 = mm_a.reshape(mm_side, mm_side), mm_b.reshape(mm_side, mm_side)
        for s in range(MATMUL_SAMPLES):
            cell = s * 7919 % (mm_side * mm_side)
            r, col = divmod(cell, mm_side)
            if c[cell] != np.float32(a2[r] @ b2[:, col]):
                return False
        return True

    def check_gaussian():
        z = (x - PDF_MEAN) / PDF_SIGMA
        want = np.exp(np.float32(-0.5) * z * z) / (PDF_SIGMA * SQRT_2PI)
        return np.all(np.abs(d_out.copy_to_host() - want) <= 1e-6)

    def check_transpose():
        got = d_square_out.copy_to_host().reshape(side, side)
        return np.array_equal(got, square.reshape(side, side).T)

    copy_bytes = 2 * n * 4
    double_bytes = 2 * m * 8
    square_bytes = 2 * side * side * 4
    grid2 = (side // TILE, side // BLOCK_ROWS)
    benchmarks = [
        ("copy", lambda: copy_kernel[blocks_for(n), BLOCK](d_x, d_out), None,
         lambda: np.array_equal(d_out.copy_to_host(), x), copy_bytes, None, 1),
        ("double",
         lambda: double_kernel[blocks_for(m), BLOCK](d_in_doubles,
                                                     d_out_doubles), None,
         lambda: np.array_equal(d_out_doubles.copy_to_host(), in_doubles * 2),
         double_bytes, None, 1),
        ("add_stride",
         lambda: add_stride[STRIDE_BLOCKS, BLOCK](d_x, d_y, d_out), None,
         lambda: np.array_equal(d_out.copy_to_host(), x + y), 3 * n * 4, None,
         1),
        ("gaussian_pdf",
         lambda: gaussian_kernel[blocks_for(n), BLOCK](d_x, d_out, PDF_MEAN,
                                                       PDF_SIGMA), None,
         check_gaussian, copy_bytes, None, 1),
        ("transpose",
         lambda: transpose[grid2, (TILE, BLOCK_ROWS)](side, d_square,
                                                      d_square_out), None,
         check_transpose, square_bytes, None, 1),
        ("tile_transpose",
         lambda: tile_transpose[(side // TILE, side // TILE),
                                (TILE, BLOCK_ROWS)](side, d_square,
                                                    d_square_out), None,
         check_transpose, square_bytes, None, 1),
        ("reduce_sum", run_reduce, None,
         lambda: result["sum"] == reduce_expected, reduce_n * 8, None, 1),
        ("matmul",
         lambda: matmul[(mm_side // MM_TILE, mm_side // MM_TILE),
                        (MM_TILE, MM_TILE)](mm_side, d_mm_a, d_mm_b, d_mm_c),
         None, check_matmul, None, 2 * mm_side**3, 1),
        ("histogram",
         lambda: histogram[STRIDE_BLOCKS, BLOCK](d_values, d_bins),
         lambda: d_bins.copy_to_device(zero_bins),
         lambda: np.array_equal(d_bins.copy_to_host(), expected_bins), n, None,
         1),
        ("pi",
         lambda: compute_pi[pi_threads // BLOCK, BLOCK](states, PI_ITERATIONS,
                                                       d_pi), None,
         lambda: abs(d_pi.copy_to_host().mean(dtype=np.float64) - math.pi)
         < PI_TOLERANCE, None, None, 1),
        ("launch", run_launch, None,
         lambda: np.array_equal(d_small.copy_to_host()[:32], np.arange(32)),
         None, None, LAUNCHES),
        # The seed's way: host arrays, which Numba copies to the GPU and
        # back.
        ("host_double",
         lambda: double_kernel[blocks_for(m), BLOCK](in_doubles, out_doubles),
         lambda: out_doubles.fill(0),
         lambda: np.array_equal(out_doubles, in_doubles * 2), double_bytes,
         None, 1),
    ]
    all_ok = True
    for name, run, prepare, check, bytes_, flops, per_run in benchmarks:
        ms = best_ms(run, prepare, repeats)
        ok = check()
        all_ok &= bool(ok)
        print_json(name, ms / per_run, ok, bytes_, flops)
    return 0 if all_ok else 1


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--scale", type=int,
                        default=int(os.environ.get("BENCH_SCALE", "1")))
    parser.add_argument("--repeats", type=int, default=REPEATS)
    parser.add_argument("--first-launch", metavar="LABEL")
    args = parser.parse_args()
    if not 1 <= args.scale <= 4096 or args.repeats < 1:
        parser.error("--scale 1 to 4096, --repeats 1 or more")
    if not cuda.is_available():
        print("suite-numba: no GPU", file=sys.stderr)
        return 77
    if args.first_launch:
        return first_launch(args.first_launch)
    name = cuda.get_current_device().name
    if isinstance(name, bytes):
        name = name.decode()
    print(json.dumps({"device": name, "impl": "numba", "scale": args.scale,
                      "repeats": args.repeats}), flush=True)
    return suite(args.scale, args.repeats)


if __name__ == "__main__":
    sys.exit(main())
