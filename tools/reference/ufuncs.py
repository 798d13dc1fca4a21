#!/usr/bin/env python3
"""NumPy references for task-library's UfuncReferenceTest: every UnaryOp and BinaryOp on every dtype.

Writes task-library/src/test/resources/ufunc/unary.txt and binary.txt. Values are raw bits as signed
decimal integers (float64 viewed as int64, float32 as int32, integers as themselves, bool 0/1).

unary.txt:
    IN <dtype> <bits x 32>                          the input, a 4 x 8 array in row-major order
    OUT <OP> <dtype> <result dtype> <bits x 32>     NumPy's op(input)
    ERR <OP> <dtype> <message>                      NumPy raised
binary.txt:
    A <dtype> <bits x 32>    a, 4 x 8;   B <dtype> <bits x 8>   b, a row broadcast over a's rows
    S <dtype> <bits>         a scalar s (a 0-d array of the dtype)
    OUT <OP> <dtype> <result dtype> <bits x 32>     a op b[None, :]
    OUTR <OP> <dtype> <result dtype> <bits x 32>    a op s
    OUTL <OP> <dtype> <result dtype> <bits x 32>    s op a
    ERR <OP> <dtype> <message>
accuracy.txt (the functions Cohort computes with its own code, not java.lang.Math):
    <OP> <x bits> <correctly rounded bits (mpmath, 60 digits)> <NumPy/SciPy bits>
    for ERF, LOG2, ARCSINH, ARCCOSH, ARCTANH at 400 points each (random over the domain, a fixed seed).
Where NumPy's loop runs in a dtype Cohort lacks (int8 for bool arithmetic, float16 for float functions
of bool) the inputs are first cast to the dtype Cohort computes in instead (int32, float32), so the
reference is NumPy's value in Cohort's dtype (UfuncTypes). ERF is scipy.special.erf.

Run: python3 tools/reference/ufuncs.py
"""
import os
import numpy as np
import scipy.special
import mpmath

from ufunc_types import UNARY, BINARY, DTYPES, ufunc

OUT_DIR = os.path.join(os.path.dirname(__file__), "..", "..", "task-library", "src", "test", "resources", "ufunc")
MAPPED = {"int8": "int32", "int16": "int32", "uint8": "int32", "float16": "float32"}

F_VALUES = [0.0, -0.0, 1.0, -1.0, 0.5, -0.5, 1.5, -2.5, 2.5, 3.0, -7.0, 7.25, 1e-300, -1e300, 1e10, np.inf,
            -np.inf, np.nan, 0.1, 0.7, -0.9, 0.99, 1.0000001, 2.0, 4.5, 10.0, 100.0, -100.0, 5e-324, 0.25, -0.3, 20.0]
I64_VALUES = [0, 1, -1, 2, -2, 3, 7, -7, 10, 100, -100, 63, 64, 65, -64, 2 ** 62, -2 ** 63, 2 ** 63 - 1, 5, 31,
              32, 33, -31, 12345, -12345, 1000000, 40, 8, 9, -9, 4, 6]
I32_VALUES = [0, 1, -1, 2, -2, 3, 7, -7, 10, 100, -100, 63, 64, 65, -64, 2 ** 30, -2 ** 31, 2 ** 31 - 1, 5, 31,
              32, 33, -31, 12345, -12345, 1000000, 40, 8, 9, -9, 4, 6]
B_VALUES = [0, 1, 1, 0, 1, 1, 0, 0] * 4

F_ROW = [2.0, -3.0, 0.5, 0.0, -0.0, np.inf, np.nan, 1.5]
I_ROW = [3, -2, 0, 1, -1, 64, 31, 5]
B_ROW = [1, 0, 1, 1, 0, 0, 1, 0]
SCALAR = {"float64": -1.5, "float32": -1.5, "int64": 3, "int32": -2, "bool": 1}


def values(dtype):
    return np.array({"float64": F_VALUES, "float32": F_VALUES, "int64": I64_VALUES, "int32": I32_VALUES,
                     "bool": B_VALUES}[dtype], dtype=dtype)


def row(dtype):
    return np.array(F_ROW if dtype.startswith("float") else B_ROW if dtype == "bool" else I_ROW, dtype=dtype)


def bits(a):
    a = np.ascontiguousarray(a).ravel()
    if a.dtype == np.float64:
        v = a.view(np.int64)
    elif a.dtype == np.float32:
        v = a.view(np.int32)
    else:
        v = a.astype(np.int64)
    return " ".join(str(int(x)) for x in v)


def call(f, dts, *args):
    """f(*args) with the arguments cast to the dtype Cohort computes in where NumPy's loop dtype is not one of the five."""
    try:
        loop = f.resolve_dtypes(tuple(np.dtype(d) for d in dts) + (None,))[0]
    except (TypeError, AttributeError):
        loop = None
    if loop is not None and str(loop) in MAPPED:
        args = [np.asarray(a).astype(MAPPED[str(loop)]) for a in args]
    with np.errstate(all="ignore"):
        return f(*args)


def main():
    os.makedirs(OUT_DIR, exist_ok=True)
    with open(os.path.join(OUT_DIR, "unary.txt"), "w") as out:
        for d in DTYPES:
            x = values(d).reshape(4, 8)
            out.write("IN %s %s\n" % (d, bits(x)))
            for name in UNARY:
                try:
                    r = call(ufunc(name), [d], x)
                except (TypeError, ValueError) as e:
                    out.write("ERR %s %s %s\n" % (name, d, str(e).replace("\n", " ")))
                    continue
                out.write("OUT %s %s %s %s\n" % (name, d, r.dtype, bits(r)))
    with open(os.path.join(OUT_DIR, "binary.txt"), "w") as out:
        for d in DTYPES:
            a = values(d).reshape(4, 8)
            b = row(d)
            s = np.array(SCALAR[d], dtype=d)
            out.write("A %s %s\nB %s %s\nS %s %s\n" % (d, bits(a), d, bits(b), d, bits(s)))
            for name in BINARY:
                f = ufunc(name)
                try:
                    r = call(f, [d, d], a, b[None, :])
                    rr = call(f, [d, d], a, s)
                    rl = call(f, [d, d], s, a)
                except (TypeError, ValueError) as e:
                    out.write("ERR %s %s %s\n" % (name, d, str(e).replace("\n", " ")))
                    continue
                out.write("OUT %s %s %s %s\n" % (name, d, r.dtype, bits(r)))
                out.write("OUTR %s %s %s %s\n" % (name, d, rr.dtype, bits(rr)))
                out.write("OUTL %s %s %s %s\n" % (name, d, rl.dtype, bits(rl)))


ACCURACY = {
    "ERF": (mpmath.erf, scipy.special.erf),
    "LOG2": (lambda x: mpmath.log(x, 2), np.log2),
    "ARCSINH": (mpmath.asinh, np.arcsinh),
    "ARCCOSH": (mpmath.acosh, np.arccosh),
    "ARCTANH": (mpmath.atanh, np.arctanh),
}


def points(name, rng):
    if name == "ERF":
        x = np.concatenate([rng.uniform(-7, 7, 250), rng.uniform(-1, 1, 100), 10.0 ** rng.uniform(-310, -1, 50)])
    elif name == "LOG2":
        x = np.concatenate([10.0 ** rng.uniform(-300, 300, 200), rng.uniform(0.5, 2, 150), 2.0 ** rng.integers(-1074, 1023, 50)])
    elif name == "ARCSINH":
        x = np.concatenate([rng.uniform(-3, 3, 200), 10.0 ** rng.uniform(-300, 300, 150) * rng.choice([-1, 1], 150),
                            rng.uniform(-1e-8, 1e-8, 50)])
    elif name == "ARCCOSH":
        x = np.concatenate([1 + rng.uniform(0, 3, 200), 10.0 ** rng.uniform(0, 300, 150), 1 + 10.0 ** rng.uniform(-15, -1, 50)])
    else:
        x = np.concatenate([rng.uniform(-1, 1, 250), 1 - 10.0 ** rng.uniform(-15, -1, 100), rng.uniform(-1e-8, 1e-8, 50)])
    return x.astype(np.float64)


def accuracy():
    mpmath.mp.dps = 60
    rng = np.random.default_rng(15)
    with open(os.path.join(OUT_DIR, "accuracy.txt"), "w") as out:
        for name, (exact, fast) in ACCURACY.items():
            for x in points(name, rng):
                want = float(exact(mpmath.mpf(float(x))))
                got = float(fast(np.float64(x)))
                out.write("%s %d %d %d\n" % (name, np.float64(x).view(np.int64), np.float64(want).view(np.int64),
                                              np.float64(got).view(np.int64)))


if __name__ == "__main__":
    accuracy()
    main()
