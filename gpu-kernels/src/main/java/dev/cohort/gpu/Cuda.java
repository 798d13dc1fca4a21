package dev.cohort.gpu;

import jcuda.driver.CUresult;

/** Checks of CUDA driver return codes (JCuda's exceptions stay off, so a failed call is named by its caller). */
final class Cuda {
    private Cuda() {
    }

    /** Returns normally when {@code rc} is {@code CUDA_SUCCESS}. @throws GpuException naming {@code what} and the error */
    static void check(int rc, String what) {
        if (rc != CUresult.CUDA_SUCCESS) {
            throw new GpuException(what + " failed: " + CUresult.stringFor(rc));
        }
    }
}
