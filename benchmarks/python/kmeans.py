"""Lloyd's k-means, the loop of dev.cohort.examples.KMeans.cluster (tools/reference/kmeans.py) at benchmark sizes:
X (n x d) from --data DIR/X.npy, k clusters from the first k rows, a fixed number of iterations (no convergence
stop). One iteration: M = one-hot of the labels, sizes = M.sum(0), C = (M.T @ X) / sizes (an empty cluster keeps
its centroid), then D2 = |x|^2 - 2 X @ C.T + |c|^2, new labels = argmin(D2, 1), and the count of moved labels,
which the example reads to test convergence. Prints samples= and the checksums after all iterations:
inertia (sum of the smallest D2 per row) and centroid_sum.
Dask (--system dask): X in --chunks row blocks, persisted; every iteration computes the small centroids C (the next
step's graph needs them) and the moved count, and persists the new labels, so Dask syncs twice per iteration, as a
Dask user's Lloyd loop with a convergence test would.
"""
import numpy as np

import benchcommon as bc


def main():
    p = bc.parser(__doc__)
    p.add_argument("--data", required=True)
    p.add_argument("--k", type=int, default=8)
    args = p.parse_args()
    X = np.load(args.data + "/X.npy")
    k = args.k
    clusters = np.arange(k)[None, :]
    s = {"C": X[:k].copy()}
    if args.system == "dask":
        dask, da = bc.setup_dask(args)
        n, d = X.shape
        rows = bc.row_block(n, args)
        bc.emit("dask_chunks", f"{-(-n // rows)} row blocks of {rows}x{d}")
        data = da.from_array(X, chunks=(rows, d)).persist()
        xp = da
    else:
        dask, data, xp = None, X, np
    xx = (data * data).sum(1)[:, None]
    if dask is not None:
        xx = xx.persist()

    def assign(C):
        d2 = xx - 2.0 * (data @ C.T) + (C * C).sum(1)[None, :]
        return xp.argmin(d2, axis=1), d2

    s["labels"], s["d2"] = assign(s["C"])

    def iteration():
        M = (s["labels"][:, None] == clusters).astype(np.float64)
        sizes = M.sum(0)
        sums = M.T @ data
        if dask is not None:
            sizes, sums = dask.compute(sizes, sums)  # C is small: the next step's graph needs it in memory
        nonempty = sizes > 0
        s["C"] = np.where(nonempty[:, None], sums / np.where(nonempty, sizes, 1.0)[:, None], s["C"])
        new, s["d2"] = assign(s["C"])
        if dask is not None:
            new = new.persist()
        s["moved"] = int(xp.count_nonzero(new != s["labels"]))
        s["labels"] = new

    bc.emit_versions(args.system)
    samples = bc.Rounds(args).run(iteration, lambda: None)
    bc.emit_samples(samples)
    bc.emit("inertia", float(np.asarray(s["d2"].min(1).sum())))
    bc.emit("centroid_sum", float(s["C"].sum()))


if __name__ == "__main__":
    main()
