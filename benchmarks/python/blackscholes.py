"""Black-Scholes prices of n European calls and puts, the computation of dev.cohort.examples.BlackScholes.price
(tools/reference/blackscholes.py with cdf=as7126) at benchmark sizes: S, K, T from --data DIR/{S,K,T}.npy (drawn in
Java, so that both systems price the same options without timing the draws), r = 0.02, v = 0.3. One iteration prices
every option and sums the calls and the puts (the sums end the round). Prints samples= and the checksums after all
iterations: call_sum, put_sum.
Dask (--system dask): S, K and T in --chunks blocks, persisted; every iteration computes both sums in one graph.
"""
import math

import numpy as np

import benchcommon as bc

AS_P = 0.3275911
AS_A = (0.254829592, -0.284496736, 1.421413741, -1.453152027, 1.061405429)


def erf_as7126(x, xp=np):
    ax = xp.abs(x)
    t = 1.0 / (1.0 + AS_P * ax)
    a1, a2, a3, a4, a5 = AS_A
    poly = t * (a1 + t * (a2 + t * (a3 + t * (a4 + t * a5))))
    y = 1.0 - poly * xp.exp(-ax * ax)
    return xp.where(x < 0, -y, y)


def main():
    p = bc.parser(__doc__)
    p.add_argument("--data", required=True)
    p.add_argument("--r", type=float, default=0.02)
    p.add_argument("--v", type=float, default=0.3)
    args = p.parse_args()
    S, K, T = (np.load(args.data + "/" + name + ".npy") for name in ("S", "K", "T"))
    xp, dask = np, None
    if args.system == "dask":
        dask, xp = bc.setup_dask(args)
        rows = bc.row_block(len(S), args)
        bc.emit("dask_chunks", f"{-(-len(S) // rows)} blocks of {rows}")
        S, K, T = dask.persist(*(xp.from_array(a, chunks=rows) for a in (S, K, T)))
    r, v = args.r, args.v
    inv_sqrt2 = 1 / math.sqrt(2.0)
    s = {}

    def cdf(x):
        return 0.5 * (1.0 + erf_as7126(x * inv_sqrt2, xp))

    def iteration():
        sqrt_t = xp.sqrt(T)
        d1 = (xp.log(S / K) + (r + v * v / 2) * T) / (v * sqrt_t)
        d2 = d1 - v * sqrt_t
        disc = K * xp.exp(-r * T)
        call = S * cdf(d1) - disc * cdf(d2)
        put = disc * cdf(-d2) - S * cdf(-d1)
        sums = (call.sum(), put.sum()) if dask is None else dask.compute(call.sum(), put.sum())
        s["call_sum"], s["put_sum"] = (float(x) for x in sums)

    bc.emit_versions(args.system)
    samples = bc.Rounds(args).run(iteration, lambda: None)
    bc.emit_samples(samples)
    bc.emit("call_sum", s["call_sum"])
    bc.emit("put_sum", s["put_sum"])


if __name__ == "__main__":
    main()
