package dev.cohort.ndarray;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.LongRange;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.time.Duration;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

/**
 * An API fuzz test: random sequences of array operations with random — often invalid — shapes, axes, indices,
 * dtypes and scalars, run on 1 and on 3 shards (tiles of 2 elements, so data really splits). A sequential
 * reference written here ({@link Ref}) says for each call whether NumPy would accept it and what it gives:
 * <ul>
 *   <li>an invalid call must raise the NumPy-style exception the reference names ({@link ShapeMismatchException},
 *       {@link AxisException}, {@link NdIndexException}, {@link IllegalArgumentException}) with a message that
 *       names the values at fault — never a {@code NullPointerException}, an internal runtime error or a hang;</li>
 *   <li>every valid call, before and after failed ones in the same program, gives the reference's shape and
 *       values exactly (values are small integers, so sums and products are exact in float64 and int64).</li>
 * </ul>
 * 100 tries x 10 sequences x 2 shard counts = 2 000 sequences per run.
 */
class ApiFuzzTest {
    /** Outcomes over the whole run, by kind: the generator must keep reaching every kind of error and valid calls. */
    private static final java.util.Map<String, java.util.concurrent.atomic.LongAdder> OUTCOMES =
            new java.util.concurrent.ConcurrentHashMap<>();
    private static final int SEQUENCES_PER_TRY = 10;
    private static final int STEPS = 8;

    @Property(tries = 100)
    void randomProgramsFailCleanlyAndOtherwiseMatchTheReference(@ForAll @LongRange(min = 1, max = Long.MAX_VALUE / 2) long seed) {
        for (int shards : new int[]{1, 3}) {
            // jqwik does not honour JUnit's @Timeout: each program runs under its own deadline (nothing may hang)
            List<String> logs = assertTimeoutPreemptively(Duration.ofSeconds(60), () ->
                    Cohort.run(new Cohort.Config().shards(shards).minTileVolume(2), () -> {
                        StringBuilder log = new StringBuilder();
                        for (int s = 0; s < SEQUENCES_PER_TRY; s++) {
                            new Sequence(new Random(seed * 31 + s), log).run();
                        }
                        return log.toString();
                    }), () -> "seed " + seed + " did not finish");
            // every shard took the same path and saw the same outcomes
            for (String l : logs) {
                assertEquals(logs.get(0), l, "shards disagree on seed " + seed);
            }
        }
    }

    @net.jqwik.api.lifecycle.AfterContainer
    static void everyKindOfOutcomeWasReached() {
        for (String kind : List.of("ShapeMismatchException", "AxisException", "NdIndexException", "IllegalArgumentException",
                "valid")) {
            java.util.concurrent.atomic.LongAdder n = OUTCOMES.get(kind);
            if (n == null || n.sum() < 20) {
                throw new AssertionError("the fuzzer reached " + kind + " " + (n == null ? 0 : n.sum()) + " times: " + OUTCOMES);
            }
        }
    }

    private static void count(String kind) {
        OUTCOMES.computeIfAbsent(kind, k -> new java.util.concurrent.atomic.LongAdder()).increment();
    }

    /** A row-major array of small integer values with a shape and a dtype: what NumPy would hold. */
    record Ref(long[] shape, double[] data, DType dtype) {
        int size() {
            return data.length;
        }

        static long volume(long[] shape) {
            long v = 1;
            for (long s : shape) {
                v *= s;
            }
            return v;
        }

        long[] strides() {
            long[] st = new long[shape.length];
            long acc = 1;
            for (int d = shape.length - 1; d >= 0; d--) {
                st[d] = acc;
                acc *= shape[d];
            }
            return st;
        }
    }

    /** One random program: a few live arrays, each step an operation on them, valid or not. */
    static final class Sequence {
        private final Random rnd;
        private final StringBuilder log;
        private final List<Ref> refs = new ArrayList<>();
        private final List<NdArray> arrays = new ArrayList<>();

        Sequence(Random rnd, StringBuilder log) {
            this.rnd = rnd;
            this.log = log;
        }

        void run() {
            add(Np.arange(6).reshape(2, 3), new Ref(new long[]{2, 3}, new double[]{0, 1, 2, 3, 4, 5}, DType.INT64));
            for (int step = 0; step < STEPS; step++) {
                step();
            }
            for (int i = 0; i < refs.size(); i++) {
                check("final", refs.get(i), arrays.get(i));
            }
        }

        private void add(NdArray a, Ref r) {
            for (int k = 0; k < r.data.length; k++) {
                if (Math.abs(r.data[k]) > 0x1p50) {
                    return; // beyond exact integers in float64: the reference would be the wrong one
                }
                if (r.dtype != DType.FLOAT64) {
                    r.data[k] += 0.0; // integers have no -0
                }
            }
            check("new", r, a);
            if (refs.size() >= 4) {
                int drop = rnd.nextInt(refs.size());
                refs.remove(drop);
                arrays.remove(drop);
            }
            refs.add(r);
            arrays.add(a);
        }

        private long[] randomShape(int maxDim, int minExtent) {
            long[] s = new long[rnd.nextInt(maxDim + 1)];
            for (int d = 0; d < s.length; d++) {
                s[d] = minExtent + rnd.nextInt(5 - minExtent);
            }
            return s;
        }

        private void step() {
            int i = rnd.nextInt(refs.size());
            Ref r = refs.get(i);
            NdArray a = arrays.get(i);
            int j = rnd.nextInt(refs.size());
            switch (rnd.nextInt(9)) {
                case 0 -> create();
                case 1 -> binary(r, a, refs.get(j), arrays.get(j));
                case 2 -> reduce(r, a);
                case 3 -> reshape(r, a);
                case 4 -> index(r, a);
                case 5 -> slice(r, a);
                case 6 -> add(a.T(), transpose(r));
                case 7 -> matmul(r, a, refs.get(j), arrays.get(j));
                default -> astype(r, a);
            }
        }

        // ---------------------------------------------------------------- operations and their references

        private void create() {
            long[] shape = randomShape(3, -1);
            boolean negative = Arrays.stream(shape).anyMatch(x -> x < 0);
            if (negative) {
                expect(IllegalArgumentException.class, "negative dimensions are not allowed", () -> Np.zeros(shape));
                return;
            }
            long n = Ref.volume(shape);
            double[] data = new double[(int) n];
            long[] values = new long[(int) n];
            for (int k = 0; k < n; k++) {
                values[k] = rnd.nextInt(7) - 3;
                data[k] = values[k];
            }
            boolean floats = rnd.nextBoolean();
            NdArray a = (floats ? Np.array(data) : Np.array(values)).reshape(shape);
            add(a, new Ref(shape, data, floats ? DType.FLOAT64 : DType.INT64));
        }

        private void binary(Ref x, NdArray a, Ref y, NdArray b) {
            long[] out = broadcast(x.shape, y.shape);
            int op = rnd.nextInt(3);
            String name = op == 0 ? "add" : op == 1 ? "subtract" : "multiply";
            if (out == null) {
                expect(ShapeMismatchException.class, "operands could not be broadcast together with shapes "
                        + Shapes.str(x.shape) + " " + Shapes.str(y.shape), () -> apply(op, a, b));
                return;
            }
            Ref bx = broadcastTo(x, out);
            Ref by = broadcastTo(y, out);
            double[] d = new double[bx.size()];
            for (int k = 0; k < d.length; k++) {
                d[k] = op == 0 ? bx.data[k] + by.data[k] : op == 1 ? bx.data[k] - by.data[k] : bx.data[k] * by.data[k];
            }
            DType t = x.dtype == DType.FLOAT64 || y.dtype == DType.FLOAT64 ? DType.FLOAT64 : DType.INT64;
            add(run(name, () -> apply(op, a, b)), new Ref(out, d, t));
        }

        private static NdArray apply(int op, NdArray a, NdArray b) {
            return op == 0 ? a.add(b) : op == 1 ? a.subtract(b) : a.multiply(b);
        }

        private void reduce(Ref x, NdArray a) {
            int axis = rnd.nextInt(9) - 4;
            int nd = x.shape.length;
            if (axis < -nd || axis >= nd) {
                expect(AxisException.class, "axis " + axis + " is out of bounds for array of dimension " + nd, () -> a.sum(axis));
                return;
            }
            int ax = axis < 0 ? axis + nd : axis;
            long[] out = new long[nd - 1];
            for (int d = 0, o = 0; d < nd; d++) {
                if (d != ax) {
                    out[o++] = x.shape[d];
                }
            }
            double[] sums = new double[(int) Ref.volume(out)];
            long[] st = x.strides();
            for (int k = 0; k < x.size(); k++) {
                long rest = 0;
                long mul = 1;
                for (int d = nd - 1; d >= 0; d--) {
                    long c = (k / st[d]) % x.shape[d];
                    if (d != ax) {
                        rest += c * mul;
                        mul *= x.shape[d];
                    }
                }
                sums[(int) rest] += x.data[k];
            }
            add(run("sum(" + axis + ")", () -> a.sum(axis)), new Ref(out, sums, x.dtype));
        }

        private void reshape(Ref x, NdArray a) {
            long[] shape = randomShape(3, 0);
            if (shape.length > 0 && rnd.nextBoolean()) {
                shape[rnd.nextInt(shape.length)] = -1;
            }
            long known = 1;
            int unknown = -1;
            for (int d = 0; d < shape.length; d++) {
                if (shape[d] == -1) {
                    unknown = d;
                } else {
                    known *= shape[d];
                }
            }
            long[] resolved = shape.clone();
            boolean ok;
            if (unknown >= 0) {
                ok = known != 0 && x.size() % known == 0;
                if (ok) {
                    resolved[unknown] = x.size() / known;
                }
            } else {
                ok = known == x.size();
            }
            if (!ok) {
                expect(ShapeMismatchException.class, "cannot reshape array of size " + x.size() + " into shape",
                        () -> a.reshape(shape));
                return;
            }
            add(run("reshape", () -> a.reshape(shape)), new Ref(resolved, x.data.clone(), x.dtype));
        }

        private void index(Ref x, NdArray a) {
            long i = rnd.nextInt(11) - 5;
            if (x.shape.length == 0) {
                expect(NdIndexException.class, "too many indices for array: array is 0-dimensional, but 1 were indexed",
                        () -> a.get(i));
                return;
            }
            long n = x.shape[0];
            if (i < -n || i >= n) {
                expect(NdIndexException.class, "index " + i + " is out of bounds for axis 0 with size " + n, () -> a.get(i));
                return;
            }
            long k = i < 0 ? i + n : i;
            long[] out = Arrays.copyOfRange(x.shape, 1, x.shape.length);
            int inner = (int) Ref.volume(out);
            double[] d = Arrays.copyOfRange(x.data, (int) k * inner, (int) k * inner + inner);
            add(run("get(" + i + ")", () -> a.get(i)), new Ref(out, d, x.dtype));
        }

        private void slice(Ref x, NdArray a) {
            Long start = rnd.nextInt(4) == 0 ? null : (long) (rnd.nextInt(11) - 5);
            Long stop = rnd.nextInt(4) == 0 ? null : (long) (rnd.nextInt(11) - 5);
            long step = rnd.nextInt(7) - 3;
            if (step == 0) {
                expect(IllegalArgumentException.class, "slice step cannot be zero", () -> a.get(Slice.of(start, stop, 0L)));
                return;
            }
            if (x.shape.length == 0) {
                expect(NdIndexException.class, "too many indices for array", () -> a.get(Slice.of(start, stop, step)));
                return;
            }
            long n = x.shape[0];
            List<Long> rows = new ArrayList<>();
            if (step > 0) {
                long lo = start == null ? 0 : clamp(start < 0 ? start + n : start, 0, n);
                long hi = stop == null ? n : clamp(stop < 0 ? stop + n : stop, 0, n);
                for (long r = lo; r < hi; r += step) {
                    rows.add(r);
                }
            } else {
                long lo = start == null ? n - 1 : clamp(start < 0 ? start + n : start, -1, n - 1);
                long hi = stop == null ? -1 : clamp(stop < 0 ? stop + n : stop, -1, n - 1);
                for (long r = lo; r > hi; r += step) {
                    rows.add(r);
                }
            }
            long[] out = x.shape.clone();
            out[0] = rows.size();
            int inner = (int) (Ref.volume(x.shape) / Math.max(1, n));
            double[] d = new double[rows.size() * inner];
            for (int r = 0; r < rows.size(); r++) {
                System.arraycopy(x.data, (int) (rows.get(r) * inner), d, r * inner, inner);
            }
            add(run("slice", () -> a.get(Slice.of(start, stop, step))), new Ref(out, d, x.dtype));
        }

        private static long clamp(long v, long lo, long hi) {
            return Math.max(lo, Math.min(hi, v));
        }

        private static Ref transpose(Ref x) {
            int nd = x.shape.length;
            long[] out = new long[nd];
            for (int d = 0; d < nd; d++) {
                out[d] = x.shape[nd - 1 - d];
            }
            double[] d = new double[x.size()];
            long[] st = x.strides();
            Ref o = new Ref(out, d, x.dtype);
            long[] ost = o.strides();
            for (int k = 0; k < x.size(); k++) {
                long t = 0;
                for (int q = 0; q < nd; q++) {
                    long c = (k / st[q]) % x.shape[q];
                    t += c * ost[nd - 1 - q];
                }
                d[(int) t] = x.data[k];
            }
            return o;
        }

        private void matmul(Ref x, NdArray a, Ref y, NdArray b) {
            if (x.shape.length != 2 || (y.shape.length != 2 && y.shape.length != 1)) {
                return; // batched and 0-d matmul are another issue's; not fuzzed here
            }
            long m = x.shape[0];
            long k = x.shape[1];
            long kb = y.shape[0];
            long n = y.shape.length == 2 ? y.shape[1] : 1;
            if (k != kb) {
                expect(ShapeMismatchException.class, "(size " + kb + " is different from " + k + ")", () -> a.matmul(b));
                return;
            }
            double[] d = new double[(int) (m * n)];
            for (int i = 0; i < m; i++) {
                for (int c = 0; c < n; c++) {
                    double s = 0;
                    for (int q = 0; q < k; q++) {
                        s += x.data[(int) (i * k + q)] * y.data[(int) (q * n + c)];
                    }
                    d[(int) (i * n + c)] = s;
                }
            }
            long[] out = y.shape.length == 2 ? new long[]{m, n} : new long[]{m};
            DType t = x.dtype == DType.FLOAT64 || y.dtype == DType.FLOAT64 ? DType.FLOAT64 : DType.INT64;
            add(run("matmul", () -> a.matmul(b)), new Ref(out, d, t));
        }

        private void astype(Ref x, NdArray a) {
            DType t = rnd.nextBoolean() ? DType.FLOAT64 : DType.INT64;
            add(run("astype", () -> a.astype(t)), new Ref(x.shape.clone(), x.data.clone(), t));
        }

        // ---------------------------------------------------------------- broadcasting in the reference

        private static long[] broadcast(long[] x, long[] y) {
            int n = Math.max(x.length, y.length);
            long[] out = new long[n];
            for (int d = 0; d < n; d++) {
                long a = d - (n - x.length) >= 0 ? x[d - (n - x.length)] : 1;
                long b = d - (n - y.length) >= 0 ? y[d - (n - y.length)] : 1;
                if (a != b && a != 1 && b != 1) {
                    return null;
                }
                out[d] = a == 1 ? b : a;
            }
            return out;
        }

        private static Ref broadcastTo(Ref x, long[] out) {
            Ref o = new Ref(out, new double[(int) Ref.volume(out)], x.dtype);
            long[] ost = o.strides();
            long[] xst = x.strides();
            int off = out.length - x.shape.length;
            for (int k = 0; k < o.size(); k++) {
                long src = 0;
                for (int d = 0; d < x.shape.length; d++) {
                    long c = (k / ost[d + off]) % out[d + off];
                    src += (x.shape[d] == 1 ? 0 : c) * xst[d];
                }
                o.data[k] = x.data[(int) src];
            }
            return o;
        }

        // ---------------------------------------------------------------- outcomes

        private NdArray run(String what, java.util.function.Supplier<NdArray> op) {
            try {
                return op.get();
            } catch (RuntimeException e) {
                throw new AssertionError(what + " is valid in NumPy but raised " + e, e);
            }
        }

        private void expect(Class<? extends RuntimeException> type, String messagePart, Runnable op) {
            try {
                op.run();
            } catch (RuntimeException e) {
                if (!type.isInstance(e) || e.getMessage() == null || !e.getMessage().contains(messagePart)) {
                    throw new AssertionError("expected " + type.getSimpleName() + " containing '" + messagePart + "', got "
                            + e, e);
                }
                log.append(type.getSimpleName()).append('\n');
                count(type.getSimpleName());
                return;
            }
            throw new AssertionError("expected " + type.getSimpleName() + " ('" + messagePart + "'), nothing was raised");
        }

        private void check(String what, Ref r, NdArray a) {
            assertArrayEquals(r.shape, a.shape(), () -> what + ": shape");
            assertEquals(r.dtype, a.dtype(), () -> what + ": dtype of " + Shapes.str(r.shape));
            assertArrayEquals(r.data, a.toDoubleArray(), () -> what + ": values of " + Shapes.str(r.shape));
            log.append(Shapes.str(r.shape)).append(' ');
            count("valid");
        }
    }
}
