package dev.cohort.gpu;

/** A CUDA driver call failed: the message names the call and the driver's error (e.g. {@code CUDA_ERROR_OUT_OF_MEMORY}). */
public final class GpuException extends RuntimeException {
    public GpuException(String message) {
        super(message);
    }

    public GpuException(String message, Throwable cause) {
        super(message, cause);
    }
}
