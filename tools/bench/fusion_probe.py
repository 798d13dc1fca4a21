"""NumPy side of ndarray-api's FusionProbe: the same programs, median of 5 timed runs after two warm-ups."""
import sys
import time

import numpy as np


def chain(a, b):
    f = a.dtype.kind == "f"
    s1, s2, s3 = (1.5, 0.5, 2.0) if f else (3, 2, 7)
    r = a + b
    r = r * s1
    r = r - a
    r = np.maximum(r, b)
    r = r * s2
    r = r + s3
    r = np.minimum(r, a)
    r = r - b
    r = r * b
    return np.abs(r)


def median_ms(fn, reps=5):
    fn()
    fn()
    t = []
    for _ in range(reps):
        t0 = time.perf_counter()
        fn()
        t.append((time.perf_counter() - t0) * 1e3)
    t.sort()
    return t[reps // 2]


def main():
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 10_000_000
    rng = np.random.default_rng(1)
    f1 = rng.random(n).astype(np.float32)
    f2 = rng.random(n).astype(np.float32)
    i1 = rng.integers(-1000, 1000, n)
    i2 = rng.integers(-1000, 1000, n)
    cf = median_ms(lambda: chain(f1, f2))
    ci = median_ms(lambda: chain(i1, i2))
    si = median_ms(lambda: (i1 + i2).sum())
    print(f"numpy {np.__version__} n={n}  chain10 float32 {cf:8.2f} ms  chain10 int64 {ci:8.2f} ms  (a+b).sum() int64 {si:8.2f} ms")


if __name__ == "__main__":
    main()
