"""Jacobi-preconditioned CG on a dense SPD system, the loop of dev.cohort.examples.ConjugateGradient.dense and solve:
A = M @ M.T + n * eye(n) from M.npy, b from b.npy, M^-1 r = r / diag(A), x = 0 (set-up untimed). Every iteration
does what the example's does, including the residual norm it tests (a fixed number of iterations). Prints samples=
and the checksums after all iterations: residual = ||r|| / ||b||, x_sum.
--system-cache FILE: load A from FILE when it exists, else build A and save it there, so that a second run (Dask on a
NumPy whose BLAS is slow at the n^3 product M @ M.T) reuses the first run's A. Dask (--system dask): A, b and the
diagonal in --chunks row blocks, A persisted; x, r, p, rz persisted every iteration.
"""
import os

import numpy as np

import benchcommon as bc


def main():
    p = bc.parser(__doc__)
    p.add_argument("--data", required=True, help="directory with M.npy and b.npy")
    p.add_argument("--system-cache", help="A.npy to load A from, or to save it to when it does not exist")
    args = p.parse_args()
    b = np.load(os.path.join(args.data, "b.npy"))
    if args.system_cache and os.path.exists(args.system_cache):
        A = np.load(args.system_cache)
        bc.emit("system_from", "cache")
    else:
        M = np.load(os.path.join(args.data, "M.npy"))
        n = M.shape[0]
        A = M @ M.T + np.eye(n) * float(n)
        del M
        bc.emit("system_from", "built")
        if args.system_cache:
            partial = args.system_cache + ".partial.npy"
            np.save(partial, A)
            os.replace(partial, args.system_cache)
    n = A.shape[0]
    diagonal = np.diag(A).copy()

    if args.system == "dask":
        dask, da = bc.setup_dask(args)
        xp = da
        rows = bc.row_block(n, args)
        bc.emit("dask_chunks", f"{-(-n // rows)} row blocks of {rows}x{n}")
        A = da.from_array(A, chunks=(rows, n)).persist()
        b = da.from_array(b, chunks=rows)
        diagonal = da.from_array(diagonal, chunks=rows)

        def settle(s):
            s["x"], s["r"], s["p"], s["rz"] = dask.persist(s["x"], s["r"], s["p"], s["rz"])
    else:
        xp = np

        def settle(s):
            pass

    def minv(r):
        return r / diagonal

    x = xp.zeros_like(b)
    r = b.copy()
    z = minv(r)
    s = {"x": x, "r": r, "p": z, "rz": xp.sum(r * z)}
    settle(s)
    b_norm = float(xp.linalg.norm(b))
    s["residual"] = float(xp.linalg.norm(s["r"])) / b_norm

    def iteration():
        p_, r_, rz = s["p"], s["r"], s["rz"]
        Ap = A @ p_
        alpha = rz / xp.sum(p_ * Ap)
        s["x"] = s["x"] + alpha * p_
        r_ = r_ - alpha * Ap
        z_ = minv(r_)
        rz_next = xp.sum(r_ * z_)
        s["r"] = r_
        s["p"] = z_ + (rz_next / rz) * p_
        s["rz"] = rz_next
        settle(s)
        s["residual"] = float(xp.linalg.norm(s["r"])) / b_norm

    bc.emit_versions(args.system)
    samples = bc.Rounds(args).run(iteration, lambda: None)
    bc.emit_samples(samples)
    bc.emit("residual", float(s["residual"]))
    bc.emit("x_sum", float(xp.sum(s["x"])))


if __name__ == "__main__":
    main()
