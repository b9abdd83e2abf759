#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Differential testing of cudajit with random SIMT kernels.

simt_kernels.py writes, for each seed, a kernel that mixes shared arrays,
barriers, warp functions, atomics and grid-stride loops, free of races by
construction, and a plain C reference that runs its threads in lockstep
phases.  Several seeds go into one program, whose compilation they share;
it prints one checksum line a seed.

  simt-fuzz.py generate [OPTIONS] SEED... > PROGRAM.c
      write the kernel version of SEEDs' program (--reference: the plain
      C reference), to look at or to reduce.
  simt-fuzz.py barriers [OPTIONS] SEED
      list the barriers of SEED's kernel version by number, and which of
      them the race check must find a race without.
  simt-fuzz.py check [OPTIONS] SEED...
      for each program of --per-program seeds: build and run the
      reference; build the kernel version with the plugin at -O0 and at
      -O2, check its CUDA C with NVRTC, run it on the CPU backend (at -O2
      also with CUDAJIT_CPU_AS_WRITTEN=1, each thread through the kernel
      as written rather than the block functions' loops, and with
      CUDAJIT_CHECK=warps, which must stay silent) and compare each
      seed's checksum with the reference's.  Prints a line per
      seed, a verdict and a reason, then the totals and the seeds a
      minute:
        pass      every run printed the reference's checksum
        ice       the compiler crashed or timed out
        rejected  the plugin refused the program, which is in its subset
        nvrtc     NVRTC rejected the generated CUDA C, or warned of more
                  than variables left unused
        crash     the program failed or timed out
        mismatch  another checksum (the runs that differ say which)
        race      the race check reported a race in a kernel free of them,
                  or none in a mutant that has one
        warps     the warp check reported a warp function that CUDA
                  leaves undefined (a shuffle that reads a lane outside
                  its mask or one that is absent)
      Any but pass is a failure: the exit status is then 1.
      Options (make check passes them from site.exp):
        --cc CC --plugin SO --include DIR --libdir DIR --nvrtc-check PROG
        --workdir DIR     where the programs go (default: a temporary one)
        --per-program N   seeds in one program (default 10)
        --jobs N          programs checked at once (default: the CPUs)
        --races N         also check every Nth program's seeds with the
                          race check, which must stay silent (0: none)
        --mutants N       also check the first N seeds that have a barrier
                          without which a race must be found: with that
                          barrier dropped, the race check must report it
        --avoid LIST      constructs the kernels leave out (generate and
                          barriers take it too), comma-separated:
                          device-shared-compound (compound assignments,
                          and vectors' operations with scalars, in device
                          functions with shared arrays),
                          compound-literals, shared-scalars (shared
                          variables that are not arrays), activemask (as
                          a warp function's mask), floats, vectors,
                          tables, shuffle, vote, match, syncwarp,
                          barrier, warp, call, reduce, scan, U (device
                          functions with barriers), W (with warp
                          functions)
        --launches N      launch each kernel N times (default 1): the GPU
                          compiles a variant at a key's third launch
        --timeout S       seconds for each run (default 60)
        --keep            keep the programs whose seeds all passed, which
                          are removed from the work directory otherwise
        --bundle DIR      put each program whose seeds all passed into DIR
                          with a manifest for testsuite/gpu/run-tests.py,
                          to run on a GPU with the reference's checksums
  simt-fuzz.py reduce [OPTIONS] SEED
      leave out of SEED's program every line and construct (but its
      barriers) that it can do without and still differ from the
      reference on the CPU backend (--level -O0 or -O2, --as-written),
      still crash the compiler (--ice) or still make the warp check
      report a warp function (--warps); writes the smaller kernel.c and
      reference.c into --workdir.  Takes check's options too.
  generate and barriers also take --drop-barrier K: the kernel version
  without its Kth barrier.  Seeds may be ranges: 1-100.
"""

import argparse
import concurrent.futures
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
# The source tree may be read-only (make distcheck), and is kept clean.
sys.dont_write_bytecode = True
import simt_kernels  # noqa: E402

LINE = re.compile(r"^seed (\d+): ([0-9a-f]{8})$", re.M)
# The race check's count, "1 data race" or "N data races".
RACES = r"data races? found by CUDAJIT_CHECK=races"
RACE_KERNEL = re.compile(r"kernel 'k(\d+)' launched at [^ ]*: \d+ " + RACES)
# What CUDAJIT_CHECK=warps reports (runtime/cpu/cpu-warp-check.c).
WARP_KERNEL = re.compile(r"kernel 'k(\d+)' launched at [^ ]*: (cuda_\w+.*, "
                         r"in lane \d+ of warp \d+ of block .*)$", re.M)
# NVRTC's warnings of what the generated kernels leave unused (177, 550)
# or of a qualifier on a cast (191), which say nothing of its meaning;
# any other, such as a narrowing conversion in braces (2361), is a fault
# of the plugin's CUDA C.
NVRTC_WARNING = re.compile(r"^.*warning #(\d+)-D: .*$", re.M)
NVRTC_HARMLESS = {"177", "550", "191"}
FAILURES = ["ice", "rejected", "nvrtc", "crash", "mismatch", "race",
            "warps"]


def run(command, timeout, env=None):
    """(status, output) of COMMAND; status None when it timed out."""
    try:
        result = subprocess.run(command, capture_output=True, text=True,
                                timeout=timeout, env=env, errors="replace")
        return result.returncode, result.stdout + result.stderr
    except subprocess.TimeoutExpired:
        return None, "timed out after %d s" % timeout


def first_error(output):
    for line in output.splitlines():
        if "error:" in line or "internal compiler error" in line:
            return line.strip()
    lines = output.strip().splitlines()
    return lines[-1] if lines else ""


def seeds(words):
    for word in words:
        first, _, last = word.partition("-")
        yield from range(int(first), int(last or first) + 1)


def generators(seed_list, args):
    return [simt_kernels.Generator(seed, args.avoid,
                                   args.launches).generate()
            for seed in seed_list]


class Program:
    """One program of several seeds, built and run."""

    def __init__(self, seed_list, args, name):
        self.seeds = seed_list
        self.args = args
        self.work = os.path.join(args.workdir, name)
        os.makedirs(self.work, exist_ok=True)
        self.verdicts = {}
        # The name that the program has in the bundle, and the checksums
        # it must print there.
        self.bundled = None

    def path(self, name):
        return os.path.join(self.work, name)

    def clean(self):
        """Leave the work directory to the programs that failed."""
        if not self.args.keep and all(v == "pass" for v, _ in
                                      self.verdicts.values()):
            shutil.rmtree(self.work, ignore_errors=True)

    def fail(self, seed_list, verdict, reason):
        for seed in seed_list:
            self.verdicts.setdefault(seed, (verdict, reason))

    def compile(self, source, output, flags, dump=None):
        """None, or (verdict, reason) where the plugin's compilation
        failed."""
        a = self.args
        command = [a.cc, "-fplugin=" + a.plugin, "-I" + a.include, "-w"]
        if dump:
            shutil.rmtree(dump, ignore_errors=True)
            os.makedirs(dump)
            command.append("-fplugin-arg-cudajit-dump=" + dump)
        command += flags + [source, "-o", output, "-L" + a.libdir,
                            "-Wl,-rpath," + a.libdir, "-Wl,-rpath,$ORIGIN",
                            "-lcudajit", "-lm"]
        status, out = run(command, 600)
        if status is None or "internal compiler error" in out or (
                status != 0 and "error:" not in out):
            return "ice", first_error(out)
        if status != 0:
            return "rejected", first_error(out)
        return None

    def checksums(self, binary, env, name):
        """The checksums that BINARY printed, by seed, and all it printed;
        where it failed, the verdict of the seeds whose checksum is
        missing."""
        a = self.args
        env = dict(os.environ, CUDAJIT_BACKEND="cpu", **env)
        status, out = run([binary], a.timeout, env)
        got = {int(s): h for s, h in LINE.findall(out or "")}
        if status != 0:
            missing = [s for s in self.seeds if s not in got]
            verdict = "race" if re.search(RACES, out or "") else "crash"
            self.fail(missing or self.seeds, verdict,
                      "%s: %s" % (name, first_error(out or "")))
        return got, out

    def check(self, races):
        a = self.args
        gens = generators(self.seeds, a)
        kernel, reference = self.path("kernel.c"), self.path("reference.c")
        with open(kernel, "w") as out:
            out.write(simt_kernels.program(gens, False))
        with open(reference, "w") as out:
            out.write(simt_kernels.program(gens, True))
        # Unoptimized: it runs in milliseconds, and GCC takes twice as
        # long to optimize its loops over the threads.
        status, out = run([a.cc, "-O0", "-w", reference, "-o",
                           self.path("reference")], 300)
        if status != 0:
            self.fail(self.seeds, "crash", "the reference does not compile: "
                      + first_error(out))
            return
        status, out = run([self.path("reference")], a.timeout)
        expected = {int(s): h for s, h in LINE.findall(out or "")}
        if status != 0:
            self.fail(self.seeds, "crash", "the reference: "
                      + first_error(out or ""))
            return

        runs = []
        for level in ["-O0", "-O2"]:
            binary = self.path("kernel" + level)
            dump = self.path("dump") if level == "-O2" else None
            failed = self.compile(kernel, binary, [level], dump)
            if failed:
                self.fail(self.seeds, *failed)
                return
            runs.append((level, binary, {}))
            if level == "-O2":
                runs.append(("-O2 as written", binary,
                             {"CUDAJIT_CPU_AS_WRITTEN": "1"}))
                # Each kernel's report, and the program going on to the
                # next.
                runs.append(("-O2 warp check", binary,
                             {"CUDAJIT_CHECK": "warps",
                              "CUDAJIT_ERRORS": "return"}))
        cuda = [os.path.join(dump, f) for f in sorted(os.listdir(dump))]
        status, out = run([a.nvrtc_check] + cuda, 600)
        if status != 0:
            self.fail(self.seeds, "nvrtc", first_error(out or ""))
            return
        for warning in NVRTC_WARNING.finditer(out or ""):
            if warning.group(1) not in NVRTC_HARMLESS:
                self.fail(self.seeds, "nvrtc", warning.group(0).strip())
                return
        if races:
            binary = self.path("kernel-races")
            failed = self.compile(kernel, binary,
                                  ["-O2", "-fplugin-arg-cudajit-check-races"])
            if failed:
                self.fail(self.seeds, *failed)
                return
            # Each kernel's races, and the program going on to the next.
            runs.append(("-O2 race check", binary,
                         {"CUDAJIT_CHECK": "races",
                          "CUDAJIT_ERRORS": "return"}))

        differ = {}
        for name, binary, env in runs:
            got, out = self.checksums(binary, env, name)
            for seed in RACE_KERNEL.findall(out or ""):
                self.fail([int(seed)], "race", "%s: %s" % (
                    name, first_error(out[out.index("kernel 'k%s'" % seed):])))
            for seed, report in WARP_KERNEL.findall(out or ""):
                self.fail([int(seed)], "warps", "%s: %s" % (name, report))
            for seed in self.seeds:
                if seed in got and got[seed] != expected.get(seed):
                    differ.setdefault(seed, []).append(
                        "%s %s" % (name, got[seed]))
        for seed in self.seeds:
            if seed in differ:
                self.fail([seed], "mismatch", "reference %s, %s" % (
                    expected.get(seed), ", ".join(differ[seed])))
            else:
                self.verdicts.setdefault(seed, ("pass", expected[seed]))
        if a.bundle and all(v == "pass" for v, _ in self.verdicts.values()):
            name = "simt-%d-%d" % (self.seeds[0], self.seeds[-1])
            shutil.copy(self.path("kernel-O2"), os.path.join(a.bundle, name))
            self.bundled = (name, expected)

    def check_mutant(self, seed, k):
        """Whether the race check finds the race of SEED's kernel without
        its Kth barrier."""
        a = self.args
        g = generators([seed], a)[0]
        kernel = self.path("mutant.c")
        with open(kernel, "w") as out:
            out.write(simt_kernels.program([g], False, drop=k))
        binary = self.path("mutant")
        failed = self.compile(kernel, binary,
                              ["-O2", "-fplugin-arg-cudajit-check-races"])
        if failed:
            return failed
        env = dict(os.environ, CUDAJIT_BACKEND="cpu", CUDAJIT_CHECK="races")
        status, out = run([binary], a.timeout, env)
        if re.search(RACES, out or ""):
            self.verdicts[seed] = "pass", ""
            return "pass", "barrier %d dropped: %s" % (
                k, first_error(out).split(": ", 2)[-1])
        return "race", "barrier %d dropped, but no race reported (%s)" % (
            k, first_error(out or "") or "exit %s" % status)


def must_race(seed, args):
    """The first barrier of SEED's kernel without which the race check
    must find a race, or None."""
    g = generators([seed], args)[0]
    simt_kernels.program([g], False)
    for node in g.barriers:
        if g.must_race(node):
            return node.number
    return None


def write_bundle_manifest(bundle, programs):
    path = os.path.join(bundle, "manifest.json")
    manifest = json.load(open(path)) if os.path.exists(path) else []
    names = {p.bundled[0] for p in programs if p.bundled}
    manifest = [t for t in manifest if t["name"] not in names]
    for p in programs:
        if p.bundled:
            name, expected = p.bundled
            output = "".join("seed %d: %s\n" % (s, expected[s])
                             for s in p.seeds)
            manifest.append({"name": name, "output": re.escape(output),
                             "shouldfail": False, "env": {}})
    with open(path, "w") as out:
        json.dump(manifest, out, indent=1)


def check(args):
    args.workdir = args.workdir or tempfile.mkdtemp(prefix="simt-")
    if args.bundle:
        os.makedirs(args.bundle, exist_ok=True)
        shutil.copy(os.path.join(args.libdir, "libcudajit.so.0"),
                    args.bundle)
        shutil.copy(os.path.join(HERE, os.pardir, "gpu", "run-tests.py"),
                    args.bundle)
    seed_list = list(seeds(args.seeds))
    groups = [seed_list[i:i + args.per_program]
              for i in range(0, len(seed_list), args.per_program)]
    start = time.monotonic()
    counts = {}
    programs = []

    def one(index, group):
        races = args.races and index % args.races == 0
        p = Program(group, args, "program-%d" % group[0])
        p.check(races)
        if len(group) > 1 and len(set(p.verdicts.values())) == 1 and \
                p.verdicts[group[0]][0] != "pass":
            # A failure of the whole program: which seeds cause it?
            for seed in group:
                alone = Program([seed], args, "seed-%d" % seed)
                alone.check(races)
                p.verdicts[seed] = alone.verdicts[seed]
                alone.clean()
        p.clean()
        return p

    def report(seed, verdict, reason):
        counts[verdict] = counts.get(verdict, 0) + 1
        print("%s: seed %d: %s" % (verdict, seed, reason), flush=True)

    def mutant(seed, k):
        p = Program([seed], args, "mutant-%d" % seed)
        result = p.check_mutant(seed, k)
        p.clean()
        return result

    mutants = []
    for seed in seed_list:
        if len(mutants) >= args.mutants:
            break
        k = must_race(seed, args)
        if k is not None:
            mutants.append((seed, k))
    with concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
        futures = [pool.submit(one, i, g) for i, g in enumerate(groups)]
        for future in futures:
            p = future.result()
            programs.append(p)
            for seed in p.seeds:
                report(seed, *p.verdicts[seed])
        minutes = (time.monotonic() - start) / 60
        futures = [(seed, pool.submit(mutant, seed, k))
                   for seed, k in mutants]
        for seed, future in futures:
            verdict, reason = future.result()
            counts[verdict] = counts.get(verdict, 0) + 1
            print("%s: mutant %d: %s" % (verdict, seed, reason), flush=True)
    if args.bundle:
        write_bundle_manifest(args.bundle, programs)
    print("simt: %d seeds in %d programs, %.1f seeds a minute: %s%s" % (
        len(seed_list), len(groups), len(seed_list) / max(minutes, 1e-6),
        ", ".join("%d %s" % (counts.get(v, 0), v)
                  for v in ["pass"] + FAILURES),
        ", %d mutants" % len(mutants) if args.mutants else ""))
    return 1 if set(FAILURES) & counts.keys() else 0


def reduce(args):
    """Leave pieces out of the program of seed ARGS.seeds[0] while it
    stays interesting."""
    args.workdir = args.workdir or tempfile.mkdtemp(prefix="simt-reduce-")
    g = generators([int(args.seeds[0])], args)[0]
    p = Program([g.seed], args, "reduce")
    kernel, reference = p.path("kernel.c"), p.path("reference.c")
    env = dict(os.environ, CUDAJIT_BACKEND="cpu")
    if args.as_written:
        env["CUDAJIT_CPU_AS_WRITTEN"] = "1"
    if args.warps:
        env.update(CUDAJIT_CHECK="warps", CUDAJIT_ERRORS="return")
    tries = [0]

    def interesting(skip):
        tries[0] += 1
        with open(kernel, "w") as out:
            out.write(simt_kernels.program([g], False, skip=skip))
        with open(reference, "w") as out:
            out.write(simt_kernels.program([g], True, skip=skip))
        if not g.balanced:
            return False
        failed = p.compile(kernel, p.path("kernel"), [args.level])
        if args.ice:
            return failed is not None and failed[0] == "ice"
        if failed:
            return False
        if args.warps:
            status, got = run([p.path("kernel")], args.timeout, env)
            return WARP_KERNEL.search(got or "") is not None
        status, out = run([args.cc, "-O0", "-w", reference, "-o",
                           p.path("reference")], 300)
        if status != 0:
            return False
        status, expected = run([p.path("reference")], args.timeout)
        if status != 0:
            return False
        status, got = run([p.path("kernel")], args.timeout, env)
        return status == 0 and LINE.search(got or "") and \
            LINE.findall(got) != LINE.findall(expected)

    if not interesting(set()):
        print("seed %d is not interesting as it is" % g.seed)
        return 1
    total = g.item
    skip = set()
    chunk = max(total // 4, 1)
    while True:
        changed = False
        for first in range(1, total + 1, chunk):
            candidate = skip | set(range(first, first + chunk))
            if candidate != skip and interesting(candidate):
                skip, changed = candidate, True
        if chunk == 1 and not changed:
            break
        chunk = max(chunk // 2, 1)
    interesting(skip)
    print("%d of %d pieces left out in %d tries: %s and %s" % (
        len(skip & set(range(1, total + 1))), total, tries[0], kernel,
        reference))
    return 0


def main():
    if len(sys.argv) < 2 or sys.argv[1] not in ("generate", "barriers",
                                                 "check", "reduce"):
        sys.exit(__doc__)
    command = sys.argv[1]
    parser = argparse.ArgumentParser(prog="simt-fuzz.py " + command)
    parser.add_argument("--avoid", default="",
                        type=lambda s: [w for w in s.split(",") if w])
    parser.add_argument("--launches", type=int, default=1)
    if command in ("check", "reduce"):
        parser.add_argument("--cc", default="gcc")
        parser.add_argument("--plugin", required=True)
        parser.add_argument("--include", required=True)
        parser.add_argument("--libdir", required=True)
        parser.add_argument("--nvrtc-check", required=True)
        parser.add_argument("--workdir")
        parser.add_argument("--per-program", type=int, default=10)
        parser.add_argument("--jobs", type=int, default=os.cpu_count())
        parser.add_argument("--races", type=int, default=0)
        parser.add_argument("--mutants", type=int, default=0)
        parser.add_argument("--timeout", type=int, default=60)
        parser.add_argument("--bundle")
        parser.add_argument("--keep", action="store_true")
        parser.add_argument("--level", default="-O2")
        parser.add_argument("--as-written", action="store_true")
        parser.add_argument("--ice", action="store_true")
        parser.add_argument("--warps", action="store_true")
    else:
        parser.add_argument("--drop-barrier", type=int)
        parser.add_argument("--reference", action="store_true")
    parser.add_argument("seeds", nargs="+")
    args = parser.parse_args(sys.argv[2:])
    if command == "check":
        return check(args)
    if command == "reduce":
        return reduce(args)
    gens = generators(list(seeds(args.seeds)), args)
    text = simt_kernels.program(gens, args.reference, args.drop_barrier)
    if command == "generate":
        sys.stdout.write(text)
        return 0
    for g in gens:
        for node in g.barriers:
            print("seed %d: barrier %d%s" % (
                g.seed, node.number,
                ": a race without it" if g.must_race(node) else ""))
    return 0


if __name__ == "__main__":
    sys.exit(main())
