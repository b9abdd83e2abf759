#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Numba's compute_pi (seed 003), sized as bench/random-pi.c: the kernel's
time by events, best of 5 after a warm-up."""

import math

import numpy as np

np.row_stack = getattr(np, "row_stack", np.vstack)
from numba import cuda  # noqa: E402
from numba.cuda.random import (  # noqa: E402
    create_xoroshiro128p_states,
    xoroshiro128p_uniform_float32,
)

THREADS_PER_BLOCK, BLOCKS, ITERATIONS, REPEATS = 256, 1024, 10000, 5


@cuda.jit
def compute_pi(rng_states, iterations, out):
    tid = cuda.grid(1)
    inside = 0
    for i in range(iterations):
        x = xoroshiro128p_uniform_float32(rng_states, tid)
        y = xoroshiro128p_uniform_float32(rng_states, tid)
        if x**2 + y**2 <= 1.0:
            inside += 1
    out[tid] = 4.0 * inside / iterations


n = BLOCKS * THREADS_PER_BLOCK
states = create_xoroshiro128p_states(n, seed=1)
out = cuda.device_array(n, dtype=np.float32)
start, stop = cuda.event(), cuda.event()
best = math.inf
for r in range(REPEATS + 1):
    start.record()
    compute_pi[BLOCKS, THREADS_PER_BLOCK](states, ITERATIONS, out)
    stop.record()
    stop.synchronize()
    if r > 0:
        best = min(best, cuda.event_elapsed_time(start, stop))
print(f"random-pi: numba compute_pi, {n} threads x {ITERATIONS} iterations: "
      f"{best:.3f} ms (pi {out.copy_to_host().mean():.5f})")
