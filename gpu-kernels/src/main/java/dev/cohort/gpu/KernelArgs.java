package dev.cohort.gpu;

import java.util.ArrayList;
import java.util.List;
import jcuda.Pointer;
import jcuda.driver.CUdeviceptr;

/**
 * The parameters of one kernel launch, in the kernel's order: device pointers, scalars and the by-value structs of
 * {@code cohort.cuh} ({@code Shape}, {@code Opd}), each a {@code long[]} whose layout matches the C struct (all
 * fields 64-bit, so there is no padding to get wrong).
 */
public final class KernelArgs {
    private final List<Pointer> params = new ArrayList<>();

    public KernelArgs ptr(CUdeviceptr p) {
        params.add(Pointer.to(p == null ? new CUdeviceptr() : p));
        return this;
    }

    public KernelArgs i64(long v) {
        params.add(Pointer.to(new long[] {v}));
        return this;
    }

    public KernelArgs i32(int v) {
        params.add(Pointer.to(new int[] {v}));
        return this;
    }

    public KernelArgs f64(double v) {
        params.add(Pointer.to(new double[] {v}));
        return this;
    }

    /** A by-value struct of 64-bit fields. */
    public KernelArgs struct(long[] fields) {
        params.add(Pointer.to(fields.clone()));
        return this;
    }

    /** A by-value {@code Shape}. */
    public KernelArgs shape(TileShape s) {
        return struct(s.shapeStruct());
    }

    /** An operand: its device pointer (null for a constant) and its by-value {@code Opd}. */
    public KernelArgs operand(TileShape s, int index, CUdeviceptr p) {
        ptr(p);
        return struct(s.opdStruct(index));
    }

    Pointer pointer() {
        return Pointer.to(params.toArray(new Pointer[0]));
    }
}
