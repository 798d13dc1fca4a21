package dev.cohort.ndarray;

import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Integer matrix-vector products ({@code A @ v}, {@code A.T @ r}, {@code r @ A}) in int32 and int64 against a plain Java
 * loop, bit for bit: NumPy's integer {@code matmul} wraps products and sums in the type, and values near the type's
 * range make every row wrap. Sizes span one tile and many (the dense 2-d kernels and the chunked path), on 1 and 3
 * shards.
 */
class IntegerMatvecTest {

    @ParameterizedTest(name = "{0} shard(s)")
    @ValueSource(ints = {1, 3})
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void integerMatvecWrapsAsNumPyDoes(int shards) {
        int[][] shapes = {{7, 5}, {33, 40}, {300, 257}, {1000, 130}};
        List<String> ok = Cohort.run(shards, () -> {
            Random rnd = new Random(11);
            for (int[] sh : shapes) {
                int m = sh[0];
                int k = sh[1];
                int[] a = new int[m * k];
                int[] v = new int[k];
                int[] r = new int[m];
                for (int i = 0; i < a.length; i++) {
                    a[i] = rnd.nextInt(5) == 0 ? rnd.nextInt() : rnd.nextInt(2001) - 1000;
                }
                for (int i = 0; i < k; i++) {
                    v[i] = rnd.nextInt(3) == 0 ? rnd.nextInt() : rnd.nextInt(21) - 10;
                }
                for (int i = 0; i < m; i++) {
                    r[i] = rnd.nextInt(3) == 0 ? rnd.nextInt() : rnd.nextInt(21) - 10;
                }
                NdArray a32 = Np.array(a).reshape(m, k);
                NdArray v32 = Np.array(v);
                NdArray r32 = Np.array(r);
                // the references in one pass over A: A @ v and A.T @ r, wrapping in int and in long
                int[] av = new int[m];
                long[] avL = new long[m];
                int[] atr = new int[k];
                long[] atrL = new long[k];
                for (int i = 0; i < m; i++) {
                    for (int j = 0; j < k; j++) {
                        int x = a[i * k + j];
                        av[i] += x * v[j];
                        avL[i] += (long) x * v[j];
                        atr[j] += x * r[i];
                        atrL[j] += (long) x * r[i];
                    }
                }
                String at = m + "x" + k + " on " + shards + " shard(s)";
                assertArrayEquals(av, a32.matmul(v32).toIntArray(), "int32 A @ v " + at);
                assertArrayEquals(atr, a32.T().matmul(r32).toIntArray(), "int32 A.T @ r " + at);
                assertArrayEquals(atr, r32.matmul(a32).toIntArray(), "int32 r @ A " + at);
                NdArray a64 = a32.astype(DType.INT64);
                NdArray v64 = v32.astype(DType.INT64);
                NdArray r64 = r32.astype(DType.INT64);
                assertArrayEquals(avL, a64.matmul(v64).toLongArray(), "int64 A @ v " + at);
                assertArrayEquals(atrL, a64.T().matmul(r64).toLongArray(), "int64 A.T @ r " + at);
                assertArrayEquals(atrL, r64.matmul(a64).toLongArray(), "int64 r @ A " + at);
            }
            return "ok";
        });
        assertEquals(java.util.Collections.nCopies(shards, "ok"), ok, "every shard ran its checks");
    }
}
