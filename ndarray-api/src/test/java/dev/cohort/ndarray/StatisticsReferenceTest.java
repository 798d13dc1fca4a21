package dev.cohort.ndarray;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.core.json.JsonReadFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.json.JsonMapper;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The NumPy differential suite of the statistics, scans, sorting/searching and boolean-mask family: every case of
 * {@code reference/statistics.json} (written by {@code tools/reference/statistics.py} with NumPy 2.x) on 1 and 3
 * shards with 4-element tiles, so the data really splits into tiles on several shards. Values, dtypes and shapes
 * are compared (bits for exact operations: sorts, argsorts, unique, masks, nonzero, integer scans, ptp, nanmax),
 * floating statistics to a relative 1e-12 (float64) / 1e-5 (float32); errors by exception class and NumPy's
 * message. Every shard must return the same bits, and after an error the next cases still run.
 */
@Timeout(value = 300, unit = TimeUnit.SECONDS)
class StatisticsReferenceTest {
    static final long MIN_TILE = 4;

    record Out(String dtype, long[] shape, double[] data) {
    }

    static NdArray input(JsonNode n) {
        long[] shape = longs(n.get("shape"));
        double[] data = doubles(n.get("data"));
        NdArray a = shape.length == 0 ? Np.array(data).reshape() : Np.array(data, shape);
        return a.astype(DType.of(n.get("dtype").asText()));
    }

    static long[] longs(JsonNode n) {
        long[] r = new long[n.size()];
        for (int i = 0; i < r.length; i++) {
            r[i] = n.get(i).asLong();
        }
        return r;
    }

    static double[] doubles(JsonNode n) {
        double[] r = new double[n.size()];
        for (int i = 0; i < r.length; i++) {
            r[i] = n.get(i).asDouble();
        }
        return r;
    }

    static NdArray[] call(JsonNode c, List<NdArray> in) {
        NdArray a = in.get(0);
        JsonNode p = c.get("params");
        return switch (c.get("op").asText()) {
            case "var" -> new NdArray[]{Np.var(a)};
            case "std_ddof" -> new NdArray[]{Np.std(a, p.get("ddof").asInt())};
            case "var_axis" -> new NdArray[]{a.var(p.get("axis").asInt(), p.get("ddof").asInt(), p.get("keepdims").asBoolean())};
            case "ptp" -> new NdArray[]{Np.ptp(a)};
            case "average_w" -> new NdArray[]{Np.average(a, in.get(1))};
            case "cumsum" -> new NdArray[]{Np.cumsum(a)};
            case "cumprod" -> new NdArray[]{a.cumprod()};
            case "cumsum_axis" -> new NdArray[]{Np.cumsum(a, p.get("axis").asInt())};
            case "sort_none" -> new NdArray[]{Np.sort(a, null)};
            case "argsort_none" -> new NdArray[]{Np.argsort(a, null)};
            case "sort" -> new NdArray[]{Np.sort(a)};
            case "argsort" -> new NdArray[]{a.argsort()};
            case "sort_axis" -> new NdArray[]{Np.sort(a, p.get("axis").asInt())};
            case "argsort_axis" -> new NdArray[]{Np.argsort(a, p.get("axis").asInt())};
            case "unique_counts" -> Np.unique_counts(a);
            case "median" -> new NdArray[]{Np.median(a)};
            case "percentile" -> new NdArray[]{Np.percentile(a, p.get("q").asDouble())};
            case "quantile" -> new NdArray[]{Np.quantile(a, p.get("q").asDouble())};
            case "diff" -> new NdArray[]{Np.diff(a)};
            case "diff_axis" -> new NdArray[]{Np.diff(a, p.get("n").asInt(), p.get("axis").asInt())};
            case "count_nonzero" -> new NdArray[]{Np.array(new long[]{Np.count_nonzero(a)}).reshape()};
            case "mask_get" -> new NdArray[]{a.get(in.get(1))};
            case "nonzero" -> Np.nonzero(a);
            case "argwhere" -> new NdArray[]{Np.argwhere(a)};
            case "flatnonzero" -> new NdArray[]{Np.flatnonzero(a)};
            case "nansum" -> new NdArray[]{Np.nansum(a)};
            case "nanmax" -> new NdArray[]{Np.nanmax(a)};
            case "nanmin" -> new NdArray[]{Np.nanmin(a)};
            case "nanmean" -> new NdArray[]{Np.nanmean(a)};
            case "nansum_axis" -> new NdArray[]{Np.nansum(a, p.get("axis").asInt())};
            case "nanmax_axis" -> new NdArray[]{Np.nanmax(a, p.get("axis").asInt())};
            case "nanmin_axis" -> new NdArray[]{Np.nanmin(a, p.get("axis").asInt())};
            case "nanmean_axis" -> new NdArray[]{Np.nanmean(a, p.get("axis").asInt())};
            default -> throw new AssertionError("unknown op " + c.get("op"));
        };
    }

    static String errorKind(Throwable t) {
        if (t instanceof AxisException) {
            return "AxisError";
        }
        if (t instanceof IndexOutOfBoundsException) {
            return "IndexError";
        }
        if (t instanceof ArithmeticException) {
            return "ZeroDivisionError";
        }
        if (t instanceof IllegalArgumentException) {
            return "ValueError";
        }
        return t.getClass().getName();
    }

    /** The {@code cases} of a reference file written by a tools/reference script (NaN and inf allowed). */
    static JsonNode cases(String resource) throws java.io.IOException {
        try (InputStream in = StatisticsReferenceTest.class.getResourceAsStream(resource)) {
            return JsonMapper.builder().enable(JsonReadFeature.ALLOW_NON_NUMERIC_NUMBERS).build().readTree(in).get("cases");
        }
    }

    @ParameterizedTest(name = "NumPy references on {0} shard(s)")
    @ValueSource(ints = {1, 3})
    void everyCaseMatchesNumPy(int shards) throws Exception {
        JsonNode cases = cases("/reference/statistics.json");
        assertTrue(cases.size() > 200, "expected the whole reference suite, found " + cases.size());
        List<List<Object>> perShard = Cohort.run(new Cohort.Config().shards(shards).minTileVolume(MIN_TILE), () -> {
            List<Object> results = new ArrayList<>();
            for (JsonNode c : cases) {
                List<NdArray> in = new ArrayList<>();
                c.get("inputs").forEach(n -> in.add(input(n)));
                try {
                    List<Out> outs = new ArrayList<>();
                    for (NdArray r : call(c, in)) {
                        outs.add(new Out(r.dtype().toString(), r.shape(), r.toDoubleArray()));
                    }
                    results.add(outs);
                } catch (RuntimeException e) {
                    results.add(errorKind(e) + ": " + e.getMessage());
                }
            }
            return results;
        });
        for (int k = 0; k < cases.size(); k++) {
            JsonNode c = cases.get(k);
            String name = c.get("name").asText() + " on " + shards + " shard(s)";
            Object got = perShard.get(0).get(k);
            for (int s = 1; s < shards; s++) {
                assertSameResult(got, perShard.get(s).get(k), name + ": shard " + s + " differs from shard 0");
            }
            if (c.has("error")) {
                assertEquals(c.get("error").get("kind").asText() + ": " + c.get("error").get("message").asText(),
                        got instanceof String ? got : "no error", name);
                continue;
            }
            assertTrue(got instanceof List, name + " failed: " + got);
            @SuppressWarnings("unchecked")
            List<Out> outs = (List<Out>) got;
            JsonNode expect = c.get("expect");
            assertEquals(expect.size(), outs.size(), name + ": number of results");
            boolean exact = c.get("exact").asBoolean();
            for (int i = 0; i < outs.size(); i++) {
                JsonNode e = expect.get(i);
                Out o = outs.get(i);
                String at = name + " result " + i;
                assertEquals(e.get("dtype").asText(), o.dtype, at + ": dtype");
                assertEquals(java.util.Arrays.toString(longs(e.get("shape"))), java.util.Arrays.toString(o.shape), at + ": shape");
                double[] want = doubles(e.get("data"));
                assertEquals(want.length, o.data.length, at + ": size");
                double tol = o.dtype.equals("float32") ? 1e-5 : 1e-12;
                for (int j = 0; j < want.length; j++) {
                    if (exact || Double.isNaN(want[j]) || Double.isInfinite(want[j])) {
                        assertEquals(Double.doubleToLongBits(want[j]), Double.doubleToLongBits(o.data[j]),
                                at + " element " + j + ": " + want[j] + " vs " + o.data[j]);
                    } else {
                        assertEquals(want[j], o.data[j], tol * Math.max(1, Math.abs(want[j])), at + " element " + j);
                    }
                }
            }
        }
    }

    static void assertSameResult(Object a, Object b, String what) {
        if (a instanceof String || b instanceof String) {
            assertEquals(a, b, what);
            return;
        }
        @SuppressWarnings("unchecked")
        List<Out> x = (List<Out>) a;
        @SuppressWarnings("unchecked")
        List<Out> y = (List<Out>) b;
        assertEquals(x.size(), y.size(), what);
        for (int i = 0; i < x.size(); i++) {
            assertEquals(x.get(i).dtype, y.get(i).dtype, what);
            assertTrue(java.util.Arrays.equals(x.get(i).shape, y.get(i).shape), what);
            for (int j = 0; j < x.get(i).data.length; j++) {
                assertEquals(Double.doubleToRawLongBits(x.get(i).data[j]), Double.doubleToRawLongBits(y.get(i).data[j]), what + " element " + j);
            }
        }
    }
}
