#!/usr/bin/env python3
"""NumPy references for loadtxt / genfromtxt / savetxt (ndarray-api/src/test/resources/text/).

Run from anywhere:  python3 tools/reference/text_reference.py
Writes small text fixtures (some by np.savetxt itself, some by hand with comments, blank lines,
CRLF, missing and bad fields) and expected.json: for every read case the options, NumPy's shape,
dtype and values (float.hex, exact), for every bad-input case NumPy's message, and for every
savetxt case the array (float.hex) and the options; the file NumPy wrote is the expected output.
"""
import io
import json
import os
import warnings

import numpy as np

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
OUT = os.path.join(ROOT, "ndarray-api/src/test/resources/text")


def hexes(a):
    return [float.hex(float(v)) if a.dtype.kind == "f" else int(v) for v in a.ravel()]


def put(name, text, newline="\n"):
    with open(os.path.join(OUT, name), "w", newline=newline) as f:
        f.write(text)


def main():
    os.makedirs(OUT, exist_ok=True)
    rng = np.random.default_rng(7)
    special = np.array([0.1, -0.0, 1e-300, 1e300, np.pi, -2.5, 123456789.123, 5e-324, np.nan, np.inf, -np.inf, 1.0])
    a2d = np.concatenate([special, rng.standard_normal(24) * 10.0 ** rng.integers(-5, 6, 24)]).reshape(12, 3)
    np.savetxt(os.path.join(OUT, "a2d.txt"), a2d)
    big = rng.standard_normal((200, 4)) * 1000
    np.savetxt(os.path.join(OUT, "big.csv"), big, fmt="%.17g", delimiter=",")
    ints = rng.integers(-10**12, 10**12, (9, 2))
    np.savetxt(os.path.join(OUT, "ints.csv"), ints, fmt="%d", delimiter=",")
    np.savetxt(os.path.join(OUT, "hdr.csv"), a2d[:5], fmt="%.6f", delimiter=",", header="x,y,z\nsecond line",
               footer="end")
    put("comments.csv", "# header comment\nx,y,z\n1.5, 2 ,3 # trailing\n\n4,5e-3,-6\n# mid comment\n\n"
                        "7,nan,inf\n-inf,+8.25,.5\n")
    put("semi.txt", "1|2;c\n// all comment\n3|4\n  5 | 6 //x\n")
    put("oneline.txt", "1 2 3 4\n")
    put("onevalue.txt", "  42.5  \n")
    put("col.txt", "".join("%d\n" % (i * i) for i in range(37)))
    put("crlf.csv", "1,2\r\n3,4\r\n5,6", newline="")
    put("empty.txt", "# nothing but a comment\n\n")
    put("missing.csv", "1,,3\n4,x,6\n,8,\n")
    put("ws_header.txt", "a b c\n1 2 3\n\t4   5 6\n")
    put("bad.csv", "1,2,3\n4,5,x\n")
    put("bad_late.csv", "# c\n1,2\n\n3,4\n5,oops\n6,7\n")
    put("ragged.csv", "1,2,3\n4,5\n")
    put("blank_spaces.csv", "1,2\n \n3,4\n")
    put("blank_spaces.txt", "1 2\n \t \n3 4\n")
    put("ragged_more.txt", "1 2\n3 4\n5 6 7\n")

    reads = []

    def read(name, fn, opts, **kw):
        path = os.path.join(OUT, name)
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            a = getattr(np, fn)(path, **kw)
        reads.append({"name": name + ":" + fn + ":" + json.dumps(opts, sort_keys=True), "file": name, "fn": fn,
                      "options": opts, "shape": list(a.shape), "dtype": str(a.dtype), "values": hexes(a)})

    read("a2d.txt", "loadtxt", {})
    read("a2d.txt", "loadtxt", {"dtype": "float32"}, dtype=np.float32)
    read("big.csv", "loadtxt", {"delimiter": ","}, delimiter=",")
    read("big.csv", "loadtxt", {"delimiter": ",", "usecols": [3, 0]}, delimiter=",", usecols=(3, 0))
    read("ints.csv", "loadtxt", {"delimiter": ",", "dtype": "int64"}, delimiter=",", dtype=np.int64)
    read("hdr.csv", "loadtxt", {"delimiter": ","}, delimiter=",")
    read("comments.csv", "loadtxt", {"delimiter": ",", "skiprows": 2}, delimiter=",", skiprows=2)
    read("comments.csv", "loadtxt", {"delimiter": ",", "skiprows": 2, "usecols": [2, 0]}, delimiter=",", skiprows=2,
         usecols=(2, 0))
    read("comments.csv", "loadtxt", {"delimiter": ",", "skiprows": 2, "usecols": [-2]}, delimiter=",", skiprows=2,
         usecols=(-2,))
    read("semi.txt", "loadtxt", {"delimiter": "|", "comments": [";", "//"]}, delimiter="|", comments=[";", "//"])
    read("oneline.txt", "loadtxt", {})
    read("oneline.txt", "loadtxt", {"ndmin": 2}, ndmin=2)
    read("onevalue.txt", "loadtxt", {})
    read("onevalue.txt", "loadtxt", {"ndmin": 1}, ndmin=1)
    read("col.txt", "loadtxt", {})
    read("col.txt", "loadtxt", {"ndmin": 2}, ndmin=2)
    read("blank_spaces.txt", "loadtxt", {})
    read("blank_spaces.csv", "genfromtxt", {"delimiter": ","}, delimiter=",")
    read("crlf.csv", "loadtxt", {"delimiter": ","}, delimiter=",")
    read("empty.txt", "loadtxt", {})
    read("missing.csv", "genfromtxt", {"delimiter": ","}, delimiter=",")
    read("missing.csv", "genfromtxt", {"delimiter": ",", "filling_values": -1}, delimiter=",", filling_values=-1)
    read("missing.csv", "genfromtxt", {"delimiter": ",", "dtype": "int64"}, delimiter=",", dtype=np.int64)
    read("ws_header.txt", "genfromtxt", {"skip_header": 1}, skip_header=1)
    read("big.csv", "genfromtxt", {"delimiter": ",", "usecols": [1]}, delimiter=",", usecols=(1,))

    errors = []

    def error(name, fn, opts, line, **kw):
        try:
            getattr(np, fn)(os.path.join(OUT, name), **kw)
        except ValueError as e:
            errors.append({"file": name, "fn": fn, "options": opts, "message": str(e), "line": line})
            return
        raise AssertionError("no error for " + name)

    error("bad.csv", "loadtxt", {"delimiter": ","}, 2, delimiter=",")
    error("bad_late.csv", "loadtxt", {"delimiter": ","}, 5, delimiter=",")
    error("ragged.csv", "loadtxt", {"delimiter": ","}, 2, delimiter=",")
    error("ragged_more.txt", "loadtxt", {}, 3)
    error("ragged.csv", "loadtxt", {"delimiter": ",", "usecols": [0, 5]}, 1, delimiter=",", usecols=(0, 5))
    error("blank_spaces.csv", "loadtxt", {"delimiter": ","}, 2, delimiter=",")
    error("big.csv", "loadtxt", {"delimiter": ",", "dtype": "int64"}, 1, delimiter=",", dtype=np.int64)
    error("ragged.csv", "genfromtxt", {"delimiter": ","}, 2, delimiter=",")

    saves = []

    def save(name, a, opts, **kw):
        np.savetxt(os.path.join(OUT, name), a, **kw)
        saves.append({"file": name, "shape": list(a.shape), "dtype": str(a.dtype), "values": hexes(a),
                      "options": opts})

    save("save_default.txt", a2d, {})
    save("save_1d.txt", special, {})
    save("save_fixed.csv", a2d, {"fmt": "%.3f", "delimiter": ",", "header": "x,y,z\nunits: m", "footer": "done"},
         fmt="%.3f", delimiter=",", header="x,y,z\nunits: m", footer="done")
    save("save_ints.csv", ints, {"fmt": "%d", "delimiter": ","}, fmt="%d", delimiter=",")
    ties = np.array([[0.125, 0.375, 2.5, -0.0], [1e-5, 0.0001, 123456.0, 1234567.0], [0.5, 1.5, -1e-3, 9.9999]])
    save("save_percol.txt", ties, {"fmt": ["%d", "%.2e", "%10.4g", "%-9.2f"], "delimiter": ";"},
         fmt=["%d", "%.2e", "%10.4g", "%-9.2f"], delimiter=";")
    save("save_rowfmt.txt", ties, {"fmt": "%+.2f|%g|%05.1f|%.0f"}, fmt="%+.2f|%g|%05.1f|%.0f")
    save("save_g.txt", np.array([0.0, 1e-5, 0.0001, 0.5, 100000.0, 1e6, 1.23456789e-7, 2.0 ** 60, -3.0]), {"fmt": "%g"},
         fmt="%g")
    save("save_int_e.txt", np.array([[1, -2], [3, 4]], dtype=np.int64), {})
    save("save_empty.txt", np.zeros(0), {"header": "empty"}, header="empty")

    with open(os.path.join(OUT, "expected.json"), "w") as f:
        json.dump({"numpy": np.__version__, "reads": reads, "errors": errors, "saves": saves}, f, indent=1)
    print("wrote", len(reads), "reads,", len(errors), "errors,", len(saves), "saves to", os.path.relpath(OUT, ROOT))


PYFORMAT = os.path.join(ROOT, "task-library/src/test/resources/pyformat.tsv")


def pyformat_table():
    """CPython's %-formatting of many values by many formats: fmt, float.hex(value), result (tab-separated)."""
    rng = np.random.default_rng(13)
    values = [0.0, -0.0, 0.5, 1.5, 2.5, -2.5, 0.125, 0.375, 2.675, 1e-5, 0.0001, 123456.0, 1234567.0, 9.9999,
              0.1, 1 / 3, 2.0 ** 60, -2.0 ** 63, 1e300, 1e-300, 5e-324, 1.7976931348623157e308, 999999.5, 0.00099995]
    values += list(rng.standard_normal(40) * 10.0 ** rng.integers(-12, 13, 40))
    floats = ["%.18e", "%e", "%.3e", "%E", "%.0e", "%#.0e", "%f", "%.2f", "%.0f", "%#.0f", "%10.3f", "%-10.3f|",
              "%+.3f", "% .3f", "%010.3f", "%g", "%.3g", "%.10g", "%#g", "%G", "%.0g", "%.17g", "%12.4e", "%-+12.4e|"]
    ints = ["%d", "%5d", "%-5d|", "%+d", "%05d", "%.3d", "%i", "%u"]
    rows = []
    for v in values:
        for f in floats + ints:
            rows.append((f, float.hex(v), f % v))
    for v in [float("nan"), float("inf"), float("-inf")]:
        for f in floats:
            rows.append((f, float.hex(v), f % v))
    for n in [0, 1, -1, 42, -7, 2 ** 62, -2 ** 63, 2 ** 63 - 1]:
        for f in ints + ["%.3e", "%g", "%.2f"]:
            rows.append((f, "int:%d" % n, f % n))
    with open(PYFORMAT, "w") as out:
        out.write("# fmt\tvalue (float.hex, or int:N)\tCPython's fmt % value; tools/reference/text_reference.py\n")
        for r in rows:
            out.write("\t".join(r) + "\n")
    print("wrote", len(rows), "formatting cases to", os.path.relpath(PYFORMAT, ROOT))


if __name__ == "__main__":
    main()
    pyformat_table()
