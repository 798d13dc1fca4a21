#!/usr/bin/env python3
"""NumPy reference for Cohort's k-means example: Lloyd's algorithm on the breast-cancer data.

    python3 tools/reference/kmeans.py [k=2..8] [init=first|farthest|kmeans++] [seed=0] [max_iterations=300] [data=FILE]

Data: examples/src/main/resources/dev/cohort/examples/breast_cancer.csv (UCI Breast Cancer Wisconsin
(Diagnostic), 569 rows; provenance in examples/README.md and shared/data/README.md): the 30 feature
columns, without the label, standardised per column with the population std:
    X = (D - mean(D, 0)) / std(D, 0)                                   n x d, n = 569, d = 30
Initial centroids C (k x d), deterministic:
    first     the first k rows of X
    farthest  row 0, then repeatedly the row farthest from the centroids chosen so far
              (argmax over i of min_j |x_i - c_j|^2, first index on ties)
    kmeans++  after Np.random.seed(seed), u = Np.random.rand(k) (stream 0; tools/reference/philox.py
              gives the same bits): c_0 = x_floor(u_0 n); then for j = 1 .. k-1, with
              w_i = min over chosen c of |x_i - c|^2 and F = cumsum(w) / sum(w),
              c_j = x_m where m = #{i : F_i <= u_j} (the inverse CDF with plain operations)
Lloyd's iteration:
    D2[i, j]  = |x_i|^2 - 2 x_i . c_j + |c_j|^2                          (n x k, one matmul X @ C.T)
    label_i   = argmin_j D2[i, j]                                        (first index on ties)
    M         = one-hot of the labels (n x k);  size_j = sum_i M[i, j]
    c_j       = (M.T @ X)[j] / size_j, an empty cluster keeping its old centroid
Starting from the labels of the initial centroids, each iteration updates the centroids and
re-assigns; it stops when an assignment leaves every label unchanged (converged=true) or after
max_iterations updates. Final quantities, with the final centroids and labels:
    inertia        = sum_i |x_i - c_label_i|^2                           (direct differences)
    sizes          = size_0, ..., size_{k-1}
    label_checksum = sum_i (i + 1) label_i                               (exact; any moved row changes it)
    centroid_sum   = sum of every coordinate of C
    min_margin     = over every assignment, the smallest D2 gap between a row's nearest and second-
                     nearest centroid (inf for k = 1). For k = 2..8 it is >= 3.6e-4 with init=first
                     (>= 9.6e-5 with kmeans++ seed 0, >= 7.1e-4 with farthest) while D2 is ~30,
                     so a different summation order (a distributed matmul) cannot move a row: labels,
                     sizes, iterations and label_checksum should agree exactly, inertia to ~1e-12.

Prints key=value lines: rows, features, init, seed (kmeans++ only) and, per k, k, iterations,
converged, inertia, sizes, label_checksum, centroid_sum, min_margin. With a range (k=2..8) each per-k key is
prefixed by k<K>. (k3.inertia=...); with one k (k=3) it is not.
"""
import os
import sys
import time

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import philox  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
DATA = os.path.join(ROOT, "examples/src/main/resources/dev/cohort/examples/breast_cancer.csv")
DEFAULTS = {"k": "2..8", "init": "first", "seed": "0", "max_iterations": "300", "data": DATA}


def parse(argv, defaults, usage):
    args = dict(defaults)
    for a in argv:
        key, sep, v = a.partition("=")
        if not sep or key not in args:
            sys.exit("usage: %s\nbad argument %r" % (usage, a))
        args[key] = v
    return args


def load(path):
    data = np.loadtxt(path, delimiter=",")
    d = data[:, :-1]
    return (d - d.mean(0)) / d.std(0)


def sq_dist(X, C):
    """|x_i|^2 - 2 x_i . c_j + |c_j|^2, n x k."""
    return (X * X).sum(1)[:, None] - 2.0 * (X @ C.T) + (C * C).sum(1)[None, :]


def init_centroids(X, k, how, seed):
    n = X.shape[0]
    if k > n:
        sys.exit("k = %d is more than the %d rows" % (k, n))
    if how == "first":
        return X[:k].copy()
    if how == "farthest":
        chosen = [0]
        w = ((X - X[0]) ** 2).sum(1)
        for _ in range(1, k):
            m = int(np.argmax(w))
            chosen.append(m)
            w = np.minimum(w, ((X - X[m]) ** 2).sum(1))
        return X[chosen].copy()
    if how == "kmeans++":
        u = philox.rand(seed, 0, k)
        chosen = [int(np.floor(u[0] * n))]
        w = ((X - X[chosen[0]]) ** 2).sum(1)
        for j in range(1, k):
            F = np.cumsum(w) / w.sum()
            m = int(np.sum(F <= u[j]))
            chosen.append(m)
            w = np.minimum(w, ((X - X[m]) ** 2).sum(1))
        return X[chosen].copy()
    sys.exit("init must be first, farthest or kmeans++, not %r" % how)


def assign(X, C, margin):
    """Labels, and the smallest gap between the nearest and the second-nearest centroid so far."""
    D2 = sq_dist(X, C)
    if D2.shape[1] > 1:
        two = np.partition(D2, 1, axis=1)
        margin = min(margin, float((two[:, 1] - two[:, 0]).min()))
    return np.argmin(D2, axis=1), margin


def lloyd(X, C, max_iterations):
    k = C.shape[0]
    labels, margin = assign(X, C, float("inf"))
    iterations, converged = 0, False
    while iterations < max_iterations:
        M = (labels[:, None] == np.arange(k)[None, :]).astype(np.float64)
        sizes = M.sum(0)
        sums = M.T @ X
        nonempty = sizes > 0
        C = np.where(nonempty[:, None], sums / np.where(nonempty, sizes, 1.0)[:, None], C)
        iterations += 1
        new, margin = assign(X, C, margin)
        if np.array_equal(new, labels):
            converged = True
            break
        labels = new
    return C, labels, iterations, converged, margin


def ks(spec):
    lo, sep, hi = spec.partition("..")
    try:
        lo, hi = int(lo), int(hi) if sep else int(lo)
    except ValueError:
        sys.exit("k must be K or K1..K2, not %r" % spec)
    if lo < 1 or hi < lo:
        sys.exit("k must be >= 1 (and K1 <= K2), not %r" % spec)
    return list(range(lo, hi + 1)), bool(sep)


def main(argv):
    usage = "kmeans.py [k=K|K1..K2] [init=first|farthest|kmeans++] [seed=N] [max_iterations=N] [data=FILE]"
    args = parse(argv, DEFAULTS, usage)
    k_list, prefixed = ks(args["k"])
    seed, max_iterations = int(args["seed"]), int(args["max_iterations"])
    philox.known_answers()
    X = load(args["data"])
    t0 = time.perf_counter()
    print("rows=%d" % X.shape[0])
    print("features=%d" % X.shape[1])
    print("init=%s" % args["init"])
    if args["init"] == "kmeans++":
        print("seed=%d" % seed)
    g = lambda x: "%.17g" % x  # noqa: E731
    for k in k_list:
        C, labels, iterations, converged, margin = lloyd(X, init_centroids(X, k, args["init"], seed), max_iterations)
        inertia = ((X - C[labels]) ** 2).sum()
        sizes = np.bincount(labels, minlength=k)
        p = "k%d." % k if prefixed else ""
        print("%sk=%d" % (p, k))
        print("%siterations=%d" % (p, iterations))
        print("%sconverged=%s" % (p, str(converged).lower()))
        print("%sinertia=%s" % (p, g(inertia)))
        print("%ssizes=%s" % (p, ",".join(str(s) for s in sizes)))
        print("%slabel_checksum=%d" % (p, int(np.sum((np.arange(len(labels)) + 1) * labels))))
        print("%scentroid_sum=%s" % (p, g(C.sum())))
        print("%smin_margin=%s" % (p, g(margin)))
    print("seconds=%.3f" % (time.perf_counter() - t0))


if __name__ == "__main__":
    main(sys.argv[1:])
