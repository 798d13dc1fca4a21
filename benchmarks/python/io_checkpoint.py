"""NumPy reference of the I/O suite's checkpoint case (dev.cohort.bench.io.CheckpointCase): the CG state saved with
np.save + fsync and loaded with np.load, timed as IoChild mode=checkpoint times Cohort.checkpoint / Cohort.restore,
with the same key=value arguments:
  dir=DIR n=N warmup=W rounds=R evict=fadvise|drop-caches|none

x = np.arange(N*N, dtype=np.float64).reshape(N, N); r = x * 0.5; p = x + 1 (exactly Cohort's values); W untimed then
R timed rounds of:
  delete the previous round's directory; make DIR/round-K
  np.save of p, r, x to DIR/round-K/{p,r,x}.npy, each file fsynced,
  then the directory fsynced                              checkpoint_ns=
  np.load of the three (from the page cache)              restore_ns=        (every sum checked, exact)
  drop the three files from the page cache (io_npy.evict)
  np.load of the three again (from the device)            restore_cold_ns=   (unless evict=none)
each timed alone with time.perf_counter_ns. Then file_bytes= (the last round's files) and data_bytes= (those files
less their .npy headers: 3 N^2 8 when every array was written whole).
"""
import os
import shutil
import sys
import time

import numpy as np

import benchcommon as bc
from io_npy import evict, fsync

NAMES = ("p", "r", "x")


def state(n):
    x = np.arange(n * n, dtype=np.float64).reshape(n, n)
    return {"p": x + 1.0, "r": x * 0.5, "x": x}


def expected_sums(n):
    m = n * n
    sx = m * (m - 1) / 2
    return {"p": sx + m, "r": sx / 2, "x": sx}


def fsync_dir(path):
    fd = os.open(path, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def checkpoint(d, arrays):
    os.makedirs(d)
    for name in NAMES:
        f = os.path.join(d, name + ".npy")
        np.save(f, arrays[name])
        fsync(f)
    fsync_dir(d)


def restore(d):
    return {name: np.load(os.path.join(d, name + ".npy")) for name in NAMES}


def check(back, n, sums, what):
    for name, a in back.items():
        if a.shape != (n, n) or a.dtype != np.float64 or float(a.sum()) != sums[name]:
            bc.fail(f"{what} {name}: shape {a.shape}, dtype {a.dtype}, sum {float(a.sum())}; "
                    f"expected ({n}, {n}), float64, {sums[name]}")


def data_bytes(d):
    total = 0
    for name in NAMES:
        with open(os.path.join(d, name + ".npy"), "rb") as fh:
            version = np.lib.format.read_magic(fh)
            if version == (1, 0):
                np.lib.format.read_array_header_1_0(fh)
            else:
                np.lib.format.read_array_header_2_0(fh)
            total += os.path.getsize(fh.name) - fh.tell()
    return total


def main():
    args = dict(arg.split("=", 1) for arg in sys.argv[1:])
    base = args["dir"]
    n = int(args["n"])
    warmup = int(args["warmup"])
    rounds = int(args["rounds"])
    method = args.get("evict", "none")
    bc.emit_versions("numpy")
    arrays = state(n)
    sums = expected_sums(n)
    for name, a in arrays.items():
        if float(a.sum()) != sums[name]:
            bc.fail(f"{name}'s sum is {float(a.sum())}, expected {sums[name]}")
    samples = {"checkpoint": [], "restore": [], "restore_cold": []}
    previous = None
    d = None
    for k in range(warmup + rounds):
        if previous is not None:
            shutil.rmtree(previous)
        d = os.path.join(base, f"round-{k:03d}")
        t0 = time.perf_counter_ns()
        checkpoint(d, arrays)
        t1 = time.perf_counter_ns()
        back = restore(d)
        t2 = time.perf_counter_ns()
        check(back, n, sums, f"np.load from {d}")
        del back
        times = {"checkpoint": t1 - t0, "restore": t2 - t1}
        if method != "none":
            for name in NAMES:
                evict(os.path.join(d, name + ".npy"), method)
                if method == "drop-caches":
                    break
            t3 = time.perf_counter_ns()
            back = restore(d)
            t4 = time.perf_counter_ns()
            check(back, n, sums, f"np.load from {d} after eviction")
            del back
            times["restore_cold"] = t4 - t3
        if k >= warmup:
            for key, value in times.items():
                samples[key].append(value)
        previous = d
    for key, values in samples.items():
        if values:
            bc.emit(key + "_ns", ",".join(str(v) for v in values))
    bc.emit("evict", method)
    bc.emit("file_bytes", sum(os.path.getsize(os.path.join(d, name + ".npy")) for name in NAMES))
    bc.emit("data_bytes", data_bytes(d))


if __name__ == "__main__":
    main()
