package dev.cohort.bench.opmix;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The op-mix suite's cases: every operation it times, the five dtypes and the sizes, which combinations are left out
 * (and why), how each case is timed, and the deterministic inputs both sides build ({@link #x}, {@link #y}, ...).
 *
 * <p>The parent ({@link OpMixBenchmark}) sends each case as a {@link #line} ({@code op dtype size warmup rounds inner})
 * to the NumPy script ({@code benchmarks/python/opmix.py}) and then to the Cohort child ({@link OpMixChild}), which
 * also reads the whole list from a file ({@link #write}) for its warm-up.
 */
public final class OpMixCases {
    private OpMixCases() {
    }

    /** How an operation is called and what is read back. */
    public enum Kind {
        /** {@code np.f(x, y)}; element {@link #index} read back. */
        BINARY,
        /** {@code np.f(x)}; element {@link #index} read back. */
        UNARY,
        /** {@code np.clip(x, lo, hi)}; element {@link #index} read back. */
        CLIP,
        /** {@code x.f()} (prod: {@code p.prod()}); the 0-d result read back. */
        REDUCE,
        /** {@code A @ v}, A of (n, n), n = round(sqrt(size)); element n / 2 read back. */
        MATVEC,
        /** {@code B @ C}, B of (size / 64, 64), C of (64, 64); element (m / 2, 5) read back. */
        MATMUL,
        /** {@code x[::2].copy()}; element {@link #index}/2 read back. */
        SLICE_COPY,
        /** {@code np.where(c, x, y)}; element {@link #index} read back. */
        WHERE
    }

    /** An operation: its name (NumPy's), kind, and the dtypes it is not timed for with the reason. */
    public record Op(String name, Kind kind, Map<String, String> skipped) {
        Op(String name, Kind kind) {
            this(name, kind, Map.of());
        }

        Op skip(String dtype, String why) {
            Map<String, String> s = new LinkedHashMap<>(skipped);
            s.put(dtype, why);
            return new Op(name, kind, Map.copyOf(s));
        }
    }

    public static final String BOOL_SUBTRACT = "NumPy rejects it (\"numpy boolean subtract, the `-` operator, is not supported\"), and so does Cohort";
    public static final String BOOL_NEGATIVE = "NumPy rejects it (\"The numpy boolean negative, the `-` operator, is not supported\"), and so does Cohort";
    public static final String BOOL_MATMUL = "semantics differ: NumPy's bool @ bool is bool (logical or of ands), Cohort computes it in int64";
    public static final String BOOL_CLIP = "Cohort's clip takes double or long bounds, so a bool array's result is int64 where NumPy keeps bool";

    /** The dtypes, NumPy's names, in table order. */
    public static final List<String> DTYPES = List.of("float64", "float32", "int64", "int32", "bool");

    /** The sizes (elements of the input; see {@link Kind} for the matrices). */
    public static final List<Long> SIZES = List.of(1_000L, 100_000L, 10_000_000L);

    /** Every operation, in table order. */
    public static final List<Op> OPS = List.of(
            new Op("add", Kind.BINARY), new Op("subtract", Kind.BINARY).skip("bool", BOOL_SUBTRACT),
            new Op("multiply", Kind.BINARY), new Op("divide", Kind.BINARY), new Op("power", Kind.BINARY),
            new Op("maximum", Kind.BINARY), new Op("minimum", Kind.BINARY),
            new Op("equal", Kind.BINARY), new Op("not_equal", Kind.BINARY), new Op("less", Kind.BINARY),
            new Op("less_equal", Kind.BINARY), new Op("greater", Kind.BINARY), new Op("greater_equal", Kind.BINARY),
            new Op("logical_and", Kind.BINARY), new Op("logical_or", Kind.BINARY), new Op("logical_not", Kind.UNARY),
            new Op("negative", Kind.UNARY).skip("bool", BOOL_NEGATIVE), new Op("abs", Kind.UNARY), new Op("square", Kind.UNARY),
            new Op("sqrt", Kind.UNARY), new Op("exp", Kind.UNARY), new Op("log", Kind.UNARY), new Op("log1p", Kind.UNARY),
            new Op("sin", Kind.UNARY), new Op("cos", Kind.UNARY), new Op("tanh", Kind.UNARY),
            new Op("clip", Kind.CLIP).skip("bool", BOOL_CLIP),
            new Op("sum", Kind.REDUCE), new Op("prod", Kind.REDUCE), new Op("max", Kind.REDUCE), new Op("min", Kind.REDUCE),
            new Op("mean", Kind.REDUCE), new Op("argmax", Kind.REDUCE), new Op("argmin", Kind.REDUCE),
            new Op("any", Kind.REDUCE), new Op("all", Kind.REDUCE),
            new Op("matvec", Kind.MATVEC).skip("bool", BOOL_MATMUL), new Op("matmul", Kind.MATMUL).skip("bool", BOOL_MATMUL),
            new Op("slice_copy", Kind.SLICE_COPY), new Op("where", Kind.WHERE));

    /** The operations of {@code --quick}. */
    public static final List<String> QUICK_OPS = List.of("add", "multiply", "less", "logical_and", "exp", "sqrt", "sum",
            "argmax", "matvec", "matmul", "slice_copy", "where");

    /** The sizes of {@code --quick}. */
    public static final List<Long> QUICK_SIZES = List.of(1_000L, 100_000L);

    /** The inner dimension of {@link Kind#MATMUL}. */
    public static final int MATMUL_K = 64;

    /**
     * How a case is timed: {@code warmup} untimed calls, then {@code rounds} timed rounds of {@code inner} calls each;
     * a sample is a round's wall time over {@code inner}.
     */
    public record Plan(int warmup, int rounds, int inner) {
    }

    /**
     * The timing plan of a size: more calls the smaller the case, so that each case takes about the same time, and at
     * least 100 untimed calls where calls are cheap (up to 1e6 elements; 50 000 at 1e3), 10 at 1e7: HotSpot compiles a kernel method again about
     * 100 calls after a deoptimization threw its code away, and with 5 the 1e5 cases measured that transient (1.5-4.8 ms
     * a call, a different few cases each run) instead of the steady state.
     */
    public static Plan plan(long size, boolean quick) {
        if (size <= 10_000) {
            // 10 000 untimed calls: an operation's own code paths reach C2 only after thousands of calls of it (the
            // shared ones are compiled by then, with the profile of every op the program ran). Measured in the suite's
            // child on clip float64 (two eager ops): 77 us a call over the first calls, 12-16 us after 4 000, 6.6 us
            // after 16 000; the suite's 1e3 cases after 100, 3 000 and 10 000 untimed calls: 15.3, 8.7 and 6.2 us.
            // 50 000 since 2026-11-26: after 10 000 a different tenth of the 1e3 cases ran each time on code C2 had not yet
            // (re)compiled (negative float32 3.7-4.2 us a call in the child, 1.1 us once about 50 000 calls had run; add
            // float32 1.1 us in one run, 4.1 in the next); with 50 000 two full runs agreed and the 1e3 cases beyond 5x
            // NumPy were all transcendental functions (suite 129 -> 158 s)
            return quick ? new Plan(50, 7, 10) : new Plan(50_000, 11, 20);
        } else if (size <= 1_000_000) {
            return quick ? new Plan(3, 5, 2) : new Plan(100, 7, 3);
        }
        // 1e7: ten untimed calls. A 1e7 case runs its kernels over 39 tiles on the workers, a path the small cases'
        // warm-up does not compile: measured on a float64 sum, the first launch's tiles took 0.31 ms at the median
        // (38 ms a call, some tiles 5-12 ms while their code was being replaced), the tenth's 0.17 ms, the thirtieth's
        // 0.08 ms (3.3 ms a call); with one untimed call the suite measured that transient, not the kernels
        return quick ? new Plan(1, 3, 1) : new Plan(10, 3, 1);
    }

    /** A case: an operation on a dtype and size, and its plan. */
    public record Case(String op, String dtype, long size, Plan plan) {
        /** {@code op.dtype.size}, the prefix of its output keys. */
        public String key() {
            return op + "." + dtype + "." + size;
        }

        public Op operation() {
            return OpMixCases.op(op);
        }
    }

    /** The operation named {@code name}. */
    public static Op op(String name) {
        return OPS.stream().filter(o -> o.name().equals(name)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("unknown op '" + name + "'; ops are "
                        + OPS.stream().map(Op::name).toList()));
    }

    /** A combination left out: operation, dtype and why. */
    public record Skipped(String op, String dtype, String why) {
    }

    /**
     * The cases of {@code ops} x {@code dtypes} x {@code sizes}, ordered by size, then dtype, then op (so each side builds
     * a dtype's inputs once per size), without the combinations of {@link Op#skipped}.
     */
    public static List<Case> cases(List<String> ops, List<String> dtypes, List<Long> sizes, boolean quick) {
        for (String d : dtypes) {
            if (!DTYPES.contains(d)) {
                throw new IllegalArgumentException("unknown dtype '" + d + "'; dtypes are " + DTYPES);
            }
        }
        for (long s : sizes) {
            if (s < 2 * MATMUL_K) {
                throw new IllegalArgumentException("size must be at least " + 2 * MATMUL_K + ", was " + s);
            }
        }
        List<Case> out = new ArrayList<>();
        for (long size : sizes) {
            for (String dtype : dtypes) {
                for (String name : ops) {
                    Op op = op(name);
                    if (!op.skipped().containsKey(dtype)) {
                        out.add(new Case(name, dtype, size, plan(size, quick)));
                    }
                }
            }
        }
        return out;
    }

    /** The combinations of {@code ops} x {@code dtypes} that are left out. */
    public static List<Skipped> skipped(List<String> ops, List<String> dtypes) {
        List<Skipped> out = new ArrayList<>();
        for (String name : ops) {
            Op op = op(name);
            for (String dtype : dtypes) {
                if (op.skipped().containsKey(dtype)) {
                    out.add(new Skipped(name, dtype, op.skipped().get(dtype)));
                }
            }
        }
        return out;
    }

    /** A case's line: {@code op dtype size warmup rounds inner}. */
    public static String line(Case c) {
        return String.format(Locale.ROOT, "%s %s %d %d %d %d", c.op(), c.dtype(), c.size(), c.plan().warmup(),
                c.plan().rounds(), c.plan().inner());
    }

    /**
     * The case of a {@link #line}.
     *
     * @throws IllegalArgumentException if it is not six fields with numbers where numbers belong
     */
    public static Case parse(String line) {
        String[] f = line.strip().split("\\s+");
        if (f.length != 6) {
            throw new IllegalArgumentException("expected 'op dtype size warmup rounds inner', got '" + line + "'");
        }
        try {
            return new Case(f[0], f[1], Long.parseLong(f[2]), new Plan(Integer.parseInt(f[3]), Integer.parseInt(f[4]),
                    Integer.parseInt(f[5])));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("expected 'op dtype size warmup rounds inner', got '" + line + "'", e);
        }
    }

    /** Writes {@code cases}, a {@link #line} each. */
    public static void write(Path file, List<Case> cases) throws IOException {
        Files.write(file, cases.stream().map(OpMixCases::line).toList(), StandardCharsets.UTF_8);
    }

    /** Reads what {@link #write} wrote. */
    public static List<Case> read(Path file) throws IOException {
        List<Case> out = new ArrayList<>();
        int n = 0;
        for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
            n++;
            if (line.isBlank()) {
                continue;
            }
            try {
                out.add(parse(line));
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException(file + ":" + n + ": " + e.getMessage(), e);
            }
        }
        return out;
    }

    // ------------------------------------------------------------------ inputs (benchmarks/python/opmix.py builds the same)

    /** Whether {@code dtype} is float64 or float32. */
    public static boolean floating(String dtype) {
        return dtype.startsWith("float");
    }

    /** The first operand's element {@code i}: floats ((i % 97) + 1) / 16, integers (i % 97) + 1, bool i % 3 != 0. */
    public static double x(String dtype, long i) {
        if (dtype.equals("bool")) {
            return i % 3 != 0 ? 1 : 0;
        }
        double v = (i % 97) + 1;
        return floating(dtype) ? v / 16 : v;
    }

    /** The second operand's element {@code i}: floats ((i % 89) + 1) / 8, integers (i % 7) + 1, bool i % 5 != 0. */
    public static double y(String dtype, long i) {
        if (dtype.equals("bool")) {
            return i % 5 != 0 ? 1 : 0;
        }
        return floating(dtype) ? ((i % 89) + 1) / 8.0 : (i % 7) + 1;
    }

    /**
     * The operand of {@code prod} (a product of {@code size} elements that neither overflows nor underflows): floats
     * 1 + ((i % 11) - 5) / 2^20 (exact in float32), integers -1 where i % 64 == 0 else 1, bool i % 1000 != 999.
     */
    public static double p(String dtype, long i) {
        if (dtype.equals("bool")) {
            return i % 1000 != 999 ? 1 : 0;
        }
        if (floating(dtype)) {
            return 1 + ((i % 11) - 5) / 1048576.0;
        }
        return i % 64 == 0 ? -1 : 1;
    }

    /** The condition of {@code where}: i % 4 < 2. */
    public static boolean cond(long i) {
        return i % 4 < 2;
    }

    /** The element read back from an element-wise result of {@code size} elements: 2 * size / 3 + 1. */
    public static long index(long size) {
        return 2 * size / 3 + 1;
    }

    /** The order n of {@link Kind#MATVEC}'s matrix: round(sqrt(size)). */
    public static int matvecN(long size) {
        return (int) Math.round(Math.sqrt(size));
    }

    /** The rows m of {@link Kind#MATMUL}'s first matrix: round(size / 64). */
    public static int matmulM(long size) {
        return (int) Math.round(size / (double) MATMUL_K);
    }

    /** The dtypes, in order, of a comma-separated list (null: all). */
    static List<String> dtypes(List<String> given) {
        return given == null ? DTYPES : List.copyOf(given);
    }

    /** The names of every operation. */
    public static List<String> opNames() {
        return OPS.stream().map(Op::name).toList();
    }
}
