package dev.cohort.ndarray;

import dev.cohort.runtime.instance.Instance;

import java.lang.reflect.Array;

/** The elements of an array brought to the program, row-major (the result of a blocking read). */
final class Elements {
    final DType dtype;
    final Instance data;
    final int size;

    Elements(DType dtype, Instance data, int size) {
        this.dtype = dtype;
        this.data = data;
        this.size = size;
    }

    Object get(int i) {
        long bits = data.getBits(i);
        return switch (dtype) {
            case FLOAT64, FLOAT32 -> dtype.fieldType().toDouble(bits);
            case INT64, INT32 -> bits;
            case BOOL -> bits != 0;
        };
    }

    double getDouble(int i) {
        return dtype.fieldType().toDouble(data.getBits(i));
    }

    double[] doubles() {
        double[] d = new double[size];
        for (int i = 0; i < size; i++) {
            d[i] = getDouble(i);
        }
        return d;
    }

    long[] longs() {
        long[] l = new long[size];
        for (int i = 0; i < size; i++) {
            long bits = data.getBits(i);
            l[i] = dtype.isFloating() ? (long) dtype.fieldType().toDouble(bits) : bits;
        }
        return l;
    }

    Object nested(long[] shape) {
        if (shape.length == 0) {
            return get(0);
        }
        int[] dims = new int[shape.length];
        for (int i = 0; i < dims.length; i++) {
            dims[i] = Math.toIntExact(shape[i]);
        }
        Class<?> component = switch (dtype) {
            case FLOAT64 -> double.class;
            case FLOAT32 -> float.class;
            case INT64 -> long.class;
            case INT32 -> int.class;
            case BOOL -> boolean.class;
        };
        Object out = Array.newInstance(component, dims);
        int[] at = {0};
        fill(out, dims, 0, at);
        return out;
    }

    private void fill(Object arr, int[] dims, int d, int[] at) {
        int n = dims[d];
        if (d == dims.length - 1) {
            for (int i = 0; i < n; i++) {
                int k = at[0]++;
                long bits = data.getBits(k);
                switch (dtype) {
                    case FLOAT64 -> Array.setDouble(arr, i, Double.longBitsToDouble(bits));
                    case FLOAT32 -> Array.setFloat(arr, i, Float.intBitsToFloat((int) bits));
                    case INT64 -> Array.setLong(arr, i, bits);
                    case INT32 -> Array.setInt(arr, i, (int) bits);
                    case BOOL -> Array.setBoolean(arr, i, bits != 0);
                }
            }
            return;
        }
        for (int i = 0; i < n; i++) {
            fill(Array.get(arr, i), dims, d + 1, at);
        }
    }
}
