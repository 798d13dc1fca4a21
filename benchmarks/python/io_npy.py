"""NumPy reference of the I/O suite (dev.cohort.bench.io.IoBenchmark): np.save / np.load of arange(N) float64, timed
as IoChild times Cohort's Np.save / Np.load, with the same key=value arguments:
  path=FILE elements=N warmup=W rounds=R evict=fadvise|drop-caches|none

x = np.arange(N, dtype=np.float64); W untimed then R timed rounds of:
  delete FILE; np.save(FILE, x)                       save_ns=
  open FILE for writing, os.fsync, close              fsync_ns=
  y = np.load(FILE)   (from the page cache)           load_ns=       (sum and last element checked)
  drop FILE from the page cache (evict=):             fadvise: os.posix_fadvise(fd, 0, 0, POSIX_FADV_DONTNEED);
                                                      drop-caches: echo 3 > /proc/sys/vm/drop_caches
  y = np.load(FILE)   (from the device)               load_cold_ns=  (unless evict=none)
each timed alone with time.perf_counter_ns. FILE is left as the last round saved it; file_bytes= its size.
"""
import os
import sys
import time

import numpy as np

import benchcommon as bc


def evict(path, method):
    if method == "fadvise":
        fd = os.open(path, os.O_RDONLY)
        try:
            os.posix_fadvise(fd, 0, 0, os.POSIX_FADV_DONTNEED)
        finally:
            os.close(fd)
    elif method == "drop-caches":
        with open("/proc/sys/vm/drop_caches", "w") as f:
            f.write("3\n")
    elif method != "none":
        bc.fail(f"evict must be fadvise, drop-caches or none, got {method!r}")


def fsync(path):
    fd = os.open(path, os.O_WRONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def check(y, n, what):
    expected = n * (n - 1) / 2
    if y.shape != (n,) or y.dtype != np.float64 or float(y.sum()) != expected or (n > 0 and y[-1] != n - 1):
        bc.fail(f"{what}: got shape {y.shape}, dtype {y.dtype}, sum {float(y.sum())}; expected ({n},), float64, {expected}")


def main():
    args = dict(arg.split("=", 1) for arg in sys.argv[1:])
    path = args["path"]
    n = int(args["elements"])
    warmup = int(args["warmup"])
    rounds = int(args["rounds"])
    method = args.get("evict", "none")
    bc.emit_versions("numpy")
    x = np.arange(n, dtype=np.float64)
    samples = {"save": [], "fsync": [], "load": [], "load_cold": []}
    for r in range(warmup + rounds):
        if os.path.exists(path):
            os.remove(path)
        t0 = time.perf_counter_ns()
        np.save(path, x)
        t1 = time.perf_counter_ns()
        fsync(path)
        t2 = time.perf_counter_ns()
        y = np.load(path)
        t3 = time.perf_counter_ns()
        check(y, n, f"np.load({path})")
        del y
        times = {"save": t1 - t0, "fsync": t2 - t1, "load": t3 - t2}
        if method != "none":
            evict(path, method)
            t4 = time.perf_counter_ns()
            y = np.load(path)
            t5 = time.perf_counter_ns()
            check(y, n, f"np.load({path}) after eviction")
            del y
            times["load_cold"] = t5 - t4
        if r >= warmup:
            for key, value in times.items():
                samples[key].append(value)
    for key, values in samples.items():
        if values:
            bc.emit(key + "_ns", ",".join(str(v) for v in values))
    bc.emit("evict", method)
    bc.emit("file_bytes", os.path.getsize(path))


if __name__ == "__main__":
    main()
