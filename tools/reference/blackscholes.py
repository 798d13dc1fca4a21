#!/usr/bin/env python3
"""NumPy reference for Cohort's Black-Scholes example: European calls and puts on random options.

    python3 tools/reference/blackscholes.py [n=10000000] [seed=42] [r=0.02] [v=0.3] [cdf=erf|as7126]

The options are Cohort's own random numbers, bit for bit (tools/reference/philox.py reproduces
Np.random): after Np.random.seed(seed) the program draws, in this order (streams 0, 1, 2),
    S = Np.random.uniform(5, 30, n)        spot price
    K = Np.random.uniform(1, 100, n)       strike
    T = Np.random.uniform(0.25, 10, n)     years to expiry
with the riskless rate r and the volatility v the same for every option. Black-Scholes:
    d1   = (ln(S / K) + (r + v^2 / 2) T) / (v sqrt(T))
    d2   = d1 - v sqrt(T)
    N(x) = (1 + erf(x / sqrt(2))) / 2                                   standard normal CDF
    call = S N(d1) - K exp(-r T) N(d2)
    put  = K exp(-r T) N(-d2) - S N(-d1)
cdf=erf takes erf from SciPy (scipy.special.erf; math.erf element by element without SciPy);
cdf=as7126 takes Abramowitz & Stegun 7.1.26 (|error| <= 1.5e-7), which needs only exp, abs, where:
    t = 1 / (1 + p |x|),  erf(|x|) ~ 1 - (a1 t + a2 t^2 + a3 t^3 + a4 t^4 + a5 t^5) exp(-x^2),
    erf(x) = sign(x) erf(|x|),  p = 0.3275911, a1..a5 = 0.254829592, -0.284496736, 1.421413741,
    -1.453152027, 1.061405429.
Put-call parity, call - put = S - K exp(-r T), holds for every option; parity_max_abs_error is the
largest difference between the two sides (rounding only).

Prints key=value lines: n, seed, r, v, cdf, first_S, first_K, first_T (the first 3 draws, to check
against Np.random), call_sum, put_sum, call_mean, put_mean, parity_max_abs_error, seconds.
"""
import math
import os
import sys
import time

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import philox  # noqa: E402

DEFAULTS = {"n": "10000000", "seed": "42", "r": "0.02", "v": "0.3", "cdf": "erf"}
S_RANGE, K_RANGE, T_RANGE = (5.0, 30.0), (1.0, 100.0), (0.25, 10.0)
AS_P = 0.3275911
AS_A = (0.254829592, -0.284496736, 1.421413741, -1.453152027, 1.061405429)


def parse(argv, defaults, usage):
    args = dict(defaults)
    for a in argv:
        k, sep, v = a.partition("=")
        if not sep or k not in args:
            sys.exit("usage: %s\nbad argument %r" % (usage, a))
        args[k] = v
    return args


def erf_exact(x):
    try:
        from scipy.special import erf
        return erf(x)
    except ImportError:
        return np.vectorize(math.erf, otypes=[np.float64])(x)


def erf_as7126(x):
    ax = np.abs(x)
    t = 1.0 / (1.0 + AS_P * ax)
    a1, a2, a3, a4, a5 = AS_A
    poly = t * (a1 + t * (a2 + t * (a3 + t * (a4 + t * a5))))   # Horner form of a1 t + ... + a5 t^5
    y = 1.0 - poly * np.exp(-ax * ax)
    return np.where(x < 0, -y, y)


def price(S, K, T, r, v, erf):
    sqrt_t = np.sqrt(T)
    d1 = (np.log(S / K) + (r + v * v / 2) * T) / (v * sqrt_t)
    d2 = d1 - v * sqrt_t
    disc = K * np.exp(-r * T)
    inv_sqrt2 = 1 / math.sqrt(2.0)

    def cdf(x):
        return 0.5 * (1.0 + erf(x * inv_sqrt2))

    call = S * cdf(d1) - disc * cdf(d2)
    put = disc * cdf(-d2) - S * cdf(-d1)
    return call, put, disc


def main(argv):
    args = parse(argv, DEFAULTS, "blackscholes.py [n=N] [seed=N] [r=X] [v=X] [cdf=erf|as7126]")
    n, seed, r, v = int(args["n"]), int(args["seed"]), float(args["r"]), float(args["v"])
    if n < 1 or v <= 0:
        sys.exit("n must be >= 1 and v > 0")
    erf = {"erf": erf_exact, "as7126": erf_as7126}.get(args["cdf"])
    if erf is None:
        sys.exit("cdf must be erf or as7126, not %r" % args["cdf"])
    philox.known_answers()
    t0 = time.perf_counter()
    S = philox.uniform(seed, 0, n, *S_RANGE)
    K = philox.uniform(seed, 1, n, *K_RANGE)
    T = philox.uniform(seed, 2, n, *T_RANGE)
    call_sum = put_sum = 0.0
    parity = 0.0
    chunk = 1 << 21   # bounds memory; sums are of per-chunk np.sum (pairwise) values, in chunk order
    calls, puts = [], []
    for s in range(0, n, chunk):
        sl = slice(s, min(n, s + chunk))
        call, put, disc = price(S[sl], K[sl], T[sl], r, v, erf)
        calls.append(call.sum())
        puts.append(put.sum())
        parity = max(parity, float(np.max(np.abs((call - put) - (S[sl] - disc)))))
    call_sum, put_sum = math.fsum(calls), math.fsum(puts)
    seconds = time.perf_counter() - t0
    g = lambda x: "%.17g" % x  # noqa: E731
    print("n=%d" % n)
    print("seed=%d" % seed)
    print("r=%r" % r)
    print("v=%r" % v)
    print("cdf=%s" % args["cdf"])
    print("first_S=" + ",".join(repr(float(x)) for x in S[:3]))
    print("first_K=" + ",".join(repr(float(x)) for x in K[:3]))
    print("first_T=" + ",".join(repr(float(x)) for x in T[:3]))
    print("call_sum=" + g(call_sum))
    print("put_sum=" + g(put_sum))
    print("call_mean=" + g(call_sum / n))
    print("put_mean=" + g(put_sum / n))
    print("parity_max_abs_error=" + g(parity))
    print("seconds=%.3f" % seconds)


if __name__ == "__main__":
    main(sys.argv[1:])
