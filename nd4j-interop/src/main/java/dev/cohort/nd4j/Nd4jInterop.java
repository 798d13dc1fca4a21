package dev.cohort.nd4j;

import dev.cohort.ndarray.DType;
import dev.cohort.ndarray.DTypeException;
import dev.cohort.ndarray.NdArray;
import dev.cohort.ndarray.Np;
import org.nd4j.linalg.api.buffer.DataBuffer;
import org.nd4j.linalg.api.buffer.DataType;
import org.nd4j.linalg.api.ndarray.INDArray;
import org.nd4j.linalg.factory.Nd4j;

import java.util.Arrays;
import java.util.Objects;

/**
 * Conversions between Cohort {@link NdArray}s and ND4J {@link INDArray}s, element for element and
 * bit for bit (NaN payloads, -0.0), with the same shape. The dtypes correspond one to one:
 *
 * <table>
 *   <caption>dtypes</caption>
 *   <tr><th>Cohort</th><th>ND4J {@link DataType}</th><th>Java</th></tr>
 *   <tr><td>float64</td><td>DOUBLE</td><td>double</td></tr>
 *   <tr><td>float32</td><td>FLOAT</td><td>float</td></tr>
 *   <tr><td>int64</td><td>LONG (alias INT64)</td><td>long</td></tr>
 *   <tr><td>int32</td><td>INT (alias INT32)</td><td>int</td></tr>
 *   <tr><td>bool</td><td>BOOL</td><td>boolean</td></tr>
 * </table>
 *
 * Other ND4J types (HALF, BFLOAT16, INT8, INT16, UINT8..UINT64, UTF8, ...) have no Cohort dtype:
 * cast them first ({@code x.castTo(DataType.FLOAT)}). Both directions copy the data: an
 * {@code NdArray} lives in Cohort's runtime (partitioned across shards), an {@code INDArray} in one
 * process's off-heap memory. Like every Java data that enters a Cohort program, each shard converts
 * its own copy: {@link #fromINDArray} must be given the same contents on every shard, and
 * {@link #toINDArray} gives every shard the whole array (a blocking read, as
 * {@link NdArray#toArray()}). Arrays are limited to {@code 2^31 - 9} elements (one Java array).
 *
 * <p>This module is opt-in: the core modules do not depend on it.
 */
public final class Nd4jInterop {
    private Nd4jInterop() {
    }

    /** The ND4J data type of a Cohort dtype (float64 to DOUBLE, float32 to FLOAT, int64 to LONG, int32 to INT, bool to BOOL). */
    public static DataType dataType(DType dtype) {
        return switch (dtype) {
            case FLOAT64 -> DataType.DOUBLE;
            case FLOAT32 -> DataType.FLOAT;
            case INT64 -> DataType.INT64;
            case INT32 -> DataType.INT32;
            case BOOL -> DataType.BOOL;
        };
    }

    /**
     * The Cohort dtype of an ND4J data type.
     *
     * @throws DTypeException for a data type Cohort has no dtype for, naming it (e.g. HALF, UTF8)
     */
    public static DType dtype(DataType type) {
        Objects.requireNonNull(type, "type");
        // ND4J's LONG and INT are the constants behind its (preferred) aliases INT64 and INT32
        if (type == DataType.DOUBLE) {
            return DType.FLOAT64;
        } else if (type == DataType.FLOAT) {
            return DType.FLOAT32;
        } else if (type == DataType.INT64) {
            return DType.INT64;
        } else if (type == DataType.INT32) {
            return DType.INT32;
        } else if (type == DataType.BOOL) {
            return DType.BOOL;
        }
        throw new DTypeException("ND4J data type " + type + " has no Cohort dtype; Cohort takes DOUBLE "
                + "(float64), FLOAT (float32), LONG (int64), INT (int32) and BOOL (bool)"
                + (type.isFPType() ? ": convert first, e.g. x.castTo(DataType.FLOAT)"
                : type.isIntType() ? ": convert first, e.g. x.castTo(DataType.INT64)" : ""));
    }

    /**
     * A new C-order ({@code 'c'}, row-major) INDArray with {@code a}'s shape, elements and matching
     * data type (see the class table); a 0-d array gives an ND4J scalar (rank 0), a zero-size array an
     * empty INDArray of the same shape. Works on any view (slices, transposes). Blocks.
     *
     * @throws IllegalArgumentException if {@code a} has more than {@code 2^31 - 9} elements
     */
    public static INDArray toINDArray(NdArray a) {
        return toINDArray(a, 'c');
    }

    /**
     * {@link #toINDArray(NdArray)} laid out in {@code order}: {@code 'c'} (row-major) or {@code 'f'}
     * (column-major, as BLAS and {@code x.dup('f')}).
     *
     * @throws IllegalArgumentException for another order
     */
    public static INDArray toINDArray(NdArray a, char order) {
        Objects.requireNonNull(a, "a");
        if (order != 'c' && order != 'f') {
            throw new IllegalArgumentException("order must be 'c' or 'f', got '" + order + "'");
        }
        long[] shape = a.shape();
        DataType type = dataType(a.dtype());
        if (a.size() == 0) {
            return Nd4j.create(type, shape, order);
        }
        INDArray flat = switch (a.dtype()) {
            case FLOAT64 -> Nd4j.createFromArray(a.toDoubleArray());
            case FLOAT32 -> Nd4j.createFromArray(a.toFloatArray());
            case INT64 -> Nd4j.createFromArray(a.toLongArray());
            case INT32 -> Nd4j.createFromArray(a.toIntArray());
            case BOOL -> Nd4j.createFromArray(a.toBooleanArray());
        };
        INDArray c = flat.reshape('c', shape);
        return order == 'c' ? c : c.dup('f');
    }

    /**
     * A new NdArray of the calling program's {@link dev.cohort.ndarray.Cohort} context with
     * {@code x}'s shape, elements (in logical, row-major order whatever {@code x}'s ordering,
     * strides or view offset) and matching dtype. An ND4J scalar (rank 0) gives a 0-d array; an
     * empty INDArray a zero-filled array of its shape (shape {@code (0,)} for ND4J's rank-0 empty
     * arrays, e.g. {@code Nd4j.createFromArray(new double[0])}, which hold no element).
     *
     * @throws DTypeException for an ND4J data type Cohort has no dtype for, naming it
     * @throws IllegalArgumentException if {@code x} has more than {@code 2^31 - 9} elements
     */
    public static NdArray fromINDArray(INDArray x) {
        Objects.requireNonNull(x, "x");
        DType dtype = dtype(x.dataType());
        long[] shape = x.shape();
        if (x.isEmpty()) {
            return Np.zeros(shape.length == 0 ? new long[]{0} : shape, dtype);
        }
        long n = x.length();
        if (n > Integer.MAX_VALUE - 8) {
            throw new IllegalArgumentException("INDArray of shape " + Arrays.toString(shape) + " has " + n
                    + " elements; Cohort loads at most " + (Integer.MAX_VALUE - 8) + " from one Java array");
        }
        INDArray c = isPlainRowMajor(x) ? x : x.dup('c');
        DataBuffer data = c.data();
        return switch (dtype) {
            case FLOAT64 -> Np.array(data.asDouble(), shape);
            case FLOAT32 -> Np.array(data.asFloat(), shape);
            case INT64 -> Np.array(data.asLong(), shape);
            case INT32 -> Np.array(data.asInt(), shape);
            case BOOL -> {
                int[] b = data.asInt();
                boolean[] z = new boolean[(int) n];
                for (int i = 0; i < z.length; i++) {
                    z[i] = b[i] != 0;
                }
                yield Np.array(z, shape);
            }
        };
    }

    /** True when {@code x}'s buffer holds exactly its elements in row-major order from offset 0. */
    private static boolean isPlainRowMajor(INDArray x) {
        if (x.isView() || x.offset() != 0 || x.data().length() != x.length()) {
            return false;
        }
        long[] shape = x.shape();
        long[] stride = x.stride();
        long s = 1;
        for (int d = shape.length - 1; d >= 0; d--) {
            if (shape[d] != 1 && stride[d] != s) {
                return false;
            }
            s *= shape[d];
        }
        return true;
    }
}
