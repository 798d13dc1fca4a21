"""Lloyd's k-means, the loop of dev.cohort.examples.KMeans.cluster (tools/reference/kmeans.py) at benchmark sizes:
X (n x d) from --data DIR/X.npy, k clusters from the first k rows, a fixed number of iterations (no convergence
stop). One iteration: M = one-hot of the labels, sizes = M.sum(0), C = (M.T @ X) / sizes (an empty cluster keeps
its centroid), then D2 = |x|^2 - 2 X @ C.T + |c|^2, new labels = argmin(D2, 1), and the count of moved labels,
which the example reads to test convergence. Prints samples= and the checksums after all iterations:
inertia (sum of the smallest D2 per row) and centroid_sum.
"""
import numpy as np

import benchcommon as bc


def main():
    p = bc.parser(__doc__)
    p.add_argument("--data", required=True)
    p.add_argument("--k", type=int, default=8)
    args = p.parse_args()
    if args.system != "numpy":
        bc.fail("kmeans.py: only --system numpy (no Dask variant)")
    X = np.load(args.data + "/X.npy")
    k = args.k
    xx = (X * X).sum(1)[:, None]
    clusters = np.arange(k)[None, :]
    s = {"C": X[:k].copy()}

    def assign(C):
        d2 = xx - 2.0 * (X @ C.T) + (C * C).sum(1)[None, :]
        return np.argmin(d2, axis=1), d2

    s["labels"], s["d2"] = assign(s["C"])

    def iteration():
        M = (s["labels"][:, None] == clusters).astype(np.float64)
        sizes = M.sum(0)
        sums = M.T @ X
        nonempty = sizes > 0
        s["C"] = np.where(nonempty[:, None], sums / np.where(nonempty, sizes, 1.0)[:, None], s["C"])
        new, s["d2"] = assign(s["C"])
        s["moved"] = int(np.count_nonzero(new != s["labels"]))
        s["labels"] = new

    bc.emit_versions(args.system)
    samples = bc.Rounds(args).run(iteration, lambda: None)
    bc.emit_samples(samples)
    bc.emit("inertia", float(s["d2"].min(1).sum()))
    bc.emit("centroid_sum", float(s["C"].sum()))


if __name__ == "__main__":
    main()
