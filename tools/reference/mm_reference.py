#!/usr/bin/env python3
"""SciPy references for Matrix Market reading (ndarray-api/src/test/resources/mm/).

Run from anywhere:  python3 tools/reference/mm_reference.py
Writes one small .mtx file per format x field x symmetry (by scipy.io.mmwrite, plus a few by hand
with comments, blank lines, duplicates and upper-triangle entries) and expected.json with what
scipy.io.mmread(f) (then .toarray() for coordinate files) gives: shape, dtype, values (float.hex or
int), and, for the bad files, SciPy's message and the line at fault.
"""
import io
import json
import os

import numpy as np
import scipy
import scipy.io as sio
import scipy.sparse as sp

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
OUT = os.path.join(ROOT, "ndarray-api/src/test/resources/mm")


def dense(path):
    m = sio.mmread(path)
    return m.toarray() if hasattr(m, "toarray") else np.asarray(m)


def put(name, text):
    with open(os.path.join(OUT, name), "w") as f:
        f.write(text)


def main():
    os.makedirs(OUT, exist_ok=True)
    rng = np.random.default_rng(11)
    g = sp.random(7, 5, density=0.4, random_state=3, format="coo") * 100
    sio.mmwrite(os.path.join(OUT, "coord_real_general.mtx"), g)
    s = np.tril(rng.standard_normal((6, 6)))
    s[np.abs(s) < 0.5] = 0
    sym = s + np.tril(s, -1).T
    sio.mmwrite(os.path.join(OUT, "coord_real_symmetric.mtx"), sp.coo_matrix(sym), symmetry="symmetric")
    k = np.tril(rng.integers(-9, 10, (5, 5)), -1).astype(float)
    sio.mmwrite(os.path.join(OUT, "coord_real_skew.mtx"), sp.coo_matrix(k - k.T), symmetry="skew-symmetric")
    ig = sp.coo_matrix(rng.integers(-1000, 1000, (4, 6)) * (rng.random((4, 6)) < 0.5))
    sio.mmwrite(os.path.join(OUT, "coord_integer_general.mtx"), ig, field="integer")
    isym = np.tril(rng.integers(-50, 50, (5, 5)))
    sio.mmwrite(os.path.join(OUT, "coord_integer_symmetric.mtx"), sp.coo_matrix(isym + np.tril(isym, -1).T),
                field="integer", symmetry="symmetric")
    sio.mmwrite(os.path.join(OUT, "coord_pattern_general.mtx"), sp.coo_matrix((rng.random((5, 4)) < 0.4) * 1.0),
                field="pattern")
    psym = np.tril(rng.random((5, 5)) < 0.4) * 1.0
    sio.mmwrite(os.path.join(OUT, "coord_pattern_symmetric.mtx"), sp.coo_matrix(psym + np.tril(psym, -1).T),
                field="pattern", symmetry="symmetric")
    sio.mmwrite(os.path.join(OUT, "array_real_general.mtx"), rng.standard_normal((4, 3)) * 1e3)
    sio.mmwrite(os.path.join(OUT, "array_real_symmetric.mtx"), sym[:4, :4], symmetry="symmetric")
    sio.mmwrite(os.path.join(OUT, "array_real_skew.mtx"), (k - k.T)[:4, :4], symmetry="skew-symmetric")
    sio.mmwrite(os.path.join(OUT, "array_integer_general.mtx"), rng.integers(-10**9, 10**9, (3, 5)), field="integer")
    put("hand_comments_duplicates.mtx", "%%MatrixMarket matrix coordinate real symmetric\n% a comment\n%\n\n"
                                        "3 3 5\n1 1 1.5\n\n2 1 -2\n1 2 0.25\n3 3 1e3\n2 1 4\n")
    put("hand_upper_case.mtx", "%%MatrixMarket MATRIX Coordinate Real General\n2 3 3\n1 3 5\n2 1 -7.5\n2 2 0.5e0\n")
    put("hand_empty.mtx", "%%MatrixMarket matrix coordinate real general\n3 2 0\n")

    reads = []
    for name in sorted(os.listdir(OUT)):
        if not name.endswith(".mtx") or name.startswith("bad_"):
            continue
        a = dense(os.path.join(OUT, name))
        reads.append({"file": name, "shape": list(a.shape), "dtype": str(a.dtype),
                      "values": [float.hex(float(v)) if a.dtype.kind == "f" else int(v) for v in a.ravel()]})

    put("bad_row_index.mtx", "%%MatrixMarket matrix coordinate real general\n% c\n3 3 2\n1 1 1\n4 2 5\n")
    put("bad_col_index.mtx", "%%MatrixMarket matrix coordinate real general\n3 3 2\n1 1 1\n2 0 5\n")
    put("bad_value.mtx", "%%MatrixMarket matrix coordinate real general\n2 2 2\n1 1 1\n2 2 x\n")
    put("bad_truncated.mtx", "%%MatrixMarket matrix coordinate real general\n2 2 3\n1 1 1\n")
    put("bad_banner.mtx", "%MatrixMarket matrix coordinate real general\n2 2 1\n1 1 1\n")
    put("bad_complex.mtx", "%%MatrixMarket matrix coordinate complex general\n2 2 1\n1 1 1 2\n")
    errors = []
    for name, line, ours in [("bad_row_index.mtx", 5, "Line 5: Row index out of bounds: 4 not in 1..3"),
                             ("bad_col_index.mtx", 4, "Line 4: Column index out of bounds: 0 not in 1..3"),
                             ("bad_value.mtx", 4, "Line 4: Invalid floating-point value 'x'."),
                             ("bad_truncated.mtx", 3, "Truncated file. Expected another 2 lines."),
                             ("bad_banner.mtx", 1, "Line 1: not a Matrix Market file"),
                             ("bad_complex.mtx", 1, "Line 1: Cohort reads real, integer and pattern")]:
        try:
            dense(os.path.join(OUT, name))
            scipy_says = None
        except Exception as e:
            scipy_says = "%s: %s" % (type(e).__name__, e)
        errors.append({"file": name, "line": line, "message": ours, "scipy": scipy_says})

    with open(os.path.join(OUT, "expected.json"), "w") as f:
        json.dump({"scipy": scipy.__version__, "reads": reads, "errors": errors}, f, indent=1)
    print("wrote", len(reads), "reads and", len(errors), "errors to", os.path.relpath(OUT, ROOT))
    for e in errors:
        print("  ", e["file"], "| scipy:", e["scipy"])


if __name__ == "__main__":
    main()
