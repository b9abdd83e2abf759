#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Run the testsuite's run tests on a machine without DejaGnu.

The GPU machine has no GCC plugin headers and no DejaGnu, so the run tests
are compiled here with the plugin into a bundle, and the bundle is run
there:

  run-tests.py build BUNDLE PLUGIN BUILD_DIR FILES...
      compile with $CC (default gcc), the plugin and the runtime built
      in BUILD_DIR into BUNDLE: each dg-do run test with its dg-options,
      and each file without dg-do, an example, which must exit with 0;
      $CPPFLAGS and $LIBS are added to each command;
      write BUNDLE/manifest.json with what each must print and whether
      it must fail;
  run-tests.py run BUNDLE
      run each test, with CUDAJIT_BACKEND=cuda unless the test or the
      environment sets it, twice: first with an empty kernel cache, a
      directory of its own (CUDAJIT_CACHE_DIR, unless the test sets it),
      then, once every test has run so, again with that cache, which the
      first run filled; check each run as DejaGnu would; print PASS/FAIL
      lines, which say which run, and 'N passed, N failed' of both.
"""

import json
import os
import re
import shlex
import shutil
import subprocess
import sys
import tempfile


def directive(text, name):
    """The arguments of each { dg-NAME ... } in TEXT."""
    return re.findall(r"\{\s*dg-%s\s+(.*?)\s*\}\s*\*/" % name, text)


def tcl_string(word):
    """The value of a Tcl word: "quoted" with backslash escapes."""
    word = word.strip()
    if word.startswith('"'):
        word = word[1:word.rindex('"')]
    return re.sub(r"\\(.)", lambda m: {"n": "\n", "t": "\t"}.get(
        m.group(1), m.group(1)), word)


def output_selector(args):
    """The pattern of a dg-output's ARGS and its target selector, or
    None."""
    match = re.match(r'(".*")\s*(\{\s*target\s.*\})?\s*$', args, re.S)
    if not match:
        return args, None
    return match.group(1), match.group(2)


def selector_holds(selector, on_gpu):
    """Whether a { target [!] cuda_gpu } SELECTOR holds, on the GPU if
    ON_GPU; no selector always does."""
    if selector is None:
        return True
    if not re.search(r"\bcuda_gpu\b", selector):
        sys.exit("run-tests.py: unknown selector %s" % selector)
    return on_gpu != ("!" in selector)


def build(bundle, plugin, build_dir, tests):
    os.makedirs(bundle, exist_ok=True)
    libs = os.path.join(build_dir, "runtime", ".libs")
    shutil.copy(os.path.join(libs, "libcudajit.so.0"), bundle)
    include = os.path.join(os.path.dirname(os.path.abspath(__file__)),
                           os.pardir, os.pardir, "runtime")
    manifest = []
    for test in tests:
        text = open(test).read()
        actions = directive(text, "do")
        if actions and not any("run" in d for d in actions):
            continue
        # The nvrtc tests run nvrtc-check, and others the compiler, which
        # stay in the build tree.
        if ("nvrtc" in directive(text, "require-effective-target")
                or "CUDAJIT_TEST_CC" in text):
            continue
        name = os.path.splitext(os.path.basename(test))[0]
        # DejaGnu's $srcdir, the testsuite's directory, in -I's.
        srcdir = os.path.abspath(os.path.join(os.path.dirname(test),
                                              os.pardir, os.pardir))
        options = [tcl_string(o).replace("$srcdir", srcdir)
                   for o in directive(text, "options")]
        sources = [os.path.join(os.path.dirname(test), source)
                   for args in directive(text, "additional-sources")
                   for source in tcl_string(args).split()]
        command = ([os.environ.get("CC", "gcc"), "-fplugin=" + plugin, "-I" + include]
                   + shlex.split(os.environ.get("CPPFLAGS", ""))
                   + shlex.split(" ".join(options) or "-O2")
                   + [test] + sources
                   + ["-o", os.path.join(bundle, name), "-L" + libs,
                      "-lcudajit", "-lm"]
                   + shlex.split(os.environ.get("LIBS", ""))
                   + ["-Wl,-rpath,$ORIGIN"])
        # A test for what this GCC may lack (C23, #embed, a sanitizer)
        # that it cannot compile is left out, as DejaGnu would leave it.
        needs = [t for t in directive(text, "require-effective-target")
                 if t != "cuda_gpu"]
        if subprocess.run(command, check=not needs,
                          stderr=subprocess.DEVNULL if needs else None
                          ).returncode != 0:
            print("%s: left out, this compiler lacks %s"
                  % (name, " ".join(needs)))
            continue
        env = {}
        for args in directive(text, "set-target-env-var"):
            var, value = args.split(None, 1)
            env[var] = tcl_string(value)
        # What it prints where it runs: on the GPU unless it asks for the
        # CPU backend.
        on_gpu = env.get("CUDAJIT_BACKEND", "cuda") != "cpu"
        manifest.append({
            "name": name,
            "output": "".join(tcl_string(pattern)
                              for pattern, selector in map(
                                  output_selector, directive(text, "output"))
                              if selector_holds(selector, on_gpu)),
            "shouldfail": bool(directive(text, "shouldfail")),
            "env": env,
        })
    with open(os.path.join(bundle, "manifest.json"), "w") as out:
        json.dump(manifest, out, indent=1)
    shutil.copy(__file__, bundle)
    print("%d programs built in %s; run them with %s run %s"
          % (len(manifest), bundle, os.path.basename(__file__), bundle))


# The two runs of each test: with its cache empty, then warm.
PASSES = ("cold", "warm")


def run_test(bundle, test, cache):
    """Run TEST with the kernel cache CACHE unless it sets its own; return
    whether it passed, and what it printed, with its exit status."""
    env = dict(os.environ)
    env.setdefault("CUDAJIT_BACKEND", "cuda")
    env["CUDAJIT_CACHE_DIR"] = cache
    env.update(test["env"])
    # One stream, as DejaGnu reads it, so that dg-output sees the
    # program's stdout and stderr in the order they were written.
    try:
        result = subprocess.run([os.path.join(bundle, test["name"])],
                                env=env, stdout=subprocess.PIPE,
                                stderr=subprocess.STDOUT, text=True,
                                timeout=120)
        output, status = result.stdout, result.returncode
    except subprocess.TimeoutExpired:
        output, status = "timed out", None
    failed_as_asked = (status != 0) == test["shouldfail"]
    # As in Tcl, where dg-output is matched, "." matches newlines too.
    matched = re.search(test["output"], output, re.S) is not None
    return status is not None and failed_as_asked and matched, output, status


def run(bundle):
    manifest = json.load(open(os.path.join(bundle, "manifest.json")))
    passed = failed = 0
    with tempfile.TemporaryDirectory(prefix="cudajit-cache-") as caches:
        for run_pass in PASSES:
            for test in manifest:
                ok, output, status = run_test(
                    bundle, test, os.path.join(caches, test["name"]))
                if ok:
                    passed += 1
                    print("PASS: %s (%s)" % (test["name"], run_pass))
                else:
                    failed += 1
                    print("FAIL: %s (%s) (exit %s)\n%s"
                          % (test["name"], run_pass, status,
                             output.rstrip()[-2000:]))
    print("%d passed, %d failed" % (passed, failed))
    return failed == 0


def main():
    if len(sys.argv) >= 5 and sys.argv[1] == "build":
        build(sys.argv[2], sys.argv[3], sys.argv[4], sys.argv[5:])
    elif len(sys.argv) == 3 and sys.argv[1] == "run":
        sys.exit(0 if run(sys.argv[2]) else 1)
    else:
        sys.exit(__doc__)


if __name__ == "__main__":
    main()
