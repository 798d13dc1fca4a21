#!/usr/bin/env python3
"""NumPy reference for Cohort's 2-D heat example: Jacobi iteration for steady-state heat on a square plate.

    python3 tools/reference/heat.py [n=128] [tol=1e-6] [max_iterations=20000] [top=1.0] [bottom=0.0] [left=0.0] [right=0.0]

The grid u is n x n, boundary included. Its edges are held at fixed temperatures (the top row at
`top`, the bottom row at `bottom`, the left and right columns, without the corners, at `left` and
`right`; the corners belong to the top and bottom rows); the (n-2) x (n-2) interior starts at 0.
One Jacobi sweep replaces every interior point by the mean of its four neighbours, computed from
the previous iterate with slices, in this order of additions (so that the same order in Java gives
the same bits):
    u'[1:-1, 1:-1] = 0.25 * (((u[:-2, 1:-1] + u[2:, 1:-1]) + u[1:-1, :-2]) + u[1:-1, 2:])
    change         = max |u' - u|            (over the interior)
The iteration stops after the first sweep whose change is < tol, or after max_iterations sweeps.
The residual of the final grid is that of the 5-point Laplace equation, over the interior:
    residual = max |u[:-2, 1:-1] + u[2:, 1:-1] + u[1:-1, :-2] + u[1:-1, 2:] - 4 u[1:-1, 1:-1]|
Checksums: sum = sum of all u (boundary included), weighted = sum of u[i, j] * (i + 2 j + 1) / n^2
(sensitive to where the heat is), center = u[n // 2, n // 2].

Prints key=value lines: n, tol, max_iterations, iterations, converged, change, residual, sum,
weighted, center, seconds.
"""
import sys
import time

import numpy as np

DEFAULTS = {"n": "128", "tol": "1e-6", "max_iterations": "20000",
            "top": "1.0", "bottom": "0.0", "left": "0.0", "right": "0.0"}


def parse(argv, defaults, usage):
    args = dict(defaults)
    for a in argv:
        k, sep, v = a.partition("=")
        if not sep or k not in args:
            sys.exit("usage: %s\nbad argument %r" % (usage, a))
        args[k] = v
    return args


def initial(n, top, bottom, left, right):
    u = np.zeros((n, n))
    u[1:-1, 0] = left
    u[1:-1, -1] = right
    u[0, :] = top
    u[-1, :] = bottom
    return u


def jacobi(u, tol, max_iterations):
    """Sweeps until the max change is < tol; returns (u, sweeps, converged, last change)."""
    nxt = u.copy()
    change = float("inf")
    k = 0
    while k < max_iterations:
        nxt[1:-1, 1:-1] = 0.25 * (((u[:-2, 1:-1] + u[2:, 1:-1]) + u[1:-1, :-2]) + u[1:-1, 2:])
        change = float(np.max(np.abs(nxt[1:-1, 1:-1] - u[1:-1, 1:-1])))
        u, nxt = nxt, u
        k += 1
        if change < tol:
            return u, k, True, change
    return u, k, False, change


def main(argv):
    usage = "heat.py [n=N] [tol=X] [max_iterations=K] [top=X] [bottom=X] [left=X] [right=X]"
    args = parse(argv, DEFAULTS, usage)
    n, tol, max_iterations = int(args["n"]), float(args["tol"]), int(args["max_iterations"])
    if n < 3 or tol <= 0 or max_iterations < 1:
        sys.exit("need n >= 3, tol > 0 and max_iterations >= 1")
    u = initial(n, float(args["top"]), float(args["bottom"]), float(args["left"]), float(args["right"]))
    t0 = time.perf_counter()
    u, k, converged, change = jacobi(u, tol, max_iterations)
    seconds = time.perf_counter() - t0
    residual = np.max(np.abs(u[:-2, 1:-1] + u[2:, 1:-1] + u[1:-1, :-2] + u[1:-1, 2:] - 4 * u[1:-1, 1:-1]))
    i, j = np.indices((n, n))
    weighted = np.sum(u * (i + 2 * j + 1)) / (n * n)
    g = lambda x: "%.17g" % x  # noqa: E731
    print("n=%d" % n)
    print("tol=%r" % tol)
    print("max_iterations=%d" % max_iterations)
    print("iterations=%d" % k)
    print("converged=%s" % str(converged).lower())
    print("change=" + g(change))
    print("residual=" + g(residual))
    print("sum=" + g(u.sum()))
    print("weighted=" + g(weighted))
    print("center=" + g(u[n // 2, n // 2]))
    print("seconds=%.3f" % seconds)


if __name__ == "__main__":
    main(sys.argv[1:])
