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

    /**
     * The elements as a flat array of the dtype's Java type ({@code double[]}, {@code float[]},
     * {@code long[]}, {@code int[]}, {@code boolean[]}), bit for bit.
     */
    Object flat() {
        Object out = Array.newInstance(JavaArrays.javaType(dtype), size);
        if (dtype == DType.BOOL) {
            byte[] b = (byte[]) data.array();
            boolean[] r = (boolean[]) out;
            for (int i = 0; i < size; i++) {
                r[i] = b[i] != 0;
            }
        } else if (size > 0) {
            System.arraycopy(data.array(), 0, out, 0, size);
        }
        return out;
    }

    /**
     * Nested primitive arrays of the dtype's Java type and {@code shape} (a boxed scalar for 0-d),
     * each innermost row copied in bulk from the row-major instance.
     */
    Object nested(long[] shape) {
        if (shape.length == 0) {
            return get(0);
        }
        int[] dims = new int[shape.length];
        for (int i = 0; i < dims.length; i++) {
            dims[i] = Math.toIntExact(shape[i]);
        }
        Object out = Array.newInstance(JavaArrays.javaType(dtype), dims);
        if (size > 0) {
            fill(out, dims, 0, new int[]{0});
        }
        return out;
    }

    private void fill(Object arr, int[] dims, int d, int[] at) {
        int n = dims[d];
        if (d == dims.length - 1) {
            int k = at[0];
            Object src = data.array();
            if (dtype == DType.BOOL) {
                byte[] b = (byte[]) src;
                boolean[] row = (boolean[]) arr;
                for (int i = 0; i < n; i++) {
                    row[i] = b[k + i] != 0;
                }
            } else {
                System.arraycopy(src, k, arr, 0, n);
            }
            at[0] = k + n;
            return;
        }
        Object[] rows = (Object[]) arr;
        for (int i = 0; i < n; i++) {
            fill(rows[i], dims, d + 1, at);
        }
    }
}
