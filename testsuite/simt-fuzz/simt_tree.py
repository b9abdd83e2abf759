# SPDX-License-Identifier: GPL-3.0-or-later
"""The SIMT fuzzer's vocabulary: types, variables, shared arrays, epochs
and the tree of a kernel, which simt_kernels.py (with simt_threads.py and
simt_blocks.py) generates and simt_print.py prints.

In the spirit of CLsmith (Lidbury et al., "Many-core compiler fuzzing",
PLDI 2015): each seed is a kernel that mixes shared arrays (the kernel's
and its device functions') and scalars, compound literals, barriers (in
loops, in device functions, under conditions that a block takes alike),
warp functions under conditions that a warp takes alike, atomics whose
result does not depend on their order, grid-stride loops, vectors, every
compound operator, on blocks of one to three dimensions that need not be
whole warps.  Each kernel is free of races and deterministic by
construction:

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
  - a shuffle reads only lanes that exist.

The same tree prints two programs: the kernel version, for the plugin,
and a reference in plain C that runs each block's threads in lockstep
phases: one loop over the threads for each stretch of code between
barriers and warp functions, each warp function computed from the
lanes' values in arrays, each thread's variables an array over the
block.  Both print one checksum line a seed.
"""

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


class SharedScalar:
    """A shared variable that is no array, as CUDA's __shared__ bool
    amLast: one thread writes it, and after a barrier every thread reads
    it (Blocks.broadcast), in code of its own that nothing else touches.
    TY is an integer type, or 'bool'."""

    def __init__(self, name, ty):
        self.name, self.ty = name, ty

    def declaration(self):
        return "static SHARED %s %s;" % (
            "_Bool" if self.ty == "bool" else c_type(self.ty), self.name)


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


class Exit:
    """if (COND) return; where nothing waits for the thread after it: the
    reference marks the thread as gone."""

    def __init__(self, cond):
        self.cond = cond


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
    """$DEST OP cuda_shfl_KIND_sync (MASK, (TY) VALUE, B[, WIDTH]), OP =
    or a compound assignment."""

    def __init__(self, kind, dest, mask, ty, value, b, width, op):
        self.kind, self.dest, self.mask, self.ty = kind, dest, mask, ty
        self.value, self.b, self.width, self.op = value, b, width, op


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
        self.scalars = []
        self.result = None
        self.text = None
        # For an exchange function: its array, initialized or not, and
        # the kind of its atomics.
        self.exchange = None
        self.initialized = False
        self.atomic = None
        # The lines of TEXT before and after those that a reduction may
        # leave out.
        self.text_fixed = (0, 0)


def subst(text, index):
    """TEXT with $NAME as NAME[INDEX], or NAME where INDEX is None."""
    if index is None:
        return re.sub(r"\$(\w+)", r"\1", text)
    return re.sub(r"\$(\w+)", r"\1[%s]" % index, text)


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
        self.scalars = []
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
        # The thread's variables for the whole function, and the prefix
        # of their names.
        self.top = []
        self.prefix = ""
        # The mask of a warp function's warp; the functions that wait.
        self.mask = None
        self.u_functions = []
        self.warp_functions = []
