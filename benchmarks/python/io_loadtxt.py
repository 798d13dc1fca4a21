"""Python side of the I/O suite's loadtxt case (issue 14), ready for dev.cohort.bench.io.IoBenchmark: a CSV of
float64 generated with NumPy, read by np.loadtxt and, when importable, pandas.read_csv. key=value arguments:

  mode=generate path=FILE mb=200 cols=10 seed=42
      writes FILE: rows x cols standard normal float64 (np.random.default_rng(seed)), '%.17g' (round-trips), ','
      delimited, rows chosen so that the file is about `mb` MB (10^6 bytes); prints rows=, cols=, file_bytes=,
      sum= (of the array written, repr), crc32= (see below) and seconds=.
  mode=time path=FILE warmup=W rounds=R
      W untimed then R timed rounds of each reader, each timed alone with time.perf_counter_ns, the file in the page
      cache (read once before):
        loadtxt_ns=    np.loadtxt(FILE, delimiter=',')
        read_csv_ns=   pandas.read_csv(FILE, header=None, float_precision='round_trip').to_numpy()
      (or pandas_error= when pandas does not import); both results must be equal element for element; prints rows=,
      cols=, file_bytes=, sum= (of np.loadtxt's result, repr), crc32=, pandas_version= when there.

crc32= is zlib.crc32 of the array's values as C-order little-endian float64 bytes: equal checksums mean the values
are equal bit for bit (IoChild mode=loadtxt prints the same checksum of Cohort's result).
"""
import os
import sys
import time
import zlib

import numpy as np

import benchcommon as bc


def crc32(a):
    return zlib.crc32(np.ascontiguousarray(a, dtype="<f8").tobytes())


def generate(args):
    path = args["path"]
    cols = int(args.get("cols", 10))
    target = int(float(args.get("mb", 200)) * 1e6)
    rng = np.random.default_rng(int(args.get("seed", 42)))
    # a %.17g standard normal takes about 19 characters and a delimiter (measured: 20.2 in all): estimate the rows
    rows = max(1, target // (20 * cols))
    a = rng.standard_normal((rows, cols))
    t0 = time.perf_counter()
    np.savetxt(path, a, fmt="%.17g", delimiter=",")
    bc.emit("seconds", time.perf_counter() - t0)
    bc.emit("rows", rows)
    bc.emit("cols", cols)
    bc.emit("file_bytes", os.path.getsize(path))
    bc.emit("sum", float(a.sum()))
    bc.emit("crc32", crc32(a))


def timed(read, warmup, rounds):
    samples = []
    result = None
    for r in range(warmup + rounds):
        t0 = time.perf_counter_ns()
        result = read()
        elapsed = time.perf_counter_ns() - t0
        if r >= warmup:
            samples.append(elapsed)
    return samples, result


def time_readers(args):
    path = args["path"]
    warmup = int(args.get("warmup", 1))
    rounds = int(args.get("rounds", 3))
    with open(path, "rb") as f:  # into the page cache, as the Java readers will find it
        while f.read(1 << 24):
            pass
    samples, a = timed(lambda: np.loadtxt(path, delimiter=",", ndmin=2), warmup, rounds)
    bc.emit("loadtxt_ns", ",".join(str(s) for s in samples))
    try:
        import pandas as pd
    except ImportError as e:
        bc.emit("pandas_error", f"{type(e).__name__}: {e}")
    else:
        bc.emit("pandas_version", pd.__version__)
        samples, b = timed(lambda: pd.read_csv(path, header=None, float_precision="round_trip").to_numpy(), warmup, rounds)
        if b.shape != a.shape or not np.array_equal(a, b):
            bc.fail(f"pandas.read_csv gave shape {b.shape}, np.loadtxt {a.shape}, or different values")
        bc.emit("read_csv_ns", ",".join(str(s) for s in samples))
    bc.emit("rows", a.shape[0])
    bc.emit("cols", a.shape[1])
    bc.emit("file_bytes", os.path.getsize(path))
    bc.emit("sum", float(a.sum()))
    bc.emit("crc32", crc32(a))


def main():
    args = dict(arg.split("=", 1) for arg in sys.argv[1:])
    bc.emit_versions("numpy")
    mode = args.get("mode")
    if mode == "generate":
        generate(args)
    elif mode == "time":
        time_readers(args)
    else:
        bc.fail(f"mode must be generate or time, got {mode!r}")


if __name__ == "__main__":
    main()
