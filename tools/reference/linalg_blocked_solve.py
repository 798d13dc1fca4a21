#!/usr/bin/env python3
"""Writes ndarray-api/src/test/resources/reference/linalg_blocked_solve.json: NumPy 2.x references for
np.linalg.solve of large single matrices, which Cohort runs as a blocked, distributed LU with partial pivoting
(ndarray-api BlockedLu). BlockedLuTest runs every case on 1 and 3 shards with the blocked threshold lowered and
blocks of 16..64 and compares x with NumPy's to a relative tolerance, the pivots with LAPACK getrf's.

The matrices are not stored: both sides draw them from SplitMix64 (seed per case), so the file stays small.
Element k (row-major) of a case's stream is u_k = (splitmix64_k >> 11) * 2**-53 in [0, 1):
  float cases: a = 2 u - 1 (uniform in [-1, 1), exact in float64; float32 cases round it once),
  int cases:   a = floor(u * 19) - 9 (integers in [-9, 9], many ties among |a_ik|),
then b with the same stream continued. Each case records n, the rhs columns (0: a vector b), the input dtype,
NumPy's x (dtype and values), the condition number, and scipy.linalg.lu_factor's 0-based pivots (LAPACK getrf's
ipiv) of the float64 matrix.

Run from the repository root: python3 tools/reference/linalg_blocked_solve.py
"""
import json
import os

import numpy as np
import scipy.linalg

OUT = os.path.join(os.path.dirname(__file__), "..", "..", "ndarray-api", "src", "test", "resources", "reference",
                   "linalg_blocked_solve.json")
MASK = (1 << 64) - 1


def splitmix64(seed, count):
    """count uniforms in [0, 1) from SplitMix64 started at seed (the Java test has the same generator)."""
    out = np.empty(count, dtype=np.float64)
    x = seed & MASK
    for k in range(count):
        x = (x + 0x9E3779B97F4A7C15) & MASK
        z = x
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
        z = z ^ (z >> 31)
        out[k] = (z >> 11) * 2.0 ** -53
    return out


def draw(seed, n, cols, kind):
    """a (n, n) and b ((n,) when cols == 0, else (n, cols)) as float64 values of the case's kind."""
    m = max(cols, 1)
    u = splitmix64(seed, n * n + n * m)
    v = 2 * u - 1 if kind == "float" else np.floor(u * 19) - 9
    a = v[:n * n].reshape(n, n)
    b = v[n * n:].reshape(n, m)
    return a, (b[:, 0] if cols == 0 else b)


CASES = [
    # name, seed, n, rhs columns (0: vector), input dtype
    ("n130 vector float64", 130, 130, 0, "float64"),
    ("n200 rhs3 float64", 200, 200, 3, "float64"),
    ("n257 vector float32", 257, 257, 0, "float32"),
    ("n300 rhs5 float64", 300, 300, 5, "float64"),
    ("n150 rhs2 int64", 150, 150, 2, "int64"),
]


def main():
    cases = []
    for name, seed, n, cols, dtype in CASES:
        kind = "int" if dtype == "int64" else "float"
        a, b = draw(seed, n, cols, kind)
        a_in = a.astype(dtype)
        b_in = b.astype(dtype)
        x = np.linalg.solve(a_in, b_in)
        _, piv = scipy.linalg.lu_factor(a)
        cond = float(np.linalg.cond(a))
        assert cond < 1e5, (name, cond)
        cases.append({
            "name": name, "seed": seed, "n": n, "cols": cols, "kind": kind, "dtype": dtype,
            "cond": cond,
            "x_dtype": str(x.dtype), "x_shape": list(x.shape),
            "x": [repr(float(v)) for v in x.ravel()],
            "getrf_piv": [int(p) for p in piv],
        })
    with open(OUT, "w") as f:
        json.dump({"numpy": np.__version__, "scipy": scipy.__version__, "cases": cases}, f, separators=(",", ":"))
        f.write("\n")


if __name__ == "__main__":
    main()
