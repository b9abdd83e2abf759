#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Draw the ratios of bench/bench-table.py's table, from the suites' JSON
lines (bench-results.jsonl): for each benchmark, cudajit's time over each
other implementation's, on a log scale (1 is as fast), into a PNG.  It
needs matplotlib, and says so where it is not installed.

  python3 bench/plot-bench.py [RESULTS.jsonl] [OUT.png]"""

import importlib.util
import os
import sys


def load_table():
    """bench-table.py beside this script, whose name is no module's."""
    path = os.path.join(os.path.dirname(os.path.abspath(__file__)),
                        "bench-table.py")
    spec = importlib.util.spec_from_file_location("bench_table", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def main():
    results = sys.argv[1] if len(sys.argv) > 1 else "bench-results.jsonl"
    png = sys.argv[2] if len(sys.argv) > 2 else "bench-ratios.png"
    try:
        import matplotlib
    except ImportError:
        print("plot-bench.py: needs matplotlib, which python3 lacks",
              file=sys.stderr)
        return 77
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    import matplotlib.ticker

    table = load_table()
    devices, measures = table.read([results])
    rows = table.merge(measures)
    others = [o for o in table.OTHERS
              if any("ratio_" + o in r for r in rows)]
    if not others:
        print("plot-bench.py: no ratios in %s" % results, file=sys.stderr)
        return 1
    rows = [r for r in rows if any("ratio_" + o in r for o in others)]
    height = 0.8 / len(others)
    fig, ax = plt.subplots(figsize=(8, 0.3 * len(rows) * len(others) + 1.5))
    for k, other in enumerate(others):
        ys = [i + k * height for i in range(len(rows))]
        # From 1, as fast, to the ratio, on either side.
        ax.barh(ys, [r.get("ratio_" + other, 1) - 1 for r in rows], height,
                left=1, label="cudajit / " + other)
    ax.set_yticks([i + height * (len(others) - 1) / 2
                   for i in range(len(rows))])
    ax.set_yticklabels([r["bench"] for r in rows])
    ax.invert_yaxis()
    ax.set_xscale("log", base=2)
    ax.xaxis.set_major_formatter(matplotlib.ticker.FormatStrFormatter("%g"))
    ax.axvline(1, color="black", linewidth=0.8)
    ax.set_xlabel("cudajit's time over the other's (below 1: cudajit is "
                  "faster)")
    ax.set_title(", ".join(sorted({d["device"] for d in devices.values()})))
    ax.legend()
    fig.tight_layout()
    fig.savefig(png, dpi=100)
    print("plot-bench.py: wrote %s" % png)
    return 0


if __name__ == "__main__":
    sys.exit(main())
