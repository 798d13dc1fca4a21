package dev.cohort.nd4j;

import dev.cohort.ndarray.Cohort;
import dev.cohort.ndarray.DType;
import dev.cohort.ndarray.DTypeException;
import dev.cohort.ndarray.NdArray;
import dev.cohort.ndarray.Np;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.nd4j.linalg.api.buffer.DataType;
import org.nd4j.linalg.api.ndarray.INDArray;
import org.nd4j.linalg.factory.Nd4j;
import org.nd4j.linalg.indexing.NDArrayIndex;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * NdArray to INDArray and back for every dtype and rank 0-4, bit for bit (NaN payloads, -0.0, the
 * integer extremes), on 1 and 3 shards with tiles of two elements; C- and F-order INDArrays, ND4J
 * views (intervals, columns, permutations) and Cohort views; scalars and empty arrays; and the
 * ND4J types Cohort has no dtype for.
 */
class Nd4jInteropTest {
    static final long[][] SHAPES = {{}, {7}, {3, 5}, {2, 3, 4}, {2, 3, 2, 3}};

    /** Element i of the test data of {@code dtype}, as raw bits: special values first, then distinct ones. */
    static long bits(DType dtype, int i) {
        return switch (dtype) {
            case FLOAT64 -> {
                long[] special = {0x7ff0000000000001L, 0xfff8000000000abcL, Double.doubleToRawLongBits(-0.0),
                        Double.doubleToRawLongBits(Double.NEGATIVE_INFINITY), Double.doubleToRawLongBits(Double.MIN_VALUE)};
                yield i < special.length ? special[i] : Double.doubleToRawLongBits(i * 1.25 - 7);
            }
            case FLOAT32 -> {
                int[] special = {0x7f800001, 0xffc00abc, Float.floatToRawIntBits(-0.0f), Float.floatToRawIntBits(Float.MIN_VALUE)};
                yield i < special.length ? special[i] : Float.floatToRawIntBits(i * 0.75f - 3);
            }
            case INT64 -> i == 0 ? Long.MIN_VALUE : i == 1 ? Long.MAX_VALUE : i * 1_000_000_007L - 5;
            case INT32 -> i == 0 ? Integer.MIN_VALUE : i == 1 ? Integer.MAX_VALUE : i * 7919 - 100;
            case BOOL -> (i % 3 == 0 || i % 7 == 1) ? 1 : 0;
        };
    }

    static long[] expected(DType dtype, long[] shape) {
        long v = 1;
        for (long s : shape) {
            v *= s;
        }
        long[] b = new long[(int) v];
        for (int i = 0; i < b.length; i++) {
            b[i] = bits(dtype, i);
        }
        return b;
    }

    /** An NdArray of {@code dtype} and {@code shape} holding {@code bits} row-major (made through Np.array(flat, shape)). */
    static NdArray ndarray(DType dtype, long[] shape, long[] bits) {
        int n = bits.length;
        return switch (dtype) {
            case FLOAT64 -> {
                double[] d = new double[n];
                for (int i = 0; i < n; i++) {
                    d[i] = Double.longBitsToDouble(bits[i]);
                }
                yield Np.array(d, shape);
            }
            case FLOAT32 -> {
                float[] f = new float[n];
                for (int i = 0; i < n; i++) {
                    f[i] = Float.intBitsToFloat((int) bits[i]);
                }
                yield Np.array(f, shape);
            }
            case INT64 -> Np.array(bits.clone(), shape);
            case INT32 -> Np.array(Arrays.stream(bits).mapToInt(b -> (int) b).toArray(), shape);
            case BOOL -> {
                boolean[] z = new boolean[n];
                for (int i = 0; i < n; i++) {
                    z[i] = bits[i] != 0;
                }
                yield Np.array(z, shape);
            }
        };
    }

    /** The raw bits of an INDArray's elements in logical row-major order. */
    static long[] bits(INDArray x) {
        if (x.isEmpty()) {
            return new long[0];
        }
        INDArray c = x.dup('c');
        DataType t = x.dataType();
        if (t == DataType.DOUBLE) {
            return Arrays.stream(c.data().asDouble()).mapToLong(Double::doubleToRawLongBits).toArray();
        } else if (t == DataType.FLOAT) {
            float[] f = c.data().asFloat();
            long[] r = new long[f.length];
            for (int i = 0; i < f.length; i++) {
                r[i] = Float.floatToRawIntBits(f[i]);
            }
            return r;
        } else if (t == DataType.INT64) {
            return c.data().asLong();
        } else if (t == DataType.INT32 || t == DataType.BOOL) {
            return Arrays.stream(c.data().asInt()).mapToLong(i -> i).toArray();
        }
        throw new AssertionError(t.toString());
    }

    /** The raw bits of an NdArray's elements in row-major order. */
    static long[] bits(NdArray a) {
        return switch (a.dtype()) {
            case FLOAT64 -> Arrays.stream(a.toDoubleArray()).mapToLong(Double::doubleToRawLongBits).toArray();
            case FLOAT32 -> {
                float[] f = a.toFloatArray();
                long[] r = new long[f.length];
                for (int i = 0; i < f.length; i++) {
                    r[i] = Float.floatToRawIntBits(f[i]);
                }
                yield r;
            }
            case INT64 -> a.toLongArray();
            case INT32 -> Arrays.stream(a.toIntArray()).mapToLong(i -> i).toArray();
            case BOOL -> {
                boolean[] z = a.toBooleanArray();
                long[] r = new long[z.length];
                for (int i = 0; i < z.length; i++) {
                    r[i] = z[i] ? 1 : 0;
                }
                yield r;
            }
        };
    }

    static String describe(INDArray x) {
        return x.dataType() + Arrays.toString(x.shape()) + x.ordering();
    }

    static String describe(NdArray a) {
        return a.dtype() + Arrays.toString(a.shape());
    }

    static <T> T one(Callable<T> program) {
        return Cohort.run(1, program).get(0);
    }

    /**
     * Every dtype x rank 0-4: NdArray to INDArray (C and F order) and back; the INDArray has the
     * matching data type and shape, and every element's bits survive both ways, on every shard.
     */
    @ParameterizedTest(name = "{0} shard(s)")
    @ValueSource(ints = {1, 3})
    @Timeout(value = 300, unit = TimeUnit.SECONDS)
    void everyDtypeAndRankBothWaysBitForBit(int shards) {
        List<Map<String, String>> perShard = Cohort.run(new Cohort.Config().shards(shards).minTileVolume(2), () -> {
            Map<String, String> got = new LinkedHashMap<>();
            for (DType dt : DType.values()) {
                for (long[] shape : SHAPES) {
                    long[] want = expected(dt, shape);
                    String key = dt + Arrays.toString(shape);
                    NdArray a = ndarray(dt, shape, want);
                    INDArray c = Nd4jInterop.toINDArray(a);
                    INDArray f = Nd4jInterop.toINDArray(a, 'f');
                    NdArray fromC = Nd4jInterop.fromINDArray(c);
                    NdArray fromF = Nd4jInterop.fromINDArray(f);
                    NdArray fromDupF = Nd4jInterop.fromINDArray(c.dup('f'));
                    // ND4J reports rank 0 and 1 arrays' ordering inconsistently; from rank 2 on, 'f' is asked for and given
                    String fd = shape.length >= 2 ? describe(f) : f.dataType() + Arrays.toString(f.shape());
                    got.put(key, describe(c) + " " + fd + " " + describe(fromC) + " " + describe(fromF) + " "
                            + Arrays.equals(want, bits(c)) + Arrays.equals(want, bits(f)) + Arrays.equals(want, bits(fromC))
                            + Arrays.equals(want, bits(fromF)) + Arrays.equals(want, bits(fromDupF)));
                }
            }
            return got;
        });
        for (int s = 0; s < shards; s++) {
            Map<String, String> got = perShard.get(s);
            assertEquals(DType.values().length * SHAPES.length, got.size());
            for (DType dt : DType.values()) {
                String nd4j = Nd4jInterop.dataType(dt).toString();
                for (long[] shape : SHAPES) {
                    String sh = Arrays.toString(shape);
                    String fOrder = shape.length >= 2 ? "f" : "";
                    assertEquals(nd4j + sh + "c " + nd4j + sh + fOrder + " " + dt + sh + " " + dt + sh + " truetruetruetruetrue",
                            got.get(dt + sh), "shard " + s + "/" + shards);
                }
            }
        }
    }

    /** ND4J views of every kind come in with their logical elements, whatever their offset, strides and ordering. */
    @ParameterizedTest(name = "{0} shard(s)")
    @ValueSource(ints = {1, 3})
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void nd4jViewsAndOrders(int shards) {
        List<List<String>> perShard = Cohort.run(new Cohort.Config().shards(shards).minTileVolume(2), () -> {
            INDArray m = Nd4j.createFromArray(new double[]{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11}).reshape('c', new long[]{3, 4});
            INDArray l = Nd4j.createFromArray(new long[]{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23})
                    .reshape('c', new long[]{2, 3, 4});
            List<INDArray> xs = List.of(
                    m.get(NDArrayIndex.interval(1, 3), NDArrayIndex.interval(1, 4)),   // offset view
                    m.getColumn(2),                                                      // strided 1-d view
                    m.transpose(),                                                       // (4,3) view, F-like strides
                    m.dup('f'),                                                          // F order
                    m.dup('c'),                                                          // plain C order, read in place
                    l.permute(2, 0, 1),                                                  // (4,2,3) permuted view
                    l.get(NDArrayIndex.point(1), NDArrayIndex.all(), NDArrayIndex.interval(0, 2, 4)), // (3,2): begin 0, stride 2, end 4
                    m.castTo(DataType.FLOAT).dup('f').get(NDArrayIndex.all(), NDArrayIndex.point(3)),
                    m.castTo(DataType.INT32).transpose().dup('f'),
                    m.gt(5.0));                                                          // BOOL
            List<String> out = new ArrayList<>();
            for (INDArray x : xs) {
                NdArray a = Nd4jInterop.fromINDArray(x);
                out.add(describe(a) + " " + Arrays.toString(bits(a)) + " " + Arrays.equals(bits(x), bits(a)));
            }
            return out;
        });
        for (List<String> out : perShard) {
            assertEquals(List.of(
                    "float64[2, 3] " + Arrays.toString(Arrays.stream(new double[]{5, 6, 7, 9, 10, 11}).mapToLong(Double::doubleToRawLongBits).toArray()) + " true",
                    "float64[3] " + Arrays.toString(Arrays.stream(new double[]{2, 6, 10}).mapToLong(Double::doubleToRawLongBits).toArray()) + " true",
                    "float64[4, 3] " + Arrays.toString(Arrays.stream(new double[]{0, 4, 8, 1, 5, 9, 2, 6, 10, 3, 7, 11}).mapToLong(Double::doubleToRawLongBits).toArray()) + " true",
                    "float64[3, 4] " + Arrays.toString(Arrays.stream(new double[]{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11}).mapToLong(Double::doubleToRawLongBits).toArray()) + " true",
                    "float64[3, 4] " + Arrays.toString(Arrays.stream(new double[]{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11}).mapToLong(Double::doubleToRawLongBits).toArray()) + " true",
                    "int64[4, 2, 3] [0, 4, 8, 12, 16, 20, 1, 5, 9, 13, 17, 21, 2, 6, 10, 14, 18, 22, 3, 7, 11, 15, 19, 23] true",
                    "int64[3, 2] [12, 14, 16, 18, 20, 22] true",
                    "float32[3] [" + Float.floatToRawIntBits(3f) + ", " + Float.floatToRawIntBits(7f) + ", " + Float.floatToRawIntBits(11f) + "] true",
                    "int32[4, 3] [0, 4, 8, 1, 5, 9, 2, 6, 10, 3, 7, 11] true",
                    "bool[3, 4] [0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1] true"), out);
        }
    }

    /** Cohort views (transposes, strided slices) go out with their logical elements. */
    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void cohortViewsGoOut() {
        List<String> out = Cohort.run(new Cohort.Config().shards(3).minTileVolume(2), () -> {
            NdArray a = Np.arange(12).reshape(3, 4);
            INDArray t = Nd4jInterop.toINDArray(a.T());
            INDArray s = Nd4jInterop.toINDArray(a.get("::2, 1::2"), 'f');
            INDArray e = Nd4jInterop.toINDArray(a.get(1, 2));
            return List.of(describe(t) + " " + Arrays.toString(bits(t)), describe(s) + " " + Arrays.toString(bits(s)),
                    describe(e) + " " + e.isScalar() + " " + e.getLong(0));
        }).get(1);
        assertEquals(List.of("LONG[4, 3]c [0, 4, 8, 1, 5, 9, 2, 6, 10, 3, 7, 11]", "LONG[2, 2]f [1, 3, 9, 11]", "LONG[]c true 6"), out);
    }

    /** Scalars and empty arrays in both directions. */
    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void scalarsAndEmptyArrays() {
        List<String> out = one(() -> {
            List<String> r = new ArrayList<>();
            for (INDArray x : List.of(Nd4j.scalar(2.5), Nd4j.scalar(true), Nd4j.scalar(Long.MIN_VALUE), Nd4j.create(DataType.DOUBLE, 2, 0),
                    Nd4j.create(DataType.INT32, 0), Nd4j.createFromArray(new float[0]), Nd4j.create(DataType.BOOL, new long[]{0, 3}, 'f'))) {
                NdArray a = Nd4jInterop.fromINDArray(x);
                r.add(describe(a) + " " + (a.size() == 1 ? String.valueOf(a.item()) : String.valueOf(a.size())));
            }
            for (NdArray a : List.of(Np.zeros(new long[]{2, 0}, DType.FLOAT32), Np.zeros(new long[]{0}, DType.BOOL),
                    Np.array((Object) 7), Np.array((Object) (-0.0)))) {
                INDArray x = Nd4jInterop.toINDArray(a);
                r.add(describe(x) + " " + x.isEmpty() + " " + x.rank() + " " + Arrays.toString(bits(x)));
            }
            return r;
        });
        assertEquals(List.of("float64[] 2.5", "bool[] true", "int64[] " + Long.MIN_VALUE, "float64[2, 0] 0", "int32[0] 0",
                "float32[0] 0", "bool[0, 3] 0",
                "FLOAT[2, 0]c true 2 []", "BOOL[0]c true 1 []", "INT[]c false 0 [7]",
                "DOUBLE[]c false 0 [" + Double.doubleToRawLongBits(-0.0) + "]"), out);
    }

    /** ND4J types without a Cohort dtype fail naming the type; a bad order fails naming it. */
    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void unsupportedTypesAreNamed() {
        for (DataType t : new DataType[]{DataType.FLOAT16, DataType.BFLOAT16, DataType.INT16, DataType.UINT8, DataType.UINT64}) {
            DTypeException e = one(() -> {
                try {
                    Nd4jInterop.fromINDArray(Nd4j.create(t, 2, 2));
                    return null;
                } catch (DTypeException x) {
                    return x;
                }
            });
            assertNotNull(e, t.toString());
            String hint = t.isFPType() ? ": convert first, e.g. x.castTo(DataType.FLOAT)" : ": convert first, e.g. x.castTo(DataType.INT64)";
            assertEquals("ND4J data type " + t + " has no Cohort dtype; Cohort takes DOUBLE (float64), FLOAT (float32), "
                    + "LONG (int64), INT (int32) and BOOL (bool)" + hint, e.getMessage());
        }
        DTypeException utf8 = assertThrows(DTypeException.class, () -> Nd4jInterop.dtype(DataType.UTF8));
        assertEquals("ND4J data type UTF8 has no Cohort dtype; Cohort takes DOUBLE (float64), FLOAT (float32), "
                + "LONG (int64), INT (int32) and BOOL (bool)", utf8.getMessage());
        IllegalArgumentException order = one(() -> {
            try {
                Nd4jInterop.toINDArray(Np.ones(2), 'x');
                return null;
            } catch (IllegalArgumentException x) {
                return x;
            }
        });
        assertEquals("order must be 'c' or 'f', got 'x'", order.getMessage());
        for (DType d : DType.values()) {
            assertEquals(d, Nd4jInterop.dtype(Nd4jInterop.dataType(d)));
        }
    }

    /** A round trip through ND4J's own arithmetic: Cohort data, an ND4J matrix product, back into Cohort. */
    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void interoperatesWithNd4jArithmetic() {
        double[] r = one(() -> {
            NdArray a = Np.array(new double[][]{{1, 2}, {3, 4}});
            INDArray p = Nd4jInterop.toINDArray(a).mmul(Nd4jInterop.toINDArray(a.T(), 'f'));
            return Nd4jInterop.fromINDArray(p).subtract(a.matmul(a.T())).abs().max().itemDouble() == 0
                    ? Nd4jInterop.fromINDArray(p).toDoubleArray() : null;
        });
        assertArrayEquals(new double[]{5, 11, 11, 25}, r);
        assertTrue(r.length == 4);
    }
}
