"""Jacobi sweeps for 2-D steady-state heat, the loop of dev.cohort.examples.Heat.solve (tools/reference/heat.py) at
benchmark sizes: an n x n grid, the top row at 1, the other edges at 0, a fixed number of sweeps (no tolerance test).
One iteration is one sweep with slices, u'[1:-1, 1:-1] = 0.25 * (((u[:-2, 1:-1] + u[2:, 1:-1]) + u[1:-1, :-2]) +
u[1:-1, 2:]), and its max change, which the example reads to test convergence. Prints samples= and the checksums
after all iterations: change (the last sweep's) and u_sum.
Dask (--system dask): u in --chunks row blocks; a sweep is `map_overlap` with one ghost row each side (Dask's stencil
idiom: slices of a chunked array would rechunk) applying the same expression to each block, so the bits are NumPy's;
every iteration persists the new grid and computes its max change in the same graph.
"""
import numpy as np

import benchcommon as bc


def main():
    p = bc.parser(__doc__)
    p.add_argument("--n", type=int, required=True)
    args = p.parse_args()
    n = args.n
    u = np.zeros((n, n))
    u[0, :] = 1.0
    s = {"u": u, "nxt": u.copy()}

    if args.system == "dask":
        dask, da = bc.setup_dask(args)
        rows = bc.row_block(n, args)
        bc.emit("dask_chunks", f"{-(-n // rows)} row blocks of {rows}x{n}")
        s["u"] = da.from_array(u, chunks=(rows, n)).persist()

        def sweep(b):
            out = b.copy()
            out[1:-1, 1:-1] = 0.25 * (((b[:-2, 1:-1] + b[2:, 1:-1]) + b[1:-1, :-2]) + b[1:-1, 2:])
            return out

        def iteration():
            u = s["u"]
            nxt = u.map_overlap(sweep, depth=(1, 0), boundary="none", dtype=u.dtype)
            nxt, change = dask.persist(nxt, da.max(da.abs(nxt - u)))  # edges do not change: max over the interior
            s["change"] = float(change.compute())
            s["u"] = nxt
    else:
        def iteration():
            u, nxt = s["u"], s["nxt"]
            nxt[1:-1, 1:-1] = 0.25 * (((u[:-2, 1:-1] + u[2:, 1:-1]) + u[1:-1, :-2]) + u[1:-1, 2:])
            s["change"] = float(np.max(np.abs(nxt[1:-1, 1:-1] - u[1:-1, 1:-1])))
            s["u"], s["nxt"] = nxt, u

    bc.emit_versions(args.system)
    samples = bc.Rounds(args).run(iteration, lambda: None)
    bc.emit_samples(samples)
    bc.emit("change", s["change"])
    bc.emit("u_sum", float(np.asarray(s["u"]).sum()))


if __name__ == "__main__":
    main()
