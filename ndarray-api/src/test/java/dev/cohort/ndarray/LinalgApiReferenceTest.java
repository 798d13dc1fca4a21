package dev.cohort.ndarray;

import static dev.cohort.ndarray.Np.linalg;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cohort.tasks.linalg.LinAlgException;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The NumPy differential suite of the array layer's linear algebra: every case of
 * {@code tools/reference/linalg_api.py} (same inputs, read from its npz) on 1 and 3 shards with tiny tiles,
 * comparing shape, dtype and values (integers and bools exactly, floats to a tolerance), and NumPy's
 * error cases (exception class and message).
 */
@Timeout(value = 300, unit = TimeUnit.SECONDS)
class LinalgApiReferenceTest {
    static final long MIN_TILE = 4;

    static Path resource(String name) {
        try {
            return Path.of(LinalgApiReferenceTest.class.getResource("/reference/" + name).toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    static NdArray[] of(NdArray... a) {
        return a;
    }

    /** {@code U[:, :k] * S @ Vh[:k]}, after checking U's and Vh's shapes. */
    static NdArray reconstruct(Np.Linalg.SVDResult r, long m, long n, boolean full) {
        long k = Math.min(m, n);
        long[] us = full ? new long[] {m, m} : new long[] {m, k};
        long[] vs = full ? new long[] {n, n} : new long[] {k, n};
        if (!Arrays.equals(r.U().shape(), us) || !Arrays.equals(r.Vh().shape(), vs)) {
            throw new AssertionError("svd shapes U " + Arrays.toString(r.U().shape()) + " Vh " + Arrays.toString(r.Vh().shape()));
        }
        NdArray u = r.U().get(Np.all(), Np.slice(0, k));
        NdArray vh = r.Vh().get(Np.slice(0, k), Np.all());
        return u.multiply(r.S().get(Np.newaxis, Np.all())).matmul(vh);
    }

    static Map<String, Function<Map<String, NdArray>, NdArray[]>> cases() {
        Map<String, Function<Map<String, NdArray>, NdArray[]>> c = new LinkedHashMap<>();
        double inf = Double.POSITIVE_INFINITY;
        c.put("solve_vec", i -> of(linalg.solve(i.get("A"), i.get("Bv"))));
        c.put("solve_mat", i -> of(linalg.solve(i.get("A"), i.get("Bm"))));
        c.put("solve_batch", i -> of(linalg.solve(i.get("As"), i.get("Bs"))));
        c.put("solve_f32", i -> of(linalg.solve(i.get("A32"), i.get("Bv32"))));
        c.put("inv_A", i -> of(linalg.inv(i.get("A"))));
        c.put("inv_batch", i -> of(linalg.inv(i.get("As"))));
        c.put("inv_int", i -> of(linalg.inv(i.get("Ai"))));
        c.put("inv_f32", i -> of(linalg.inv(i.get("A32"))));
        c.put("det_A", i -> of(linalg.det(i.get("A"))));
        c.put("det_batch", i -> of(linalg.det(i.get("As"))));
        c.put("det_int", i -> of(linalg.det(i.get("Ai"))));
        c.put("det_empty", i -> of(linalg.det(i.get("Z"))));
        c.put("slogdet_A", i -> {
            Np.Linalg.SlogdetResult r = linalg.slogdet(i.get("A"));
            return of(r.sign(), r.logabsdet());
        });
        c.put("slogdet_batch", i -> {
            Np.Linalg.SlogdetResult r = linalg.slogdet(i.get("As"));
            return of(r.sign(), r.logabsdet());
        });
        c.put("cholesky_S", i -> of(linalg.cholesky(i.get("S"))));
        c.put("cholesky_upper", i -> of(linalg.cholesky(i.get("S"), true)));
        c.put("cholesky_batch", i -> of(linalg.cholesky(i.get("Ss"))));
        c.put("cholesky_f32", i -> of(linalg.cholesky(i.get("S32"))));
        c.put("qr_reduced", i -> {
            Np.Linalg.QRResult r = linalg.qr(i.get("R"));
            return of(r.Q(), r.R());
        });
        c.put("qr_complete", i -> {
            Np.Linalg.QRResult r = linalg.qr(i.get("R"), "complete");
            return of(r.Q(), r.R());
        });
        c.put("qr_r", i -> of(linalg.qr(i.get("R"), "r").R()));
        c.put("qr_wide", i -> {
            Np.Linalg.QRResult r = linalg.qr(i.get("W"));
            return of(r.Q(), r.R());
        });
        c.put("eigh_S", i -> {
            Np.Linalg.EighResult r = linalg.eigh(i.get("S"));
            return of(r.eigenvalues(), r.eigenvectors());
        });
        c.put("eigh_upper", i -> {
            Np.Linalg.EighResult r = linalg.eigh(i.get("Su"), "U");
            return of(r.eigenvalues(), r.eigenvectors());
        });
        c.put("eigvalsh_batch", i -> of(linalg.eigvalsh(i.get("Ss"))));
        c.put("svd_tall_full", i -> {
            Np.Linalg.SVDResult r = linalg.svd(i.get("R"));
            return of(r.S(), reconstruct(r, 6, 4, true));
        });
        c.put("svd_wide_reduced", i -> {
            Np.Linalg.SVDResult r = linalg.svd(i.get("W"), false);
            return of(r.S(), reconstruct(r, 3, 5, false));
        });
        c.put("svdvals_batch", i -> of(linalg.svdvals(i.get("As"))));
        c.put("lstsq_vec", i -> {
            NdArray a = i.get("R");
            NdArray b = a.matmul(Np.arange(4L).astype(Np.float64)).add(Np.arange(6L).multiply(0.1));
            Np.Linalg.LstsqResult r = linalg.lstsq(a, b);
            return of(r.x(), r.residuals(), r.rank(), r.s());
        });
        c.put("lstsq_mat", i -> {
            NdArray b = Np.array(new double[][] {{0, 1}, {1, 1}, {2, 1}, {3, 1}, {4, 1}, {5, 1}});
            Np.Linalg.LstsqResult r = linalg.lstsq(i.get("R"), b);
            return of(r.x(), r.residuals(), r.rank(), r.s());
        });
        c.put("lstsq_wide", i -> {
            Np.Linalg.LstsqResult r = linalg.lstsq(i.get("W"), Np.arange(3L).astype(Np.float64));
            return of(r.x(), r.residuals(), r.rank(), r.s());
        });
        c.put("pinv_R", i -> of(linalg.pinv(i.get("R"))));
        c.put("pinv_batch", i -> of(linalg.pinv(i.get("As"))));
        c.put("pinv_rank1", i -> of(linalg.pinv(i.get("Rank1"))));
        c.put("matrix_power_3", i -> of(linalg.matrix_power(i.get("A"), 3)));
        c.put("matrix_power_neg2", i -> of(linalg.matrix_power(i.get("A"), -2)));
        c.put("matrix_power_0", i -> of(linalg.matrix_power(i.get("A"), 0)));
        c.put("matrix_power_int5", i -> of(linalg.matrix_power(i.get("Ai"), 5)));
        c.put("matrix_rank_R", i -> of(linalg.matrix_rank(i.get("R"))));
        c.put("matrix_rank_rank1", i -> of(linalg.matrix_rank(i.get("Rank1"))));
        c.put("matrix_rank_batch", i -> of(linalg.matrix_rank(i.get("As"))));
        c.put("matrix_rank_vec", i -> of(linalg.matrix_rank(i.get("Bv"))));
        c.put("matrix_rank_tol", i -> of(linalg.matrix_rank(i.get("A"), 4.0, Double.NaN)));
        c.put("cond_A", i -> of(linalg.cond(i.get("A"))));
        c.put("cond_A_1", i -> of(linalg.cond(i.get("A"), 1)));
        c.put("cond_A_inf", i -> of(linalg.cond(i.get("A"), inf)));
        c.put("cond_A_fro", i -> of(linalg.cond(i.get("A"), "fro")));
        c.put("cond_A_m2", i -> of(linalg.cond(i.get("A"), -2)));
        c.put("cond_R", i -> of(linalg.cond(i.get("R"))));
        c.put("cond_batch", i -> of(linalg.cond(i.get("As"))));
        c.put("norm_flat", i -> of(linalg.norm(i.get("T3"))));
        c.put("norm_A_fro", i -> of(linalg.norm(i.get("A"), "fro")));
        c.put("norm_A_nuc", i -> of(linalg.norm(i.get("A"), "nuc")));
        c.put("norm_A_1", i -> of(linalg.norm(i.get("A"), 1)));
        c.put("norm_A_m1", i -> of(linalg.norm(i.get("A"), -1)));
        c.put("norm_A_2", i -> of(linalg.norm(i.get("A"), 2)));
        c.put("norm_A_m2", i -> of(linalg.norm(i.get("A"), -2)));
        c.put("norm_A_inf", i -> of(linalg.norm(i.get("A"), inf)));
        c.put("norm_A_minf", i -> of(linalg.norm(i.get("A"), -inf)));
        c.put("norm_v_0", i -> of(linalg.norm(i.get("Bv"), 0)));
        c.put("norm_v_1", i -> of(linalg.norm(i.get("Bv"), 1)));
        c.put("norm_v_2", i -> of(linalg.norm(i.get("Bv"), 2)));
        c.put("norm_v_3", i -> of(linalg.norm(i.get("Bv"), 3)));
        c.put("norm_v_half", i -> of(linalg.norm(i.get("Bv"), 0.5)));
        c.put("norm_v_inf", i -> of(linalg.norm(i.get("Bv"), inf)));
        c.put("norm_v_minf", i -> of(linalg.norm(i.get("Bv"), -inf)));
        c.put("norm_axis0", i -> of(linalg.norm(i.get("R"), 2, 0)));
        c.put("norm_axis1_keep", i -> of(linalg.norm(i.get("R"), 1, new int[] {1}, true)));
        c.put("norm_axes12_fro", i -> of(linalg.norm(i.get("T3"), "fro", new int[] {1, 2}, false)));
        c.put("norm_axes20_inf_keep", i -> of(linalg.norm(i.get("T3"), inf, new int[] {2, 0}, true)));
        c.put("norm_f32", i -> of(linalg.norm(i.get("A32"), 1, 0)));
        c.put("norm_int", i -> of(linalg.norm(i.get("Ai"), 2)));
        c.put("matmul_batch", i -> of(i.get("P").matmul(i.get("Q"))));
        c.put("matmul_batch_vec", i -> of(i.get("M245").matmul(i.get("V5"))));
        c.put("matmul_vec_batch", i -> of(i.get("V5").matmul(i.get("M25"))));
        c.put("matmul_int32", i -> of(i.get("I32a").matmul(i.get("I32b"))));
        c.put("matmul_bool", i -> of(i.get("Ba").matmul(i.get("Bb"))));
        c.put("dot_nd_2d", i -> of(Np.dot(i.get("T3"), i.get("M45"))));
        c.put("dot_nd_nd", i -> of(Np.dot(i.get("T3"), i.get("M245"))));
        c.put("outer", i -> of(Np.outer(i.get("M23"), i.get("Bv"))));
        c.put("inner", i -> of(Np.inner(i.get("M23"), i.get("M43"))));
        c.put("inner_vec", i -> of(Np.inner(i.get("Bv"), i.get("Bv"))));
        c.put("vdot", i -> of(Np.vdot(i.get("M23"), i.get("M32"))));
        c.put("tensordot_2", i -> of(Np.tensordot(i.get("C345"), i.get("C452"), 2)));
        c.put("tensordot_pairs", i -> of(Np.tensordot(i.get("C345"), i.get("C435"), new int[] {1, 0}, new int[] {0, 1})));
        c.put("tensordot_0", i -> of(Np.tensordot(i.get("Bv"), i.get("V3"), 0)));
        c.put("einsum_matmul", i -> of(Np.einsum("ij,jk->ik", i.get("M34"), i.get("M45"))));
        c.put("einsum_batch", i -> of(Np.einsum("bij,bjk->bik", i.get("E234"), i.get("E245"))));
        c.put("einsum_inner", i -> of(Np.einsum("i,i", i.get("Bv"), i.get("Bv"))));
        c.put("einsum_transpose", i -> of(Np.einsum("ij->ji", i.get("M34"))));
        c.put("einsum_sum", i -> of(Np.einsum("ij->", i.get("M34"))));
        c.put("einsum_outer", i -> of(Np.einsum("i,j->ij", i.get("Bv"), i.get("V3"))));
        c.put("einsum_rowdot", i -> of(Np.einsum("ij,ij->i", i.get("M34"), i.get("M34"))));
        c.put("einsum_implicit", i -> of(Np.einsum("ij,jk", i.get("M34"), i.get("M45"))));
        c.put("einsum_three", i -> of(Np.einsum("ij,jk,kl->il", i.get("M23"), i.get("M34"), i.get("M45"))));
        c.put("einsum_contract2", i -> of(Np.einsum("ijk,ikl->jl", i.get("E234"), i.get("E245"))));
        c.put("kron_2d", i -> of(Np.kron(i.get("M23"), i.get("K22"))));
        c.put("kron_1d", i -> of(Np.kron(i.get("Bv"), i.get("V3"))));
        c.put("kron_mixed", i -> of(Np.kron(i.get("V3"), i.get("K22"))));
        c.put("inv_view", i -> of(linalg.inv(i.get("A").get(Np.slice(null, null, -1L)).T())));
        c.put("solve_batch_vec", i -> of(linalg.solve(i.get("As"), i.get("Bv"))));
        c.put("det_stack_of_copies", i -> of(linalg.det(i.get("A").get(Np.newaxis).get(new Object[] {Np.slice(0, 1)}).add(Np.zeros(3, 1, 1)))));
        c.put("trace_2d", i -> of(Np.trace(i.get("A"))));
        c.put("trace_offset", i -> of(i.get("M34").trace(1)));
        c.put("trace_3d", i -> of(i.get("C345").trace()));
        c.put("trace_int32", i -> of(Np.trace(i.get("I32b"))));
        c.put("linalg_trace", i -> of(linalg.trace(i.get("As"))));
        c.put("matrix_transpose", i -> of(Np.matrix_transpose(i.get("E234"))));
        c.put("multi_dot", i -> of(linalg.multi_dot(i.get("V3"), i.get("M34"), i.get("M45"), i.get("V5"))));
        c.put("cross_3", i -> of(Np.cross(i.get("M23"), i.get("V3"))));
        c.put("cross_2_3", i -> of(Np.cross(i.get("K22"), i.get("V3"))));
        c.put("cross_2", i -> of(Np.cross(i.get("K22"), i.get("K22").get(Np.slice(null, null, -1L)))));
        return c;
    }

    static Map<String, Function<Map<String, NdArray>, Object>> errorCases() {
        Map<String, Function<Map<String, NdArray>, Object>> c = new LinkedHashMap<>();
        c.put("err_solve_vec", i -> linalg.solve(Np.ones(2, 2), Np.ones(3)));
        c.put("err_solve_mat", i -> linalg.solve(Np.ones(2, 2), Np.ones(3, 1)));
        c.put("err_inv_rect", i -> linalg.inv(Np.ones(2, 3)));
        c.put("err_inv_1d", i -> linalg.inv(Np.ones(3)));
        c.put("err_det_rect", i -> linalg.det(Np.ones(2, 3)));
        c.put("err_cholesky_1d", i -> linalg.cholesky(Np.ones(3)));
        c.put("err_norm_3d", i -> linalg.norm(Np.ones(2, 2, 2), 2));
        c.put("err_norm_order", i -> linalg.norm(Np.ones(2, 2), 3));
        c.put("err_norm_vec_fro", i -> linalg.norm(Np.ones(2), "fro"));
        c.put("err_norm_dup_axes", i -> linalg.norm(Np.ones(2, 2), null, new int[] {1, 1}, false));
        c.put("err_qr_mode", i -> linalg.qr(Np.ones(2, 2), "x"));
        c.put("err_eigh_uplo", i -> linalg.eigh(Np.ones(2, 2), "X"));
        c.put("err_lstsq_dims", i -> linalg.lstsq(Np.ones(2, 2), Np.ones(3)));
        c.put("err_matmul_core", i -> Np.matmul(Np.ones(2, 2, 3), Np.ones(3, 5, 4)));
        c.put("err_inner", i -> Np.inner(Np.ones(2, 3), Np.ones(2)));
        c.put("err_tensordot", i -> Np.tensordot(Np.ones(2, 3), Np.ones(4, 5), 1));
        c.put("err_vdot", i -> Np.vdot(Np.ones(3), Np.ones(4)));
        c.put("err_einsum_operands", i -> Np.einsum("ij,jk->ik", Np.ones(2, 3)));
        c.put("err_einsum_output", i -> Np.einsum("ij->ik", Np.ones(2, 3)));
        c.put("err_einsum_subscripts", i -> Np.einsum("ijk->ij", Np.ones(2, 3)));
        c.put("err_matrix_power_rect", i -> linalg.matrix_power(Np.ones(2, 3), 2));
        c.put("err_trace_1d", i -> Np.trace(Np.ones(3)));
        c.put("err_cross", i -> Np.cross(Np.ones(4), Np.ones(3)));
        c.put("err_multi_dot_one", i -> linalg.multi_dot(Np.ones(2, 2)));
        c.put("err_multi_dot_3d", i -> linalg.multi_dot(Np.ones(2, 2), Np.ones(2, 2, 2), Np.ones(2, 2)));
        return c;
    }

    /** Compares one result with NumPy's; returns a failure line or null. */
    static String compare(String what, NdArray got, NdArray want) {
        if (!Arrays.equals(got.shape(), want.shape())) {
            return what + ": shape " + Arrays.toString(got.shape()) + ", NumPy " + Arrays.toString(want.shape());
        }
        if (got.dtype() != want.dtype()) {
            return what + ": dtype " + got.dtype() + ", NumPy " + want.dtype();
        }
        if (!got.dtype().isFloating()) {
            long[] g = got.astype(DType.INT64).toLongArray();
            long[] w = want.astype(DType.INT64).toLongArray();
            return Arrays.equals(g, w) ? null : what + ": " + Arrays.toString(g) + ", NumPy " + Arrays.toString(w);
        }
        double[] g = got.toDoubleArray();
        double[] w = want.toDoubleArray();
        double scale = 0;
        for (double x : w) {
            if (Double.isFinite(x)) {
                scale = Math.max(scale, Math.abs(x));
            }
        }
        double tol = (got.dtype() == DType.FLOAT32 ? 2e-5 : 1e-10) * Math.max(1, scale);
        for (int k = 0; k < g.length; k++) {
            boolean same = Double.compare(g[k], w[k]) == 0 || Math.abs(g[k] - w[k]) <= tol;
            if (!same) {
                return what + ": element " + k + " is " + g[k] + ", NumPy " + w[k] + " (tolerance " + tol + ")";
            }
        }
        return null;
    }

    @ParameterizedTest(name = "every NumPy case on {0} shard(s), tiny tiles")
    @ValueSource(ints = {1, 3})
    void everyCaseMatchesNumPy(int shards) {
        Path npz = resource("linalg_api.npz");
        Map<String, Function<Map<String, NdArray>, NdArray[]>> cases = cases();
        List<List<String>> results = Cohort.run(new Cohort.Config().shards(shards).minTileVolume(MIN_TILE), () -> {
            List<String> failures = new ArrayList<>();
            try (NpzFile z = Np.load_npz(npz)) {
                Map<String, NdArray> in = new HashMap<>();
                int outputs = 0;
                for (String f : z.files()) {
                    if (f.startsWith("in.")) {
                        in.put(f.substring(3), z.get(f));
                    } else {
                        outputs++;
                    }
                }
                int compared = 0;
                for (Map.Entry<String, Function<Map<String, NdArray>, NdArray[]>> e : cases.entrySet()) {
                    try {
                        NdArray[] got = e.getValue().apply(in);
                        for (int k = 0; k < got.length; k++) {
                            String key = e.getKey() + "." + k;
                            if (!z.files().contains(key)) {
                                failures.add(key + ": no NumPy reference");
                                continue;
                            }
                            String f = compare(key, got[k], z.get(key));
                            compared++;
                            if (f != null) {
                                failures.add(f);
                            }
                        }
                    } catch (RuntimeException ex) {
                        failures.add(e.getKey() + ": " + ex);
                    }
                }
                if (compared != outputs) {
                    failures.add(compared + " outputs compared, the npz has " + outputs);
                }
            }
            return failures;
        });
        for (int s = 0; s < shards; s++) {
            assertTrue(results.get(s).isEmpty(), "shard " + s + ": " + results.get(s).size() + " failures:\n"
                    + String.join("\n", results.get(s)));
        }
    }

    @SuppressWarnings("unchecked")
    static Map<String, Map<String, Object>> numpyErrors() {
        try (InputStream in = LinalgApiReferenceTest.class.getResourceAsStream("/reference/linalg_api_errors.json")) {
            return (Map<String, Map<String, Object>>) new Reference.Json(new String(in.readAllBytes(), StandardCharsets.UTF_8)).parse();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static Class<? extends Throwable> javaClassOf(String numpyType) {
        return switch (numpyType) {
            case "LinAlgError" -> LinAlgException.class;
            case "ValueError" -> IllegalArgumentException.class;
            default -> throw new IllegalArgumentException("no Java class for NumPy's " + numpyType);
        };
    }

    @ParameterizedTest(name = "NumPy's errors at the call on {0} shard(s), the session goes on")
    @ValueSource(ints = {1, 3})
    void errorsAreNumPys(int shards) {
        Map<String, Map<String, Object>> want = numpyErrors();
        Map<String, Function<Map<String, NdArray>, Object>> cases = errorCases();
        assertEquals(want.keySet(), cases.keySet(), "the same error cases as the script");
        List<List<String>> results = Cohort.run(new Cohort.Config().shards(shards).minTileVolume(MIN_TILE), () -> {
            List<String> failures = new ArrayList<>();
            for (Map.Entry<String, Function<Map<String, NdArray>, Object>> e : cases.entrySet()) {
                Map<String, Object> w = want.get(e.getKey());
                Class<? extends Throwable> cls = javaClassOf((String) w.get("type"));
                try {
                    e.getValue().apply(Map.of());
                    failures.add(e.getKey() + ": nothing thrown, NumPy: " + w.get("message"));
                } catch (RuntimeException ex) {
                    if (!cls.isInstance(ex) || !w.get("message").equals(ex.getMessage())) {
                        failures.add(e.getKey() + ": " + ex + ", NumPy " + w.get("type") + ": " + w.get("message"));
                    }
                }
            }
            double after = linalg.det(Np.eye(3).multiply(2.0)).itemDouble();
            if (after != 7.999999999999998) { // sign * exp(logabsdet), NumPy's value too
                failures.add("det after the errors: " + after);
            }
            return failures;
        });
        for (int s = 0; s < shards; s++) {
            assertTrue(results.get(s).isEmpty(), "shard " + s + ":\n" + String.join("\n", results.get(s)));
        }
    }

    @ParameterizedTest(name = "a singular matrix raises LinAlgError at the call and nothing else fails, on {0} shard(s)")
    @ValueSource(ints = {1, 3})
    void numericalFailureFailsThatOperationOnly(int shards) {
        List<String[]> r = Cohort.run(new Cohort.Config().shards(shards).minTileVolume(MIN_TILE), () -> {
            NdArray sing = Np.array(new double[][] {{1, 2}, {2, 4}});
            String[] msgs = new String[3];
            try {
                linalg.inv(sing); // NumPy raises at the call
                msgs[0] = "no failure";
            } catch (RuntimeException e) {
                msgs[0] = e.getClass().getSimpleName() + ": " + e.getMessage();
            }
            try {
                linalg.cholesky(Np.array(new double[][] {{1, 2}, {2, 1}}));
                msgs[1] = "no failure";
            } catch (RuntimeException e) {
                msgs[1] = e.getClass().getSimpleName() + ": " + e.getMessage();
            }
            NdArray x = linalg.solve(Np.array(new double[][] {{2, 0}, {0, 4}}), Np.array(2.0, 2.0));
            msgs[2] = Arrays.toString(x.toDoubleArray()) + " det " + linalg.det(sing).itemDouble();
            return msgs;
        });
        for (int s = 0; s < shards; s++) {
            String[] m = r.get(s);
            assertEquals("LinAlgException: " + LinAlgException.SINGULAR, m[0], "shard " + s);
            assertEquals("LinAlgException: " + LinAlgException.NOT_POSITIVE_DEFINITE, m[1], "shard " + s);
            assertEquals("[1.0, 0.5] det 0.0", m[2], "shard " + s + ": later operations work");
        }
    }

    @Test
    void everyShardHoldsTheSameBits() {
        List<double[]> r = Cohort.run(new Cohort.Config().shards(3).minTileVolume(MIN_TILE), () -> {
            Np.random.seed(7);
            NdArray a = Np.random.rand(3, 6, 6).add(Np.eye(6).multiply(3.0));
            double[] inv = linalg.inv(a).toDoubleArray();
            double[] w = linalg.eigvalsh(a.add(a.transpose(0, 2, 1))).toDoubleArray();
            double[] out = Arrays.copyOf(inv, inv.length + w.length);
            System.arraycopy(w, 0, out, inv.length, w.length);
            return out;
        });
        for (int s = 1; s < 3; s++) {
            assertTrue(Arrays.equals(r.get(0), r.get(s)), "shard " + s + " holds other bits than shard 0");
        }
    }
}
