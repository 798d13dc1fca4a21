package dev.cohort.ndarray;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The NumPy differential suite of the searching family and the statistics leftovers (issue 15, wave 3): every case
 * of {@code reference/searching.json} (written by {@code tools/reference/searching.py} with NumPy 2.x) on 1 and 3
 * shards with 4-element tiles. Values, dtypes and shapes are compared (bits for exact operations: searches, bins,
 * counts, sorts, integer scans), floating results to a relative 1e-12 (float64) / 1e-5 (float32); errors by
 * exception class and NumPy's message. Every shard must return the same bits, and after an error the next cases
 * still run on the same session.
 */
@Timeout(value = 300, unit = TimeUnit.SECONDS)
class SearchingReferenceTest {
    static final long MIN_TILE = 4;

    static NdArray[] call(JsonNode c, List<NdArray> in) {
        NdArray a = in.get(0);
        JsonNode p = c.get("params");
        return switch (c.get("op").asText()) {
            case "searchsorted" -> new NdArray[]{p.get("side").asText().equals("left") && in.get(1).ndim() == 1
                    ? a.searchsorted(in.get(1)) : Np.searchsorted(a, in.get(1), p.get("side").asText())};
            case "digitize" -> new NdArray[]{Np.digitize(a, in.get(1), p.get("right").asBoolean())};
            case "isin" -> new NdArray[]{Np.isin(a, in.get(1), p.get("invert").asBoolean())};
            case "lexsort" -> new NdArray[]{Np.lexsort(in.toArray(new NdArray[0]))};
            case "partition" -> {
                long k = p.get("kth").asLong();
                NdArray r = Np.partition(a, k);
                assertSorted(r);
                yield new NdArray[]{r.get(Long.valueOf(k))};
            }
            case "argpartition" -> {
                long k = p.get("kth").asLong();
                yield new NdArray[]{Np.take(a, Np.argpartition(a, k)).get(Long.valueOf(k))};
            }
            case "partition_axis" -> {
                long k = p.get("kth").asLong();
                int ax = p.get("axis").asInt();
                yield new NdArray[]{Np.take(Np.partition(a, k, ax), Np.array(new long[]{k}).reshape(), ax)};
            }
            case "sort_inplace" -> {
                NdArray copy = a.copy();
                copy.sort(p.get("axis").asInt());
                yield new NdArray[]{copy};
            }
            case "histogram" -> Np.histogram(a, p.get("bins").asLong());
            case "histogram_range" -> Np.histogram(a, p.get("bins").asLong(), p.get("lo").asDouble(), p.get("hi").asDouble(),
                    p.get("density").asBoolean());
            case "histogram_edges" -> Np.histogram(a, in.get(1), p.get("density").asBoolean());
            case "histogram2d" -> Np.histogram2d(a, in.get(1), p.get("nx").asLong(), p.get("ny").asLong(), false);
            case "histogramdd" -> Np.histogramdd(a, p.get("bins").asLong(), false);
            case "cov" -> new NdArray[]{Np.cov(a, p.get("rowvar").asBoolean(), p.get("bias").asBoolean(),
                    p.get("ddof").isNull() ? null : p.get("ddof").asInt())};
            case "corrcoef" -> new NdArray[]{Np.corrcoef(a)};
            case "gradient" -> Np.gradient(a, p.get("h").asDouble());
            case "gradient_axis" -> new NdArray[]{Np.gradient(a, p.get("h").asDouble(), p.get("axis").asInt())};
            case "nanprod" -> new NdArray[]{Np.nanprod(a)};
            case "nanprod_axis" -> new NdArray[]{Np.nanprod(a, p.get("axis").asInt())};
            case "nancumsum" -> new NdArray[]{Np.nancumsum(a)};
            case "nancumsum_axis" -> new NdArray[]{Np.nancumsum(a, p.get("axis").asInt())};
            case "nancumprod" -> new NdArray[]{Np.nancumprod(a)};
            case "nancumprod_axis" -> new NdArray[]{Np.nancumprod(a, p.get("axis").asInt())};
            case "nanargmax" -> new NdArray[]{Np.nanargmax(a)};
            case "nanargmin" -> new NdArray[]{Np.nanargmin(a)};
            case "nanargmax_axis" -> new NdArray[]{Np.nanargmax(a, p.get("axis").asInt())};
            case "nanargmin_axis" -> new NdArray[]{Np.nanargmin(a, p.get("axis").asInt())};
            case "nanvar" -> new NdArray[]{Np.nanvar(a)};
            case "nanstd" -> new NdArray[]{Np.nanstd(a)};
            case "nanvar_axis" -> new NdArray[]{Np.nanvar(a, p.get("axis").asInt(), p.get("ddof").asInt(), p.get("keepdims").asBoolean())};
            case "nanstd_axis" -> new NdArray[]{Np.nanstd(a, p.get("axis").asInt(), p.get("ddof").asInt(), p.get("keepdims").asBoolean())};
            case "histogram_bin_edges" -> {
                NdArray ok = a.get(Np.logical_not(Np.isnan(a)));
                yield new NdArray[]{Np.histogram_bin_edges(ok, p.get("bins").asLong())};
            }
            case "histogram_bin_edges_range" -> new NdArray[]{Np.histogram_bin_edges(a, p.get("bins").asLong(),
                    p.get("lo").asDouble(), p.get("hi").asDouble())};
            case "nanmedian" -> new NdArray[]{Np.nanmedian(a)};
            case "nanquantile" -> new NdArray[]{Np.nanquantile(a, p.get("q").asDouble())};
            case "nanpercentile" -> new NdArray[]{Np.nanpercentile(a, p.get("q").asDouble())};
            default -> throw new AssertionError("unknown op " + c.get("op"));
        };
    }

    /** The partition property of a 1-d result (Cohort's partition sorts: every element at most the next). */
    static void assertSorted(NdArray r) {
        double[] v = r.toDoubleArray();
        for (int i = 1; i < v.length; i++) {
            assertTrue(!(v[i - 1] > v[i]), "partition result not ordered at " + i + ": " + v[i - 1] + " > " + v[i]);
        }
    }

    @ParameterizedTest(name = "NumPy references on {0} shard(s)")
    @ValueSource(ints = {1, 3})
    void everyCaseMatchesNumPy(int shards) throws Exception {
        JsonNode cases = StatisticsReferenceTest.cases("/reference/searching.json");
        assertTrue(cases.size() > 200, "expected the whole reference suite, found " + cases.size());
        List<List<Object>> perShard = Cohort.run(new Cohort.Config().shards(shards).minTileVolume(MIN_TILE), () -> {
            List<Object> results = new ArrayList<>();
            for (JsonNode c : cases) {
                List<NdArray> in = new ArrayList<>();
                c.get("inputs").forEach(n -> in.add(StatisticsReferenceTest.input(n)));
                try {
                    List<StatisticsReferenceTest.Out> outs = new ArrayList<>();
                    for (NdArray r : call(c, in)) {
                        outs.add(new StatisticsReferenceTest.Out(r.dtype().toString(), r.shape(), r.toDoubleArray()));
                    }
                    results.add(outs);
                } catch (RuntimeException e) {
                    results.add(StatisticsReferenceTest.errorKind(e) + ": " + e.getMessage());
                }
            }
            return results;
        });
        List<String> failures = new ArrayList<>();
        for (int k = 0; k < cases.size(); k++) {
            JsonNode c = cases.get(k);
            String name = c.get("name").asText() + " on " + shards + " shard(s)";
            try {
                check(c, name, shards, perShard, k);
            } catch (AssertionError e) {
                failures.add(e.getMessage());
            }
        }
        assertTrue(failures.isEmpty(), failures.size() + " case(s) differ from NumPy:\n" + String.join("\n", failures));
    }

    private static void check(JsonNode c, String name, int shards, List<List<Object>> perShard, int k) {
        Object got = perShard.get(0).get(k);
        for (int s = 1; s < shards; s++) {
            StatisticsReferenceTest.assertSameResult(got, perShard.get(s).get(k), name + ": shard " + s + " differs from shard 0");
        }
        if (c.has("error")) {
            assertEquals(c.get("error").get("kind").asText() + ": " + c.get("error").get("message").asText(),
                    got instanceof String ? got : "no error", name);
            return;
        }
        assertTrue(got instanceof List, name + " failed: " + got);
        @SuppressWarnings("unchecked")
        List<StatisticsReferenceTest.Out> outs = (List<StatisticsReferenceTest.Out>) got;
        JsonNode expect = c.get("expect");
        assertEquals(expect.size(), outs.size(), name + ": number of results");
        boolean exact = c.get("exact").asBoolean();
        for (int i = 0; i < outs.size(); i++) {
            JsonNode e = expect.get(i);
            StatisticsReferenceTest.Out o = outs.get(i);
            String at = name + " result " + i;
            assertEquals(e.get("dtype").asText(), o.dtype(), at + ": dtype");
            assertEquals(java.util.Arrays.toString(StatisticsReferenceTest.longs(e.get("shape"))), java.util.Arrays.toString(o.shape()),
                    at + ": shape");
            double[] want = StatisticsReferenceTest.doubles(e.get("data"));
            assertEquals(want.length, o.data().length, at + ": size");
            double tol = o.dtype().equals("float32") ? 1e-5 : 1e-12;
            for (int j = 0; j < want.length; j++) {
                if (exact || Double.isNaN(want[j]) || Double.isInfinite(want[j])) {
                    assertEquals(Double.doubleToLongBits(want[j]), Double.doubleToLongBits(o.data()[j]),
                            at + " element " + j + ": " + want[j] + " vs " + o.data()[j]);
                } else {
                    assertEquals(want[j], o.data()[j], tol * Math.max(1, Math.abs(want[j])), at + " element " + j);
                }
            }
        }
    }
}
