package dev.cohort.ndarray;

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
import java.util.function.Consumer;
import java.util.function.Supplier;

import static dev.cohort.ndarray.Np.*;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The indexing routines of {@link IndexRoutines} against NumPy: every case of {@code reference/index_routines.json}
 * (from {@code tools/reference/index_routines.py}) on 1 and 3 shards with tiles of 2 elements. Shapes, dtypes and
 * values bit for bit; for error cases the exception class (ValueError: {@link IllegalArgumentException}, TypeError:
 * {@link DTypeException}, AxisError: {@link AxisException}, IndexError: {@link NdIndexException}) and NumPy's message.
 * After the error cases the same program goes on computing.
 */
class IndexRoutinesReferenceTest {

    // inputs built as tools/reference/index_routines.py builds them
    static NdArray F() { return arange(12).reshape(3, 4).divide(4.0).subtract(1.0); }
    static NdArray G() { return arange(24).reshape(2, 3, 4); }
    static NdArray V() { return arange(5).multiply(1.5); }
    static NdArray W() { return arange(3).astype(int32); }
    static NdArray IX() { return array(new long[][]{{3, 0}, {-1, 1}, {2, 2}}); }
    static NdArray eye2() { return eye(2); }

    static final Map<String, Supplier<Object>> CASES = new LinkedHashMap<>();

    static void c(String name, Supplier<Object> s) {
        CASES.put(name, s);
    }

    /** An in-place case: the array after {@code call} changed it. */
    static Supplier<Object> inplace(Supplier<NdArray> a, Consumer<NdArray> call) {
        return () -> {
            NdArray x = a.get();
            call.accept(x);
            return x;
        };
    }

    static NdArray zerosI(long... shape) { return zeros(shape).astype(int64); }

    static {
        c("take_along_axis_1", () -> take_along_axis(F(), IX(), 1));
        c("take_along_axis_0", () -> take_along_axis(F(), array(new long[][]{{2, 0, 1, 0}}), 0));
        c("take_along_axis_argsort", () -> take_along_axis(G(), argsort(G().negative(), 2), 2));
        c("take_along_axis_bcast", () -> take_along_axis(G(), array(new long[]{1, 2}, 2, 1, 1), 1));
        c("take_along_axis_none", () -> take_along_axis(F(), array(11L, 0L, -12L, 5L)));
        c("take_along_axis_int32", () -> take_along_axis(F(), IX().astype(int32), -1));
        c("put_along_axis_1", inplace(() -> F(), a -> put_along_axis(a, IX(), array(new double[]{10, 20, 30}, 3, 1), 1)));
        c("put_along_axis_scalar", inplace(() -> G(), a -> put_along_axis(a, array(new long[]{0, 2, 1}, 1, 3, 1), 99L, 2)));
        c("put_along_axis_repeat", inplace(() -> F(), a -> put_along_axis(a, array(new long[][]{{0, 0, 0, 0}}), array(new double[][]{{1, 2, 3, 4}}), 0)));
        c("put_along_axis_none", inplace(() -> F(), a -> IndexRoutines.putAlongAxis(a, array(1L, 7L), 5.5, null)));
        c("choose", () -> choose(array(new long[][]{{0, 1, 2, 1}, {0, 1, 2, 1}, {0, 1, 2, 1}}), List.of(F(), F().multiply(2L), arange(4))));
        c("choose_stacked", () -> choose(array(1L, 0L, 1L, 1L, 0L), stack(V(), V().add(10L))));
        c("choose_wrap", () -> choose(array(0L, 5L, -1L), List.of(W(), W().multiply(10L)), "wrap"));
        c("choose_clip", () -> choose(array(0L, 5L, -1L), List.of(W(), W().multiply(10L)), "clip"));
        c("choose_bool", () -> choose(array(true, false, true), List.of(W(), W().add(7L))));
        c("choose_method", () -> array(1L, 0L, 1L).choose(List.of(W(), W().multiply(3L))));
        c("compress_axis0", () -> compress(array(true, false, true), F(), 0));
        c("compress_axis1_short", () -> compress(array(false, true), F(), 1));
        c("compress_long_false", () -> compress(array(1L, 0L, 1L, 1L, 0L, 0L), V(), 0));
        c("compress_flat", () -> compress(array(1L, 0L, 1L, 1L, 0L, 0L, 0L, 1L), F()));
        c("compress_method", () -> G().compress(array(0L, 1L, 1L, 0L), 2));
        c("extract", () -> extract(equal(mod(G(), 3L), 0L), G()));
        c("extract_float_cond", () -> extract(F(), F()));
        c("place", inplace(() -> G(), a -> place(a, a.greater(15L), array(-1L, -2L, -3L))));
        c("place_none", inplace(() -> F(), a -> place(a, a.greater(100L), zeros(0))));
        c("putmask", inplace(() -> G(), a -> putmask(a, a.greater(15L), array(-1L, -2L, -3L))));
        c("putmask_float", inplace(() -> F(), a -> putmask(a, F().less(0L), array(7.5, 8.5))));
        c("putmask_empty_values", inplace(() -> F(), a -> putmask(a, F().less(0L), zeros(0))));
        c("select", () -> select(List.of(F().less(-0.5), F().greater(0.5)), List.of(F().multiply(10L), F().multiply(100L))));
        c("select_default", () -> select(List.of(G().less(5L), G().greater(20L)), List.of(G(), G().negative()), 1.5));
        c("select_bcast", () -> select(List.of(equal(mod(arange(4), 2L), 0L)), List.of(F()), arange(4).multiply(1.0)));
        c("select_int32", () -> select(List.of(W().greater(0L)), List.of(W())));
        c("diag_indices", () -> List.of(diag_indices(4)));
        c("diag_indices_3", () -> List.of(diag_indices(2, 3)));
        c("diag_indices_from", () -> List.of(diag_indices_from(zeros(3, 3, 3))));
        c("fill_diagonal", inplace(() -> zeros(5, 3), a -> fill_diagonal(a, 7.0)));
        c("fill_diagonal_wrap", inplace(() -> zeros(7, 3), a -> fill_diagonal(a, array(1.0, 2.0), true)));
        c("fill_diagonal_wide", inplace(() -> zeros(3, 5), a -> fill_diagonal(a, array(1.0, 2.0), false)));
        c("fill_diagonal_3d", inplace(() -> zerosI(3, 3, 3), a -> fill_diagonal(a, 4L)));
        c("fill_diagonal_cast", inplace(() -> zerosI(3, 3), a -> fill_diagonal(a, 1.5)));
        c("tril_indices", () -> List.of(tril_indices(4)));
        c("tril_indices_km", () -> List.of(tril_indices(3, 1, 4)));
        c("triu_indices", () -> List.of(triu_indices(4, 1)));
        c("triu_indices_km", () -> List.of(triu_indices(3, -1, 2)));
        c("tril_indices_empty", () -> List.of(tril_indices(0)));
        c("tril_indices_from", () -> List.of(tril_indices_from(F(), -1)));
        c("triu_indices_from", () -> List.of(triu_indices_from(F())));
        c("mask_indices_triu", () -> List.of(mask_indices(3, Np::triu, 1)));
        c("mask_indices_tril", () -> List.of(mask_indices(4, Np::tril, -2)));
        c("ix", () -> List.of(ix_(array(0L, 2L), array(true, false, true, true))));
        c("ix_take", () -> {
            NdArray[] ix = ix_(array(0L, 2L), array(3L, 1L));
            return take(F(), add(multiply(ix[0], 4L), ix[1])); // F()[ix_(...)] through flat indices
        });
        c("ravel_multi_index", () -> ravel_multi_index(new NdArray[]{array(3L, 6L, 6L), array(4L, 5L, 1L)}, 7, 6));
        c("ravel_multi_index_f", () -> ravel_multi_index(new NdArray[]{array(3L, 6L, 6L), array(4L, 5L, 1L)}, new long[]{7, 6}, new String[]{"raise"}, 'F'));
        c("ravel_multi_index_wrap", () -> ravel_multi_index(new NdArray[]{array(3L, 7L, 6L), array(4L, 5L, -1L)}, new long[]{7, 6}, "wrap"));
        c("ravel_multi_index_modes", () -> ravel_multi_index(new NdArray[]{array(3L, 7L, 6L), array(4L, 5L, -1L)}, new long[]{7, 6}, new String[]{"clip", "wrap"}, 'C'));
        c("ravel_multi_index_bcast", () -> ravel_multi_index(new NdArray[]{array(new long[]{0, 1}, 2, 1), array(0L, 2L, 3L), array(new long[]{1})}, 2, 4, 3));
        c("unravel_index", () -> List.of(unravel_index(array(22L, 41L, 37L), 7, 6)));
        c("unravel_index_f", () -> List.of(unravel_index(array(31L, 41L, 13L), new long[]{7, 6}, 'F')));
        c("unravel_index_2d", () -> List.of(unravel_index(array(new long[][]{{1, 5}, {7, 23}}), 2, 3, 4)));
        c("block_2x2", () -> block(new NdArray[][]{{eye2(), G().get("0, :2, :2")}, {G().get("1, :2, :2"), eye2()}}));
        c("block_1d", () -> block(V(), W()));
        c("block_rows", () -> block(new NdArray[][]{{V()}, {V()}}));
        c("block_3d_mixed", () -> block(new NdArray[][][]{{{G().get(0L), G().get(1L)}}}));
        c("block_0d", () -> block(new NdArray[][]{{scalar(1.0)}, {scalar(2.0)}}));
        c("block_single", () -> IndexRoutines.block(F()));
        // errors
        c("err_take_along_axis_ndim", () -> take_along_axis(F(), array(0L, 1L), 1));
        c("err_take_along_axis_float", () -> take_along_axis(F(), array(new double[][]{{0.0}}), 1));
        c("err_take_along_axis_bounds", () -> take_along_axis(F(), array(new long[][]{{5}}), 1));
        c("err_take_along_axis_axis", () -> take_along_axis(F(), array(new long[][]{{0}}), 2));
        c("err_take_along_axis_none", () -> take_along_axis(F(), array(new long[][]{{1, 2}})));
        c("err_take_along_axis_bcast", () -> take_along_axis(F(), array(new long[][]{{0}, {1}}), 1));
        c("err_put_along_axis_values", inplace(() -> F(), a -> put_along_axis(a, IX(), array(1.0, 2.0, 3.0), 1)));
        c("err_choose_range", () -> choose(array(0L, 3L, 1L), List.of(W(), W())));
        c("err_choose_negative", () -> choose(array(0L, -1L, 1L), List.of(W(), W())));
        c("err_choose_float", () -> choose(array(0.0, 1.0), List.of(W().get(":2"), W().get(":2"))));
        c("err_choose_empty", () -> choose(array(0L, 1L), List.of()));
        c("err_choose_mode", () -> choose(array(0L, 1L, 0L), List.of(W(), W()), "foo"));
        c("err_choose_shape", () -> choose(array(0L, 1L), List.of(V().get(":4"), V().get(":4"))));
        c("err_compress_2d", () -> compress(array(new boolean[][]{{true, false}}), V(), 0));
        c("err_compress_long", () -> compress(array(true, false, true, true, true, true), F().get(0L), 0));
        c("err_compress_axis1", () -> compress(array(0L, 0L, 0L, 0L, 1L), F(), 1));
        c("err_compress_axis", () -> compress(array(new boolean[]{true}), F(), 3));
        c("err_place_cast", inplace(() -> G(), a -> place(a, equal(mod(a, 5L), 0L), array(1.9, -2.9))));
        c("err_place_empty", inplace(() -> G(), a -> place(a, a.greater(4L), zerosI(0))));
        c("err_place_size", inplace(() -> G(), a -> place(a, array(true, false), array(new long[]{1}))));
        c("err_putmask_size", inplace(() -> G(), a -> putmask(a, array(true, false), array(new long[]{1}))));
        c("err_select_len", () -> select(List.of(F().greater(0L), F().greater(1L)), List.of(F())));
        c("err_select_empty", () -> select(List.of(), List.of()));
        c("err_select_bool", () -> select(List.of(G()), List.of(G())));
        c("err_diag_indices_from_1d", () -> List.of(diag_indices_from(V())));
        c("err_diag_indices_from_rect", () -> List.of(diag_indices_from(F())));
        c("err_fill_diagonal_1d", inplace(() -> zeros(3), a -> fill_diagonal(a, 1.0)));
        c("err_fill_diagonal_3d", inplace(() -> zeros(3, 3, 2), a -> fill_diagonal(a, 1.0)));
        c("err_tril_indices_from_1d", () -> List.of(tril_indices_from(V())));
        c("err_triu_indices_from_3d", () -> List.of(triu_indices_from(G())));
        c("err_ix_2d", () -> List.of(ix_(F())));
        c("err_ravel_multi_index_range", () -> ravel_multi_index(new NdArray[]{array(3L, 7L, 6L), array(4L, 5L, 1L)}, 7, 6));
        c("err_ravel_multi_index_negative", () -> ravel_multi_index(new NdArray[]{array(3L, -1L), array(4L, 5L)}, 7, 6));
        c("err_ravel_multi_index_len", () -> ravel_multi_index(new NdArray[]{array(3L, 6L)}, 7, 6));
        c("err_ravel_multi_index_float", () -> ravel_multi_index(new NdArray[]{array(3.0, 6.0), array(1L, 2L)}, 7, 6));
        c("err_ravel_multi_index_mode", () -> ravel_multi_index(new NdArray[]{array(3L, 4L), array(1L, 2L)}, new long[]{7, 6}, "foo"));
        c("err_ravel_multi_index_order", () -> ravel_multi_index(new NdArray[]{array(3L, 4L), array(1L, 2L)}, new long[]{7, 6}, new String[]{"raise"}, 'X'));
        c("err_ravel_multi_index_bcast", () -> ravel_multi_index(new NdArray[]{array(3L, 4L), array(1L, 2L, 3L)}, 7, 6));
        c("err_unravel_index_high", () -> List.of(unravel_index(array(3L, 42L), 7, 6)));
        c("err_unravel_index_negative", () -> List.of(unravel_index(array(new long[]{-1}), 7, 6)));
        c("err_unravel_index_float", () -> List.of(unravel_index(array(new double[]{1.0}), 7, 6)));
        c("err_block_depth", () -> block(List.of(List.of(eye2(), eye2()), eye2())));
        c("err_block_empty", () -> block(List.of()));
        c("err_block_inner_empty", () -> block(List.of(List.of())));
        c("err_block_shape", () -> block(new NdArray[][]{{eye2()}, {V()}}));
    }

    static String mismatch(ManipulationReferenceTest.Want w, ManipulationReferenceTest.Got g) {
        if (w.error() != null && g.error() != null && w.error().equals("TypeError")) {
            if (!(g.error() instanceof DTypeException)) {
                return "threw " + g.error() + ", NumPy TypeError: " + w.message();
            }
            return w.message().equals(g.error().getMessage()) ? null
                    : "message '" + g.error().getMessage() + "', NumPy '" + w.message() + "'";
        }
        return ManipulationReferenceTest.mismatch(w, g);
    }

    @Test
    void everyCaseHasAReferenceAndEveryReferenceACase() {
        TreeSet<String> noCase = new TreeSet<>(ManipulationReferenceTest.load("/reference/index_routines.json").keySet());
        noCase.removeAll(CASES.keySet());
        TreeSet<String> noRef = new TreeSet<>(CASES.keySet());
        noRef.removeAll(ManipulationReferenceTest.load("/reference/index_routines.json").keySet());
        assertEquals("[] []", noCase + " " + noRef, "re-run tools/reference/index_routines.py");
    }

    @ParameterizedTest(name = "{0} shard(s)")
    @ValueSource(ints = {1, 3})
    @Timeout(value = 300, unit = TimeUnit.SECONDS)
    void matchesNumPy(int shards) {
        Map<String, ManipulationReferenceTest.Want> want = ManipulationReferenceTest.load("/reference/index_routines.json");
        List<String> failures = ManipulationReferenceTest.failures(shards, CASES, "take_along_axis_1",
                (name, got) -> mismatch(want.get(name), got));
        assertTrue(failures.isEmpty(), failures.size() + " failures:\n" + String.join("\n", failures));
    }
}
