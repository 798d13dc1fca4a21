#!/usr/bin/env python3
"""NumPy references for task-library's dense linear algebra (dev.cohort.tasks.linalg).

Writes task-library/src/test/resources/linalg/<family>.npz; every array is float64, named
"<case>__<key>" (inputs and NumPy's outputs). Random matrices come from default_rng(seed) so the
files are reproducible: run `python3 tools/reference/linalg.py` from the repository root.
LinalgReferenceTest reads them (java.util.zip + a small .npy reader).
"""
import os
import numpy as np

OUT = os.path.join(os.path.dirname(__file__), "..", "..", "task-library", "src", "test", "resources", "linalg")
SIZES = [1, 2, 3, 17, 64]
BATCH = (2, 3)


def well_conditioned(rng, shape):
    n = shape[-1]
    return rng.standard_normal(shape) + n * np.eye(n) * 0.5 + 2 * np.eye(n)


def spd(rng, shape):
    n = shape[-1]
    b = rng.standard_normal(shape)
    return b @ np.swapaxes(b, -1, -2) + n * np.eye(n)


def symmetric(rng, shape):
    b = rng.standard_normal(shape)
    return (b + np.swapaxes(b, -1, -2)) / 2


def f(x):
    return np.asarray(x, dtype=np.float64)


def main():
    os.makedirs(OUT, exist_ok=True)
    rng = np.random.default_rng(20240615)
    square = {}
    for n in SIZES:
        a = well_conditioned(rng, (n, n))
        b = rng.standard_normal((n, 3))
        b1 = rng.standard_normal((n,))
        square[f"n{n}__a"] = a
        square[f"n{n}__b"] = b
        square[f"n{n}__b1"] = b1
        square[f"n{n}__solve"] = np.linalg.solve(a, b)
        square[f"n{n}__solve1"] = np.linalg.solve(a, b1)
        square[f"n{n}__inv"] = np.linalg.inv(a)
        square[f"n{n}__det"] = f(np.linalg.det(a))
        s, l = np.linalg.slogdet(a)
        square[f"n{n}__sign"] = f(s)
        square[f"n{n}__logabsdet"] = f(l)
        for p in [3, 0, -2, 5]:
            square[f"n{n}__power{p}".replace("-", "m")] = np.linalg.matrix_power(a, p)
        for name, ordv in [("fro", "fro"), ("nuc", "nuc"), ("two", 2), ("mtwo", -2), ("one", 1), ("mone", -1),
                           ("inf", np.inf), ("minf", -np.inf)]:
            square[f"n{n}__norm_{name}"] = f(np.linalg.norm(a, ordv))
        for name, ordv in [("none", None), ("mtwo", -2), ("one", 1), ("inf", np.inf), ("fro", "fro")]:
            square[f"n{n}__cond_{name}"] = f(np.linalg.cond(a, ordv))
    ab = well_conditioned(rng, BATCH + (4, 4))
    bb = rng.standard_normal(BATCH + (4, 2))
    square["batch__a"] = ab
    square["batch__b"] = bb
    square["batch__solve"] = np.linalg.solve(ab, bb)
    square["batch__inv"] = np.linalg.inv(ab)
    square["batch__det"] = np.linalg.det(ab)
    np.savez(os.path.join(OUT, "square.npz"), **square)

    chol = {}
    for n in SIZES:
        a = spd(rng, (n, n))
        chol[f"n{n}__a"] = a
        chol[f"n{n}__l"] = np.linalg.cholesky(a)
        chol[f"n{n}__u"] = np.linalg.cholesky(a, upper=True)
    ab = spd(rng, BATCH + (5, 5))
    chol["batch__a"] = ab
    chol["batch__l"] = np.linalg.cholesky(ab)
    np.savez(os.path.join(OUT, "cholesky.npz"), **chol)

    qr = {}
    for (m, n) in [(1, 1), (2, 2), (3, 3), (17, 17), (64, 64), (5, 3), (3, 5), (64, 17), (17, 64)]:
        a = rng.standard_normal((m, n))
        key = f"m{m}n{n}"
        qr[f"{key}__a"] = a
        q, r = np.linalg.qr(a, mode="reduced")
        qr[f"{key}__q"] = q
        qr[f"{key}__r"] = r
        q, r = np.linalg.qr(a, mode="complete")
        qr[f"{key}__qc"] = q
        qr[f"{key}__rc"] = r
    np.savez(os.path.join(OUT, "qr.npz"), **qr)

    eig = {}
    for n in SIZES:
        a = symmetric(rng, (n, n))
        eig[f"n{n}__a"] = a
        w, v = np.linalg.eigh(a)
        eig[f"n{n}__w"] = w
        eig[f"n{n}__v"] = v
        # UPLO='U' reads the other triangle: poison the lower one
        au = np.triu(a) + np.tril(rng.standard_normal((n, n)), -1)
        eig[f"n{n}__au"] = au
        eig[f"n{n}__wu"] = np.linalg.eigvalsh(au, UPLO="U")
    ab = symmetric(rng, BATCH + (6, 6))
    eig["batch__a"] = ab
    eig["batch__w"] = np.linalg.eigvalsh(ab)
    np.savez(os.path.join(OUT, "eigh.npz"), **eig)

    svd = {}
    for (m, n) in [(1, 1), (2, 2), (3, 3), (17, 17), (64, 64), (5, 3), (3, 5), (64, 30), (30, 64)]:
        a = rng.standard_normal((m, n))
        key = f"m{m}n{n}"
        svd[f"{key}__a"] = a
        u, s, vh = np.linalg.svd(a, full_matrices=False)
        svd[f"{key}__s"] = s
        svd[f"{key}__u"] = u
        svd[f"{key}__vh"] = vh
        svd[f"{key}__pinv"] = np.linalg.pinv(a)
        svd[f"{key}__rank"] = f(np.linalg.matrix_rank(a))
    # rank-deficient: rank 3 in 8 x 6
    a = rng.standard_normal((8, 3)) @ rng.standard_normal((3, 6))
    svd["def__a"] = a
    svd["def__s"] = np.linalg.svd(a, compute_uv=False)
    svd["def__rank"] = f(np.linalg.matrix_rank(a))
    svd["def__pinv"] = np.linalg.pinv(a)
    # lstsq: overdetermined full rank, underdetermined
    for (m, n) in [(10, 4), (4, 10)]:
        a = rng.standard_normal((m, n))
        b = rng.standard_normal((m, 2))
        x, res, rank, s = np.linalg.lstsq(a, b)
        key = f"lstsq{m}x{n}"
        svd[f"{key}__a"] = a
        svd[f"{key}__b"] = b
        svd[f"{key}__x"] = x
        svd[f"{key}__res"] = f(res)
        svd[f"{key}__rank"] = f(rank)
        svd[f"{key}__s"] = s
    np.savez(os.path.join(OUT, "svd.npz"), **svd)

    # errors: the messages NumPy raises
    msgs = []
    for fn, arg in [(np.linalg.solve, (np.array([[1.0, 2.0], [2.0, 4.0]]), np.ones(2))),
                    (np.linalg.inv, (np.zeros((3, 3)),)),
                    (np.linalg.cholesky, (np.array([[1.0, 2.0], [2.0, 1.0]]),))]:
        try:
            fn(*arg)
            msgs.append(f"{fn.__name__}\t<no error>")
        except np.linalg.LinAlgError as e:
            msgs.append(f"{fn.__name__}\t{e}")
    with open(os.path.join(OUT, "errors.tsv"), "w") as fh:
        fh.write("\n".join(msgs) + "\n")


if __name__ == "__main__":
    main()
