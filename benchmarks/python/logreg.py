"""Logistic regression by batch gradient descent, the loop of dev.cohort.examples.LogisticRegression.train:

    z = X @ w; p = 1 / (exp(-z) + 1); w = w - (X.T @ (p - y) / n) * lr

on X.npy (n, d) and y.npy (n,) from --data, w = 0 at the start. Prints samples= (s/iteration per timed round) and the
checksums after all warm-up and timed iterations: loss = mean(log1p(exp(X @ w)) - y * (X @ w)) and w_sum = sum(w).
Dask (--system dask): X and y in --chunks row blocks, persisted; every iteration computes the new w (it is small and
the next iteration's graph needs it), so Dask syncs every step where NumPy is eager and Cohort syncs every round.
"""
import os

import numpy as np

import benchcommon as bc


def main():
    p = bc.parser(__doc__)
    p.add_argument("--data", required=True, help="directory with X.npy and y.npy")
    p.add_argument("--lr", type=float, default=0.1)
    args = p.parse_args()
    X = np.load(os.path.join(args.data, "X.npy"))
    y = np.load(os.path.join(args.data, "y.npy"))
    n, d = X.shape
    lr = args.lr
    state = {"w": np.zeros(d)}

    if args.system == "dask":
        dask, da = bc.setup_dask(args)
        rows = bc.row_block(n, args)
        bc.emit("dask_chunks", f"{-(-n // rows)} row blocks of {rows}x{d}")
        Xd = da.from_array(X, chunks=(rows, d)).persist()
        yd = da.from_array(y, chunks=rows).persist()

        def iteration():
            w = state["w"]
            z = Xd @ w
            prob = 1.0 / (da.exp(-z) + 1.0)
            g = (Xd.T @ (prob - yd)) / n
            state["w"] = (w - g * lr).compute()  # w is small: every iteration ends with it in memory
    else:
        def iteration():
            w = state["w"]
            z = X @ w
            prob = 1.0 / (np.exp(-z) + 1.0)
            g = (X.T @ (prob - y)) / n
            state["w"] = w - g * lr

    bc.emit_versions(args.system)
    samples = bc.Rounds(args).run(iteration, lambda: None)
    bc.emit_samples(samples)
    w = state["w"]
    z = X @ w
    bc.emit("loss", float(np.mean(np.log1p(np.exp(z)) - y * z)))
    bc.emit("w_sum", float(np.sum(w)))


if __name__ == "__main__":
    main()
