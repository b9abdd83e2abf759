#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Compare cudajit's xoroshiro128+ numbers with Numba's, on a GPU machine
that has numba-cuda: random-vs-numba.py PROGRAM N SEED DRAWS, where PROGRAM
is bench/random-numbers built with cudajit.  Prints how many of each kind
are equal bit for bit, and the largest difference; exits 1 unless every
uniform number is equal."""

import subprocess
import sys

import numpy as np

np.row_stack = getattr(np, "row_stack", np.vstack)
from numba import cuda  # noqa: E402
from numba.cuda.random import (  # noqa: E402
    create_xoroshiro128p_states,
    xoroshiro128p_normal_float32,
    xoroshiro128p_normal_float64,
    xoroshiro128p_uniform_float32,
    xoroshiro128p_uniform_float64,
)


@cuda.jit
def draw(draws, states, u32, u64, n32, n64):
    i = cuda.grid(1)
    if i >= states.shape[0]:
        return
    for k in range(draws):
        u32[i * draws + k] = xoroshiro128p_uniform_float32(states, i)
    for k in range(draws):
        u64[i * draws + k] = xoroshiro128p_uniform_float64(states, i)
    for k in range(draws):
        n32[i * draws + k] = xoroshiro128p_normal_float32(states, i)
    for k in range(draws):
        n64[i * draws + k] = xoroshiro128p_normal_float64(states, i)


def main():
    program, n, seed, draws = sys.argv[1], *map(int, sys.argv[2:5])
    out = subprocess.run([program, str(n), str(seed), str(draws)],
                         check=True, capture_output=True, text=True).stdout
    ours = np.array([[float.fromhex(v) for v in line.split()]
                     for line in out.splitlines()])
    states = create_xoroshiro128p_states(n, seed=seed)
    arrays = [cuda.device_array(n * draws, dtype=t)
              for t in (np.float32, np.float64, np.float32, np.float64)]
    draw[(n + 127) // 128, 128](draws, states, *arrays)
    theirs = [a.copy_to_host() for a in arrays]
    ok = True
    for column, name in enumerate(("uniform_float32", "uniform_float64",
                                   "normal_float32", "normal_float64")):
        a = ours[:, column]
        b = theirs[column].astype(np.float64)
        equal = int(np.sum(a == b))
        print(f"{name}: {equal} of {a.size} equal bit for bit, "
              f"largest difference {np.max(np.abs(a - b)):.3g}")
        if name.startswith("uniform") and equal != a.size:
            ok = False
    print("random-vs-numba:", "ok" if ok else "FAILED")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
