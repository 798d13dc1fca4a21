#!/usr/bin/env python3
"""Writes the tables of task-library's Erf (dev.cohort.tasks.Erf): for a = k/16, k = 0..96,
erf(a) and 2/sqrt(pi) * exp(-a^2), each as a double-double (hi, lo) computed with mpmath at 60
digits. Run: python3 tools/reference/erf_table.py > /tmp/erf_tables.txt and paste the arrays into Erf.java."""
import mpmath

mpmath.mp.dps = 60
N = 97


def dd(v):
    hi = float(v)
    lo = float(v - mpmath.mpf(hi))
    return hi, lo


def array(name, values):
    out = ["    static final double[] " + name + " = {"]
    line = "           "
    for v in values:
        s = " " + repr(v) + ","
        if len(line) + len(s) > 118:
            out.append(line)
            line = "           "
        line += s
    out.append(line)
    out.append("    };")
    return "\n".join(out)


def main():
    erf = [dd(mpmath.erf(mpmath.mpf(k) / 16)) for k in range(N)]
    der = [dd(2 / mpmath.sqrt(mpmath.pi) * mpmath.exp(-(mpmath.mpf(k) / 16) ** 2)) for k in range(N)]
    print(array("ERF_HI", [h for h, _ in erf]))
    print(array("ERF_LO", [l for _, l in erf]))
    print(array("D_HI", [h for h, _ in der]))
    print(array("D_LO", [l for _, l in der]))


if __name__ == "__main__":
    main()
