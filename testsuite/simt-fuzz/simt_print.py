# SPDX-License-Identifier: GPL-3.0-or-later
"""The printing of a seed's tree: the kernel version, for the plugin, and
the plain C reference, which runs each block's threads in lockstep
phases, with each thread's variables as arrays over the block."""

from simt_tree import (WARP, Barrier, BarrierValue, Call, Code, Exit, If,
                       Loop, Match, Shuffle, Var, Vote, Warp, c_type,
                       is_float, subst)

# The helpers of both programs, which kernels call as device functions:
# the lanes of the caller's warp and their mask; and the host's hash and
# checksum.
COMMON = r"""
#define FZ_TID (threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z))
#define FZ_NT (blockDim.x * blockDim.y * blockDim.z)

static unsigned int
fz_lanes (void)
{
  unsigned int rest = FZ_NT - FZ_TID / 32u * 32u;
  return rest < 32u ? rest : 32u;
}

static unsigned int
fz_mask (void)
{
  unsigned int lanes = fz_lanes ();
  return lanes == 32u ? 0xffffffffu : (1u << lanes) - 1u;
}

/* Of compound literals, (struct fz_pair) { a, b }.  */
struct fz_pair
{
  unsigned int a, b;
};

static unsigned int
fz_hash (unsigned int a, unsigned int b)
{
  unsigned int h = a * 0x9e3779b9u ^ b * 0x85ebca6bu;
  h ^= h >> 15;
  h *= 0xc2b2ae35u;
  return h ^ h >> 13;
}

/* FNV-1a over BYTES bytes at P, from H.  */
static unsigned int
fz_sum (unsigned int h, const void *p, unsigned long bytes)
{
  const unsigned char *c = (const unsigned char *) p;
  for (unsigned long i = 0; i < bytes; i++)
    h = (h ^ c[i]) * 16777619u;
  return h;
}
"""

KERNEL_PRELUDE = r"""#include <cudajit.h>
#include <stdio.h>
#include <string.h>

#define SHARED __attribute__ ((cuda_shared))

/* Under CUDAJIT_ERRORS=return, an error of a check that a launch ran
   under (CUDAJIT_CHECK=warps), for simt-fuzz.py to see, and the next
   seed's launch going on.  */
static void
fz_errors (void)
{
  const char *e = cuda_last_error ();
  if (e)
    fprintf (stderr, "cudajit: error: %s\n", e);
}
"""

# The lane whose value a shuffle gives the caller (its own where the lane
# it names is outside its group), as PTX's shfl.sync defines it; the
# generator's mistake where that lane does not exist.
REFERENCE_SHUFFLE = r"""
static unsigned int
fz_src (int kind, int b, int width)
{
  int lane = (int) (FZ_TID % 32u), first = lane & ~(width - 1), j;
  switch (kind)
    {
    case 0:
      j = first | (b & (width - 1));
      break;
    case 1:
      j = lane - b;
      if (j < first)
        j = lane;
      break;
    case 2:
      j = lane + b;
      if (j > first + width - 1)
        j = lane;
      break;
    default:
      j = lane ^ b;
      if (j > first + width - 1)
        j = lane;
      break;
    }
  return (unsigned int) j;
}

static void
fz_no_lane (void)
{
  fprintf (stderr, "a shuffle reads a lane that does not exist\n");
  exit (2);
}
"""

# The reference's stand-ins for cudajit.h: the built-in variables, which
# fz_thread sets for the thread _t of the block, and the atomics, plain.
REFERENCE_PRELUDE = r"""#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define SHARED
typedef struct
{
  unsigned int x, y, z;
} fz_uint3;
static fz_uint3 threadIdx, blockIdx, blockDim, gridDim;
enum
{
  warpSize = 32
};
typedef unsigned int cuda_uint4 __attribute__ ((vector_size (16)));
typedef unsigned int cuda_uint2 __attribute__ ((vector_size (8)));
typedef unsigned short cuda_ushort4 __attribute__ ((vector_size (8)));
typedef unsigned char cuda_uchar4 __attribute__ ((vector_size (4)));
typedef unsigned long long cuda_ulonglong2 __attribute__ ((vector_size (16)));

/* The thread that runs, the warp, the block's threads.  */
static unsigned int _t, _w, _nt;
static unsigned long long fz_u[32];
static double fz_d[32];
static int fz_b[32];
static unsigned int fz_vote;

static void
fz_thread (unsigned int t)
{
  _t = t;
  threadIdx.x = t % blockDim.x;
  threadIdx.y = t / blockDim.x % blockDim.y;
  threadIdx.z = t / (blockDim.x * blockDim.y);
}

static void
fz_launch (unsigned int gx, unsigned int gy, unsigned int bx, unsigned int by,
           unsigned int bz)
{
  gridDim.x = gx;
  gridDim.y = gy;
  gridDim.z = 1;
  blockDim.x = bx;
  blockDim.y = by;
  blockDim.z = bz;
  _nt = bx * by * bz;
}

static int
cuda_laneid (void)
{
  return (int) (_t % 32u);
}

static unsigned int
cuda_lanemask_lt (void)
{
  return (1u << cuda_laneid ()) - 1;
}

static long
cuda_grid_x (void)
{
  return (long) blockIdx.x * blockDim.x + threadIdx.x;
}

static long
cuda_gridsize_x (void)
{
  return (long) gridDim.x * blockDim.x;
}

static unsigned int
fz_fbits (float f)
{
  unsigned int u;
  memcpy (&u, &f, sizeof u);
  return u;
}

static unsigned long long
fz_dbits (double d)
{
  unsigned long long u;
  memcpy (&u, &d, sizeof u);
  return u;
}

static unsigned int
fz_umulhi (unsigned int a, unsigned int b)
{
  return (unsigned int) ((unsigned long long) a * b >> 32);
}
#define cuda_umulhi fz_umulhi
/* Where the kernels call it, every lane of the warp runs.  */
#define cuda_activemask() fz_mask ()

#define FZ_ATOMIC(p, v, update)                                               \
  do                                                                          \
    {                                                                         \
      __typeof__ (*(p)) *fz_p = (p), fz_v = (v);                              \
      update;                                                                 \
    }                                                                         \
  while (0)
#define cuda_atomic_add(p, v) FZ_ATOMIC (p, v, *fz_p += fz_v)
#define cuda_atomic_sub(p, v) FZ_ATOMIC (p, v, *fz_p -= fz_v)
#define cuda_atomic_or(p, v) FZ_ATOMIC (p, v, *fz_p |= fz_v)
#define cuda_atomic_and(p, v) FZ_ATOMIC (p, v, *fz_p &= fz_v)
#define cuda_atomic_xor(p, v) FZ_ATOMIC (p, v, *fz_p ^= fz_v)
#define cuda_atomic_min(p, v)                                                 \
  FZ_ATOMIC (p, v, *fz_p = fz_v < *fz_p ? fz_v : *fz_p)
#define cuda_atomic_max(p, v)                                                 \
  FZ_ATOMIC (p, v, *fz_p = fz_v > *fz_p ? fz_v : *fz_p)
#define cuda_atomic_inc(p, v)                                                 \
  FZ_ATOMIC (p, v, *fz_p = *fz_p >= fz_v ? 0 : *fz_p + 1)
#define cuda_atomic_dec(p, v)                                                 \
  FZ_ATOMIC (p, v, *fz_p = *fz_p == 0 || *fz_p > fz_v ? fz_v : *fz_p - 1)
#define cuda_atomic_add_block cuda_atomic_add
#define cuda_atomic_sub_block cuda_atomic_sub
#define cuda_atomic_or_block cuda_atomic_or
#define cuda_atomic_and_block cuda_atomic_and
#define cuda_atomic_xor_block cuda_atomic_xor
#define cuda_atomic_min_block cuda_atomic_min
#define cuda_atomic_max_block cuda_atomic_max
#define cuda_atomic_inc_block cuda_atomic_inc
#define cuda_atomic_dec_block cuda_atomic_dec
#define cuda_atomic_add_system cuda_atomic_add
#define cuda_atomic_sub_system cuda_atomic_sub
#define cuda_atomic_or_system cuda_atomic_or
#define cuda_atomic_and_system cuda_atomic_and
#define cuda_atomic_xor_system cuda_atomic_xor
#define cuda_atomic_min_system cuda_atomic_min
#define cuda_atomic_max_system cuda_atomic_max
#define cuda_atomic_inc_system cuda_atomic_inc
#define cuda_atomic_dec_system cuda_atomic_dec
"""


class Printer:
    """The printing half of a Generator."""


    def lanes(self, level):
        if level == "U":
            return "for (_t = 0u; _t < _nt; _t++)"
        return "for (_t = _w * 32u; _t < _w * 32u + FZ_WLANES; _t++)"

    def per_thread(self, level, lines):
        gone = (["    if (%s_gone[_t])" % self.name, "      continue;"]
                if self.returns else [])
        return [self.lanes(level), "  {"] + gone + ["    fz_thread (_t);"] + [
            "    " + subst(line, "_t") for line in lines] + ["  }"]

    def braced(self, lines):
        return ["  {"] + self.indent(lines) + ["  }"]

    def print_nodes(self, nodes, ref, level):
        out = []
        for node in nodes:
            out += self.print_node(node, ref, level)
        return out

    def must_race(self, node):
        """Whether the race check must find a race in the kernel without
        barrier NODE: one that settle found, where it always runs."""
        return node.essential and (node.owner == self.name
                                   or node.owner in self.called)

    def kept(self):
        """Whether the next piece of the tree is printed: each line of
        code and each node has a number, for reductions to leave some
        out (never barriers, whose absence could make a race)."""
        self.item += 1
        return self.item not in self.skip

    def print_node(self, node, ref, level):
        if isinstance(node, (Code, Barrier, BarrierValue)):
            return self.print_piece(node, ref, level)
        kept = self.kept()
        lines = self.print_piece(node, ref, level)
        return lines if kept else []

    def print_piece(self, node, ref, level):
        where = "0u" if level == "U" else "_w * 32u"
        if isinstance(node, Code):
            lines = [line for line in node.lines
                     if node.fixed or self.kept()]
            # A reduction that leaves out half a block changes it.
            if sum(line.count("{") - line.count("}") for line in lines):
                self.balanced = False
            if ref:
                return self.per_thread(level, lines)
            return [subst(line, None) for line in lines]
        if isinstance(node, Barrier):
            self.barrier_count += 1
            node.number = self.barrier_count
            self.barriers.append(node)
            if ref:
                return ["/* cuda_syncthreads */"]
            if node.number == self.drop:
                return ["/* cuda_syncthreads () %d dropped */" % node.number]
            return ["cuda_syncthreads ();"]
        if isinstance(node, BarrierValue):
            if not ref:
                return ["%s = cuda_syncthreads_%s (%s)%s;" % (
                    subst(node.dest.ref(), None), node.kind,
                    subst(node.pred, None),
                    "" if node.kind == "count" else " != 0")]
            value = {"count": "fz_vote", "and": "fz_vote == _nt",
                     "or": "fz_vote != 0u"}[node.kind]
            return (["fz_vote = 0u;"]
                    + self.per_thread(level, ["fz_vote += %s != 0;"
                                              % node.pred])
                    + self.per_thread(level, ["%s = %s;" % (node.dest.ref(),
                                                            value)]))
        if isinstance(node, If):
            out = ["if %s" % subst(node.cond, where if ref else None)]
            out += self.braced(self.print_nodes(node.then, ref, level))
            if node.other:
                out.append("else")
                out += self.braced(self.print_nodes(node.other, ref, level))
            return out
        if isinstance(node, Loop):
            w = where if ref else None
            out = [subst(node.before, w)] if node.before else []
            out.append(subst(node.head, w))
            out += self.braced(self.print_nodes(node.body, ref, level))
            if node.tail:
                out.append(subst(node.tail, w))
            return out
        if isinstance(node, Warp):
            body = self.print_nodes(node.body, ref, "W")
            if ref:
                test = (["  if (!%s)" % subst(node.cond, "_w * 32u"),
                         "    continue;"] if node.cond else [])
                return (["for (_w = 0u; _w * 32u < _nt; _w++)", "  {"]
                        + test + self.indent(body) + ["  }"])
            if node.cond:
                return ["if %s" % subst(node.cond, None)] + self.braced(body)
            return body
        if isinstance(node, Call):
            return self.print_call(node, ref, level)
        if isinstance(node, Exit):
            if ref:
                return self.per_thread(level, ["%s_gone[_t] = %s;" % (
                    self.name, node.cond)])
            return ["if %s" % subst(node.cond, None), "  return;"]
        if ref:
            return self.ref_warp_op(node)
        return self.warp_op_text(node)

    def shuffle_call(self, node, lane):
        name = {"idx": "cuda_shfl_sync", "up": "cuda_shfl_up_sync",
                "down": "cuda_shfl_down_sync",
                "xor": "cuda_shfl_xor_sync"}[node.kind]
        width = ", %d" % node.width if node.width else ""
        return "%s (%s, (%s) (%s), %s%s)" % (
            name, subst(node.mask, None), c_type(node.ty),
            subst(node.value, None), lane, width)

    SHUFFLE_KINDS = {"idx": 0, "up": 1, "down": 2, "xor": 3}

    def warp_op_text(self, node):
        if isinstance(node, Shuffle):
            dest = subst(node.dest.ref(), None)
            lane = subst(node.b, None)
            return ["%s %s %s;" % (dest, node.op,
                                   self.shuffle_call(node, lane))]
        if isinstance(node, Vote):
            name = {"ballot": "cuda_ballot_sync", "all": "cuda_all_sync",
                    "any": "cuda_any_sync", "eq": "cuda_eq_sync"}[node.kind]
            return ["%s = %s (%s, %s)%s;" % (
                subst(node.dest.ref(), None), name, subst(node.mask, None),
                subst(node.pred, None),
                "" if node.kind == "ballot" else " != 0")]
        if isinstance(node, Match):
            value = "(%s) (%s)" % (c_type(node.ty), subst(node.value, None))
            if node.kind == "any":
                return ["%s = cuda_match_any_sync (%s, %s);" % (
                    subst(node.dest.ref(), None), subst(node.mask, None),
                    value)]
            return ["%s = cuda_match_all_sync (%s, %s, &%s);" % (
                subst(node.dest.ref(), None), subst(node.mask, None), value,
                subst(node.pred.ref(), None))]
        return ["cuda_syncwarp (%s);" % subst(node.mask, None)]

    def bits_of(self, ty, value):
        """VALUE of TY as the bits that a match compares."""
        if ty == "f32":
            return "fz_fbits ((float) (%s))" % value
        if ty == "f64":
            return "fz_dbits ((double) (%s))" % value
        return "(unsigned long long) (%s) (%s)" % (c_type(ty), value)

    def ref_warp_op(self, node):
        lane = "_t % 32u"
        if isinstance(node, Shuffle):
            store = ("fz_d[%s] = (double) (%s) (%s);" if is_float(node.ty)
                     else "fz_u[%s] = (unsigned long long) (%s) (%s);") % (
                lane, c_type(node.ty), node.value)
            load = "(%s) %s[fz_j]" % (c_type(node.ty),
                                      "fz_d" if is_float(node.ty) else "fz_u")
            return (self.per_thread("W", [store, "fz_b[%s] = %s;" % (
                lane, node.b)])
                + self.per_thread("W", [
                    "unsigned int fz_j = fz_src (%d, fz_b[%s], %d);" % (
                        self.SHUFFLE_KINDS[node.kind], lane,
                        node.width or WARP),
                    "if (fz_j >= fz_lanes ())",
                    "  fz_no_lane ();",
                    "%s %s %s;" % (node.dest.ref(), node.op, load)]))
        if isinstance(node, Vote):
            value = {"ballot": "fz_vote", "all": "fz_vote == fz_mask ()",
                     "any": "fz_vote != 0u",
                     "eq": "fz_vote == 0u || fz_vote == fz_mask ()"}[node.kind]
            return (["fz_vote = 0u;"]
                    + self.per_thread("W", ["if %s" % node.pred,
                                            "  fz_vote |= 1u << %s;" % lane])
                    + self.per_thread("W", ["%s = %s;" % (node.dest.ref(),
                                                          value)]))
        if isinstance(node, Match):
            store = self.per_thread("W", ["fz_u[%s] = %s;" % (
                lane, self.bits_of(node.ty, node.value))])
            if node.kind == "any":
                return store + self.per_thread("W", [
                    "unsigned int fz_m = 0u;",
                    "for (unsigned int fz_k = 0u; fz_k < fz_lanes (); fz_k++)",
                    "  if (fz_u[fz_k] == fz_u[%s])" % lane,
                    "    fz_m |= 1u << fz_k;",
                    "%s = fz_m;" % node.dest.ref()])
            return store + [
                "fz_vote = 1u;",
                "for (unsigned int fz_k = 1u; fz_k < FZ_WLANES; fz_k++)",
                "  if (fz_u[fz_k] != fz_u[0])",
                "    fz_vote = 0u;"] + self.per_thread("W", [
                    "%s = fz_vote ? fz_mask () : 0u;" % node.dest.ref(),
                    "%s = (int) fz_vote;" % node.pred.ref()])
        return ["/* cuda_syncwarp */"]

    def print_call(self, node, ref, level):
        f = node.fn
        if not ref:
            return ["%s = %s (%s);" % (subst(node.dest.ref(), None), f.name,
                                       ", ".join(subst(a, None)
                                                 for a in node.args))]
        params = ["%s = %s;" % ("$" + p, a) for (p, _), a in zip(f.params,
                                                                node.args)]
        return (self.per_thread(level, params) + ["%s ();" % f.name]
                + self.per_thread(level, ["%s = %s_ret[_t];" % (
                    node.dest.ref(), f.name)]))

    def declare(self, var, ref):
        if ref:
            return "static %s %s[%d];" % (c_type(var.ty), var.name, self.nt)
        return "%s %s;" % (c_type(var.ty), var.name)

    def print_function(self, f, ref):
        if f.kind == "thread":
            head, tail = f.text_fixed
            body = [line for line in f.text[head:len(f.text) - tail]
                    if self.kept()]
            if sum(line.count("{") - line.count("}") for line in body):
                self.balanced = False
            return f.text[:head] + body + f.text[len(f.text) - tail:]
        if not ref:
            out = ["static unsigned int",
                   "%s (%s)" % (f.name, ", ".join("%s %s" % (c_type(ty), p)
                                                  for p, ty in f.params)),
                   "{"]
            out += ["  " + s.declaration() for s in f.shared + f.scalars]
            out += ["  " + self.declare(v, False) for v in f.locals]
            out += self.indent(self.print_nodes(f.body, False, f.kind))
            out += ["  return %s;" % subst(f.result, None), "}"]
            return out
        out = [self.declare(Var(p, ty, True), True) for p, ty in f.params]
        out += [self.declare(v, True) for v in f.locals]
        out += ["static unsigned int %s_ret[%d];" % (f.name, self.nt), "",
                "static void", "%s (void)" % f.name, "{"]
        out += ["  " + s.declaration() for s in f.shared + f.scalars]
        out += self.indent(self.print_nodes(f.body, True, f.kind))
        out += self.indent(self.per_thread(f.kind, ["%s_ret[_t] = %s;" % (
            f.name, f.result)]))
        out.append("}")
        return out

    PARAMS = [("n", "long", "long", None),
              ("in", "const unsigned int", "in[n]", "N"),
              ("fin", "const float", "fin[n]", "N"),
              ("out", "unsigned int", "out[%s_OUT]", "OUT"),
              ("gs", "unsigned int", "gs[%s_GS]", "GS")]

    def signature(self, ref):
        upper = self.name.upper()
        params = ["long n"]
        arrays = [("const unsigned int", "in", "n"),
                  ("const float", "fin", "n"),
                  ("unsigned int", "out", upper + "_OUT"),
                  ("unsigned int", "gs", upper + "_GS")]
        arrays += [(c_type(ty), name, "%d" % len(kinds))
                   for name, ty, kinds in self.accumulators]
        for ty, name, extent in arrays:
            params.append("%s %s%s" % (ty, "*" if ref else "", name)
                          + ("" if ref else "[%s]" % extent))
        params.append("unsigned int p")
        return ", ".join(params)

    def print_kernel(self, ref):
        self.barrier_count = 0
        self.barriers = []
        self.item = 0
        self.balanced = True
        out = []
        if self.tables:
            out += ["static const unsigned int %s[8] = { %s };" % (
                self.tables[0], ", ".join("0x%xu" % v
                                          for v in self.table_values)), ""]
        for f in self.functions:
            out += self.print_function(f, ref) + [""]
        body = ["const unsigned int nt = FZ_NT;"]
        body += [s.declaration() for s in self.shared + self.scalars]
        if not ref:
            body += [self.declare(v, False) for v in self.top]
        body += self.print_nodes(self.body, ref, "U")
        if not ref:
            out += ["__attribute__ ((cuda_jit)) void",
                    "%s (%s)" % (self.name, self.signature(False)), "{"]
            out += self.indent(body) + ["}"]
            return out
        if self.returns:
            out += ["static unsigned char %s_gone[%d];" % (self.name,
                                                           self.nt), ""]
        out += ["static void", "ref_%s (%s)" % (self.name,
                                                self.signature(True)), "{"]
        out += ["  " + self.declare(v, True) for v in self.top]
        out += ["  for (unsigned int fz_block = 0u; fz_block < gridDim.x * "
                "gridDim.y; fz_block++)", "    {",
                "      blockIdx.x = fz_block % gridDim.x;",
                "      blockIdx.y = fz_block / gridDim.x;",
                "      blockIdx.z = 0u;"]
        if self.returns:
            out.append("      memset (%s_gone, 0, sizeof %s_gone);"
                       % (self.name, self.name))
        out += self.indent(self.indent(self.indent(body)))
        out += ["    }", "}"]
        return out

    def print_host(self, ref):
        upper = self.name.upper()
        gs = max(1, self.grid_loops) * self.n
        out = ["enum", "{",
               "  %s_N = %d," % (upper, self.n),
               "  %s_OUTPUTS = %d," % (upper, self.outputs),
               "  %s_OUT = %d," % (upper, self.outputs * self.threads),
               "  %s_GS = %d" % (upper, gs), "};", ""]
        out += self.print_kernel(ref) + [""]
        arrays = ["unsigned int in[%s_N], out[%s_OUT], gs[%s_GS];" % (
            upper, upper, upper), "float fin[%s_N];" % upper]
        arrays += ["%s %s[%d];" % (c_type(ty), name, len(kinds))
                   for name, ty, kinds in self.accumulators]
        out += ["static void", "run_%s (void)" % self.name, "{"]
        out += ["  static " + a for a in arrays]
        out += ["  unsigned int h = 2166136261u;",
                "  for (int launch = 0; launch < %d; launch++)"
                % self.launches, "    {",
                "      for (long i = 0; i < %s_N; i++)" % upper, "        {",
                "          in[i] = fz_hash (%du, (unsigned int) i);"
                % (self.seed & 0xffffffff),
                "          fin[i] = (float) ((int) (fz_hash (%du, (unsigned "
                "int) i) & 511u) - 256) * 0.25f;" % ((self.seed + 1)
                                                    & 0xffffffff),
                "        }",
                "      for (long i = 0; i < %s_GS; i++)" % upper,
                "        gs[i] = fz_hash ((unsigned int) i, %du);"
                % ((self.seed + 2) & 0xffffffff),
                "      memset (out, 0, sizeof out);"]
        for name, ty, kinds in self.accumulators:
            for k in range(len(kinds)):
                out.append("      %s[%d] = %s;" % (name, k,
                                                   self.acc_init[(name, k)]))
        args = ("%s_N, in, fin, out, gs, %s, %du" % (
            upper, ", ".join(name for name, _, _ in self.accumulators),
            self.p))
        grid = "%d, %d" % self.grid
        block = "%d, %d, %d" % self.block
        if ref:
            out += ["      fz_launch (%s, %s);" % (grid, block),
                    "      ref_%s (%s);" % (self.name, args)]
        else:
            out += ["      cuda_launch (%s, cuda_dim3 (%s), cuda_dim3 (%s)) "
                    "(%s);" % (self.name, grid, block, args),
                    "      cuda_synchronize ();",
                    "      fz_errors ();"]
        for name in ["out", "gs"] + [n for n, _, _ in self.accumulators]:
            out.append("      h = fz_sum (h, %s, sizeof %s);" % (name, name))
        out += ["    }", '  printf ("seed %d: %%08x\\n", h);' % self.seed,
                "}", ""]
        return out


def program(generators, ref, drop=None, skip=()):
    """The kernel version (REF false) or the reference of GENERATORS'
    seeds, with the DROP'th barrier of the kernel version left out, and
    the pieces numbered in SKIP."""
    out = [REFERENCE_PRELUDE if ref else KERNEL_PRELUDE]
    if ref:
        out.append("#define FZ_WLANES (_nt - _w * 32u < 32u ? _nt - _w * 32u"
                   " : 32u)")
    out.append(COMMON)
    if ref:
        out.append(REFERENCE_SHUFFLE)
    for g in generators:
        g.drop = drop
        g.skip = set(skip)
        out += g.print_host(ref)
    out += ["int", "main (void)", "{"]
    out += ["  run_%s ();" % g.name for g in generators]
    out += ["  return 0;", "}", ""]
    return "\n".join(out)
