"""Black-Scholes prices of n European calls and puts, the computation of dev.cohort.examples.BlackScholes.price
(tools/reference/blackscholes.py with cdf=as7126) at benchmark sizes: S, K, T from --data DIR/{S,K,T}.npy (drawn in
Java, so that both systems price the same options without timing the draws), r = 0.02, v = 0.3. One iteration prices
every option and sums the calls and the puts (the sums end the round). Prints samples= and the checksums after all
iterations: call_sum, put_sum.
"""
import math

import numpy as np

import benchcommon as bc

AS_P = 0.3275911
AS_A = (0.254829592, -0.284496736, 1.421413741, -1.453152027, 1.061405429)


def erf_as7126(x):
    ax = np.abs(x)
    t = 1.0 / (1.0 + AS_P * ax)
    a1, a2, a3, a4, a5 = AS_A
    poly = t * (a1 + t * (a2 + t * (a3 + t * (a4 + t * a5))))
    y = 1.0 - poly * np.exp(-ax * ax)
    return np.where(x < 0, -y, y)


def main():
    p = bc.parser(__doc__)
    p.add_argument("--data", required=True)
    p.add_argument("--r", type=float, default=0.02)
    p.add_argument("--v", type=float, default=0.3)
    args = p.parse_args()
    if args.system != "numpy":
        bc.fail("blackscholes.py: only --system numpy (no Dask variant)")
    S, K, T = (np.load(args.data + "/" + name + ".npy") for name in ("S", "K", "T"))
    r, v = args.r, args.v
    inv_sqrt2 = 1 / math.sqrt(2.0)
    s = {}

    def cdf(x):
        return 0.5 * (1.0 + erf_as7126(x * inv_sqrt2))

    def iteration():
        sqrt_t = np.sqrt(T)
        d1 = (np.log(S / K) + (r + v * v / 2) * T) / (v * sqrt_t)
        d2 = d1 - v * sqrt_t
        disc = K * np.exp(-r * T)
        call = S * cdf(d1) - disc * cdf(d2)
        put = disc * cdf(-d2) - S * cdf(-d1)
        s["call_sum"] = float(call.sum())
        s["put_sum"] = float(put.sum())

    bc.emit_versions(args.system)
    samples = bc.Rounds(args).run(iteration, lambda: None)
    bc.emit_samples(samples)
    bc.emit("call_sum", s["call_sum"])
    bc.emit("put_sum", s["put_sum"])


if __name__ == "__main__":
    main()
