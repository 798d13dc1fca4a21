// The kernels' common ABI (gpu-kernels/README.md, "How kernels are written"). Included by every .cu file here.
//
// A point task's tile reaches its operands through TileShape (Java): the tile's merged extents (Shape) and per
// operand its element type, constant bits, base offset and strides in elements (Opd), all 64-bit fields so that the
// Java side packs them as long[] without padding. Every kernel is a grid-stride loop over the tile's flat row-major
// index; Opd.stride gives the element offset of each operand from it.
#pragma once
#include <stdint.h>

typedef long long i64;
typedef unsigned long long u64;

#define COHORT_MAXD 8

// FieldType ordinals (runtime-dcr region/FieldType.java)
#define T_FLOAT64 0
#define T_FLOAT32 1
#define T_INT64 2
#define T_INT32 3
#define T_BOOL 4

struct Shape {
    i64 ndim;
    i64 volume;
    i64 ext[COHORT_MAXD];
};

// One operand: element type, a constant's raw bits (FieldType encoding; pointer null), base and strides in elements.
struct Opd {
    i64 type;
    i64 bits;
    i64 base;
    i64 stride[COHORT_MAXD];
};

// Element offset of flat tile index i for operand o (row-major over s.ext; one dimension needs no division).
__device__ __forceinline__ i64 offset_of(const Shape& s, const Opd& o, i64 i) {
    if (s.ndim == 1) {
        return o.base + i * o.stride[0];
    }
    i64 off = o.base;
    for (int d = (int) s.ndim - 1; d >= 0; d--) {
        i64 e = s.ext[d];
        i64 c = i % e;
        i = i / e;
        off += c * o.stride[d];
    }
    return off;
}

// NumPy's float -> integer cast as Java's Convert.d2l does it: truncation; NaN and out of range give the minimum.
__device__ __forceinline__ i64 d2l(double v) {
    if (!(v >= -9223372036854775808.0 && v < 9223372036854775808.0)) {
        return (i64) 0x8000000000000000ULL;
    }
    return (i64) v;
}

// NumPy's float -> int32 cast as Java's Convert.d2i does it: truncation; NaN and out of range give the minimum.
__device__ __forceinline__ int d2i(double v) {
    if (!(v >= -2147483648.0 && v < 2147483648.0)) {
        return (int) 0x80000000u;
    }
    return (int) v;
}

// The raw bits of a constant, read as a double / i64 / truth value.
__device__ __forceinline__ double bits_as_double(i64 type, i64 bits) {
    switch (type) {
        case T_FLOAT64: return __longlong_as_double(bits);
        case T_FLOAT32: return (double) __int_as_float((int) bits);
        default: return (double) bits;
    }
}

__device__ __forceinline__ i64 bits_as_long(i64 type, i64 bits) {
    switch (type) {
        case T_FLOAT64: return d2l(__longlong_as_double(bits));
        case T_FLOAT32: return d2l((double) __int_as_float((int) bits));
        default: return bits;
    }
}

// The loads and stores take any operand struct O with the fields type and bits (Opd here, reduction.cu's ROpd).

// Element `off` of an array of `type`, as a double (a constant when p is null).
template <typename O>
__device__ __forceinline__ double load_d(const void* p, const O& o, i64 off) {
    if (p == nullptr) return bits_as_double(o.type, o.bits);
    switch (o.type) {
        case T_FLOAT64: return ((const double*) p)[off];
        case T_FLOAT32: return (double) ((const float*) p)[off];
        case T_INT64: return (double) ((const i64*) p)[off];
        case T_INT32: return (double) ((const int*) p)[off];
        default: return (double) ((const signed char*) p)[off];
    }
}

// Element `off` as an i64 (NumPy's cast for floats).
template <typename O>
__device__ __forceinline__ i64 load_l(const void* p, const O& o, i64 off) {
    if (p == nullptr) return bits_as_long(o.type, o.bits);
    switch (o.type) {
        case T_FLOAT64: return d2l(((const double*) p)[off]);
        case T_FLOAT32: return d2l((double) ((const float*) p)[off]);
        case T_INT64: return ((const i64*) p)[off];
        case T_INT32: return (i64) ((const int*) p)[off];
        default: return (i64) ((const signed char*) p)[off];
    }
}

// Stores double v at `off`, converted to the operand's type (Java: Tile.View.setD).
template <typename O>
__device__ __forceinline__ void store_d(void* p, const O& o, i64 off, double v) {
    switch (o.type) {
        case T_FLOAT64: ((double*) p)[off] = v; break;
        case T_FLOAT32: ((float*) p)[off] = (float) v; break;
        case T_INT64: ((i64*) p)[off] = d2l(v); break;
        case T_INT32: ((int*) p)[off] = d2i(v); break;
        default: ((signed char*) p)[off] = v != 0 ? 1 : 0; break;
    }
}

// Stores i64 v at `off`, converted to the operand's type (Java: Tile.View.setL).
template <typename O>
__device__ __forceinline__ void store_l(void* p, const O& o, i64 off, i64 v) {
    switch (o.type) {
        case T_FLOAT64: ((double*) p)[off] = (double) v; break;
        case T_FLOAT32: ((float*) p)[off] = (float) v; break;
        case T_INT64: ((i64*) p)[off] = v; break;
        case T_INT32: ((int*) p)[off] = (int) v; break;
        default: ((signed char*) p)[off] = v != 0 ? 1 : 0; break;
    }
}

#define GRID_STRIDE(i, n) for (i64 i = (i64) blockIdx.x * blockDim.x + threadIdx.x; i < (n); i += (i64) blockDim.x * gridDim.x)
