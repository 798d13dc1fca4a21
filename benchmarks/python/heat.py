"""Jacobi sweeps for 2-D steady-state heat, the loop of dev.cohort.examples.Heat.solve (tools/reference/heat.py) at
benchmark sizes: an n x n grid, the top row at 1, the other edges at 0, a fixed number of sweeps (no tolerance test).
One iteration is one sweep with slices, u'[1:-1, 1:-1] = 0.25 * (((u[:-2, 1:-1] + u[2:, 1:-1]) + u[1:-1, :-2]) +
u[1:-1, 2:]), and its max change, which the example reads to test convergence. Prints samples= and the checksums
after all iterations: change (the last sweep's) and u_sum.
"""
import numpy as np

import benchcommon as bc


def main():
    p = bc.parser(__doc__)
    p.add_argument("--n", type=int, required=True)
    args = p.parse_args()
    if args.system != "numpy":
        bc.fail("heat.py: only --system numpy (no Dask variant)")
    n = args.n
    u = np.zeros((n, n))
    u[0, :] = 1.0
    s = {"u": u, "nxt": u.copy()}

    def iteration():
        u, nxt = s["u"], s["nxt"]
        nxt[1:-1, 1:-1] = 0.25 * (((u[:-2, 1:-1] + u[2:, 1:-1]) + u[1:-1, :-2]) + u[1:-1, 2:])
        s["change"] = float(np.max(np.abs(nxt[1:-1, 1:-1] - u[1:-1, 1:-1])))
        s["u"], s["nxt"] = nxt, u

    bc.emit_versions(args.system)
    samples = bc.Rounds(args).run(iteration, lambda: None)
    bc.emit_samples(samples)
    bc.emit("change", s["change"])
    bc.emit("u_sum", float(s["u"].sum()))


if __name__ == "__main__":
    main()
