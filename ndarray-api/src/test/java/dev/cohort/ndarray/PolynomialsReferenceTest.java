package dev.cohort.ndarray;

import dev.cohort.tasks.linalg.LinAlgException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

import static dev.cohort.ndarray.Np.*;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Wave 4's eig/eigvals, polynomials, special functions, interp, unwrap, cumulative_*, geomspace, correlate, broadcast
 * and einsum_path against NumPy: every case of {@code reference/polynomials.json} ({@code tools/reference/polynomials.py})
 * on 1 and 3 shards with tiles of 2 elements. Shapes and dtypes exactly, integers exactly, floats within a tolerance
 * (eig-based results are not LAPACK's; exp/sin may differ by an ulp). Eigenvalues and roots are compared sorted; eig's
 * vectors are checked for {@code A v = w v} and unit norm, and against NumPy's up to sign. Error cases: NumPy's class
 * and message (a complex eig: Cohort's message); after them the same program goes on computing.
 */
class PolynomialsReferenceTest {

    static NdArray A() { return array(new double[][]{{4.0, 1.0, -2.0}, {0.5, 3.0, 1.0}, {-1.0, 2.0, 6.0}}); }
    static NdArray B() { return array(new double[][]{{2, 0, 0, 1}, {1, 3, 0, 0}, {0, 1, -1, 0}, {0, 0, 1, 5}}); }
    static NdArray R() { return array(new double[][]{{0, -1}, {1, 0}}); }
    static NdArray S() { return array(new double[]{2, 1, 1, 3, 1, 4, 0.5, -2}, 2, 2, 2); }
    static NdArray I3() { return array(new long[][]{{2, 1, 0}, {1, 3, 1}, {0, 1, 4}}); }
    static NdArray P() { return array(1.0, -6.0, 11.0, -6.0); }
    static NdArray Pz() { return array(0.0, 0.0, 2.0, -3.0, 1.0, 0.0, 0.0); }
    static NdArray X() { return array(-2.0, -0.5, 0.0, 0.75, 1.5, 3.0); }
    static NdArray Y() { return array(4.1, 0.2, -0.3, 0.9, 2.2, 9.5); }
    static NdArray Y2() { return stack(new NdArray[]{Y(), Y().multiply(2.0).subtract(X())}, 1); }
    static NdArray Wt() { return array(1.0, 2.0, 1.0, 0.5, 1.0, 3.0); }
    static NdArray Xi() { return array(3L, -1L, 2L, 0L, 5L); }
    static NdArray F32() { return array(0.25f, -1.5f, 2.0f, 7.5f); }
    static NdArray ones(long... s) { return Np.ones(s); }

    /** The eigenvalues of eig, sorted, after checking {@code a v = w v} and unit columns. */
    static NdArray checkedEig(NdArray a) {
        Linalg.EigResult r = linalg.eig(a);
        NdArray w = r.eigenvalues();
        NdArray v = r.eigenvectors();
        NdArray av = matmul(a, v);
        NdArray wv = v.multiply(w.get(Slice.NEWAXIS, Slice.all()));
        double err = av.subtract(wv).abs().max().itemDouble();
        assertTrue(err < 1e-12 * Math.max(1, a.abs().max().itemDouble()), "A v = w v: " + err);
        double[] norms = v.multiply(v).sum(0).sqrt().toDoubleArray();
        for (double n : norms) {
            assertEquals(1.0, n, 1e-14, "unit eigenvector");
        }
        return sort(w);
    }

    /** eig's vectors in sorted eigenvalue order, each column's largest component positive (as polynomials.py). */
    static NdArray fixedVectors(NdArray a) {
        Linalg.EigResult r = linalg.eig(a);
        double[] w = r.eigenvalues().toDoubleArray();
        int n = w.length;
        double[] v = r.eigenvectors().toDoubleArray();
        Integer[] order = new Integer[n];
        for (int i = 0; i < n; i++) {
            order[i] = i;
        }
        java.util.Arrays.sort(order, (x, y) -> Double.compare(w[x], w[y]));
        double[] out = new double[n * n];
        for (int c = 0; c < n; c++) {
            int src = order[c];
            int big = 0;
            for (int k = 1; k < n; k++) {
                if (Math.abs(v[k * n + src]) > Math.abs(v[big * n + src])) {
                    big = k;
                }
            }
            double sign = Math.signum(v[big * n + src]);
            for (int k = 0; k < n; k++) {
                out[k * n + c] = sign * v[k * n + src];
            }
        }
        return array(out, n, n);
    }

    static NdArray bcast(NdArray... arrays) {
        Broadcast b = broadcast(arrays);
        long[] s = b.shape();
        long[] out = java.util.Arrays.copyOf(s, s.length + 3);
        out[s.length] = b.ndim();
        out[s.length + 1] = b.size();
        out[s.length + 2] = b.numiter();
        assertEquals(b.ndim(), b.nd());
        return array(out);
    }

    static NdArray path(String sub, NdArray... ops) {
        EinsumPath p = einsum_path(sub, ops);
        List<Long> flat = new ArrayList<>();
        for (int[] step : p.path()) {
            for (int i : step) {
                flat.add((long) i);
            }
        }
        flat.add((long) p.path().size());
        return array(flat.stream().mapToLong(Long::longValue).toArray());
    }

    static final Map<String, Supplier<Object>> CASES = new LinkedHashMap<>();

    static void c(String name, Supplier<Object> s) {
        CASES.put(name, s);
    }

    static {
        c("eigvals_A", () -> sort(linalg.eigvals(A())));
        c("eigvals_B", () -> sort(linalg.eigvals(B())));
        c("eigvals_int", () -> sort(linalg.eigvals(I3())));
        c("eigvals_f32", () -> sort(linalg.eigvals(A().astype(float32))));
        c("eigvals_stack", () -> sort(linalg.eigvals(S()), -1));
        c("eig_A", () -> checkedEig(A()));
        c("eigvecs_A", () -> fixedVectors(A()));
        c("eigvecs_B", () -> fixedVectors(B()));
        c("roots_P", () -> sort(roots(P())));
        c("roots_zeros", () -> sort(roots(Pz())));
        c("roots_f32", () -> sort(roots(P().astype(float32))));
        c("roots_const", () -> roots(array(0.0, 5.0)));
        c("roots_allzero", () -> roots(zeros(3)));
        c("poly_1d", () -> poly(array(1.0, 2.0, 3.0)));
        c("poly_int", () -> poly(Xi()));
        c("poly_matrix", () -> poly(A()));
        c("poly_empty", () -> poly(zeros(0)));
        c("polyval_P", () -> polyval(P(), X()));
        c("polyval_int", () -> polyval(Xi(), array(1L, 2L, -3L)));
        c("polyval_f32", () -> polyval(F32(), array(1.5f, -2.0f)));
        c("polyval_scalar", () -> polyval(P(), 2.5));
        c("polyfit_2", () -> polyfit(X(), Y(), 2));
        c("polyfit_3_w", () -> polyfit(X(), Y(), 3, Wt()));
        c("polyfit_2d", () -> polyfit(X(), Y2(), 1));
        c("polyfit_int", () -> polyfit(Xi(), array(1L, 0L, 2L, 5L, 3L), 1));
        c("polyder_1", () -> polyder(P()));
        c("polyder_2", () -> polyder(P(), 2));
        c("polyder_int", () -> polyder(Xi(), 3));
        c("polyder_f32", () -> polyder(F32()));
        c("polyder_0", () -> polyder(P(), 0));
        c("polyint_1", () -> polyint(P()));
        c("polyint_2k", () -> polyint(P(), 2, 1.5, -2.0));
        c("polyint_k1", () -> polyint(Xi(), 3, 0.5));
        c("polyadd", () -> polyadd(P(), array(1.0, 2.0)));
        c("polyadd_int", () -> polyadd(array(1L, 2L), Xi()));
        c("polysub", () -> polysub(array(1.0, 2.0), P()));
        c("polymul", () -> polymul(P(), array(2.0, -1.0, 0.5)));
        c("polymul_int", () -> polymul(Xi(), array(1L, -1L)));
        c("polydiv", () -> List.of(polydiv(P(), array(1.0, -1.0))));
        c("polydiv_rem", () -> List.of(polydiv(array(3.0, 5.0, 2.0, 7.0), array(2.0, 1.0))));
        c("polydiv_short", () -> List.of(polydiv(array(1.0, 2.0), P())));
        c("polydiv_f32", () -> List.of(polydiv(F32(), array(2.0f, 1.0f))));
        c("vander", () -> vander(X()));
        c("vander_inc", () -> vander(Xi(), 4, true));
        c("vander_f32", () -> vander(F32(), 3));
        c("vander_0", () -> vander(X(), 0));
        c("i0", () -> i0(array(0.0, 0.5, -1.0, 3.25, 7.9, 8.0, 8.5, 20.0, -35.0)));
        c("i0_f32", () -> i0(F32()));
        c("i0_int", () -> i0(Xi()));
        c("kaiser_12", () -> kaiser(12, 14.0));
        c("kaiser_5", () -> kaiser(5, 0.5));
        c("kaiser_1", () -> kaiser(1, 3.0));
        c("kaiser_0", () -> kaiser(0, 3.0));
        c("sinc", () -> sinc(array(0.0, 0.5, -1.0, 1.5, 2.25, -3.0)));
        c("sinc_f32", () -> sinc(F32()));
        c("sinc_int", () -> sinc(Xi()));
        c("heaviside", () -> heaviside(array(-1.5, 0.0, 2.0, Double.NaN, -0.0), 0.5));
        c("heaviside_arr", () -> heaviside(Xi(), array(0.25, 0.75, 1.0, 0.5, 0.0)));
        c("heaviside_f32", () -> heaviside(F32(), array(0.5f).reshape()));
        c("fix", () -> fix(array(2.5, -2.5, 0.3, -0.3, 7.0, -0.0)));
        c("fix_int", () -> fix(Xi()));
        c("divmod", () -> List.of(divmod(array(7.0, -7.0, 7.5, -0.5), array(2.0, 2.0, -2.0, 3.0))));
        c("divmod_int", () -> List.of(divmod(Xi(), 2L)));
        c("ediff1d", () -> ediff1d(array(new long[][]{{1, 2}, {4, 8}})));
        c("ediff1d_ends", () -> ediff1d(X(), array(100.0, 200.0), array(new double[]{-9.0})));
        c("ediff1d_int_ends", () -> ediff1d(Xi(), array(new long[]{7L}), array(-1L, -2L)));
        c("interp", () -> interp(array(-3.0, -2.0, -1.0, 0.1, 1.5, 2.9, 3.0, 4.0, Double.NaN), X(), Y()));
        c("interp_lr", () -> interp(array(-3.0, 0.5, 4.0), X(), Y(), -1.0, 1.0));
        c("interp_period", () -> interp(array(-180.0, -170.0, 10.0, 190.0, 350.0), array(190.0, -190.0, 350.0, -350.0),
                array(5.0, 10.0, 3.0, 4.0), null, null, 360.0));
        c("interp_one", () -> interp(array(0.0, 1.0, 2.0), array(new double[]{1.0}), array(new double[]{7.0})));
        c("interp_int", () -> interp(Xi(), array(0L, 2L, 4L), array(1L, 5L, -1L)));
        c("unwrap", () -> unwrap(array(0.0, 0.78, 5.49, 6.28, 2.5, -3.0, 3.1)));
        c("unwrap_int", () -> unwrap(array(0L, 1L, 2L, 3L, 9L, 0L), null, -1, 4L));
        c("unwrap_int32", () -> unwrap(array(0L, 5L, 10L, 1L, 7L).astype(int32), null, -1, 6L));
        c("unwrap_bool", () -> unwrap(array(new boolean[]{true, false, true, true}), null, -1, 3L));
        c("unwrap_2d", () -> unwrap(array(new double[][]{{0.0, 3.0, 6.5}, {1.0, -3.0, 2.0}}), null, 0, 2 * Math.PI));
        c("unwrap_discont", () -> unwrap(array(0.0, 2.0, 4.0, 6.0, 1.0), 4.0, -1, 2 * Math.PI));
        c("cumulative_sum", () -> cumulative_sum(Xi()));
        c("cumulative_sum_init", () -> cumulative_sum(array(new double[][]{{1, 2}, {3, 4}}), 1, true));
        c("cumulative_prod_init", () -> cumulative_prod(Xi().astype(int32), null, true));
        c("cumulative_prod_ax0", () -> cumulative_prod(array(new double[][]{{1, 2}, {3, 4}}), 0, false));
        c("geomspace", () -> geomspace(1.0, 1000.0, 4));
        c("geomspace_neg", () -> geomspace(-1.0, -1000.0, 5));
        c("geomspace_noend", () -> geomspace(2.0, 512.0, 7, false));
        c("geomspace_1", () -> geomspace(3.0, 9.0, 1));
        c("correlate", () -> correlate(X(), array(1.0, 0.5, -1.0)));
        c("correlate_full", () -> correlate(array(1.0, 0.5, -1.0), X(), "full"));
        c("correlate_same_int", () -> correlate(Xi(), array(1L, 2L), "same"));
        c("broadcast", () -> bcast(ones(2, 1), ones(3)));
        c("broadcast_3", () -> bcast(ones(4, 1, 3), ones(5, 1), ones(new long[0])));
        c("einsum_path_3", () -> path("ij,jk,kl->il", ones(2, 3), ones(3, 4), ones(4, 5)));
        c("einsum_path_4", () -> path("ij,jk,kl,lm->im", ones(2, 3), ones(3, 4), ones(4, 5), ones(5, 2)));
        c("einsum_path_2", () -> path("ij,jk->ik", ones(2, 3), ones(3, 4)));
        c("einsum_path_implicit", () -> path("ea,fb,abcd,gc,hd", ones(10, 10), ones(10, 10), ones(10, 10, 10, 10),
                ones(10, 10), ones(10, 10)));
        c("einsum_path_outer", () -> path("i,j,k", ones(2), ones(3), ones(4)));
        // errors
        c("err_eig_complex", () -> linalg.eig(R()).eigenvalues());
        c("err_eig_1d", () -> linalg.eig(X()).eigenvalues());
        c("err_eigvals_rect", () -> linalg.eigvals(ones(2, 3)));
        c("err_eig_nan", () -> linalg.eig(array(new double[][]{{1, Double.NaN}, {0, 1}})).eigenvalues());
        c("err_roots_2d", () -> roots(ones(2, 2)));
        c("err_poly_3d", () -> poly(ones(2, 2, 2)));
        c("err_polyfit_deg", () -> polyfit(X(), Y(), -1));
        c("err_polyfit_len", () -> polyfit(X(), Y().get(Slice.of(0, 3)), 1));
        c("err_polyfit_x2d", () -> polyfit(ones(2, 2), ones(2), 1));
        c("err_polyfit_w", () -> polyfit(X(), Y(), 1, Wt().get(Slice.of(0, 2))));
        c("err_polyder_m", () -> polyder(P(), -1));
        c("err_polyint_m", () -> polyint(P(), -1));
        c("err_polyint_k", () -> polyint(P(), 3, 1.0, 2.0));
        c("err_vander_2d", () -> vander(ones(2, 2)));
        c("err_interp_len", () -> interp(X(), X(), Y().get(Slice.of(0, 3))));
        c("err_interp_empty", () -> interp(X(), zeros(0), zeros(0)));
        c("err_interp_period", () -> interp(X(), X(), Y(), null, null, 0.0));
        c("err_cumulative_axis", () -> cumulative_sum(ones(2, 2)));
        c("err_geomspace_zero", () -> geomspace(0.0, 1.0, 3));
        c("err_ediff1d_begin", () -> ediff1d(Xi(), null, array(new double[]{1.5})));
        c("err_broadcast", () -> bcast(ones(2), ones(3)));
        c("err_einsum_path_count", () -> path("ij,jk", ones(2, 3)));
        c("err_einsum_path_size", () -> path("ij,jk->ik", ones(2, 3), ones(5, 2)));
    }

    static final String RES = "/reference/polynomials.json";

    /** Absolute-and-relative tolerance of a case's floats. */
    static double tolerance(String name, String dtype) {
        if (dtype.equals("float32")) {
            return 2e-6;
        }
        if (name.startsWith("eig") || name.startsWith("roots") || name.startsWith("poly_matrix") || name.startsWith("polyfit")) {
            return 1e-11;
        }
        return 1e-13;
    }

    static String mismatch(String name, ManipulationReferenceTest.Want w, ManipulationReferenceTest.Got g) {
        if (w.error() != null) {
            if (name.equals("err_eig_complex")) {
                if (!(g.error() instanceof LinAlgException) || !g.error().getMessage().startsWith(w.message())) {
                    return "expected LinAlgException '" + w.message() + " ...', got " + g.error();
                }
                return null;
            }
            if (w.error().equals("LinAlgError") && g.error() != null && !(g.error() instanceof LinAlgException)) {
                return "threw " + g.error() + ", NumPy LinAlgError";
            }
            if (w.error().equals("TypeError") && g.error() != null && !(g.error() instanceof DTypeException)) {
                return "threw " + g.error() + ", NumPy TypeError";
            }
            return ManipulationReferenceTest.mismatch(w, g);
        }
        if (g.error() != null) {
            return "threw " + g.error();
        }
        if (g.results().size() != w.results().size()) {
            return g.results().size() + " results, NumPy " + w.results().size();
        }
        for (int i = 0; i < w.results().size(); i++) {
            Reference.Case c = w.results().get(i);
            Reference.Outcome o = g.results().get(i);
            if (!java.util.Arrays.equals(c.shape(), o.shape())) {
                return "result " + i + ": shape " + Shapes.str(o.shape()) + ", NumPy " + Shapes.str(c.shape());
            }
            if (!c.dtype().equals(o.dtype().numpyName())) {
                return "result " + i + ": dtype " + o.dtype().numpyName() + ", NumPy " + c.dtype();
            }
            if (c.dtype().startsWith("float")) {
                double tol = tolerance(name, c.dtype());
                for (int k = 0; k < c.values().size(); k++) {
                    double want = Reference.parseDouble(c.values().get(k));
                    double got = o.doubles()[k];
                    boolean ok = Double.isNaN(want) ? Double.isNaN(got)
                            : want == got || Math.abs(want - got) <= tol * Math.max(1, Math.abs(want));
                    if (!ok) {
                        return "result " + i + " element " + k + " is " + got + ", NumPy " + want + " (tolerance " + tol + ")";
                    }
                }
            } else {
                String bad = Reference.mismatch(c, o, true);
                if (bad != null) {
                    return "result " + i + ": " + bad;
                }
            }
        }
        return null;
    }

    @Test
    void everyCaseHasAReferenceAndEveryReferenceACase() {
        TreeSet<String> noCase = new TreeSet<>(ManipulationReferenceTest.load(RES).keySet());
        noCase.removeAll(CASES.keySet());
        TreeSet<String> noRef = new TreeSet<>(CASES.keySet());
        noRef.removeAll(ManipulationReferenceTest.load(RES).keySet());
        assertEquals("[] []", noCase + " " + noRef, "re-run tools/reference/polynomials.py");
    }

    @ParameterizedTest(name = "{0} shard(s)")
    @ValueSource(ints = {1, 3})
    @Timeout(value = 300, unit = TimeUnit.SECONDS)
    void matchesNumPy(int shards) {
        Map<String, ManipulationReferenceTest.Want> want = ManipulationReferenceTest.load(RES);
        List<String> failures = ManipulationReferenceTest.failures(shards, CASES, "eig_A",
                (name, got) -> mismatch(name, want.get(name), got));
        assertTrue(failures.isEmpty(), failures.size() + " failures:\n" + String.join("\n", failures));
    }

    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void einsumPathReportIsNumPys() {
        String report = Cohort.run(new Cohort.Config().shards(1), () ->
                einsum_path("ij,jk,kl->il", ones(2, 3), ones(3, 4), ones(4, 5)).report()).get(0);
        String numpy = String.join("\n",
                "  Complete contraction:  ij,jk,kl->il",
                "         Naive scaling:  4",
                "     Optimized scaling:  3",
                "      Naive FLOP count:  3.600e+02",
                "  Optimized FLOP count:  1.810e+02",
                "   Theoretical speedup:  1.989",
                "  Largest intermediate:  1.500e+01 elements",
                "-".repeat(74),
                "scaling                  current                                remaining",
                "-".repeat(74),
                "   3                   kl,jk->jl                                ij,jl->il",
                "   3                   jl,ij->il                                   il->il");
        assertEquals(numpy, report);
        assertEquals("['einsum_path', (1, 2), (0, 1)]", Cohort.run(new Cohort.Config().shards(1), () ->
                einsum_path("ij,jk,kl->il", ones(2, 3), ones(3, 4), ones(4, 5)).pathString()).get(0));
    }
}
