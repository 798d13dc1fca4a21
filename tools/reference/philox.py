#!/usr/bin/env python3
"""Cohort's random numbers in NumPy: the same bits as Np.random (task-library Philox4x32 + RAND).

Philox4x32-10 (Salmon, Moraes, Dror, Shaw, SC'11; the Random123 generator), vectorised over uint64
arrays that hold 32-bit words. Cohort's layout (Philox4x32.element):
    counter = (index lo, index hi, stream lo, stream hi), key = (seed lo, seed hi)
where index is the element's flat C-order index in the array, stream the number of the random call
since the last seed (0, 1, 2, ... ; Cohort.nextStream) and seed the program's seed (0 when unseeded).
One round, with M0 = 0xD2511F53, M1 = 0xCD9E8D57 and 64-bit products split into hi/lo words:
    (c0, c1, c2, c3) <- (hi(M1 c2) ^ c1 ^ k0, lo(M1 c2), hi(M0 c0) ^ c3 ^ k1, lo(M0 c0))
and the key is bumped by (0x9E3779B9, 0xBB67AE85) before every round but the first; ten rounds.
Uniform doubles (Philox4x32.toUnit, RAND UNIFORM):
    u = ((w0 << 32 | w1) >> 11) * 2^-53  in [0, 1),   uniform(lo, hi) = lo + u * (hi - lo)
rand(shape) is uniform(0, 1). integers(lo, hi) = lo + floor(u * (hi - lo)).

Run it to print the known-answer check and the first values of seed 0 / seed 42 streams:
    python3 tools/reference/philox.py [seed=42] [stream=0] [count=4]
"""
import sys

import numpy as np

M0, M1 = np.uint64(0xD2511F53), np.uint64(0xCD9E8D57)
W0, W1 = 0x9E3779B9, 0xBB67AE85
MASK = np.uint64(0xFFFFFFFF)
S32 = np.uint64(32)


def block(c0, c1, c2, c3, k0, k1, rounds=10):
    """Philox4x32-`rounds` of counter words c0..c3 (uint64 arrays holding 32-bit values) under key (k0, k1).

    In place on copies of the inputs (no temporaries per round): fast on cache-sized arrays.
    """
    c0, c1, c2, c3 = (np.array(c, dtype=np.uint64, ndmin=1) for c in (c0, c1, c2, c3))
    k0, k1 = int(k0) & 0xFFFFFFFF, int(k1) & 0xFFFFFFFF
    p0, p1 = np.empty_like(c0), np.empty_like(c0)
    for r in range(rounds):
        if r > 0:
            k0 = (k0 + W0) & 0xFFFFFFFF
            k1 = (k1 + W1) & 0xFFFFFFFF
        np.multiply(c0, M0, out=p0)          # < 2^64: no wrap-around
        np.multiply(c2, M1, out=p1)
        np.right_shift(p1, S32, out=c0)      # c0 <- hi(M1 c2) ^ c1 ^ k0
        np.bitwise_xor(c0, c1, out=c0)
        np.bitwise_xor(c0, np.uint64(k0), out=c0)
        np.bitwise_and(p1, MASK, out=c1)     # c1 <- lo(M1 c2)
        np.right_shift(p0, S32, out=c2)      # c2 <- hi(M0 c0) ^ c3 ^ k1
        np.bitwise_xor(c2, c3, out=c2)
        np.bitwise_xor(c2, np.uint64(k1), out=c2)
        np.bitwise_and(p0, MASK, out=c3)     # c3 <- lo(M0 c0)
    return c0, c1, c2, c3


def words(seed, stream, start, count):
    """The four words of Cohort's elements start .. start+count-1 of `stream` under `seed`."""
    index = np.arange(start, start + count, dtype=np.uint64)
    seed &= (1 << 64) - 1
    stream &= (1 << 64) - 1
    return block(index & MASK, index >> S32,
                 np.full(count, stream & 0xFFFFFFFF, np.uint64), np.full(count, stream >> 32, np.uint64),
                 seed & 0xFFFFFFFF, seed >> 32)


def to_unit(hi, lo):
    """Philox4x32.toUnit: 53 random bits as a double in [0, 1)."""
    return (((hi << S32) | lo) >> np.uint64(11)).astype(np.float64) * 2.0 ** -53


def uniform(seed, stream, size, lo=0.0, hi=1.0, chunk=1 << 14):
    """Np.random.uniform(lo, hi, size) of the `stream`-th random call after Np.random.seed(seed), flat."""
    out = np.empty(size, dtype=np.float64)
    for start in range(0, size, chunk):
        n = min(chunk, size - start)
        w0, w1, _, _ = words(seed, stream, start, n)
        out[start:start + n] = lo + to_unit(w0, w1) * (hi - lo)
    return out


def rand(seed, stream, size):
    """Np.random.rand(size): uniform on [0, 1)."""
    return uniform(seed, stream, size, 0.0, 1.0)


def known_answers():
    """Random123's kat_vectors lines for philox4x32 10 (also checked by PhiloxAndRegistryTest)."""
    cases = [((0, 0, 0, 0), (0, 0), (0x6627e8d5, 0xe169c58d, 0xbc57ac4c, 0x9b00dbd8)),
             ((0xffffffff,) * 4, (0xffffffff,) * 2, (0x408f276d, 0x41c83b0e, 0xa20bc7c6, 0x6d5451fd)),
             ((0x243f6a88, 0x85a308d3, 0x13198a2e, 0x03707344), (0xa4093822, 0x299f31d0),
              (0xd16cfe09, 0x94fdcceb, 0x5001e420, 0x24126ea1))]
    for ctr, key, want in cases:
        got = tuple(int(w[0]) for w in block(*([np.uint64(c)] for c in ctr), *key))
        assert got == want, "Philox4x32-10 known answer: %s != %s" % ([hex(g) for g in got], [hex(x) for x in want])


def main(argv):
    args = {"seed": "42", "stream": "0", "count": "4"}
    for a in argv:
        k, sep, v = a.partition("=")
        if not sep or k not in args:
            sys.exit("usage: philox.py [seed=N] [stream=N] [count=N]  (bad argument %r)" % a)
        args[k] = v
    known_answers()
    print("known_answers=ok")
    seed, stream, count = int(args["seed"]), int(args["stream"]), int(args["count"])
    print("seed=%d" % seed)
    print("stream=%d" % stream)
    print("rand=" + ",".join(repr(float(x)) for x in rand(seed, stream, count)))


if __name__ == "__main__":
    main(sys.argv[1:])
