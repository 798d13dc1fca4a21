"""NumPy reference of dev.cohort.bench.opmix.OpMixBenchmark: the cases of OpMixChild, timed the same way.

It reads cases from standard input, one per line: `op dtype size warmup rounds inner` (OpMixCases.line), until
its end, and answers each as soon as it has run it (the suite sends each case here, then to Cohort). For each case the
dtype's inputs are built from the formulas of OpMixCases (once per dtype and size, untimed), then the case's program
(the operation and the read-back of one value as a Python float) runs `warmup` times untimed and `rounds` x `inner`
times timed with time.perf_counter_ns, one sample per round. Printed as it goes (key=value, benchcommon.emit):
  <op>.<dtype>.<size>.samples=  seconds per call of each round
  <op>.<dtype>.<size>.value=    the last call's value, repr(float)
  <op>.<dtype>.<size>.dtype=    the result's dtype
  <op>.<dtype>.<size>.error=    instead, when NumPy raises
  done=<op>.<dtype>.<size>      the end of the answer
Floating-point warnings (bool divide and log give inf/nan, as in Cohort) are silenced.
"""
import sys
import time

import numpy as np

import benchcommon as bc

MATMUL_K = 64
DTYPES = {"float64": np.float64, "float32": np.float32, "int64": np.int64, "int32": np.int32, "bool": np.bool_}


def x_values(dtype, n):
    i = np.arange(n, dtype=np.int64)
    if dtype == "bool":
        return i % 3 != 0
    v = (i % 97) + 1
    return (v / 16).astype(DTYPES[dtype]) if dtype.startswith("float") else v.astype(DTYPES[dtype])


def y_values(dtype, n):
    i = np.arange(n, dtype=np.int64)
    if dtype == "bool":
        return i % 5 != 0
    if dtype.startswith("float"):
        return (((i % 89) + 1) / 8.0).astype(DTYPES[dtype])
    return ((i % 7) + 1).astype(DTYPES[dtype])


def p_values(dtype, n):
    i = np.arange(n, dtype=np.int64)
    if dtype == "bool":
        return i % 1000 != 999
    if dtype.startswith("float"):
        return (1 + ((i % 11) - 5) / 1048576.0).astype(DTYPES[dtype])
    return np.where(i % 64 == 0, -1, 1).astype(DTYPES[dtype])


class Inputs:
    def __init__(self, dtype, size):
        self.dtype = dtype
        self.size = size
        self.x = x_values(dtype, size)
        self.y = y_values(dtype, size)
        self._p = None
        self._c = None
        self._mats = None

    @property
    def p(self):
        if self._p is None:
            self._p = p_values(self.dtype, self.size)
        return self._p

    @property
    def c(self):
        if self._c is None:
            self._c = np.arange(self.size, dtype=np.int64) % 4 < 2
        return self._c

    def matvec(self):
        n = matvec_n(self.size)
        return x_values(self.dtype, n * n).reshape(n, n), y_values(self.dtype, n)

    def matmul(self):
        m = matmul_m(self.size)
        return (x_values(self.dtype, m * MATMUL_K).reshape(m, MATMUL_K),
                y_values(self.dtype, MATMUL_K * MATMUL_K).reshape(MATMUL_K, MATMUL_K))


def index(size):
    return 2 * size // 3 + 1


def matvec_n(size):
    return int(round(size ** 0.5))


def matmul_m(size):
    return int(round(size / MATMUL_K))


BINARY = {name: getattr(np, name) for name in ("add", "subtract", "multiply", "divide", "power", "maximum", "minimum",
                                               "equal", "not_equal", "less", "less_equal", "greater", "greater_equal",
                                               "logical_and", "logical_or")}
UNARY = {name: getattr(np, name) for name in ("logical_not", "negative", "abs", "square", "sqrt", "exp", "log", "log1p",
                                              "sin", "cos", "tanh")}
REDUCE = ("sum", "max", "min", "mean", "argmax", "argmin", "any", "all")


def program(op, dtype, size, inp):
    """The case's program: a function returning the value read back, and one returning the result array."""
    k = index(size)
    x, y = inp.x, inp.y
    if op in BINARY:
        f = BINARY[op]
        result = lambda: f(x, y)
        return (lambda: float(f(x, y)[k])), result
    if op in UNARY:
        f = UNARY[op]
        result = lambda: f(x)
        return (lambda: float(f(x)[k])), result
    if op == "clip":
        lo, hi = (1.0, 4.0) if dtype.startswith("float") else (10, 60)
        return (lambda: float(np.clip(x, lo, hi)[k])), (lambda: np.clip(x, lo, hi))
    if op == "prod":
        p = inp.p
        return (lambda: float(p.prod())), (lambda: p.prod())
    if op in REDUCE:
        f = getattr(np.ndarray, op)
        return (lambda: float(f(x))), (lambda: f(x))
    if op == "matvec":
        a, v = inp.matvec()
        n = matvec_n(size)
        return (lambda: float((a @ v)[n // 2])), (lambda: a @ v)
    if op == "matmul":
        b, m = inp.matmul()
        rows = matmul_m(size)
        return (lambda: float((b @ m)[rows // 2, 5])), (lambda: b @ m)
    if op == "slice_copy":
        return (lambda: float(x[::2].copy()[k // 2])), (lambda: x[::2].copy())
    if op == "where":
        c = inp.c
        return (lambda: float(np.where(c, x, y)[k])), (lambda: np.where(c, x, y))
    raise ValueError(f"unknown op {op!r}")


def run_case(op, dtype, size, warmup, rounds, inner, inp):
    call, result = program(op, dtype, size, inp)
    value = float("nan")
    for _ in range(warmup):
        value = call()
    samples = []
    for _ in range(rounds):
        t0 = time.perf_counter_ns()
        for _ in range(inner):
            value = call()
        samples.append((time.perf_counter_ns() - t0) / 1e9 / inner)
    return samples, value, np.asarray(result()).dtype.name


def main():
    bc.emit_versions("numpy")
    np.seterr(all="ignore")
    inp = None
    while True:
        line = sys.stdin.readline()
        if not line:
            break
        if not line.strip():
            continue
        op, dtype, size, warmup, rounds, inner = line.split()
        size, warmup, rounds, inner = int(size), int(warmup), int(rounds), int(inner)
        if inp is None or inp.dtype != dtype or inp.size != size:
            inp = None  # frees the previous inputs first
            inp = Inputs(dtype, size)
        key = f"{op}.{dtype}.{size}"
        try:
            samples, value, rdtype = run_case(op, dtype, size, warmup, rounds, inner, inp)
        except Exception as e:  # reported per case, as the Cohort child does
            bc.emit(key + ".error", f"{type(e).__name__}: {e}".replace("\n", " "))
        else:
            bc.emit(key + ".samples", ",".join(f"{s:.6e}" for s in samples))
            bc.emit(key + ".value", repr(value))
            bc.emit(key + ".dtype", rdtype)
        bc.emit("done", key)


if __name__ == "__main__":
    main()
