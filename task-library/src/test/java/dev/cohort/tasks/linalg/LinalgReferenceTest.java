package dev.cohort.tasks.linalg;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

/** The dense routines against NumPy 2.4's results (tools/reference/linalg.py; sizes 1, 2, 3, 17, 64). */
class LinalgReferenceTest {
    static final Npz SQUARE = Npz.resource("square.npz");
    static final Npz CHOL = Npz.resource("cholesky.npz");
    static final Npz QR = Npz.resource("qr.npz");
    static final Npz EIG = Npz.resource("eigh.npz");
    static final Npz SVD = Npz.resource("svd.npz");

    @ParameterizedTest(name = "n = {0}")
    @ValueSource(ints = {1, 2, 3, 17, 64})
    void luFamily(int n) {
        String k = "n" + n + "__";
        double[] a = SQUARE.get(k + "a").data();
        Lu lu = Lu.factor(a, n);
        Check.close(SQUARE.get(k + "solve").data(), lu.solve(SQUARE.get(k + "b").data(), 3), 1e-12, "solve");
        Check.close(SQUARE.get(k + "solve1").data(), lu.solve(SQUARE.get(k + "b1").data(), 1), 1e-12, "solve 1-d b");
        Check.close(SQUARE.get(k + "inv").data(), lu.inverse(), 1e-12, "inv");
        Check.close(SQUARE.get(k + "det").scalar(), lu.det(), 1e-12, "det");
        double[] sl = lu.slogdet();
        assertEquals(SQUARE.get(k + "sign").scalar(), sl[0], "slogdet sign");
        Check.close(SQUARE.get(k + "logabsdet").scalar(), sl[1], 1e-12, "logabsdet");
        for (int p : new int[] {3, 0, -2, 5}) {
            String key = k + "power" + (p < 0 ? "m" + -p : "" + p);
            Check.close(SQUARE.get(key).data(), MatrixFunctions.matrixPower(a, n, p), 1e-12, "matrix_power " + p);
        }
        String[] norms = {"fro", "nuc", "two", "mtwo", "one", "mone", "inf", "minf"};
        MatrixFunctions.NormOrd[] ords = MatrixFunctions.NormOrd.values();
        for (int i = 0; i < norms.length; i++) {
            Check.close(SQUARE.get(k + "norm_" + norms[i]).scalar(), MatrixFunctions.norm(a, n, n, ords[i]), 1e-12,
                    "norm " + norms[i]);
        }
        Check.close(SQUARE.get(k + "cond_none").scalar(), MatrixFunctions.cond(a, n, n, MatrixFunctions.NormOrd.TWO), 1e-11, "cond None");
        Check.close(SQUARE.get(k + "cond_mtwo").scalar(), MatrixFunctions.cond(a, n, n, MatrixFunctions.NormOrd.MINUS_TWO), 1e-11, "cond -2");
        Check.close(SQUARE.get(k + "cond_one").scalar(), MatrixFunctions.cond(a, n, n, MatrixFunctions.NormOrd.ONE), 1e-11, "cond 1");
        Check.close(SQUARE.get(k + "cond_inf").scalar(), MatrixFunctions.cond(a, n, n, MatrixFunctions.NormOrd.INF), 1e-11, "cond inf");
        Check.close(SQUARE.get(k + "cond_fro").scalar(), MatrixFunctions.cond(a, n, n, MatrixFunctions.NormOrd.FRO), 1e-11, "cond fro");
    }

    @Test
    void batchedStacksMatchNumPyItemByItem() {
        double[] a = SQUARE.get("batch__a").data();
        double[] b = SQUARE.get("batch__b").data();
        double[] x = SQUARE.get("batch__solve").data();
        double[] inv = SQUARE.get("batch__inv").data();
        double[] det = SQUARE.get("batch__det").data();
        for (int item = 0; item < 6; item++) {
            double[] ai = java.util.Arrays.copyOfRange(a, item * 16, item * 16 + 16);
            Lu lu = Lu.factor(ai, 4);
            Check.close(java.util.Arrays.copyOfRange(x, item * 8, item * 8 + 8),
                    lu.solve(java.util.Arrays.copyOfRange(b, item * 8, item * 8 + 8), 2), 1e-12, "solve item " + item);
            Check.close(java.util.Arrays.copyOfRange(inv, item * 16, item * 16 + 16), lu.inverse(), 1e-12, "inv item " + item);
            Check.close(det[item], lu.det(), 1e-12, "det item " + item);
        }
    }

    @ParameterizedTest(name = "n = {0}")
    @ValueSource(ints = {1, 2, 3, 17, 64})
    void cholesky(int n) {
        String k = "n" + n + "__";
        double[] a = CHOL.get(k + "a").data();
        double[] l = Cholesky.lower(a, n);
        Check.close(CHOL.get(k + "l").data(), l, 1e-13, "cholesky L");
        Check.close(CHOL.get(k + "u").data(), Dense.transpose(l, n, n), 1e-13, "cholesky upper=True");
        Check.close(a, Dense.matmul(l, Dense.transpose(l, n, n), n, n, n), 1e-13, "L L^T");
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"1x1", "2x2", "3x3", "17x17", "64x64", "5x3", "3x5", "64x17", "17x64"})
    void qr(String shape) {
        int m = Integer.parseInt(shape.split("x")[0]);
        int n = Integer.parseInt(shape.split("x")[1]);
        int k = Math.min(m, n);
        String key = "m" + m + "n" + n + "__";
        double[] a = QR.get(key + "a").data();
        Qr qr = Qr.factor(a, m, n);
        double[] q = qr.q(false);
        double[] r = qr.r(false);
        Check.close(a, Dense.matmul(q, r, m, k, n), 1e-13, "Q R = A");
        Check.orthonormalColumns(q, m, k, 1e-13, "reduced Q");
        // LAPACK's sign convention is mirrored, so R matches NumPy's including the signs of its rows
        Check.close(QR.get(key + "r").data(), r, 1e-12, "R");
        Check.close(QR.get(key + "q").data(), q, 1e-12, "Q");
        double[] qc = qr.q(true);
        double[] rc = qr.r(true);
        Check.orthonormalColumns(qc, m, m, 1e-13, "complete Q");
        Check.close(a, Dense.matmul(qc, rc, m, m, n), 1e-13, "complete Q R = A");
        Check.close(QR.get(key + "rc").data(), rc, 1e-12, "complete R");
        // the columns of complete Q past k are any orthonormal completion: compare the first k only
        for (int i = 0; i < m; i++) {
            for (int j = 0; j < k; j++) {
                Check.close(QR.get(key + "qc").data()[i * m + j], qc[i * m + j], 1e-11, "complete Q[" + i + "][" + j + "]");
            }
        }
    }

    @ParameterizedTest(name = "n = {0}")
    @ValueSource(ints = {1, 2, 3, 17, 64})
    void eigh(int n) {
        String k = "n" + n + "__";
        double[] a = EIG.get(k + "a").data();
        SymmetricEigen e = SymmetricEigen.of(a, n, false, true);
        double[] w = EIG.get(k + "w").data();
        double scale = Check.maxAbs(w);
        for (int i = 0; i < n; i++) {
            assertTrue(Math.abs(w[i] - e.values[i]) <= 1e-12 * scale, "eigenvalue " + i + ": " + w[i] + " vs " + e.values[i]);
        }
        Check.columnsUpToSign(EIG.get(k + "v").data(), e.vectors, n, n, 1e-10, "eigenvectors");
        Check.orthonormalColumns(e.vectors, n, n, 1e-13, "V");
        // A V = V diag(w)
        double[] av = Dense.matmul(a, e.vectors, n, n, n);
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                assertTrue(Math.abs(av[i * n + j] - e.vectors[i * n + j] * e.values[j]) <= 1e-12 * Math.max(1, scale),
                        "A v = w v at " + i + "," + j);
            }
        }
        double[] wu = SymmetricEigen.of(EIG.get(k + "au").data(), n, true, false).values;
        Check.close(EIG.get(k + "wu").data(), wu, 1e-12, "eigvalsh UPLO='U'");
    }

    @Test
    void eighBatch() {
        double[] a = EIG.get("batch__a").data();
        double[] w = EIG.get("batch__w").data();
        for (int item = 0; item < 6; item++) {
            double[] ai = java.util.Arrays.copyOfRange(a, item * 36, item * 36 + 36);
            Check.close(java.util.Arrays.copyOfRange(w, item * 6, item * 6 + 6), SymmetricEigen.of(ai, 6, false, false).values,
                    1e-12, "eigvalsh item " + item);
        }
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"1x1", "2x2", "3x3", "17x17", "64x64", "5x3", "3x5", "64x30", "30x64"})
    void svd(String shape) {
        int m = Integer.parseInt(shape.split("x")[0]);
        int n = Integer.parseInt(shape.split("x")[1]);
        int k = Math.min(m, n);
        String key = "m" + m + "n" + n + "__";
        double[] a = SVD.get(key + "a").data();
        Svd d = Svd.of(a, m, n, false, true);
        double[] s = SVD.get(key + "s").data();
        for (int i = 0; i < k; i++) {
            assertTrue(Math.abs(s[i] - d.s[i]) <= 1e-12 * s[0], "singular value " + i + ": " + s[i] + " vs " + d.s[i]);
        }
        assertArrayEquals(d.s, Svd.values(a, m, n), 0.0, "compute_uv=False gives the same values");
        Check.orthonormalColumns(d.u, m, k, 1e-13, "U");
        Check.orthonormalColumns(Dense.transpose(d.vh, k, n), n, k, 1e-13, "Vh^T");
        double[] us = d.u.clone();
        for (int i = 0; i < m; i++) {
            for (int j = 0; j < k; j++) {
                us[i * k + j] *= d.s[j];
            }
        }
        Check.close(a, Dense.matmul(us, d.vh, m, k, n), 1e-13, "U diag(s) Vh = A");
        Check.columnsUpToSign(SVD.get(key + "u").data(), d.u, m, k, 1e-9, "U vs NumPy");
        Svd full = Svd.of(a, m, n, true, true);
        Check.orthonormalColumns(full.u, m, m, 1e-13, "full U");
        Check.orthonormalColumns(Dense.transpose(full.vh, n, n), n, n, 1e-13, "full Vh^T");
        Check.close(SVD.get(key + "pinv").data(), MatrixFunctions.pinv(a, m, n, 1e-15), 1e-11, "pinv");
        assertEquals((long) SVD.get(key + "rank").scalar(),
                MatrixFunctions.matrixRank(a, m, n, Double.NaN, Math.max(m, n) * Math.ulp(1.0)), "matrix_rank");
    }

    @Test
    void rankDeficient() {
        double[] a = SVD.get("def__a").data();
        double[] s = Svd.values(a, 8, 6);
        Check.close(SVD.get("def__s").data(), s, 1e-12, "singular values of a rank-3 matrix");
        assertEquals(3L, (long) SVD.get("def__rank").scalar());
        assertEquals(3L, MatrixFunctions.matrixRank(a, 8, 6, Double.NaN, 8 * Math.ulp(1.0)));
        Check.close(SVD.get("def__pinv").data(), MatrixFunctions.pinv(a, 8, 6, 1e-15), 1e-9, "pinv of a rank-3 matrix");
        Svd full = Svd.of(a, 8, 6, true, true);
        Check.orthonormalColumns(full.u, 8, 8, 1e-13, "full U completed past the rank");
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"10x4", "4x10"})
    void lstsq(String shape) {
        int m = Integer.parseInt(shape.split("x")[0]);
        int n = Integer.parseInt(shape.split("x")[1]);
        String key = "lstsq" + m + "x" + n + "__";
        MatrixFunctions.Lstsq r = MatrixFunctions.lstsq(SVD.get(key + "a").data(), m, n, SVD.get(key + "b").data(), 2,
                Math.ulp(1.0) * Math.max(m, n));
        Check.close(SVD.get(key + "x").data(), r.x(), 1e-12, "x");
        Check.close(SVD.get(key + "res").data(), r.residuals(), 1e-11, "residuals");
        assertEquals((long) SVD.get(key + "rank").scalar(), r.rank());
        Check.close(SVD.get(key + "s").data(), r.s(), 1e-12, "s");
    }

    @Test
    void emptyMatricesGiveNumPysShapes() {
        assertEquals(1.0, Lu.factor(new double[0], 0).det(), "det of (0, 0) is 1");
        assertEquals(0, Lu.factor(new double[0], 0).inverse().length);
        assertEquals(0, Cholesky.lower(new double[0], 0).length);
        assertEquals(0, SymmetricEigen.of(new double[0], 0, false, true).values.length);
        Qr q30 = Qr.factor(new double[0], 3, 0);
        assertEquals(0, q30.q(false).length, "reduced Q of (3, 0) is (3, 0)");
        assertArrayEquals(Dense.identity(3), q30.q(true), "complete Q of (3, 0) is the identity");
        assertEquals(0, q30.r(true).length, "complete R of (3, 0) is (3, 0)");
        Svd s03 = Svd.of(new double[0], 0, 3, true, true);
        assertEquals(0, s03.s.length);
        assertEquals(0, s03.u.length, "u of (0, 3) is (0, 0)");
        assertArrayEquals(Dense.identity(3), s03.vh, "full vh of (0, 3) is a 3 x 3 orthonormal basis");
        Svd s30 = Svd.of(new double[0], 3, 0, true, true);
        assertArrayEquals(Dense.identity(3), s30.u, "full u of (3, 0)");
        assertEquals(0, s30.vh.length);
        assertEquals(0L, MatrixFunctions.matrixRank(new double[0], 0, 3, Double.NaN, 1e-15));
        assertEquals(0, MatrixFunctions.pinv(new double[0], 3, 0, 1e-15).length);
    }

    @Test
    void errorsCarryNumPysMessages() throws IOException {
        Map<String, String> numpy = new HashMap<>();
        try (InputStream in = getClass().getResourceAsStream("/linalg/errors.tsv")) {
            for (String line : new String(in.readAllBytes(), StandardCharsets.UTF_8).split("\n")) {
                String[] kv = line.split("\t");
                numpy.put(kv[0], kv[1]);
            }
        }
        LinAlgException e = assertThrows(LinAlgException.class, () -> Lu.factor(new double[] {1, 2, 2, 4}, 2).solve(new double[] {1, 1}, 1));
        assertEquals(numpy.get("solve"), e.getMessage());
        e = assertThrows(LinAlgException.class, () -> Lu.factor(new double[9], 3).inverse());
        assertEquals(numpy.get("inv"), e.getMessage());
        e = assertThrows(LinAlgException.class, () -> Cholesky.lower(new double[] {1, 2, 2, 1}, 2));
        assertEquals(numpy.get("cholesky"), e.getMessage());
        e = assertThrows(LinAlgException.class, () -> Cholesky.lower(new double[] {Double.NaN}, 1));
        assertEquals(LinAlgException.NOT_POSITIVE_DEFINITE, e.getMessage());
        // det and slogdet of a singular matrix do not raise (NumPy: 0.0 and (0.0, -inf))
        assertEquals(0.0, Lu.factor(new double[] {1, 2, 2, 4}, 2).det());
        assertArrayEquals(new double[] {0.0, Double.NEGATIVE_INFINITY}, Lu.factor(new double[9], 3).slogdet());
        // cond of a singular matrix is inf (NumPy ignores inv's error and maps the NaN to inf)
        assertEquals(Double.POSITIVE_INFINITY, MatrixFunctions.cond(new double[] {1, 2, 2, 4}, 2, 2, MatrixFunctions.NormOrd.ONE));
        assertEquals(1.0, Lu.factor(new double[0], 0).det(), "det of a 0 x 0 matrix");
    }
}
