// Kernels of the GPU path's own measurements: an empty kernel (per-launch overhead) and a device-to-device copy
// through the same grid-stride loop as the element-wise kernels (the bandwidth reference of benchmarks' GPU section).
#include "cohort.cuh"

extern "C" __global__ void cohort_empty() {
}

extern "C" __global__ void cohort_copy_f64(const double* __restrict__ in, double* __restrict__ out, i64 n) {
    GRID_STRIDE(i, n) {
        out[i] = in[i];
    }
}
