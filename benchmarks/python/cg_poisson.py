"""Jacobi-preconditioned CG on the 2-D Poisson problem, the loop of dev.cohort.examples.ConjugateGradient.poisson2d
and solve: b = ones((n, n)); A applied with slices of a zero-bordered (n+2, n+2) array; M^-1 r = r * 0.25; x = 0.
Every iteration does what the example's does, including the residual norm it tests (no tolerance test: a fixed
number of iterations). Prints samples= and the checksums after all iterations: residual = ||r|| / ||b||, x_sum.
Dask (--system dask): arrays in --chunks row blocks; the border is added with da.pad (no slice assignment in Dask),
the Laplacian's result is rechunked to its input's blocks, and x, r, p, rz are persisted every iteration.
"""
import numpy as np

import benchcommon as bc


def main():
    p = bc.parser(__doc__)
    p.add_argument("--n", type=int, required=True)
    args = p.parse_args()
    n = args.n
    b = np.ones((n, n))

    if args.system == "dask":
        dask, da = bc.setup_dask(args)
        xp = da
        rows = bc.row_block(n, args)
        bc.emit("dask_chunks", f"{-(-n // rows)} row blocks of {rows}x{n}")
        b = da.from_array(b, chunks=(rows, n))

        def laplacian(u):
            padded = da.pad(u, 1)  # dask arrays take no slice assignment: the same zero border, padded afresh
            result = (padded[1:-1, 1:-1] * 4.0 - padded[:-2, 1:-1] - padded[2:, 1:-1]
                      - padded[1:-1, :-2] - padded[1:-1, 2:])
            # the shifted slices cut every block at other rows, and their sum has the blocks of all the cuts: without
            # this, each iteration would split the blocks further (and slow down iteration after iteration)
            return result.rechunk(u.chunks)

        def settle(s):
            s["x"], s["r"], s["p"], s["rz"] = dask.persist(s["x"], s["r"], s["p"], s["rz"])
    else:
        xp = np
        padded = np.zeros((n + 2, n + 2))  # its border stays 0: the Dirichlet condition

        def laplacian(u):
            padded[1:-1, 1:-1] = u
            return (padded[1:-1, 1:-1] * 4.0 - padded[:-2, 1:-1] - padded[2:, 1:-1]
                    - padded[1:-1, :-2] - padded[1:-1, 2:])

        def settle(s):
            pass

    def minv(r):
        return r * 0.25

    x = xp.zeros_like(b)
    r = b.copy()
    z = minv(r)
    s = {"x": x, "r": r, "p": z, "rz": xp.sum(r * z)}
    settle(s)
    b_norm = float(xp.linalg.norm(b))
    s["residual"] = float(xp.linalg.norm(s["r"])) / b_norm

    def iteration():
        p_, r_, rz = s["p"], s["r"], s["rz"]
        Ap = laplacian(p_)
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
