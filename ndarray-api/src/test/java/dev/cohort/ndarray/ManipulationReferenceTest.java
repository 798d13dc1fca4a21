package dev.cohort.ndarray;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
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
 * The array manipulation family against NumPy: every case of {@code reference/manipulation.json} (from
 * {@code tools/reference/manipulation.py}) on 1 and 3 shards with tiles of 2 elements, so results are
 * written by several tiled launches across shards. Shapes, dtypes and every value exactly (these are
 * copies, so bit for bit; traces, which are sums, within 1e-12 relative), and for error cases the exception class
 * (ValueError: {@link IllegalArgumentException}, AxisError: {@link AxisException}, IndexError:
 * {@link NdIndexException}) and NumPy's message.
 */
class ManipulationReferenceTest {

    // inputs built as tools/reference/manipulation.py builds them
    static NdArray F() { return arange(12).reshape(3, 4).divide(4.0).subtract(1.0); }
    static NdArray G() { return arange(24).reshape(2, 3, 4); }
    static NdArray V() { return arange(5).multiply(1.5); }
    static NdArray W() { return arange(3).astype(int32); }
    static NdArray Bm() { return arange(6).reshape(2, 3).greater(1.0); }
    static NdArray S() { return arange(24).reshape(4, 6).divide(3.0); }
    static NdArray Z() { return scalar(7.0); }

    static final Map<String, Supplier<Object>> CASES = new LinkedHashMap<>();

    static void c(String name, Supplier<Object> s) {
        CASES.put(name, s);
    }

    static {
        c("concatenate_axis0", () -> concatenate(new NdArray[]{F(), S().get(":2, :4")}, 0));
        c("concatenate_axis1", () -> concatenate(new NdArray[]{F(), F().get(":, :1"), F()}, 1));
        c("concatenate_neg_axis", () -> concatenate(new NdArray[]{G(), G()}, -1));
        c("concatenate_promote", () -> concatenate(W(), V()));
        c("concatenate_bool_int", () -> concatenate(new NdArray[]{Bm(), G().get("0, :2, :3")}, 1));
        c("concatenate_none", () -> concatenate_flat(F(), V(), Z()));
        c("concatenate_views", () -> concatenate(new NdArray[]{S().get("::2, ::3"), S().get("1::2, 1::3").T().T()}, 0));
        c("concatenate_empty_piece", () -> concatenate(new NdArray[]{F().get(":0"), F()}, 0));
        c("stack_axis0", () -> stack(V(), V().multiply(2L)));
        c("stack_axis1", () -> stack(new NdArray[]{F(), F().add(1L)}, 1));
        c("stack_axis_last", () -> stack(new NdArray[]{F(), F()}, -1));
        c("hstack_1d", () -> hstack(V(), W()));
        c("hstack_2d", () -> hstack(F(), F().get(":, 1:")));
        c("vstack_1d", () -> vstack(V(), V()));
        c("vstack_2d", () -> vstack(F(), S().get(":1, :4")));
        c("dstack", () -> dstack(F(), F()));
        c("dstack_1d", () -> dstack(V(), V()));
        c("column_stack", () -> column_stack(V(), V().add(1L), arange(10).reshape(5, 2)));
        c("split_equal", () -> split(S(), 3, 1));
        c("split_indices", () -> split(V(), new long[]{1, 3}, 0));
        c("split_indices_clip", () -> split(V(), new long[]{2, 10}, 0));
        c("array_split", () -> array_split(V(), 3));
        c("array_split_axis1", () -> array_split(S(), 4, 1));
        c("hsplit", () -> hsplit(F(), 2));
        c("vsplit", () -> vsplit(S(), new long[]{1}));
        c("dsplit", () -> dsplit(G(), 2));
        c("squeeze_all", () -> squeeze(F().reshape(1, 3, 1, 4)));
        c("squeeze_axis", () -> squeeze(F().reshape(1, 3, 1, 4), 2));
        c("expand_dims_0", () -> expand_dims(V(), 0));
        c("expand_dims_multi", () -> expand_dims(F(), 0, 3));
        c("expand_dims_neg", () -> expand_dims(F(), -1));
        c("swapaxes", () -> swapaxes(G(), 0, 2));
        c("moveaxis", () -> moveaxis(G(), 0, -1));
        c("moveaxis_multi", () -> moveaxis(G(), new int[]{0, 1}, new int[]{-1, -2}));
        c("atleast_1d", () -> atleast_1d(Z()));
        c("atleast_2d", () -> atleast_2d(V()));
        c("atleast_3d_1d", () -> atleast_3d(V()));
        c("atleast_3d_2d", () -> atleast_3d(F()));
        c("broadcast_to", () -> broadcast_to(V(), 3, 5));
        c("broadcast_to_col", () -> broadcast_to(F().get(":, :1"), 2, 3, 4));
        c("broadcast_arrays", () -> broadcast_arrays(F().get(":, :1"), V().get(":4")));
        c("flip_all", () -> flip(F()));
        c("flip_axis", () -> flip(G(), 1));
        c("fliplr", () -> fliplr(F()));
        c("flipud", () -> flipud(S()));
        c("rot90", () -> rot90(F()));
        c("rot90_k2", () -> rot90(F(), 2));
        c("rot90_k3_axes", () -> rot90(G(), 3, 1, 2));
        c("rot90_kneg", () -> rot90(F(), -1));
        c("roll_axis0", () -> roll(S(), 1, 0));
        c("roll_axis1_neg", () -> roll(S(), -2, 1));
        c("roll_flat", () -> roll(F(), 5));
        c("roll_multi", () -> roll(G(), new long[]{1, 2}, new int[]{1, 2}));
        c("roll_big_shift", () -> roll(V(), 13));
        c("roll_zero", () -> roll(V(), 0));
        c("tile_1d", () -> tile(V(), 3));
        c("tile_2d", () -> tile(F(), 2, 3));
        c("tile_more_reps", () -> tile(W(), 2, 1, 2));
        c("tile_fewer_reps", () -> tile(G(), 2));
        c("tile_big", () -> tile(W(), 11));
        c("tile_zero", () -> tile(F(), 0, 2));
        c("repeat_scalar_flat", () -> repeat(F(), 2));
        c("repeat_axis0", () -> repeat(F(), 3, 0));
        c("repeat_axis1_many", () -> repeat(F(), 7, 1));
        c("repeat_counts", () -> repeat(V(), new long[]{1, 0, 3, 3, 2}));
        c("repeat_counts_axis", () -> repeat(F(), new long[]{2, 2, 1}, 0));
        c("repeat_counts_one", () -> repeat(W(), new long[]{2}));
        c("repeat_bool", () -> repeat(Bm(), 2, 1));
        c("repeat_method", () -> S().repeat(2, 0));
        c("pad_constant", () -> pad(F(), 1));
        c("pad_constant_value", () -> pad(G(), new long[][]{{0, 0}, {1, 2}, {2, 0}}, "constant", 9));
        c("pad_edge", () -> pad(F(), new long[][]{{1, 2}, {2, 1}}, "edge"));
        c("pad_wrap", () -> pad(F(), new long[][]{{2, 1}, {3, 4}}, "wrap"));
        c("pad_reflect", () -> pad(F(), new long[][]{{2, 1}, {3, 2}}, "reflect"));
        c("pad_symmetric", () -> pad(F(), new long[][]{{3, 1}, {4, 2}}, "symmetric"));
        c("pad_reflect_wide", () -> pad(F(), new long[][]{{7, 2}, {1, 9}}, "reflect"));
        c("pad_symmetric_wide", () -> pad(V(), new long[][]{{12, 6}}, "symmetric"));
        c("pad_wrap_wide", () -> pad(F(), new long[][]{{5, 8}, {9, 0}}, "wrap"));
        c("pad_reflect_len1", () -> pad(F().get(":1"), new long[][]{{3, 4}, {0, 0}}, "reflect"));
        c("pad_edge_1d", () -> pad(V(), new long[][]{{2, 3}}, "edge"));
        c("pad_int32", () -> pad(W(), new long[][]{{2}}, "constant", -1));
        c("tri", () -> tri(3, 5, 1));
        c("tri_int", () -> tri(4, 3, -1, int64));
        c("tri_negative", () -> tri(-1, 3, 0));
        c("tril", () -> tril(S()));
        c("tril_k", () -> tril(S(), -1));
        c("triu", () -> triu(S()));
        c("triu_k", () -> triu(G(), 1));
        c("triu_bool", () -> triu(Bm()));
        c("tril_1d", () -> tril(V()));
        c("diag_1d", () -> diag(V()));
        c("diag_1d_k", () -> diag(W(), 2));
        c("diag_1d_kneg", () -> diag(V(), -1));
        c("diag_2d", () -> diag(S()));
        c("diag_2d_k", () -> diag(S(), 2));
        c("diag_2d_kneg", () -> diag(S(), -3));
        c("diagonal", () -> diagonal(F()));
        c("diagonal_3d", () -> diagonal(G(), 1, 1, 2));
        c("diagonal_3d_axes", () -> diagonal(G(), 0, 0, 2));
        c("diagonal_out_of_range", () -> diagonal(F(), 7));
        c("trace", () -> trace(S()));
        c("trace_k", () -> trace(S(), 1, 0, 1));
        c("trace_int", () -> trace(G()));
        c("trace_int32", () -> trace(diag(W())));
        c("trace_method", () -> F().trace(-1, 0, 1));
        c("identity", () -> identity(4));
        c("identity_int", () -> identity(3, int32));
        c("meshgrid_xy", () -> meshgrid(V(), W()));
        c("meshgrid_ij", () -> meshgrid("ij", false, true, V(), W()));
        c("meshgrid_3", () -> meshgrid("xy", false, true, W(), V().get(":2"), W()));
        c("meshgrid_sparse", () -> meshgrid("xy", true, true, V(), W()));
        c("indices", () -> indices(2, 3));
        c("indices_3d", () -> indices(2, 1, 3));
        c("ascontiguousarray_view", () -> ascontiguousarray(S().get("::2, 1::2")));
        c("ascontiguousarray_0d", () -> ascontiguousarray(Z()));
        c("append_flat", () -> append(F(), V()));
        c("append_axis", () -> append(F(), S().get(":2, :4"), 0));
        c("insert_flat", () -> insert(V(), 2, W()));
        c("insert_axis1", () -> insert(G().get(0L), 1, array(7L, 8L, 9L), 1));
        c("insert_end", () -> insert(F(), 3, V().get(":4"), 0));
        c("insert_scalar", () -> insert(W(), -1, 5.7, 0));
        c("insert_cast", () -> insert(G().get(1L), 0, F().get(":2, 0").multiply(3L), 1));
        c("delete_flat", () -> delete(F(), new long[]{0, 5, 11, 5}));
        c("delete_axis", () -> delete(S(), new long[]{1, -1}, 1));
        c("delete_all", () -> delete(V(), new long[]{0, 1, 2, 3, 4}, 0));
        c("resize_grow", () -> resize(W(), 2, 4));
        c("resize_shrink", () -> resize(F(), 5));
        c("rollaxis", () -> rollaxis(G(), 2));
        c("rollaxis_start", () -> rollaxis(G(), 0, 2));
        c("unstack", () -> unstack(F(), 1));
        c("diagflat", () -> diagflat(F().get(":2, :2"), 1));
        c("broadcast_shapes", () -> zeros(broadcast_shapes(new long[]{3, 1}, new long[]{1, 4}, new long[]{4})));
        c("astype_fn", () -> astype(F(), int32));
        // errors
        c("err_concatenate_none", () -> concatenate());
        c("err_concatenate_0d", () -> concatenate(Z(), Z()));
        c("err_concatenate_ndim", () -> concatenate(F(), V()));
        c("err_concatenate_shape", () -> concatenate(new NdArray[]{F(), S()}, 1));
        c("err_concatenate_axis", () -> concatenate(new NdArray[]{F(), F()}, 2));
        c("err_stack_shape", () -> stack(V(), W()));
        c("err_stack_none", () -> stack());
        c("err_split_unequal", () -> split(V(), 2));
        c("err_array_split_zero", () -> array_split(V(), 0));
        c("err_vsplit_1d", () -> vsplit(V(), 1));
        c("err_hsplit_0d", () -> hsplit(Z(), 1));
        c("err_dsplit_2d", () -> dsplit(F(), 1));
        c("err_squeeze_not_one", () -> squeeze(F(), 0));
        c("err_squeeze_axis", () -> squeeze(F(), 5));
        c("err_expand_dims_repeat", () -> expand_dims(V(), 0, 0));
        c("err_expand_dims_axis", () -> expand_dims(V(), 3));
        c("err_swapaxes", () -> swapaxes(V(), 0, 1));
        c("err_moveaxis_len", () -> moveaxis(G(), new int[]{0, 1}, new int[]{0}));
        c("err_moveaxis_repeat", () -> moveaxis(G(), new int[]{0, 0}, new int[]{1, 2}));
        c("err_broadcast_to", () -> broadcast_to(V(), 3, 4));
        c("err_broadcast_to_ndim", () -> broadcast_to(F(), 4));
        c("err_broadcast_arrays", () -> broadcast_arrays(V(), F()));
        c("err_fliplr_1d", () -> fliplr(V()));
        c("err_flipud_0d", () -> flipud(Z()));
        c("err_flip_axis", () -> flip(V(), 1));
        c("err_rot90_same", () -> rot90(F(), 1, 1, 1));
        c("err_rot90_range", () -> rot90(F(), 1, 0, 5));
        c("err_rot90_len", () -> rot90(F(), 1, 0));
        c("err_tile_negative", () -> tile(V(), -1));
        c("err_repeat_negative", () -> repeat(V(), -1));
        c("err_repeat_counts_negative", () -> repeat(V(), new long[]{1, -1, 1, 1, 1}));
        c("err_repeat_counts_length", () -> repeat(V(), new long[]{1, 2}));
        c("err_repeat_axis", () -> repeat(V(), 2, 1));
        c("err_pad_mode", () -> pad(V(), 1, "foo"));
        c("err_pad_negative", () -> pad(V(), -1));
        c("err_pad_shape", () -> pad(F(), new long[][]{{1, 1}, {1, 1}, {1, 1}}));
        c("err_pad_empty_edge", () -> pad(F().get(":0"), 1, "edge"));
        c("err_identity_negative", () -> identity(-1));
        c("err_diag_3d", () -> diag(G()));
        c("err_diagonal_1d", () -> diagonal(V()));
        c("err_diagonal_same", () -> diagonal(F(), 0, 1, 1));
        c("err_diagonal_axis", () -> diagonal(F(), 0, 0, 2));
        c("err_meshgrid_indexing", () -> meshgrid("foo", false, true, V()));
        c("err_delete_index", () -> delete(V(), 5));
        c("err_insert_index", () -> insert(V(), 7, 1.0));
        c("err_rollaxis_start", () -> rollaxis(F(), 0, 5));
        c("err_unstack_0d", () -> unstack(Z()));
        c("err_resize_negative", () -> resize(V(), -1, 2));
        c("err_broadcast_shapes", () -> zeros(broadcast_shapes(new long[]{5}, new long[]{3, 4})));
        c("err_indices_negative", () -> indices(2, -1));
    }

    // ------------------------------------------------------------------ reference

    record Want(String name, List<Reference.Case> results, String error, String message) {
    }

    @SuppressWarnings("unchecked")
    static Map<String, Want> load() {
        return load("/reference/manipulation.json");
    }

    /** The cases of a reference file written in manipulation.py's format (also used by IndexRoutinesReferenceTest). */
    @SuppressWarnings("unchecked")
    static Map<String, Want> load(String resource) {
        String text;
        try (InputStream in = ManipulationReferenceTest.class.getResourceAsStream(resource)) {
            text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        Map<String, Object> root = (Map<String, Object>) new Reference.Json(text).parse();
        Map<String, Want> out = new LinkedHashMap<>();
        for (Object o : (List<Object>) root.get("cases")) {
            Map<String, Object> c = (Map<String, Object>) o;
            String name = (String) c.get("name");
            List<Reference.Case> rs = null;
            if (c.get("results") != null) {
                rs = new ArrayList<>();
                for (Object r : (List<Object>) c.get("results")) {
                    Map<String, Object> m = (Map<String, Object>) r;
                    long[] shape = ((List<Object>) m.get("shape")).stream().mapToLong(x -> ((Number) x).longValue()).toArray();
                    List<String> values = new ArrayList<>();
                    for (Object v : (List<Object>) m.get("values")) {
                        values.add((String) v);
                    }
                    rs.add(new Reference.Case(name, shape, (String) m.get("dtype"), values, null));
                }
            }
            out.put(name, new Want(name, rs, (String) c.get("error"), (String) c.get("message")));
        }
        return out;
    }

    /** What one case gave on one shard: the results read back, or the exception. */
    record Got(List<Reference.Outcome> results, Throwable error) {
    }

    @SuppressWarnings("unchecked")
    static Got run(Supplier<Object> s) {
        try {
            Object r = s.get();
            List<NdArray> arrays = r instanceof List<?> l ? (List<NdArray>) l : List.of((NdArray) r);
            List<Reference.Outcome> outs = new ArrayList<>();
            for (NdArray a : arrays) {
                outs.add(Reference.Outcome.of(a, false));
            }
            return new Got(outs, null);
        } catch (RuntimeException e) {
            return new Got(null, e);
        }
    }

    static String mismatch(Want w, Got g) {
        if (w.error() != null) {
            if (g.error() == null) {
                return "no exception, NumPy raised " + w.error() + ": " + w.message();
            }
            Class<?> want = switch (w.error()) {
                case "AxisError" -> AxisException.class;
                case "IndexError" -> NdIndexException.class;
                default -> IllegalArgumentException.class;
            };
            if (!want.isInstance(g.error())) {
                return "threw " + g.error() + ", NumPy " + w.error() + ": " + w.message();
            }
            return w.message().equals(g.error().getMessage()) ? null
                    : "message '" + g.error().getMessage() + "', NumPy '" + w.message() + "'";
        }
        if (g.error() != null) {
            return "threw " + g.error();
        }
        if (g.results().size() != w.results().size()) {
            return g.results().size() + " results, NumPy " + w.results().size();
        }
        for (int i = 0; i < w.results().size(); i++) {
            // trace sums: the order of a floating sum may differ from NumPy's in the last bit
            String bad = Reference.mismatch(w.results().get(i), g.results().get(i), !w.name().startsWith("trace"));
            if (bad != null) {
                return "result " + i + ": " + bad;
            }
        }
        return null;
    }

    @Test
    void everyCaseHasAReferenceAndEveryReferenceACase() {
        TreeSet<String> noCase = new TreeSet<>(load().keySet());
        noCase.removeAll(CASES.keySet());
        TreeSet<String> noRef = new TreeSet<>(CASES.keySet());
        noRef.removeAll(load().keySet());
        assertEquals("[] []", noCase + " " + noRef, "re-run tools/reference/manipulation.py");
    }

    @ParameterizedTest(name = "{0} shard(s)")
    @ValueSource(ints = {1, 3})
    @Timeout(value = 300, unit = TimeUnit.SECONDS)
    void matchesNumPy(int shards) {
        Map<String, Want> want = load();
        List<String> failures = failures(shards, CASES, "concatenate_axis1", (name, got) -> mismatch(want.get(name), got));
        assertTrue(failures.isEmpty(), failures.size() + " failures:\n" + String.join("\n", failures));
    }

    /**
     * Runs every case in one program on {@code shards} shards with tiles of 2 elements, then {@code again} once more
     * (after the error cases, which come last: they must have poisoned nothing), and checks each shard's outcome of
     * each with {@code check} (the case's name, what it gave: null when it agrees, else why not); the failures, each
     * naming the shard and the case.
     */
    static List<String> failures(int shards, Map<String, Supplier<Object>> cases, String again,
                                 java.util.function.BiFunction<String, Got, String> check) {
        String rerun = again + " after the errors";
        List<Map<String, Got>> perShard = Cohort.run(new Cohort.Config().shards(shards).minTileVolume(2), () -> {
            Map<String, Got> m = new LinkedHashMap<>();
            for (Map.Entry<String, Supplier<Object>> e : cases.entrySet()) {
                m.put(e.getKey(), run(e.getValue()));
            }
            m.put(rerun, run(cases.get(again)));
            return m;
        });
        List<String> failures = new ArrayList<>();
        for (int s = 0; s < shards; s++) {
            List<String> names = new ArrayList<>(cases.keySet());
            names.add(rerun);
            for (String n : names) {
                String bad = check.apply(n.equals(rerun) ? again : n, perShard.get(s).get(n));
                if (bad != null) {
                    failures.add("shard " + s + "/" + shards + " " + n + ": " + bad);
                }
            }
        }
        return failures;
    }
}
