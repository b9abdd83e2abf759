# SPDX-License-Identifier: GPL-3.0-or-later
"""Random SIMT kernels in cudajit's C subset, and their plain C reference.

In the spirit of CLsmith (Lidbury et al., "Many-core compiler fuzzing",
PLDI 2015): each seed is a kernel that mixes shared arrays (the kernel's
and its device functions'), barriers (in loops, in device functions,
under conditions that a block takes alike), warp functions under
conditions that a warp takes alike, atomics whose result does not depend
on their order, grid-stride loops, vectors, every compound operator, on
blocks of one to three dimensions that need not be whole warps.  Each
kernel is free of races and deterministic by construction:

  - between two barriers (an epoch), a thread writes only its own slots
    of a shared array; it reads other threads' slots only of arrays that
    no thread writes in that epoch, and no one reads or writes a shared
    array that gets atomics in it (Epoch below);
  - atomics are integer add and sub, or, and, xor, min, max, inc and dec
    (each word gets one kind), and float additions of small integers,
    whose sums are exact: their old values are never read;
  - floats take values k / 8 with |k| < 2^16, which each assignment
    restores, so that every operation on them is exact, on the GPU
    (which fuses a * b + c) as on the host;
  - integers compute in unsigned arithmetic, so nothing overflows, and
    shifts and divisors are masked into range;
  - a shuffle's result is used only where the lane it reads exists.

The same tree prints two programs: the kernel version, for the plugin,
and a reference in plain C that runs each block's threads in lockstep
phases: one loop over the threads for each stretch of code between
barriers and warp functions, each warp function computed from the
lanes' values in arrays, each thread's variables an array over the
block.  Both print one checksum line a seed.
"""

import random
import re

WARP = 32

# Integer types: C name, bits, signed.
INT_TYPES = {
    "u8": ("unsigned char", 8, False),
    "s8": ("signed char", 8, True),
    "u16": ("unsigned short", 16, False),
    "s16": ("short", 16, True),
    "u32": ("unsigned int", 32, False),
    "s32": ("int", 32, True),
    "u64": ("unsigned long long", 64, False),
    "s64": ("long long", 64, True),
}
FLOAT_TYPES = {"f32": "float", "f64": "double"}
# Vectors of unsigned integers: C name, element type, lanes.
VECTOR_TYPES = {
    "v4u32": ("cuda_uint4", "u32", 4),
    "v2u32": ("cuda_uint2", "u32", 2),
    "v4u16": ("cuda_ushort4", "u16", 4),
    "v4u8": ("cuda_uchar4", "u8", 4),
    "v2u64": ("cuda_ulonglong2", "u64", 2),
}
# The types that a shuffle or a match takes, as CUDA's overloads.
WARP_VALUE_TYPES = ["s32", "u32", "s64", "u64", "f32", "f64"]


def c_type(ty):
    if ty in INT_TYPES:
        return INT_TYPES[ty][0]
    if ty in FLOAT_TYPES:
        return FLOAT_TYPES[ty]
    return VECTOR_TYPES[ty][0]


def is_float(ty):
    return ty in FLOAT_TYPES


def is_vector(ty):
    return ty in VECTOR_TYPES


def bits(ty):
    return INT_TYPES[ty][1]


def signed(ty):
    return INT_TYPES[ty][2]


def float_suffix(ty):
    return "f" if ty == "f32" else ""


def renorm(ty, value):
    """VALUE, a float of ty, brought back to k / 8 with |k| < 2^16."""
    f = float_suffix(ty)
    return "(%s) ((int) ((%s) * 8.0%s) %% 65536) * 0.125%s" % (
        c_type(ty), value, f, f)


def to_u32(ty, value):
    """VALUE of type TY as an unsigned int."""
    if is_float(ty):
        return "(unsigned int) (int) ((%s) * 8.0%s)" % (value,
                                                        float_suffix(ty))
    if ty in INT_TYPES and bits(ty) == 64:
        return "(unsigned int) ((%s) ^ (%s) >> 32)" % (value, value)
    return "(unsigned int) (%s)" % value


# The atomic kinds: each word of an accumulator gets one, and the atomics
# of one kind give a result that does not depend on their order.
ATOMIC_GROUPS = {
    "add": ["add", "sub"],
    "or": ["or"],
    "and": ["and"],
    "xor": ["xor"],
    "min": ["min"],
    "max": ["max"],
    "incdec": ["inc", "dec"],
}

# The host's accumulators: name, element type, the kind of each word.
ACCUMULATORS = [
    ("acc", "u32", ["add", "add", "or", "and", "xor", "min", "max",
                    "incdec"]),
    ("iacc", "s32", ["min", "max"]),
    ("acc64", "u64", ["add", "or", "xor"]),
    ("facc", "f32", ["add"]),
]
INCDEC_LIMIT = 1000


class Var:
    """A variable.  THREAD ones are a thread's own across the kernel's
    phases, $NAME in the tree: an array over the block in the reference;
    the others print as they are.  UNIFORM is None, 'warp' or 'block':
    the same in a warp's lanes or a block's threads.  Read-only ones are
    never the target of a random statement."""

    def __init__(self, name, ty, thread, uniform=None, readonly=False):
        self.name, self.ty, self.thread = name, ty, thread
        self.uniform, self.readonly = uniform, readonly

    def ref(self):
        return "$" + self.name if self.thread else self.name


class Shared:
    """A shared array of NT * SLOTS elements of TY, whose own slots for
    thread t are t + k * NT, or [k][t] where it has two dimensions."""

    def __init__(self, name, ty, nt, slots, two_d):
        self.name, self.ty, self.nt = name, ty, nt
        self.slots, self.two_d = slots, two_d

    def declaration(self):
        if self.two_d:
            return "static SHARED %s %s[%d][%d];" % (
                c_type(self.ty), self.name, self.slots, self.nt)
        return "static SHARED %s %s[%d];" % (c_type(self.ty), self.name,
                                             self.nt * self.slots)

    def own(self, k, tid):
        if self.two_d:
            return "%s[%d][%s]" % (self.name, k, tid)
        if k == 0:
            return "%s[%s]" % (self.name, tid)
        return "%s[%s + %du]" % (self.name, tid, k * self.nt)

    def other(self, index, slot_index):
        if self.two_d:
            return "%s[(%s) %% %du][(%s) %% %du]" % (
                self.name, slot_index, self.slots, index, self.nt)
        return "%s[(%s) %% %du]" % (self.name, index, self.nt * self.slots)


class Epoch:
    """What each shared array sees between two barriers: 'W' its own
    slots written, 'O' its own slots read, 'R' others' slots read,
    'A:KIND' atomics of KIND."""

    def __init__(self, state=None):
        self.state = {k: set(v) for k, v in (state or {}).items()}

    def copy(self):
        return Epoch(self.state)

    def union(self, other):
        for k, v in other.state.items():
            self.state.setdefault(k, set()).update(v)

    def get(self, name):
        return self.state.setdefault(name, set())

    def may(self, name, access):
        s = self.get(name)
        atomics = {a for a in s if a.startswith("A:")}
        if access == "W":
            return "R" not in s and not atomics
        if access == "O":
            return not atomics
        if access == "R":
            return "W" not in s and not atomics
        return not (s - {access})

    def mark(self, name, access):
        self.get(name).add(access)


# The tree.  Thread code is text with $NAME for thread variables; the
# nodes above it are what the reference runs otherwise.

class Code:
    """Statements that each thread runs, without barriers or warp
    functions; FIXED ones, which give variables their first values, are
    never left out by a reduction."""

    def __init__(self, lines, fixed=False):
        self.lines, self.fixed = lines, fixed


class Barrier:
    def __init__(self, essential):
        # Whether dropping it makes a race that the race check must see.
        self.essential = essential
        self.number = None


class BarrierValue:
    """$DEST = cuda_syncthreads_KIND (PRED)."""

    def __init__(self, kind, dest, pred):
        self.kind, self.dest, self.pred = kind, dest, pred


class If:
    """if (COND) THEN else ELSE, COND the same in a block (level 'U') or a
    warp ('W')."""

    def __init__(self, level, cond, then, other):
        self.level, self.cond, self.then, self.other = level, cond, then, other


class Loop:
    """A loop that a block (or a warp) runs alike: HEAD is its C text
    before the body, as for (...), while (...) or do; TAIL after it, as
    while (...);, with no $NAME."""

    def __init__(self, head, body, tail="", before=None):
        self.head, self.body, self.tail, self.before = head, body, tail, before


class Warp:
    """if (COND) BODY in each warp, COND the same in its lanes, or BODY
    alone."""

    def __init__(self, cond, body):
        self.cond, self.body = cond, body


class Shuffle:
    """$DEST = cuda_shfl_KIND_sync (MASK, (TY) VALUE, B[, WIDTH]), kept
    only where the lane it reads exists when GUARD."""

    def __init__(self, kind, dest, mask, ty, value, b, width, guard, op):
        self.kind, self.dest, self.mask, self.ty = kind, dest, mask, ty
        self.value, self.b, self.width, self.guard = value, b, width, guard
        self.op = op


class Vote:
    """$DEST = cuda_KIND_sync (MASK, PRED), normalized to 0 or 1 but for a
    ballot."""

    def __init__(self, kind, dest, mask, pred):
        self.kind, self.dest, self.mask, self.pred = kind, dest, mask, pred


class Match:
    """$DEST = cuda_match_any_sync (MASK, VALUE), or match_all with
    &$PRED."""

    def __init__(self, kind, dest, mask, ty, value, pred):
        self.kind, self.dest, self.mask, self.ty = kind, dest, mask, ty
        self.value, self.pred = value, pred


class SyncWarp:
    def __init__(self, mask):
        self.mask = mask


class Call:
    """$DEST = FN (ARGS...) of a device function that waits: FN.level 'U'
    for one with barriers, which the whole block calls alike, 'W' for
    one with warp functions, which a warp does."""

    def __init__(self, fn, dest, args):
        self.fn, self.dest, self.args = fn, dest, args


class Function:
    """A device function.  KIND 'thread' (printed as it is in both
    programs), 'U' or 'W' (its body a tree; the reference's takes its
    parameters and variables in arrays over the block)."""

    def __init__(self, name, kind, ty, params):
        self.name, self.kind, self.ty, self.params = name, kind, ty, params
        self.body = []
        self.locals = []
        self.shared = []
        self.result = None
        self.text = None
        # For an exchange function: its array, initialized or not.
        self.exchange = None
        self.initialized = False


def subst(text, index):
    """TEXT with $NAME as NAME[INDEX], or NAME where INDEX is None."""
    if index is None:
        return re.sub(r"\$(\w+)", r"\1", text)
    return re.sub(r"\$(\w+)", r"\1[%s]" % index, text)


# The helpers of both programs, which kernels call as device functions:
# the lanes of the caller's warp, their mask, and the lane whose value a
# shuffle gives the caller (its own where the lane it names is outside
# its group), as PTX's shfl.sync defines it.
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
"""

# The reference's stand-ins for cudajit.h: the built-in variables, which
# fz_thread sets for the thread _t of the block, and the atomics, plain.
REFERENCE_PRELUDE = r"""#include <stdio.h>
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


class Body:
    """What the code of one function sees while it is generated: its
    variables in scope, its shared arrays and the epoch they are in, the
    functions it may call."""

    def __init__(self, owner, tid, kernel):
        self.owner = owner
        self.tid = tid
        self.kernel = kernel
        self.vars = []
        self.shared = []
        self.exchanges = []
        self.functions = []
        self.epoch = Epoch()
        # The barriers since which the current straight run of barriers
        # and code went on, and what the whole block did since the last
        # one: (array, 'W!') for a write of its own slots by every thread,
        # (array, 'R!') for a read of another warp's slot.
        self.pending = None
        self.strong = set()
        # Within code under a condition or a loop of its own.
        self.nested = 0
        self.grid_loops = 0
        # The thread's variables for the whole function, with their
        # first values; the prefix of their names.
        self.top = []
        self.prefix = ""
        # The mask of a warp function's warp; the functions that wait.
        self.mask = None
        self.u_functions = []
        self.warp_functions = []


class Generator:
    """The kernel of one seed, its device functions and its host code."""

    SHAPES_1D = [(32,), (64,), (96,), (128,), (256,), (40,), (33,), (100,),
                 (7,), (1,), (160,), (48,)]
    SHAPES_2D = [(8, 4), (16, 3), (10, 10), (32, 2), (5, 7), (16, 16),
                 (4, 9), (32, 4)]
    SHAPES_3D = [(4, 4, 2), (8, 4, 2), (3, 5, 7), (2, 3, 4), (4, 4, 4),
                 (8, 2, 3), (16, 2, 2)]

    def __init__(self, seed, avoid=(), launches=1):
        self.seed = seed
        self.rng = random.Random(seed)
        self.avoid = set(avoid)
        self.launches = launches
        self.name = "k%d" % seed
        self.counter = 0
        self.functions = []
        self.tables = []
        self.barriers = []
        r = self.rng
        dims = r.choice([1, 1, 2, 3])
        block = r.choice({1: self.SHAPES_1D, 2: self.SHAPES_2D,
                          3: self.SHAPES_3D}[dims])
        self.block = tuple(block) + (1,) * (3 - len(block))
        self.grid = (r.choice([1, 2, 3, 4]), r.choice([1, 1, 2]))
        self.nt = self.block[0] * self.block[1] * self.block[2]
        self.one_d = self.block[1:] == (1, 1) and self.grid[1] == 1
        self.threads = self.nt * self.grid[0] * self.grid[1]
        self.n = max(1, r.randint(self.threads // 2, 3 * self.threads))
        self.p = r.getrandbits(32)
        self.full_warps = self.nt % WARP == 0
        # What this kernel does much of.
        self.style = r.choice(["barriers", "warps", "mixed", "mixed",
                               "grid", "plain"])
        # Whether it keeps to what the CPU backend runs in loops over a
        # block's threads, rather than as fibers: warp functions only on
        # whole warps, with the constant mask, where the whole block
        # runs alike; no barrier with a result, no device function that
        # waits.
        self.loops = self.chance(0.4)
        self.weights = {
            "barriers": dict(barrier=6, warp=1, call=3, grid=1, atomic=2),
            "warps": dict(barrier=0, warp=6, call=2, grid=1, atomic=2),
            "mixed": dict(barrier=3, warp=3, call=2, grid=1, atomic=2),
            "grid": dict(barrier=0, warp=0, call=1, grid=6, atomic=3),
            "plain": dict(barrier=0, warp=0, call=1, grid=1, atomic=1),
        }[self.style]
        if self.loops and not self.full_warps:
            self.weights["warp"] = 0
        self.accumulators = [(name, ty, kinds) for name, ty, kinds
                             in ACCUMULATORS]
        self.acc_init = {}
        for name, ty, kinds in self.accumulators:
            for k, kind in enumerate(kinds):
                self.acc_init[(name, k)] = self.initial(ty, kind)
        self.outputs = 0
        self.grid_loops = 0
        # The functions with barriers that every thread calls.
        self.called = set()

    def fresh(self, prefix):
        self.counter += 1
        return "%s%d" % (prefix, self.counter)

    def initial(self, ty, kind):
        r = self.rng
        if ty == "f32":
            return "%d.0f" % r.randint(0, 100)
        if kind == "incdec":
            return "%du" % r.randint(0, INCDEC_LIMIT)
        if kind == "and" or kind == "min":
            mask = (1 << bits(ty)) - 1
            v = mask ^ (r.getrandbits(bits(ty)) & r.getrandbits(bits(ty)))
        else:
            v = r.getrandbits(16) if kind == "max" else r.getrandbits(bits(ty))
        if signed(ty):
            v = r.randint(-1000, 1000) if kind in ("min", "max") else v
            return "%d" % v
        return "0x%xu%s" % (v, "ll" if bits(ty) == 64 else "")

    def chance(self, p):
        return self.rng.random() < p

    # Expressions.  WHERE is 'T' (a thread's), 'W' (the same in a warp's
    # lanes) or 'U' (the same in a block's threads).

    def const(self, ty):
        r = self.rng
        if ty == "u64":
            return "0x%xull" % r.getrandbits(r.choice([4, 16, 40, 64]))
        pick = r.random()
        if pick < 0.4:
            return "%du" % r.randint(0, 9)
        if pick < 0.7:
            return "%du" % r.randint(10, 1000)
        return "0x%xu" % r.getrandbits(32)

    def uniform_ok(self, var, where):
        if where == "T":
            return True
        if where == "W":
            return var.uniform in ("warp", "block")
        return var.uniform == "block"

    def visible(self, b):
        return [v for v, _ in b.top] + b.vars

    def readable(self, b, where, kinds):
        return [v for v in self.visible(b) if self.uniform_ok(v, where)
                and (v.ty in kinds if kinds else True)]

    def leaf(self, b, where, ty, depth):
        r = self.rng
        options = [lambda: self.const(ty)]
        for v in self.readable(b, where, None):
            if v.ty in INT_TYPES:
                options.append(lambda v=v: self.widen(to_u32(v.ty, v.ref()),
                                                      ty))
            elif is_float(v.ty):
                options.append(lambda v=v: self.widen(to_u32(v.ty, v.ref()),
                                                      ty))
            else:
                name, elem, lanes = VECTOR_TYPES[v.ty]
                options.append(lambda v=v, elem=elem, lanes=lanes: self.widen(
                    to_u32(elem, "%s[%d]" % (v.ref(), r.randrange(lanes))),
                    ty))
        geometry = ["blockIdx.x", "blockIdx.y", "blockDim.x", "blockDim.y",
                    "blockDim.z", "gridDim.x", "gridDim.y",
                    "(unsigned int) warpSize"]
        if b.kernel:
            geometry += ["p", "(unsigned int) n", "nt"]
        if where != "U":
            geometry.append("%s / 32u" % b.tid)
        if where == "T":
            geometry += ["threadIdx.x", "threadIdx.y", "threadIdx.z",
                         b.tid, "(unsigned int) cuda_laneid ()",
                         "cuda_lanemask_lt ()", "FZ_TID",
                         "(unsigned int) cuda_grid_x ()"]
            if b.kernel:
                geometry.append("(unsigned int) $gid")
        options.append(lambda: self.widen(r.choice(geometry), ty))
        if depth > 0:
            if b.kernel:
                options.append(lambda: self.widen(
                    "in[(%s) %% n]" % self.expr(b, where, "u32", depth - 1),
                    ty))
                options.append(lambda: self.widen(to_u32(
                    "f32", "fin[(%s) %% n]" % self.expr(b, where, "u32",
                                                       depth - 1)), ty))
            if self.tables:
                table = r.choice(self.tables)
                options.append(lambda: self.widen("%s[(%s) & 7u]" % (
                    table, self.expr(b, where, "u32", depth - 1)), ty))
            if "compound-literals" not in self.avoid:
                options.append(lambda: self.widen(
                    "((const unsigned int[]) { %s, %s, %s, %s })[(%s) & 3u]"
                    % (self.const("u32"), self.const("u32"),
                       self.const("u32"), self.const("u32"),
                       self.expr(b, where, "u32", depth - 1)), ty))
            if where == "T":
                for s in b.shared:
                    options.append(lambda s=s: self.shared_read(b, s,
                                                                depth, ty))
                for f in b.functions:
                    options.append(lambda f=f: self.widen(
                        self.thread_call(b, f, depth), ty))
                for f in b.exchanges:
                    if f.initialized and b.epoch.may(f.exchange.name, "R"):
                        options.append(lambda f=f: self.widen(
                            self.exchange_call(b, f, 1, depth), ty))
        text = r.choice(options)()
        return text if text is not None else self.const(ty)

    def widen(self, text, ty):
        return "(unsigned long long) (%s)" % text if ty == "u64" else text

    def shared_read(self, b, s, depth, ty, others=False, slot=None):
        """A read of shared array S where its epoch allows it, of another
        thread's slot rather than its own if OTHERS, of slot SLOT (of
        another warp's thread where there is one) if given."""
        r = self.rng
        k = r.randrange(s.slots) if slot is None else slot
        if is_vector(s.ty):
            name, elem, lanes = VECTOR_TYPES[s.ty]
            pick = "[%d]" % r.randrange(lanes)
            ety = elem
        else:
            pick, ety = "", s.ty
        if self.chance(0.1 if others else 0.5) and b.epoch.may(s.name, "O"):
            b.epoch.mark(s.name, "O")
            return self.widen(to_u32(ety, s.own(k, b.tid) + pick), ty)
        if b.epoch.may(s.name, "R"):
            b.epoch.mark(s.name, "R")
            if (self.chance(0.6 if others else 0.3) or slot is not None) \
                    and self.nt >= 2 * WARP:
                # Slot k of a thread in another warp.
                c = r.randint(WARP, self.nt - WARP)
                index = "(%s + %du) %% %du" % (b.tid, c, self.nt)
                if k and not s.two_d:
                    index += " + %du" % (k * self.nt)
                if not b.nested:
                    b.strong.add((s.name, k, "R!"))
                return self.widen(to_u32(
                    ety, s.other(index, "%du" % k) + pick), ty)
            return self.widen(to_u32(ety, s.other(
                self.expr(b, "T", "u32", depth - 1),
                self.expr(b, "T", "u32", 0)) + pick), ty)
        return None

    def expr(self, b, where, ty, depth):
        """An unsigned int ('u32') or unsigned long long ('u64')
        expression."""
        r = self.rng
        if depth <= 0 or self.chance(0.25):
            return self.leaf(b, where, ty, depth)
        d = depth - 1
        a = lambda: self.expr(b, where, ty, d)
        one = "1u" if ty == "u32" else "1ull"
        width = 31 if ty == "u32" else 63
        pick = r.randrange(12)
        if pick < 4:
            return "(%s %s %s)" % (a(), r.choice("+-*&|^"), a())
        if pick == 4:
            return "(%s %s (%s | %s))" % (a(), r.choice("/%"), a(), one)
        if pick == 5:
            return "(%s %s (%s & %du))" % (a(), r.choice(["<<", ">>"]), a(),
                                          width)
        if pick == 6:
            return "(%s ? %s : %s)" % (self.pred(b, where, d), a(), a())
        if pick == 7:
            return self.widen("(unsigned int) %s" % self.pred(b, where, d),
                              ty)
        if pick == 8:
            return "%s(%s)" % (r.choice(["~", "-"]), a())
        if pick == 9:
            x = self.expr(b, where, "u32", d)
            return self.widen(r.choice([
                "(unsigned int) __builtin_popcount (%s)" % x,
                "(unsigned int) __builtin_clz ((%s) | 1u)" % x,
                "(unsigned int) __builtin_ctz ((%s) | 0x80000000u)" % x,
                "(unsigned int) __builtin_parity (%s)" % x,
                "__builtin_bswap32 (%s)" % x,
                "cuda_umulhi (%s, %s)" % (x, self.expr(b, where, "u32", d)),
            ]), ty)
        if pick == 10:
            if ty == "u32":
                return "(unsigned int) (%s >> (%s & 31u))" % (
                    self.expr(b, where, "u64", d), self.expr(b, where, "u32",
                                                             0))
            return "(%s * %s)" % (a(), self.widen(
                self.expr(b, where, "u32", d), ty))
        return self.widen("(unsigned int) %s" % self.signed(b, where, d), ty)

    def signed(self, b, where, depth):
        """A signed int expression whose operations cannot overflow: of
        operands within +-2^15."""
        r = self.rng
        x = "((int) ((%s) & 0xffffu) - 32768)" % self.expr(b, where, "u32",
                                                         depth)
        y = "((int) ((%s) & 0xffu) - 128)" % self.expr(b, where, "u32", 0)
        op = r.choice(["+", "-", "*", "/", "%", ">>"])
        if op in "/%":
            return "(%s %s (%s | 1))" % (x, op, y)
        if op == ">>":
            return "(%s >> (%s & 15u))" % (x, self.expr(b, where, "u32", 0))
        return "(%s %s %s)" % (x, op, y)

    def pred(self, b, where, depth):
        r = self.rng
        pick = r.randrange(6)
        x = lambda: self.expr(b, where, "u32", max(depth - 1, 0))
        if pick < 3:
            return "(%s %s %s)" % (x(), r.choice(["<", "<=", ">", ">=", "==",
                                                  "!="]), x())
        if pick == 3:
            return "((%s & %s) != 0u)" % (x(), self.const("u32"))
        if pick == 4 and depth > 0:
            return "(%s %s %s)" % (self.pred(b, where, depth - 1),
                                   r.choice(["&&", "||"]),
                                   self.pred(b, where, depth - 1))
        return "(%s %% %du == %du)" % (x(), r.choice([2, 3, 5]),
                                       r.randint(0, 1))

    def fexpr(self, b, ty, depth, small=False):
        """A float expression whose value is exact: k / 16 with
        |k| < 2^22."""
        r = self.rng
        f = float_suffix(ty)

        def f0():
            options = [lambda: "(%s) ((%s) & 1023u) * 0.125%s" % (
                c_type(ty), self.expr(b, "T", "u32", depth - 1), f)]
            for v in self.visible(b):
                if v.ty in FLOAT_TYPES:
                    options.append(lambda v=v: "(%s) %s" % (c_type(ty),
                                                            v.ref()))
            if b.kernel:
                options.append(lambda: "(%s) fin[(%s) %% n]" % (
                    c_type(ty), self.expr(b, "T", "u32", depth - 1)))
            options.append(lambda: "%d.%d%s" % (r.randint(0, 99),
                                                r.choice([0, 5, 25, 125]), f))
            return r.choice(options)()

        pick = r.randrange(6)
        if pick == 0:
            f1 = "(%s + %s)" % (f0(), f0())
        elif pick == 1:
            f1 = "(%s - %s)" % (f0(), f0())
        elif pick == 2:
            f1 = "%s * %s" % (f0(), r.choice(["0.5" + f, "2.0" + f]))
        else:
            f1 = f0()
        if small or self.chance(0.6):
            return f1
        return "%s * (%s) ((%s) & 15u)" % (f1, c_type(ty),
                                           self.expr(b, "T", "u32", depth - 1))

    # Statements of a thread, as lines of text.

    def rhs_type(self, ty):
        return "u64" if ty in INT_TYPES and bits(ty) == 64 else "u32"

    def int_update(self, b, target, ty, depth, compound=True, incdec=True):
        """A statement that assigns, or updates with a compound operator,
        TARGET of integer type TY: in unsigned arithmetic, where a signed
        TARGET converts as GCC and CUDA both do, modulo."""
        r = self.rng
        rt = self.rhs_type(ty)
        e = lambda: self.expr(b, "T", rt, depth)
        cast = "(unsigned long long)" if rt == "u64" else "(unsigned int)"
        if not compound or self.chance(0.3):
            return "%s = (%s) %s;" % (target, c_type(ty), e())
        ops = ["+=", "-=", "*=", "&=", "|=", "^=", "/=", "%=", ">>="]
        if not signed(ty):
            ops.append("<<=")
        if incdec and (not signed(ty) or bits(ty) < 32):
            ops += ["++", "--"]
        op = r.choice(ops)
        if op in ("++", "--"):
            return r.choice(["%s%s;" % (target, op), "%s%s;" % (op, target)])
        if op in ("/=", "%="):
            return "%s %s (%s | 1u);" % (target, op, e())
        if op in (">>=", "<<="):
            # A promoted unsigned char or short shifts as an int.
            limit = {8: 15, 16: 15, 32: 31, 64: 63}[bits(ty)]
            return "%s %s (%s & %du);" % (target, op, e(), limit)
        return "%s %s %s %s;" % (target, op, cast, e())

    def float_update(self, b, target, ty, depth):
        r = self.rng
        f = float_suffix(ty)
        if self.chance(0.4):
            return ["%s = %s;" % (target, renorm(ty, self.fexpr(b, ty,
                                                                depth)))]
        op = r.choice(["+=", "-=", "*=", "/="])
        if op in ("+=", "-="):
            value = self.fexpr(b, ty, depth, small=True)
        elif op == "*=":
            value = "(%s) ((%s) & 15u)" % (c_type(ty),
                                           self.expr(b, "T", "u32", depth))
        else:
            value = r.choice(["2.0", "4.0", "0.5"]) + f
        return ["%s %s %s;" % (target, op, value),
                "%s = %s;" % (target, renorm(ty, target))]

    def vector_update(self, b, target, ty, depth):
        r = self.rng
        name, elem, lanes = VECTOR_TYPES[ty]
        etype = c_type(elem)
        same = [v for v in self.visible(b) if v.ty == ty]
        other = lambda: r.choice(same).ref() if same else None
        scalar = lambda: "(%s) %s" % (etype, self.expr(b, "T",
                                                      self.rhs_type(elem),
                                                      depth))
        pick = r.randrange(6)
        if pick == 0:
            return ["%s[%d] = %s;" % (target, r.randrange(lanes), scalar())]
        if pick == 1 and "compound-literals" not in self.avoid:
            return ["%s = (%s) { %s };" % (target, name, ", ".join(
                scalar() for _ in range(lanes)))]
        if pick == 2 and other():
            return ["%s %s %s;" % (target, r.choice(["+=", "-=", "*=", "&=",
                                                     "|=", "^="]), other())]
        if pick == 3 and other():
            return ["%s = %s %s %s;" % (target, other(), r.choice("+-*&|^"),
                                        other())]
        if pick == 4:
            limit = {"u8": 7, "u16": 15, "u32": 31, "u64": 63}[elem]
            return ["%s %s (%s) (%s & %du);" % (
                target, r.choice(["<<=", ">>="]), etype,
                self.expr(b, "T", "u32", depth), limit)]
        return ["%s %s %s;" % (target, r.choice(["+=", "^=", "*="]),
                               scalar())]

    def update(self, b, target, ty, depth, compound=True):
        """Statements that update TARGET of TY; without a compound
        operator, as target = target OP value, unless COMPOUND."""
        if ty in INT_TYPES:
            return [self.int_update(b, target, ty, depth, compound)]
        if is_float(ty):
            lines = self.float_update(b, target, ty, depth)
        else:
            lines = self.vector_update(b, target, ty, depth)
        if compound:
            return lines
        plain = []
        for line in lines:
            m = re.match(r"^(.*?) (\+|-|\*|/|&|\||\^|<<|>>)= (.*);$", line)
            plain.append("%s = %s %s (%s);" % (m.group(1), m.group(1),
                                               m.group(2), m.group(3))
                         if m else line)
        return plain

    def assignable(self, b, kinds=None):
        return [v for v in self.visible(b) if not v.readonly
                and (kinds is None or v.ty in kinds)]

    def atomic(self, b, depth):
        """An atomic on an accumulator of the kernel, or on a shared array
        in an epoch of atomics of its kind."""
        r = self.rng
        targets = []
        if b.kernel:
            for name, ty, kinds in self.accumulators:
                for k, kind in enumerate(kinds):
                    targets.append(("%s[%d]" % (name, k), ty, kind))
        for s in b.shared:
            if is_vector(s.ty) or (is_float(s.ty) and s.ty != "f32"):
                continue
            kind = "add" if is_float(s.ty) else r.choice(
                ["add", "or", "and", "xor", "min", "max"])
            # The reference adds plainly, which must not overflow.
            if s.ty in ("s32", "s64") and kind == "add":
                kind = "xor"
            if b.epoch.may(s.name, "A:" + kind):
                index = self.expr(b, "T", "u32", depth)
                targets.append((s.other(index, self.expr(b, "T", "u32", 0)),
                                s.ty, kind, s))
        if not targets:
            return []
        target = r.choice(targets)
        place, ty, kind = target[:3]
        if len(target) == 4:
            b.epoch.mark(target[3].name, "A:" + kind)
        op = r.choice(ATOMIC_GROUPS[kind])
        if ty == "f32":
            value = "(float) ((%s) & 7u)" % self.expr(b, "T", "u32", depth)
        elif op in ("inc", "dec"):
            value = "%du" % INCDEC_LIMIT
        else:
            value = "(%s) %s" % (c_type(ty), self.expr(b, "T",
                                                      self.rhs_type(ty),
                                                      depth))
        # Block scope only where the block's threads alone update it;
        # cudajit.h has the scopes on int and wider.
        scope = r.choice(["", "", "_block" if len(target) == 4 else "",
                          "_system"])
        if ty in INT_TYPES and bits(ty) < 32:
            scope = ""
        builtin = {"add": "__atomic_fetch_add", "sub": "__atomic_fetch_sub",
                   "or": "__atomic_fetch_or", "and": "__atomic_fetch_and",
                   "xor": "__atomic_fetch_xor"}
        if (op in builtin and ty in ("u32", "u64") and self.chance(0.25)):
            return ["%s (&%s, %s, __ATOMIC_RELAXED);" % (builtin[op], place,
                                                         value)]
        return ["cuda_atomic_%s%s (&%s, %s);" % (op, scope, place, value)]

    def shared_write(self, b, depth):
        """An update of one of the thread's own slots of a shared array."""
        r = self.rng
        arrays = [s for s in b.shared if b.epoch.may(s.name, "W")]
        if not arrays:
            return []
        s = r.choice(arrays)
        b.epoch.mark(s.name, "W")
        b.epoch.mark(s.name, "O")
        k = r.randrange(s.slots)
        if not b.nested:
            b.strong.add((s.name, k, "W!"))
        return self.update(b, s.own(k, b.tid), s.ty, depth,
                           self.compound_ok(b))

    def compound_ok(self, b):
        """Whether B's shared arrays may take compound assignments."""
        return not (b.owner != self.name
                    and "device-shared-compound" in self.avoid)

    def gather(self, b, depth):
        """A thread variable updated from what others wrote in shared
        memory, where the epoch allows it."""
        r = self.rng
        targets = [v for v in self.assignable(b, list(INT_TYPES))]
        if not targets:
            return []
        v = r.choice(targets)
        sources = []
        for s in b.shared:
            sources.append(lambda s=s: self.shared_read(b, s, depth, "u32",
                                                        True))
        for f in b.exchanges:
            if f.initialized and b.epoch.may(f.exchange.name, "R"):
                sources.append(lambda f=f: self.exchange_call(b, f, 1,
                                                              depth))
        if not sources:
            return []
        value = r.choice(sources)()
        if value is None:
            return []
        op = r.choice(["^=", "+=", "-=", "|="])
        cast = "(unsigned long long)" if bits(v.ty) == 64 else \
            "(unsigned int)"
        return ["%s %s %s %s;" % (v.ref(), op, cast, value)]

    def t_block(self, b, depth, count, loop=False):
        """COUNT statements of a thread, in a scope of their own."""
        mark = len(b.vars)
        lines = []
        for _ in range(count):
            lines += self.t_stmt(b, depth, loop)
        del b.vars[mark:]
        return lines

    def indent(self, lines):
        return ["  " + line for line in lines]

    def t_stmt(self, b, depth, loop):
        r = self.rng
        w = self.weights
        choices = [("assign", 8), ("shared", 4), ("gather", 4), ("temp", 2),
                   ("atomic", w["atomic"]), ("if", 3 if depth > 0 else 0),
                   ("for", 2 if depth > 0 else 0),
                   ("while", 1 if depth > 0 else 0),
                   ("switch", 1 if depth > 0 else 0),
                   ("jump", 1 if loop else 0),
                   ("exchange", 2 if b.exchanges else 0),
                   ("grid", w["grid"] if (b.kernel and not b.nested
                                          and depth > 0
                                          and b.grid_loops < 3) else 0)]
        kind = r.choices([c for c, _ in choices],
                         [wt for _, wt in choices])[0]
        if kind == "assign":
            targets = self.assignable(b)
            if not targets:
                return []
            v = r.choice(targets)
            return self.update(b, v.ref(), v.ty, depth)
        if kind == "shared":
            return self.shared_write(b, depth)
        if kind == "gather":
            return self.gather(b, depth)
        if kind == "temp":
            ty = r.choice(["u32", "u32", "s32", "u64", "u16", "s8", "f32"])
            name = self.fresh("t")
            if is_float(ty):
                init = renorm(ty, self.fexpr(b, ty, depth))
            else:
                init = "(%s) %s" % (c_type(ty), self.expr(
                    b, "T", self.rhs_type(ty), depth))
            b.vars.append(Var(name, ty, False))
            return ["%s %s = %s;" % (c_type(ty), name, init)]
        if kind == "atomic":
            return self.atomic(b, depth)
        if kind == "exchange":
            f = r.choice(b.exchanges)
            mode = r.choice([0, 2, 2])
            call = self.exchange_call(b, f, mode, depth)
            return ["(void) %s;" % call] if call else []
        if kind == "jump":
            return ["if %s" % self.pred(b, "T", 1),
                    "  %s;" % r.choice(["break", "continue"])]
        b.nested += 1
        try:
            return self.t_compound(b, kind, depth, loop)
        finally:
            b.nested -= 1

    def t_compound(self, b, kind, depth, loop):
        r = self.rng
        d = depth - 1
        n = lambda: r.randint(1, 3)
        if kind == "if":
            lines = ["if %s" % self.pred(b, "T", 2), "  {"]
            lines += self.indent(self.t_block(b, d, n(), loop))
            lines.append("  }")
            if self.chance(0.5):
                lines += ["else", "  {"]
                lines += self.indent(self.t_block(b, d, n(), loop))
                lines.append("  }")
            return lines
        if kind == "for":
            j = self.fresh("j")
            bound = r.choice(["%du" % r.randint(1, 4),
                              "(%s & 3u) + 1u" % self.expr(b, "T", "u32", 1)])
            head = "for (unsigned int %s = 0u; %s < %s; %s++)" % (j, j, bound,
                                                                 j)
            b.vars.append(Var(j, "u32", False, readonly=True))
            body = self.t_block(b, d, n(), True)
            b.vars.pop()
            return [head, "  {"] + self.indent(body) + ["  }"]
        if kind == "while":
            c = self.fresh("c")
            lines = ["unsigned int %s = %du;" % (c, r.randint(1, 4))]
            if self.chance(0.5):
                body = self.t_block(b, d, n(), True)
                return lines + ["while (%s-- > 0u)" % c, "  {"] + \
                    self.indent(body) + ["  }"]
            body = self.t_block(b, d, n(), True)
            return lines + ["do", "  {"] + self.indent(body) + \
                ["  }", "while (--%s > 0u);" % c]
        if kind == "switch":
            lines = ["switch (%s & 3u)" % self.expr(b, "T", "u32", 1), "  {"]
            for case in r.sample(range(4), r.randint(1, 3)):
                lines.append("  case %d:" % case)
                lines += self.indent(self.indent(self.t_block(b, d, n())))
                if self.chance(0.8):
                    lines.append("    break;")
            lines += ["  default:"]
            lines += self.indent(self.indent(self.t_block(b, d, 1)))
            lines += ["    break;", "  }"]
            return lines
        return self.grid_loop(b, depth)

    def grid_loop(self, b, depth):
        """A grid-stride loop over the n elements, each of which one
        thread updates in its part of gs."""
        r = self.rng
        i = self.fresh("i")
        part = self.grid_loops
        self.grid_loops += 1
        b.grid_loops += 1
        if self.one_d and self.chance(0.6):
            head = ("for (long %s = cuda_grid_x (); %s < n; %s += "
                    "cuda_gridsize_x ())" % (i, i, i))
        else:
            head = ("for (long %s = (long) $gid; %s < n; %s += (long) nt * "
                    "gridDim.x * gridDim.y)" % (i, i, i))
        b.vars.append(Var(i, "u64", False, readonly=True))
        element = "gs[%d * n + %s]" % (part, i)
        body = [self.int_update(b, element, "u32", depth - 1)]
        body += self.t_block(b, depth - 1, r.randint(0, 2), True)
        b.vars.pop()
        return [head, "  {"] + self.indent(body) + ["  }"]

    def thread_call(self, b, f, depth):
        args = []
        for name, ty in f.params:
            if ty == "acc":
                args.append("acc")
            elif is_float(ty):
                args.append(renorm(ty, self.fexpr(b, ty, depth - 1)))
            else:
                args.append("(%s) %s" % (c_type(ty), self.expr(
                    b, "T", self.rhs_type(ty), depth - 1)))
        return to_u32(f.ty, "%s (%s)" % (f.name, ", ".join(args)))

    def exchange_call(self, b, f, mode, depth):
        """A call of exchange function F in MODE: 0 writes the thread's own
        slots of its array, 1 reads others', 2 updates it with atomics."""
        s = f.exchange
        access = {0: "W", 1: "R", 2: "A:" + f.atomic}[mode]
        if not b.epoch.may(s.name, access) or (mode == 1
                                               and not f.initialized):
            return None
        b.epoch.mark(s.name, access)
        if mode == 0:
            b.epoch.mark(s.name, "O")
        return "%s (%d, %s)" % (f.name, mode, self.expr(b, "T", "u32",
                                                        depth - 1))

    # Warp functions, under conditions that a warp takes alike.

    def mask(self, b):
        """The mask of every lane of the caller's warp."""
        if b.mask:
            return b.mask
        if self.loops:
            return "0xffffffffu"
        # cuda_activemask () is all of them only where the warp has
        # converged, which a GPU need not promise even in code that the
        # warp runs alike: seldom.
        options = ["fz_mask ()"] * 3
        if "activemask" not in self.avoid:
            options.append("cuda_activemask ()")
        if self.full_warps:
            options += ["0xffffffffu"] * 6
        return self.rng.choice(options)

    def top_var(self, b, ty, uniform=None, readonly=False, init=None):
        """A new variable of the thread, for the whole function."""
        v = Var(b.prefix + self.fresh("x"), ty, True, uniform, readonly)
        b.top.append((v, init))
        return v

    def warp_value(self, b, ty, depth):
        if is_float(ty):
            # In k / 8, as the variable it goes to must be.
            return renorm(ty, self.fexpr(b, ty, depth, small=True))
        value = self.expr(b, "T", self.rhs_type(ty), depth)
        if self.chance(0.4):
            value = "(%s) %% %du" % (value, self.rng.choice([2, 3, 4, 7]))
        return value

    def warp_op(self, b, depth):
        r = self.rng
        choices = [("shuffle", 5), ("vote", 2),
                   ("match", 0 if self.loops else 1), ("syncwarp", 1)]
        choices = [(k, w) for k, w in choices if k not in self.avoid]
        if not choices:
            return None
        kind = r.choices([k for k, _ in choices], [w for _, w in choices])[0]
        mask = self.mask(b)
        if kind == "shuffle":
            ty = r.choice(WARP_VALUE_TYPES)
            floats = is_float(ty)
            dests = [v for v in self.assignable(b) if v.thread
                     and (is_float(v.ty) if floats else v.ty in INT_TYPES)]
            if not dests:
                return None
            dest = r.choice(dests)
            shuffle = r.choice(["idx", "up", "down", "xor"])
            width = r.choice([None, None, 32, 16, 8, 4, 2])
            if shuffle == "idx":
                lane = "(int) ((%s) & 63u)" % self.expr(b, "T", "u32", 1)
            else:
                lane = "%d" % r.randint(0, 31)
            op = "="
            if (self.full_warps and ty in ("u32", "u64") and not floats
                    and not signed(dest.ty) and self.chance(0.4)):
                op = r.choice(["+=", "^=", "|=", "-="])
            return Shuffle(shuffle, dest, mask, ty,
                           self.warp_value(b, ty, depth), lane, width,
                           not self.full_warps, op)
        if kind == "vote":
            vote = r.choice(["ballot", "all", "any", "eq"])
            dest = self.top_var(b, "u32", "warp", True)
            return Vote(vote, dest, mask, self.pred(b, "T", 2))
        if kind == "match":
            ty = r.choice(WARP_VALUE_TYPES)
            if r.random() < 0.5:
                dests = [v for v in self.assignable(b, ["u32"]) if v.thread]
                if not dests:
                    return None
                return Match("any", r.choice(dests), mask, ty,
                             self.warp_value(b, ty, depth), None)
            dest = self.top_var(b, "u32", "warp", True)
            pred = self.top_var(b, "s32", "warp", True)
            return Match("all", dest, mask, ty,
                         self.warp_value(b, ty, depth), pred)
        return SyncWarp(mask)

    def w_block(self, b, depth, count):
        """COUNT items of code that each warp runs alike."""
        r = self.rng
        nodes = []
        mark = len(b.vars)
        for _ in range(count):
            choices = [("code", 3), ("op", 5),
                       ("if", 1 if depth > 0 and not self.loops else 0),
                       ("loop", 1 if depth > 0 and not self.loops else 0),
                       ("call", 1 if b.warp_functions and not self.loops
                        else 0)]
            kind = r.choices([c for c, _ in choices],
                             [w for _, w in choices])[0]
            if kind == "code":
                nodes.append(Code(self.t_block(b, 2, r.randint(1, 3))))
            elif kind == "op":
                op = self.warp_op(b, 2)
                if op:
                    nodes.append(op)
            elif kind == "if":
                cond = self.pred(b, "W", 1)
                then = self.w_block(b, depth - 1, r.randint(1, 3))
                other = (self.w_block(b, depth - 1, r.randint(1, 2))
                         if self.chance(0.4) else [])
                nodes.append(If("W", cond, then, other))
            elif kind == "loop":
                v = self.fresh("w")
                bound = r.choice(["%du" % r.randint(1, 3), "(%s & 1u) + 1u"
                                  % self.expr(b, "W", "u32", 1)])
                b.vars.append(Var(v, "u32", False, "warp", True))
                body = self.w_block(b, depth - 1, r.randint(1, 3))
                b.vars.pop()
                nodes.append(Loop("for (unsigned int %s = 0u; %s < %s; %s++)"
                                  % (v, v, bound, v), body))
            else:
                f = r.choice(b.warp_functions)
                dests = [v for v in self.assignable(b, ["u32"]) if v.thread]
                if dests:
                    nodes.append(Call(f, r.choice(dests),
                                      [self.mask(b)] + self.call_args(b, f)))
        del b.vars[mark:]
        return nodes

    def call_args(self, b, f):
        args = []
        for name, ty in f.params[1 if f.kind == "W" else 0:]:
            if is_float(ty):
                args.append(renorm(ty, self.fexpr(b, ty, 1)))
            else:
                args.append("(%s) %s" % (c_type(ty), self.expr(
                    b, "T", self.rhs_type(ty), 1)))
        return args

    # Code that a block runs alike, with its barriers.

    def settle(self, b):
        """Whether dropping the pending barrier makes a race that the race
        check must find: every thread wrote its own slot of an array
        before it and read another warp's slot of it after, or read
        before and wrote after."""
        if b.pending is not None and self.nt >= 2 * WARP:
            for array, k, access in b.pending.pre:
                other = "R!" if access == "W!" else "W!"
                if (array, k, other) in b.strong:
                    b.pending.essential = True
        b.pending = None

    def barrier(self, b):
        node = Barrier(False)
        node.owner = b.owner
        self.settle(b)
        if not b.nested:
            node.pre = set(b.strong)
            b.pending = node
        b.strong = set()
        b.epoch = Epoch()
        return node

    def enter(self, b):
        """Into a construct whose code not every thread runs alike, or that
        runs again."""
        self.settle(b)
        b.nested += 1

    def leave(self, b):
        b.nested -= 1
        b.strong = set()

    def u_block(self, b, depth, count, barriers=True):
        r = self.rng
        w = self.weights
        nodes = []
        for _ in range(count):
            choices = [("code", 4), ("barrier", w["barrier"] if barriers
                                     else 0),
                       ("value", 1 if barriers and w["barrier"]
                        and not self.loops else 0),
                       ("if", 2 if depth > 0 else 0),
                       ("loop", 2 if depth > 0 else 0),
                       ("warp", w["warp"]),
                       ("call", w["call"] if barriers and b.u_functions
                        and not self.loops else 0),
                       ("reduce", 1 if barriers and w["barrier"] and b.shared
                        else 0),
                       ("scan", 1 if barriers and w["barrier"] and b.shared
                        else 0),
                       ("neighbour", 2 if barriers and w["barrier"]
                        and b.shared else 0)]
            choices = [(k, x) for k, x in choices if k not in self.avoid]
            kind = r.choices([c for c, _ in choices],
                             [x for _, x in choices])[0]
            nodes += self.u_item(b, kind, depth, barriers)
        return nodes

    def u_item(self, b, kind, depth, barriers):
        r = self.rng
        if kind == "code":
            return [Code(self.t_block(b, 3, r.randint(1, 4)))]
        if kind == "barrier":
            return [self.barrier(b)]
        if kind == "value":
            which = r.choice(["count", "and", "or"])
            dest = self.top_var(b, "u32", "block", True)
            pred = self.pred(b, "T", 2)
            self.settle(b)
            b.strong = set()
            b.epoch = Epoch()
            return [BarrierValue(which, dest, pred)]
        if kind == "warp":
            cond = (self.pred(b, "W", 1)
                    if self.chance(0.5) and not self.loops else None)
            self.enter(b)
            body = self.w_block(b, depth, r.randint(1, 4))
            self.leave(b)
            return [Warp(cond, body)]
        if kind == "call":
            f = r.choice(b.u_functions)
            dests = [v for v in self.assignable(b, ["u32"]) if v.thread]
            if not dests:
                return []
            if not b.nested:
                self.called.add(f.name)
            args = self.call_args(b, f)
            self.enter(b)
            self.leave(b)
            b.epoch = Epoch()
            return [Call(f, r.choice(dests), args)]
        if kind == "if":
            # Its branches start from the same epoch, but in a loop
            # without barriers, where a pass may take one and the next
            # pass the other in the same epoch.
            cond = self.pred(b, "U", 1)
            self.enter(b)
            start = b.epoch
            b.epoch = start.copy() if barriers else start
            then = self.u_block(b, depth - 1, r.randint(1, 3), barriers)
            after = b.epoch
            b.epoch = start.copy() if barriers else after
            other = (self.u_block(b, depth - 1, r.randint(1, 2), barriers)
                     if self.chance(0.5) else [])
            b.epoch.union(after)
            self.leave(b)
            return [If("U", cond, then, other)]
        if kind == "loop":
            return [self.u_loop(b, depth, barriers)]
        if kind == "reduce":
            return self.reduction(b)
        if kind == "neighbour":
            return self.neighbour(b)
        return self.scan(b)

    def neighbour(self, b):
        """Each thread writes its own slot, and after a barrier reads
        another's, as CLsmith's barrier mode has threads do."""
        s, nodes = self.template_array(b)
        if s is None:
            return []
        targets = self.assignable(b, list(INT_TYPES))
        if not targets:
            return []
        k = self.rng.randrange(s.slots)
        write = self.update(b, s.own(k, b.tid), s.ty, 2, self.compound_ok(b))
        b.epoch.mark(s.name, "W")
        b.epoch.mark(s.name, "O")
        if not b.nested:
            b.strong.add((s.name, k, "W!"))
        nodes += [Code(write), self.barrier(b)]
        v = self.rng.choice(targets)
        value = self.shared_read(b, s, 2, self.rhs_type(v.ty), True, k)
        if value:
            nodes.append(Code(["%s ^= %s;" % (v.ref(), value)]))
        return nodes

    def u_loop(self, b, depth, barriers):
        """A loop that the block runs alike, with a barrier at the start or
        the end of its body if it has any, so that the end of one pass
        and the start of the next are apart."""
        r = self.rng
        u = self.fresh("u")
        bound = r.choice(["%du" % r.randint(1, 3),
                          "(%s & 1u) + 1u" % self.expr(b, "U", "u32", 1)])
        form = r.choice(["for", "while", "do"])
        before = None
        if form == "for":
            head, tail = ("for (unsigned int %s = 0u; %s < %s; %s++)"
                          % (u, u, bound, u)), ""
        elif form == "while":
            before = "unsigned int %s = %s;" % (u, bound)
            head, tail = "while (%s-- > 0u)" % u, ""
        else:
            before = "unsigned int %s = 0u;" % u
            head, tail = "do", "while (++%s < %s);" % (u, bound)
        with_barriers = barriers and self.chance(0.6) and self.weights[
            "barrier"] > 0
        where = r.choice(["start", "end"]) if with_barriers else None
        self.enter(b)
        entry = b.epoch.copy()
        b.vars.append(Var(u, "u32", False, "block", True))
        body = []
        if where == "start":
            body.append(self.barrier(b))
        body += self.u_block(b, depth - 1, r.randint(1, 3), with_barriers)
        if where == "end":
            body.append(self.barrier(b))
            b.epoch = entry
        else:
            b.epoch.union(entry)
        b.vars.pop()
        self.leave(b)
        return Loop(head, body, tail, before)

    def compound_shared(self, b, target, ty, value):
        """TARGET, an element of shared array of TY, updated from VALUE,
        another element, with a compound operator (or without one where
        that is avoided)."""
        r = self.rng
        if is_float(ty):
            return "%s = %s;" % (target, renorm(ty, "%s + %s" % (target,
                                                                 value)))
        cast = "(unsigned long long)" if bits(ty) == 64 else "(unsigned int)"
        ops = ["+=", "-=", "*=", "&=", "|=", "^=", "/=", "%=", ">>="]
        if not signed(ty):
            ops.append("<<=")
        op = r.choice(ops)
        if op in ("/=", "%="):
            rhs = "(%s %s | 1u)" % (cast, value)
        elif op in (">>=", "<<="):
            rhs = "(%s %s & 15u)" % (cast, value)
        else:
            rhs = "%s %s" % (cast, value)
        if not self.compound_ok(b):
            return "%s = (%s) (%s %s %s);" % (target, c_type(ty), target,
                                              op[:-1], rhs)
        return "%s %s %s;" % (target, op, rhs)

    def template_array(self, b):
        arrays = [s for s in b.shared if not is_vector(s.ty)]
        if not arrays:
            return None, []
        s = self.rng.choice(arrays)
        # Its epoch must be empty: the first pass reads others' slots.
        return s, ([self.barrier(b)] if b.epoch.get(s.name) else [])

    def reduction(self, b):
        """A tree reduction in a shared array: in each pass, thread t <
        s updates its slot from slot t + s, which no one writes in it."""
        s, nodes = self.template_array(b)
        if s is None:
            return []
        k = self.rng.randrange(s.slots)
        half = 1
        while half * 2 < self.nt:
            half *= 2
        u = self.fresh("u")
        tid = b.tid
        self.enter(b)
        code = Code(["if (%s < %s && %s + %s < %du)" % (tid, u, tid, u,
                                                       self.nt),
                     "  " + self.compound_shared(
                         b, s.own(k, tid), s.ty,
                         s.own(k, "%s + %s" % (tid, u)))])
        body = [code, self.barrier(b)]
        self.leave(b)
        b.epoch = Epoch()
        return nodes + [Loop("for (unsigned int %s = %du; %s > 0u; %s >>= 1)"
                             % (u, half if self.nt > 1 else 0, u, u), body)]

    def scan(self, b):
        """Hillis and Steele's inclusive scan in a shared array, through a
        variable of each thread between two barriers."""
        s, nodes = self.template_array(b)
        if s is None:
            return []
        k = self.rng.randrange(s.slots)
        carry_ty = s.ty if is_float(s.ty) else self.rhs_type(s.ty)
        carry = self.top_var(b, carry_ty)
        d = self.fresh("u")
        tid = b.tid
        zero = "0.0%s" % float_suffix(s.ty) if is_float(s.ty) else "0u"
        self.enter(b)
        b.epoch = Epoch()
        read = Code(["%s = %s >= %s ? (%s) %s : %s;" % (
            carry.ref(), tid, d, c_type(carry_ty), s.own(k, "%s - %s" % (
                tid, d)), zero)])
        first = self.barrier(b)
        update = Code(["if (%s >= %s)" % (tid, d), "  " + self.compound_shared(
            b, s.own(k, tid), s.ty, carry.ref())])
        body = [read, first, update, self.barrier(b)]
        self.leave(b)
        b.epoch = Epoch()
        return nodes + [Loop("for (unsigned int %s = 1u; %s < %du; %s <<= 1)"
                             % (d, d, self.nt, d), body)]

    # Device functions.

    def local_types(self):
        r = self.rng
        types = ["u32", "u32", "s32", "u64", "s64", "u16", "s16", "u8", "s8"]
        if "floats" not in self.avoid:
            types += ["f32", "f64", "f32"]
        if "vectors" not in self.avoid:
            types += list(VECTOR_TYPES)
        return [r.choice(types) for _ in range(r.randint(2, 6))]

    def seeded(self, ty, source):
        """A first value of TY from SOURCE, an unsigned int."""
        if is_float(ty):
            f = float_suffix(ty)
            return "(%s) ((int) ((%s) & 1023u) - 512) * 0.125%s" % (
                c_type(ty), source, f)
        return "(%s) (%s)" % (c_type(ty), source)

    def first_values(self, b, v, source):
        """Lines that give thread variable V its first value from SOURCE,
        a function of the thread's index."""
        if is_vector(v.ty):
            name, elem, lanes = VECTOR_TYPES[v.ty]
            return ["%s[%d] = %s;" % (v.ref(), k, self.seeded(
                elem, "%s * %du" % (source, 2 * k + 1)))
                for k in range(lanes)]
        return ["%s = %s;" % (v.ref(), self.seeded(v.ty, source))]

    def late_values(self, b, count):
        """Zero for the variables made while the body was generated, which
        warps or blocks that skip their code still read."""
        lines = []
        for v, _ in b.top[count:]:
            zero = "0.0%s" % float_suffix(v.ty) if is_float(v.ty) else "0"
            lines.append("%s = %s;" % (v.ref(), zero))
        return lines

    def shared_arrays(self, prefix, count):
        r = self.rng
        arrays = []
        types = ["u32", "s32", "u16", "s16", "u8", "s8", "u64", "s64"]
        if "floats" not in self.avoid:
            types += ["f32", "f64"]
        if "vectors" not in self.avoid:
            types += ["v4u32", "v2u64"]
        for _ in range(count):
            ty = r.choice(types)
            slots = 1 if is_vector(ty) else r.choice([1, 1, 2, 3])
            arrays.append(Shared(prefix + self.fresh("sh"), ty, self.nt,
                                 slots, slots > 1 and self.chance(0.5)))
        return arrays

    def shared_init(self, b, arrays, source):
        """Every thread writes every one of its own slots."""
        lines = []
        for s in arrays:
            for k in range(s.slots):
                value = "%s * %du + %du" % (source, 2 * k + 1,
                                            self.rng.getrandbits(16))
                if is_vector(s.ty):
                    name, elem, lanes = VECTOR_TYPES[s.ty]
                    for e in range(lanes):
                        lines.append("%s[%d] = %s;" % (
                            s.own(k, b.tid), e, self.seeded(
                                elem, "%s ^ %du" % (value, e))))
                else:
                    lines.append("%s = %s;" % (s.own(k, b.tid),
                                               self.seeded(s.ty, value)))
                b.strong.add((s.name, k, "W!"))
            b.epoch.mark(s.name, "W")
        return lines

    def thread_function(self, callees):
        """A function that each thread calls alone, printed alike in both
        programs."""
        r = self.rng
        name = "%s_f%d" % (self.name, len(self.functions))
        ty = r.choice(["u32", "u32", "s32", "u64", "f32"])
        if "floats" in self.avoid and is_float(ty):
            ty = "u32"
        params = [(self.fresh("a"), pty) for pty in r.sample(
            ["u32", "s32", "u16", "u64", "f32", "s8"], r.randint(1, 3))
            if not (is_float(pty) and "floats" in self.avoid)]
        f = Function(name, "thread", ty, params)
        b = Body(name, "tid", False)
        b.functions = list(callees)
        b.vars = [Var(p, pty, False) for p, pty in params]
        b.vars.append(Var("tid", "u32", False, readonly=True))
        body = self.t_block(b, 2, r.randint(1, 4))
        if is_float(ty):
            result = renorm(ty, self.fexpr(b, ty, 2))
        else:
            result = "(%s) %s" % (c_type(ty), self.expr(b, "T",
                                                        self.rhs_type(ty), 2))
        f.text = ["static %s" % c_type(ty),
                  "%s (%s)" % (name, ", ".join(
                      "%s %s" % (c_type(pty), p) for p, pty in params)),
                  "{", "  unsigned int tid = FZ_TID;"]
        f.text += self.indent(body) + ["  return %s;" % result, "}"]
        f.text_fixed = (4, 2)
        return f

    def exchange_function(self):
        """A function with a shared array that the block's threads update
        through it: MODE 0 writes the caller's own slots, 1 reads others',
        2 updates it with atomics."""
        r = self.rng
        name = "%s_f%d" % (self.name, len(self.functions))
        f = Function(name, "thread", "u32", [("mode", "s32"), ("v", "u32")])
        s = self.shared_arrays(name + "_", 1)[0]
        if is_vector(s.ty):
            s = Shared(s.name, "u32", s.nt, s.slots, s.two_d)
        f.exchange = s
        f.atomic = ("add" if is_float(s.ty) else
                    r.choice(["or", "xor", "min", "max"])
                    if s.ty in ("s32", "s64") else
                    r.choice(["add", "or", "xor", "min", "max"]))
        b = Body(name, "tid", False)
        b.vars = [Var("v", "u32", False, readonly=True),
                  Var("tid", "u32", False, readonly=True)]
        b.shared = [s]
        write = self.shared_init(b, [s], "v")
        b.epoch.mark(s.name, "O")
        compound = "device-shared-compound" not in self.avoid
        for _ in range(r.randint(1, 3)):
            write += self.update(b, s.own(r.randrange(s.slots), "tid"), s.ty,
                                 2, compound)
        b.epoch = Epoch()
        b.epoch.mark(s.name, "R")
        read = self.expr(b, "T", "u32", 3)
        b.epoch = Epoch()
        b.shared = []
        index = self.expr(b, "T", "u32", 2)
        op = r.choice(ATOMIC_GROUPS[f.atomic])
        if is_float(s.ty):
            value = "(%s) (v & 7u)" % c_type(s.ty)
        else:
            value = "(%s) (v * %s)" % (c_type(s.ty), self.const("u32"))
        f.text = ["static unsigned int",
                  "%s (int mode, unsigned int v)" % name, "{",
                  "  " + s.declaration(),
                  "  unsigned int tid = FZ_TID;",
                  "  if (mode == 0)", "    {"]
        f.text += self.indent(self.indent(self.indent(write)))
        f.text += ["      return 0u;", "    }", "  if (mode == 1)",
                   "    return %s;" % read,
                   "  cuda_atomic_%s (&%s, %s);" % (
                       op, s.other(index, self.expr(b, "T", "u32", 0)),
                       value),
                   "  return 1u;", "}"]
        f.text_fixed = (len(f.text), 0)
        return f

    def waiting_function(self, level, warp_functions, callees):
        """A function with barriers ('U'), which the whole block calls
        alike, or with warp functions ('W'), which a warp does."""
        r = self.rng
        name = "%s_f%d" % (self.name, len(self.functions))
        params = [(name + "_mask", "u32")] if level == "W" else []
        params += [(name + self.fresh("_a"), pty) for pty in r.sample(
            ["u32", "s32", "u64", "f32"], r.randint(1, 2))
            if not (is_float(pty) and "floats" in self.avoid)]
        f = Function(name, level, "u32", params)
        b = Body(name, "$%s_tid" % name, False)
        b.prefix = name + "_"
        b.functions = list(callees)
        b.warp_functions = list(warp_functions)
        for p, pty in params:
            b.top.append((Var(p, pty, True, readonly=p.endswith("_mask")),
                          None))
        if level == "W":
            b.mask = "$" + params[0][0]
        tid = Var(name + "_tid", "u32", True, readonly=True)
        b.top.append((tid, None))
        first = ["%s = FZ_TID;" % tid.ref()]
        sources = [to_u32(pty, "$" + p) for p, pty in params]
        for ty in self.local_types():
            v = self.top_var(b, ty)
            first += self.first_values(b, v, "%s ^ %s * %du" % (
                r.choice(sources), tid.ref(), r.getrandbits(16) | 1))
        count = len(b.top)
        if level == "U":
            f.shared = self.shared_arrays(name + "_", r.randint(1, 2))
            b.shared = f.shared
            # The previous call's last epoch and this one's first are
            # apart.
            start = self.chance(0.5)
            nodes = [self.barrier(b)] if start else []
            first += self.shared_init(b, f.shared, "%s ^ %s" % (
                r.choice(sources), tid.ref()))
            code = Code(first, True)
            nodes.append(code)
            nodes += self.u_block(b, 2, r.randint(2, 5))
            # The result, from what the others wrote, and kept apart
            # from the next call's writes.
            result = self.top_var(b, "u32")
            nodes.append(self.barrier(b))
            nodes.append(Code(["%s = %s;" % (result.ref(), self.expr(
                b, "T", "u32", 3))] + self.gather(b, 2)))
            result.readonly = True
            if not start:
                nodes.append(self.barrier(b))
            self.settle(b)
            f.result = result.ref()
        else:
            code = Code(first, True)
            nodes = [code] + self.w_block(b, 2, r.randint(2, 5))
            f.result = self.expr(b, "T", "u32", 2)
        code.lines += self.late_values(b, count)
        f.body = nodes
        f.locals = [v for v, _ in b.top[len(params):]]
        return f

    def kernel_body(self):
        """The kernel: its first phase gives every variable and every
        shared slot a value, its last writes them to out."""
        r = self.rng
        b = Body(self.name, "$tid", True)
        tid = Var("tid", "u32", True, readonly=True)
        gid = Var("gid", "u64", True, readonly=True)
        b.top = [(tid, None), (gid, None)]
        first = ["$tid = FZ_TID;",
                 "$gid = (unsigned long long) (blockIdx.x + gridDim.x * "
                 "blockIdx.y) * nt + $tid;"]
        for ty in self.local_types() + self.local_types():
            v = self.top_var(b, ty)
            first += self.first_values(b, v, "in[($gid * %du + %du) %% n] ^ "
                                       "$tid * %du" % (
                                           r.randint(1, 9), r.randint(0, 99),
                                           r.getrandbits(16) | 1))
        count = len(b.top)
        self.locals_count = count
        b.shared = self.shared_arrays("", r.randint(0, 3))
        first += self.shared_init(b, b.shared, "$tid ^ (unsigned int) $gid")
        b.functions = [f for f in self.functions if f.kind == "thread"
                       and not f.exchange]
        b.exchanges = [f for f in self.functions if f.exchange]
        b.u_functions = [f for f in self.functions if f.kind == "U"]
        b.warp_functions = [f for f in self.functions if f.kind == "W"]
        for f in b.exchanges:
            first.append("(void) %s (0, %s);" % (f.name, r.choice(
                [to_u32(v.ty, v.ref()) for v, _ in b.top[2:count]
                 if not is_vector(v.ty)] or ["$tid"])))
            b.epoch.mark(f.exchange.name, "W")
            b.epoch.mark(f.exchange.name, "O")
            f.initialized = True
        code = Code(first, True)
        nodes = [code] + self.u_block(b, 3, r.randint(3, 10))
        # The last phase: each thread's variables, and its own slots of
        # the shared arrays once no one updates them any more.
        if any(not b.epoch.may(s.name, "O") for s in b.shared):
            nodes.append(self.barrier(b))
        last = []
        slot = 0
        for v, _ in b.top[2:]:
            if is_vector(v.ty):
                name, elem, lanes = VECTOR_TYPES[v.ty]
                for k in range(lanes):
                    last.append(self.output(slot, to_u32(
                        elem, "%s[%d]" % (v.ref(), k))))
                    slot += 1
            else:
                last.append(self.output(slot, to_u32(v.ty, v.ref())))
                slot += 1
        for s in b.shared:
            for k in range(s.slots):
                if is_vector(s.ty):
                    name, elem, lanes = VECTOR_TYPES[s.ty]
                    for e in range(lanes):
                        last.append(self.output(slot, to_u32(
                            elem, "%s[%d]" % (s.own(k, "$tid"), e))))
                        slot += 1
                else:
                    last.append(self.output(slot, to_u32(
                        s.ty, s.own(k, "$tid"))))
                    slot += 1
        self.settle(b)
        nodes.append(Code(last, True))
        code.lines += self.late_values(b, count)
        self.outputs = slot
        self.body = nodes
        self.top = [v for v, _ in b.top]
        self.shared = b.shared

    def output(self, slot, value):
        return "out[$gid * %s_OUTPUTS + %du] = %s;" % (self.name.upper(),
                                                       slot, value)

    def generate(self):
        r = self.rng
        if "tables" not in self.avoid and self.chance(0.5):
            table = "%s_table" % self.name
            self.tables.append(table)
            self.table_values = [r.getrandbits(32) for _ in range(8)]
        for _ in range(r.randint(0, 3)):
            callees = [f for f in self.functions if f.kind == "thread"
                       and not f.exchange]
            self.functions.append(self.thread_function(callees))
        if self.chance(0.5):
            self.functions.append(self.exchange_function())
        waits = self.weights["barrier"] + self.weights["warp"]
        for _ in range(r.randint(0, 2) if waits and not self.loops else 0):
            callees = [f for f in self.functions if f.kind == "thread"
                       and not f.exchange]
            warps = [f for f in self.functions if f.kind == "W"]
            level = r.choice(["U", "W"]) if self.weights["barrier"] else "W"
            if level not in self.avoid:
                self.functions.append(self.waiting_function(level, warps,
                                                            callees))
        self.kernel_body()
        return self

    # Printing: the kernel version (REF false) or the reference.

    def lanes(self, level):
        if level == "U":
            return "for (_t = 0u; _t < _nt; _t++)"
        return "for (_t = _w * 32u; _t < _w * 32u + FZ_WLANES; _t++)"

    def per_thread(self, level, lines):
        return [self.lanes(level), "  {", "    fz_thread (_t);"] + [
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
            call = self.shuffle_call(node, lane)
            if not node.guard:
                return ["%s %s %s;" % (dest, node.op, call)]
            return ["{", "  %s fz_r = %s;" % (c_type(node.ty), call),
                    "  if (fz_src (%d, %s, %d) < fz_lanes ())" % (
                        self.SHUFFLE_KINDS[node.kind], lane,
                        node.width or WARP),
                    "    %s %s fz_r;" % (dest, node.op), "}"]
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
                    "if (fz_j < fz_lanes ())",
                    "  %s %s %s;" % (node.dest.ref(), node.op, load)]))
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
            return f.text[:head] + [
                line for line in f.text[head:len(f.text) - tail]
                if self.kept()] + f.text[len(f.text) - tail:]
        if not ref:
            out = ["static unsigned int",
                   "%s (%s)" % (f.name, ", ".join("%s %s" % (c_type(ty), p)
                                                  for p, ty in f.params)),
                   "{"]
            out += ["  " + s.declaration() for s in f.shared]
            out += ["  " + self.declare(v, False) for v in f.locals]
            out += self.indent(self.print_nodes(f.body, False, f.kind))
            out += ["  return %s;" % subst(f.result, None), "}"]
            return out
        out = [self.declare(Var(p, ty, True), True) for p, ty in f.params]
        out += [self.declare(v, True) for v in f.locals]
        out += ["static unsigned int %s_ret[%d];" % (f.name, self.nt), "",
                "static void", "%s (void)" % f.name, "{"]
        out += ["  " + s.declaration() for s in f.shared]
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
        out = []
        if self.tables:
            out += ["static const unsigned int %s[8] = { %s };" % (
                self.tables[0], ", ".join("0x%xu" % v
                                          for v in self.table_values)), ""]
        for f in self.functions:
            out += self.print_function(f, ref) + [""]
        body = ["const unsigned int nt = FZ_NT;"]
        body += [s.declaration() for s in self.shared]
        if not ref:
            body += [self.declare(v, False) for v in self.top]
        body += self.print_nodes(self.body, ref, "U")
        if not ref:
            out += ["__attribute__ ((cuda_jit)) void",
                    "%s (%s)" % (self.name, self.signature(False)), "{"]
            out += self.indent(body) + ["}"]
            return out
        out += ["static void", "ref_%s (%s)" % (self.name,
                                                self.signature(True)), "{"]
        out += ["  " + self.declare(v, True) for v in self.top]
        out += ["  for (unsigned int fz_block = 0u; fz_block < gridDim.x * "
                "gridDim.y; fz_block++)", "    {",
                "      blockIdx.x = fz_block % gridDim.x;",
                "      blockIdx.y = fz_block / gridDim.x;",
                "      blockIdx.z = 0u;"]
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
                    "      cuda_synchronize ();"]
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
    for g in generators:
        g.drop = drop
        g.skip = set(skip)
        out += g.print_host(ref)
    out += ["int", "main (void)", "{"]
    out += ["  run_%s ();" % g.name for g in generators]
    out += ["  return 0;", "}", ""]
    return "\n".join(out)
