// RAND (RandGpu.java): task-library's DataKernels.rand with Philox4x32-10 (Philox4x32.java), bit for bit.
// Element i of the tile: counter (flat index lo, hi, stream lo, hi), key (seed lo, hi); words w0..w3.
//   UNIFORM:  lo + toUnit(w0, w1) * (hi - lo)                       stored as Tile.View.setD
//   INTEGERS: (long) lo + (long) floor(toUnit(w0, w1) * (hi - lo))  (Java's saturating casts, wrapping add), setL
// NORMAL (Box-Muller with Math.log / Math.cos) stays on the CPU: CUDA's log/cos may differ from the JVM's by an ulp.
// Operand 0 of the Shape/Opd is out, operand 1 the flat-index pseudo operand (base + sum coord * stride).
#include "cohort.cuh"

#define PH_M0 0xD2511F53u
#define PH_M1 0xCD9E8D57u
#define PH_W0 0x9E3779B9u
#define PH_W1 0xBB67AE85u

__device__ __forceinline__ void philox4x32_10(unsigned c0, unsigned c1, unsigned c2, unsigned c3, unsigned k0,
                                              unsigned k1, unsigned* w) {
#pragma unroll
    for (int r = 0; r < 10; r++) {
        if (r > 0) {
            k0 += PH_W0;
            k1 += PH_W1;
        }
        unsigned hi0 = __umulhi(PH_M0, c0);
        unsigned lo0 = PH_M0 * c0;
        unsigned hi1 = __umulhi(PH_M1, c2);
        unsigned lo1 = PH_M1 * c2;
        unsigned n0 = hi1 ^ c1 ^ k0;
        unsigned n1 = lo1;
        unsigned n2 = hi0 ^ c3 ^ k1;
        unsigned n3 = lo0;
        c0 = n0;
        c1 = n1;
        c2 = n2;
        c3 = n3;
    }
    w[0] = c0;
    w[1] = c1;
    w[2] = c2;
    w[3] = c3;
}

// Philox4x32.toUnit: the top 53 bits of (hi, lo) times 2^-53 (exact).
__device__ __forceinline__ double to_unit(unsigned hi, unsigned lo) {
    u64 bits = ((((u64) hi) << 32) | (u64) lo) >> 11;
    return (double) bits * 0x1.0p-53;
}

// Java's (long) d: NaN gives 0, out of range saturates.
__device__ __forceinline__ i64 java_d2l(double d) {
    if (d != d) return 0;
    if (d >= 9223372036854775807.0) return (i64) 0x7FFFFFFFFFFFFFFFLL;
    if (d <= -9223372036854775808.0) return (i64) 0x8000000000000000ULL;
    return (i64) d;
}

// dist: RandDist ordinal (0 UNIFORM, 2 INTEGERS; 1 NORMAL is not launched).
extern "C" __global__ void cohort_random_rand(Shape s, void* out, Opd oout, Opd oidx, int dist, i64 seed, i64 stream,
                                              double lo, double hi) {
    unsigned k0 = (unsigned) (u64) seed;
    unsigned k1 = (unsigned) ((u64) seed >> 32);
    unsigned s0 = (unsigned) (u64) stream;
    unsigned s1 = (unsigned) ((u64) stream >> 32);
    double span = hi - lo;
    i64 ilo = java_d2l(lo);
    GRID_STRIDE(i, s.volume) {
        i64 off = offset_of(s, oout, i);
        u64 idx = (u64) offset_of(s, oidx, i);
        unsigned w[4];
        philox4x32_10((unsigned) idx, (unsigned) (idx >> 32), s0, s1, k0, k1, w);
        double u = to_unit(w[0], w[1]);
        if (dist == 2) {
            i64 v = (i64) ((u64) ilo + (u64) java_d2l(floor(u * span)));
            store_l(out, oout, off, v);
        } else {
            store_d(out, oout, off, lo + u * span);
        }
    }
}
