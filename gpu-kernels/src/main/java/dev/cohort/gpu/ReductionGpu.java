package dev.cohort.gpu;

import dev.cohort.runtime.instance.Instance;
import dev.cohort.runtime.launch.TaskBody;
import dev.cohort.runtime.launch.TaskContext;
import dev.cohort.runtime.region.FieldType;
import dev.cohort.tasks.ArgReduceOp;
import dev.cohort.tasks.Args;
import dev.cohort.tasks.CpuTasks;
import dev.cohort.tasks.OpCode;
import dev.cohort.tasks.ReduceOp;
import dev.cohort.tasks.TileAccess;
import java.util.Arrays;
import java.util.Map;
import jcuda.driver.CUdeviceptr;

/**
 * The GPU variants of REDUCE ({@code numpy.sum, prod, max, min, any, all}), ARG_REDUCE ({@code numpy.argmax,
 * argmin}, both the second phase against a reduced reference and the one-pass keyed form of
 * {@code ArgReduceKeys}) and MATVEC ({@code numpy.dot, matmul} of a matrix and a vector, or two vectors): the
 * semantics of task-library's {@code ReductionKernels}, on every dtype (float64, float32, int64, int32, bool) and every
 * layout (dense, strided, broadcast, negative steps, constants). This class also registers {@link GemmGpu} (GEMM) and
 * {@link RandGpu} (RAND).
 *
 * <p><b>Out.</b> Whether out is a replicated accumulator reached through a REDUCE privilege (every iteration point
 * reaches its one element: all out strides 0) or a tiling whose elements each one launch point reaches (keepdims or
 * not: the out access decides which iteration dimensions out follows), the point's tile splits into the KEPT
 * dimensions (out stride != 0; K elements, the out elements the tile reaches) and the REDUCED ones (out stride 0;
 * R values folded into each). Every one of the K out elements is written: {@code init op fold(values)}, where
 * {@code init} is the operator's identity in out's type read back in the compute type, exactly the CPU's
 * {@code initialize} and first fold.
 *
 * <p><b>Order</b> (see {@code reduction.cu}): a fixed two-phase tree per out element, a function of (K, R) only:
 * float64/float32 SUM, PROD and dot products are deterministic for a given tiling and differ from the CPU's
 * sixteen-accumulator order by rounding only (float32 accumulates in double, rounded once at the end, as the CPU's
 * row paths do); integer SUM/PROD (wrapping), MAX/MIN (Java's {@code Math.max/min}: NaN propagates, -0.0 < 0.0),
 * ANY/ALL (NaN is true) and ARG_REDUCE (MIN over candidate indices or keys: first occurrence, NaN rules of the CPU)
 * give the CPU's bits.
 *
 * <p><b>CPU fallback</b> ({@link GpuTasks#fellBack}): empty tiles (only the identity fill), bad arguments (a constant
 * out, an out requirement whose type or dimensions do not match: the CPU variant throws its exception), an out that
 * two kept coordinates could reach at the same element (no real access does that), ARG_REDUCE with an out other than
 * int64 or a keyed input other than bool/int32/float32.
 */
final class ReductionGpu {
    private ReductionGpu() {
    }

    // value modes of reduction.cu
    static final int ML_INT = 0;
    static final int ML_TRUTH = 1;
    static final int ML_MATVEC = 2;
    static final int ML_ARG = 3;
    static final int ML_ARGKEY = 4;
    static final int MD_REDUCE = 0;
    static final int MD_MATVEC = 1;

    /** Blocks of phase 1 aimed at when a segment's values are split among blocks (layout B). */
    static final long TARGET_BLOCKS = 4096;
    /** Fewest values per block chunk (layout B). */
    static final long MIN_BLOCK_CHUNK = 4096;
    /** Threads of phase 1 aimed at in layout A. */
    static final long TARGET_THREADS = 1L << 19;
    /** Fewest values per thread chunk (layout A). */
    static final long MIN_THREAD_CHUNK = 32;
    /** Largest C whose partials phase 2 folds with one thread per out element. */
    static final long PER_THREAD_FINISH = 16;
    static final int MAX_GRID = 1 << 20;

    /** Adds this family's GPU variants on {@code device} to {@code into}. */
    static void variants(GpuDevice device, Map<OpCode, TaskBody> into) {
        into.put(OpCode.REDUCE, ctx -> reduce(device, ctx));
        into.put(OpCode.ARG_REDUCE, ctx -> argReduce(device, ctx));
        into.put(OpCode.MATVEC, ctx -> matvec(device, ctx));
        GemmGpu.variants(device, into);
        RandGpu.variants(device, into);
    }

    static void fallBack(OpCode op, TaskContext ctx) {
        GpuTasks.fellBack();
        CpuTasks.body(op).run(ctx);
    }

    // ------------------------------------------------------------------ REDUCE

    /**
     * REDUCE: {@code out[outAccess(i)] = init op in[i]...} with {@code in} converted to the compute type (float:
     * double, rounded to float for float32; integral: NumPy's cast, int32 wraps, bool 0/1; ANY/ALL: truth values).
     */
    static void reduce(GpuDevice dev, TaskContext ctx) {
        Args.Reduce args = Args.Reduce.decode(ctx.scalars());
        TileAccess t = TileAccess.of(ctx, args.space());
        if (t.empty() || args.out() instanceof dev.cohort.tasks.Operand.Const) {
            fallBack(OpCode.REDUCE, ctx);
            return;
        }
        TileAccess.Resolved in = t.resolve(args.in(), "REDUCE in");
        TileAccess.Resolved out = t.resolve(args.out(), "REDUCE out");
        Split sp = Split.of(t.extent(), new TileAccess.Resolved[] {in, out}, 1);
        if (sp == null) {
            fallBack(OpCode.REDUCE, ctx);
            return;
        }
        ReduceOp op = args.op();
        FieldType c = args.compute();
        boolean truth = op == ReduceOp.ANY || op == ReduceOp.ALL;
        FieldType ot = out.type();
        long idBits = truth ? ot.bitsOf(op == ReduceOp.ANY ? 0L : 1L) : op.runtimeOp().identityBits(ot);
        try (Staging st = new Staging(dev, ctx)) {
            CUdeviceptr pin = in.constant() ? null : st.in(in.requirement());
            CUdeviceptr pout = st.out(out.requirement(), sp.covers(ctx.instance(out.requirement())));
            if (truth || integral(c)) {
                FieldType lc = truth ? FieldType.BOOL : c;
                long init = truth ? (ot.toDouble(idBits) != 0 ? 1 : 0) : normL(bitsToLong(ot, idBits), c);
                runL(dev, st, sp, pin, -1, null, -1, -1, op.ordinal(), truth ? ML_TRUTH : ML_INT, lc, false,
                        pout, init);
            } else {
                double init = normD(ot.toDouble(idBits), c);
                runD(dev, st, sp, pin, -1, null, op.ordinal(), MD_REDUCE, c, pout, init);
            }
            st.finish();
        }
        GpuTasks.ranOnGpu();
    }

    // ------------------------------------------------------------------ MATVEC

    /** MATVEC: {@code out[outAccess(i)] = 0 + sum a[i] * b[i]} in the compute type (products rounded to it). */
    static void matvec(GpuDevice dev, TaskContext ctx) {
        Args.Matvec args = Args.Matvec.decode(ctx.scalars());
        TileAccess t = TileAccess.of(ctx, args.space());
        if (t.empty() || args.out() instanceof dev.cohort.tasks.Operand.Const) {
            fallBack(OpCode.MATVEC, ctx);
            return;
        }
        TileAccess.Resolved a = t.resolve(args.a(), "MATVEC a");
        TileAccess.Resolved b = t.resolve(args.b(), "MATVEC b");
        TileAccess.Resolved out = t.resolve(args.out(), "MATVEC out");
        Split sp = Split.of(t.extent(), new TileAccess.Resolved[] {a, b, out}, 2);
        if (sp == null) {
            fallBack(OpCode.MATVEC, ctx);
            return;
        }
        FieldType c = args.compute();
        try (Staging st = new Staging(dev, ctx)) {
            CUdeviceptr pa = a.constant() ? null : st.in(a.requirement());
            CUdeviceptr pb = b.constant() ? null : st.in(b.requirement());
            CUdeviceptr pout = st.out(out.requirement(), sp.covers(ctx.instance(out.requirement())));
            if (integral(c)) {
                runL(dev, st, sp, pa, 1, pb, -1, -1, ReduceOp.SUM.ordinal(), ML_MATVEC, c, false, pout, 0L);
            } else {
                runD(dev, st, sp, pa, 1, pb, ReduceOp.SUM.ordinal(), MD_MATVEC, c, pout, 0.0);
            }
            st.finish();
        }
        GpuTasks.ranOnGpu();
    }

    // ------------------------------------------------------------------ ARG_REDUCE

    /**
     * ARG_REDUCE: out (int64) = the MIN over the tile's candidates (flat index, or the coordinate along
     * {@code axis}) of: the second phase, candidates whose {@code in} equals {@code ref} (NaN equals NaN; compared as
     * longs when both are integral, else as doubles); the keyed form, {@code rank(in) << 30 | candidate}.
     */
    static void argReduce(GpuDevice dev, TaskContext ctx) {
        Args.ArgReduce args = Args.ArgReduce.decode(ctx.scalars());
        TileAccess t = TileAccess.of(ctx, args.space());
        if (t.empty() || args.out() instanceof dev.cohort.tasks.Operand.Const || args.axis() >= t.dim()
                || args.out().type() != FieldType.INT64) {
            fallBack(OpCode.ARG_REDUCE, ctx);
            return;
        }
        TileAccess.Resolved in = t.resolve(args.in(), "ARG_REDUCE in");
        TileAccess.Resolved ref = t.resolve(args.ref(), "ARG_REDUCE ref");
        TileAccess.Resolved out = t.resolve(args.out(), "ARG_REDUCE out");
        if (args.keyed() && in.type() != FieldType.BOOL && in.type() != FieldType.INT32 && in.type() != FieldType.FLOAT32) {
            fallBack(OpCode.ARG_REDUCE, ctx);
            return;
        }
        TileAccess.Resolved cand = candidate(t, args.axis());
        Split sp = Split.of(t.extent(), new TileAccess.Resolved[] {in, ref, cand, out}, 3);
        if (sp == null) {
            fallBack(OpCode.ARG_REDUCE, ctx);
            return;
        }
        boolean exact = integral(in.type()) && integral(ref.type());
        try (Staging st = new Staging(dev, ctx)) {
            CUdeviceptr pin = in.constant() ? null : st.in(in.requirement());
            CUdeviceptr pref = args.keyed() || ref.constant() ? null : st.in(ref.requirement());
            CUdeviceptr pout = st.out(out.requirement(), sp.covers(ctx.instance(out.requirement())));
            runL(dev, st, sp, pin, args.keyed() ? -1 : 1, pref, 2, args.op() == ArgReduceOp.ARGMAX ? 1 : 0,
                    ReduceOp.MIN.ordinal(), args.keyed() ? ML_ARGKEY : ML_ARG, FieldType.INT64, exact, pout,
                    Long.MAX_VALUE);
            st.finish();
        }
        GpuTasks.ranOnGpu();
    }

    /** Tile.flatIndex (axis < 0) or Tile.coordinate(axis) as a pseudo operand (never loaded: its offset is the index). */
    static TileAccess.Resolved candidate(TileAccess t, int axis) {
        long[] lo = t.lo();
        long[] stride = new long[lo.length];
        long base = 0;
        if (axis < 0) {
            long[] shape = t.spaceShape();
            long f = 1;
            for (int d = lo.length - 1; d >= 0; d--) {
                stride[d] = f;
                base += lo[d] * f;
                f *= shape[d];
            }
        } else {
            stride[axis] = 1;
            base = lo[axis];
        }
        return new TileAccess.Resolved(Integer.MAX_VALUE, FieldType.INT64, 0, base, stride);
    }

    // ------------------------------------------------------------------ launches

    /**
     * Phase 1 and 2 of an i64 reduction. {@code in2Index}/{@code candIndex}: the split's operand index of the second
     * input / candidate, or -1.
     */
    private static void runL(GpuDevice dev, Staging st, Split sp, CUdeviceptr pin, int in2Index, CUdeviceptr pin2,
                             int candIndex, int argmax, int op, int mode, FieldType ctype, boolean exact,
                             CUdeviceptr pout, long init) {
        CUdeviceptr partial = st.scratch(sp.K * sp.C * 8);
        KernelArgs k1 = new KernelArgs()
                .ptr(pin).struct(sp.ropd(0))
                .ptr(pin2).struct(in2Index < 0 ? Split.zeroOpd() : sp.ropd(in2Index))
                .struct(candIndex < 0 ? Split.zeroOpd() : sp.ropd(candIndex))
                .struct(sp.spec())
                .i32(op).i32(mode).i32(ctype.ordinal()).i32(Math.max(0, argmax)).i32(exact ? 1 : 0)
                .i32(sp.layoutA ? 1 : 0).ptr(partial);
        dev.launch("cohort_reduction_partial_l", sp.phase1Grid(), GpuDevice.BLOCK, 0, k1);
        KernelArgs k2 = new KernelArgs().ptr(partial).struct(sp.spec()).ptr(pout).struct(sp.ropd(sp.out))
                .i32(op).i32(ctype.ordinal()).i64(init).i32(sp.perThreadFinish() ? 1 : 0);
        dev.launch("cohort_reduction_finish_l", sp.phase2Grid(), GpuDevice.BLOCK, 0, k2);
    }

    private static void runD(GpuDevice dev, Staging st, Split sp, CUdeviceptr pin, int in2Index, CUdeviceptr pin2,
                             int op, int mode, FieldType ctype, CUdeviceptr pout, double init) {
        CUdeviceptr partial = st.scratch(sp.K * sp.C * 8);
        KernelArgs k1 = new KernelArgs()
                .ptr(pin).struct(sp.ropd(0))
                .ptr(pin2).struct(in2Index < 0 ? Split.zeroOpd() : sp.ropd(in2Index))
                .struct(sp.spec())
                .i32(op).i32(mode).i32(ctype.ordinal()).i32(sp.layoutA ? 1 : 0).ptr(partial);
        dev.launch("cohort_reduction_partial_d", sp.phase1Grid(), GpuDevice.BLOCK, 0, k1);
        KernelArgs k2 = new KernelArgs().ptr(partial).struct(sp.spec()).ptr(pout).struct(sp.ropd(sp.out))
                .i32(op).i32(ctype.ordinal()).f64(init).i32(sp.perThreadFinish() ? 1 : 0);
        dev.launch("cohort_reduction_finish_d", sp.phase2Grid(), GpuDevice.BLOCK, 0, k2);
    }

    // ------------------------------------------------------------------ conversions (task-library's Convert)

    static boolean integral(FieldType t) {
        return t == FieldType.INT64 || t == FieldType.INT32 || t == FieldType.BOOL;
    }

    static double normD(double v, FieldType c) {
        return c == FieldType.FLOAT32 ? (double) (float) v : v;
    }

    static long normL(long v, FieldType c) {
        return switch (c) {
            case INT32 -> (int) v;
            case BOOL -> v != 0 ? 1 : 0;
            default -> v;
        };
    }

    /** Convert.d2l: truncation; NaN and out of range give Long.MIN_VALUE. */
    static long d2l(double d) {
        long r = (long) d;
        if (r == Long.MAX_VALUE || d != d) {
            return Long.MIN_VALUE;
        }
        return r;
    }

    /** Tile.View.getL of an element holding raw {@code bits} of {@code t}. */
    static long bitsToLong(FieldType t, long bits) {
        return switch (t) {
            case FLOAT64 -> d2l(Double.longBitsToDouble(bits));
            case FLOAT32 -> d2l(Float.intBitsToFloat((int) bits));
            case INT64 -> bits;
            case INT32 -> (int) bits;
            case BOOL -> bits != 0 ? 1 : 0;
        };
    }

    // ------------------------------------------------------------------ the split

    /**
     * A tile split into kept and reduced dimensions over a set of operands ({@code RSpec} and {@code ROpd} of
     * reduction.cu), with the chunking and layout of phase 1.
     */
    static final class Split {
        static final int MAXD = TileShape.MAXD;

        final long[] kext;
        final long[] rext;
        final TileAccess.Resolved[] ops;
        final long[][] ks;
        final long[][] rs;
        final int out;
        final long K;
        final long R;
        final long C;
        final long CH;
        final boolean layoutA;
        final boolean injective;

        private Split(long[] kext, long[] rext, TileAccess.Resolved[] ops, long[][] ks, long[][] rs, int out) {
            this.kext = kext;
            this.rext = rext;
            this.ops = ops;
            this.ks = ks;
            this.rs = rs;
            this.out = out;
            this.K = product(kext);
            this.R = product(rext);
            this.injective = injective(kext, ks[out]);
            this.layoutA = chooseLayoutA();
            long c;
            if (layoutA) {
                c = clamp(ceilDiv(R, MIN_THREAD_CHUNK), 1, Math.max(1, ceilDiv(TARGET_THREADS, K)));
            } else {
                c = clamp(ceilDiv(R, MIN_BLOCK_CHUNK), 1, Math.max(1, ceilDiv(TARGET_BLOCKS, K)));
            }
            long ch = ceilDiv(R, c);
            this.CH = Math.max(1, ch);
            this.C = Math.max(1, ceilDiv(R, this.CH));
        }

        /**
         * Splits {@code extent} over {@code ops} (merged as {@link TileShape} merges them); {@code out} is the index of
         * out among them. Null when out is not injective over the kept dimensions, or more than {@link TileShape#MAXD}
         * dimensions remain.
         */
        static Split of(long[] extent, TileAccess.Resolved[] ops, int out) {
            TileShape s;
            try {
                s = TileShape.of(extent, ops);
            } catch (GpuException e) {
                return null;  // more than TileShape.MAXD dimensions after merging
            }
            long[] ext = s.extent();
            long[] so = s.stride(out);
            int kn = 0;
            int rn = 0;
            for (int d = 0; d < ext.length; d++) {
                if (so[d] != 0) {
                    kn++;
                } else {
                    rn++;
                }
            }
            long[] kext = new long[kn];
            long[] rext = new long[rn];
            long[][] ks = new long[ops.length][kn];
            long[][] rs = new long[ops.length][rn];
            int ki = 0;
            int ri = 0;
            for (int d = 0; d < ext.length; d++) {
                if (so[d] != 0) {
                    kext[ki] = ext[d];
                    for (int o = 0; o < ops.length; o++) {
                        ks[o][ki] = ops[o].constant() ? 0 : s.stride(o)[d];
                    }
                    ki++;
                } else {
                    rext[ri] = ext[d];
                    for (int o = 0; o < ops.length; o++) {
                        rs[o][ri] = ops[o].constant() ? 0 : s.stride(o)[d];
                    }
                    ri++;
                }
            }
            Split sp = new Split(kext, rext, ops, ks, rs, out);
            return sp.injective ? sp : null;
        }

        /**
         * Layout A (a thread per (k, chunk)) where a kept dimension is the contiguous one of the operand that moves
         * along the most dimensions, or where segments are short and many; else layout B (a block per (k, chunk)).
         */
        private boolean chooseLayoutA() {
            if (K < 32) {
                return false;
            }
            if (R < 64 && K >= 256) {
                return true;
            }
            int main = -1;
            int best = -1;
            for (int o = 0; o < ops.length; o++) {
                if (o == out || ops[o].constant() || ops[o].requirement() == Integer.MAX_VALUE) {
                    continue;
                }
                int moving = 0;
                for (long x : ks[o]) {
                    moving += x != 0 ? 1 : 0;
                }
                for (long x : rs[o]) {
                    moving += x != 0 ? 1 : 0;
                }
                if (moving > best) {
                    best = moving;
                    main = o;
                }
            }
            if (main < 0) {
                return true;
            }
            // the reduced dimension contiguous: lanes along it (B); else lanes along the K segments (A), which
            // read consecutive elements where a kept dimension is the contiguous one
            long rInner = rext.length == 0 ? 0 : Math.abs(rs[main][rext.length - 1]);
            return rInner != 1;
        }

        /** True when the tile writes every element of {@code inst} (K distinct elements, K its size). */
        boolean covers(Instance inst) {
            return injective && K == inst.size();
        }

        boolean perThreadFinish() {
            return C <= PER_THREAD_FINISH;
        }

        int phase1Grid() {
            long units = K * C;
            if (layoutA) {
                return (int) Math.max(1, Math.min(ceilDiv(units, GpuDevice.BLOCK), MAX_GRID));
            }
            return (int) Math.max(1, Math.min(units, MAX_GRID));
        }

        int phase2Grid() {
            if (perThreadFinish()) {
                return (int) Math.max(1, Math.min(ceilDiv(K, GpuDevice.BLOCK), MAX_GRID));
            }
            return (int) Math.max(1, Math.min(K, MAX_GRID));
        }

        /** {@code struct RSpec { i64 kn, rn, K, R, C, CH, kext[8], rext[8]; }} */
        long[] spec() {
            long[] s = new long[6 + 2 * MAXD];
            s[0] = kext.length;
            s[1] = rext.length;
            s[2] = K;
            s[3] = R;
            s[4] = C;
            s[5] = CH;
            System.arraycopy(kext, 0, s, 6, kext.length);
            System.arraycopy(rext, 0, s, 6 + MAXD, rext.length);
            return s;
        }

        /** {@code struct ROpd { i64 type, bits, base, ks[8], rs[8]; }} of operand {@code o}. */
        long[] ropd(int o) {
            TileAccess.Resolved r = ops[o];
            long[] s = new long[3 + 2 * MAXD];
            s[0] = r.type().ordinal();
            s[1] = r.constBits();
            s[2] = r.constant() ? 0 : r.base();
            if (!r.constant()) {
                System.arraycopy(ks[o], 0, s, 3, ks[o].length);
                System.arraycopy(rs[o], 0, s, 3 + MAXD, rs[o].length);
            }
            return s;
        }

        static long[] zeroOpd() {
            long[] s = new long[3 + 2 * MAXD];
            s[0] = FieldType.INT64.ordinal();
            return s;
        }

        @Override
        public String toString() {
            return "Split[kext=" + Arrays.toString(kext) + ", rext=" + Arrays.toString(rext) + ", C=" + C + ", CH=" + CH
                    + ", layout " + (layoutA ? "A" : "B") + "]";
        }
    }

    static long product(long[] e) {
        long p = 1;
        for (long x : e) {
            p *= x;
        }
        return p;
    }

    static long ceilDiv(long a, long b) {
        return (a + b - 1) / b;
    }

    static long clamp(long v, long lo, long hi) {
        return Math.max(lo, Math.min(hi, v));
    }

    /**
     * Whether {@code base + sum c[d] * stride[d]} over {@code 0 <= c[d] < ext[d]} reaches distinct elements (a
     * sufficient test: taken by increasing |stride|, each stride exceeds the span of the smaller ones).
     */
    static boolean injective(long[] ext, long[] stride) {
        int n = ext.length;
        Integer[] order = new Integer[n];
        for (int d = 0; d < n; d++) {
            order[d] = d;
        }
        Arrays.sort(order, (x, y) -> Long.compare(Math.abs(stride[x]), Math.abs(stride[y])));
        long span = 0;
        for (int i = 0; i < n; i++) {
            int d = order[i];
            if (ext[d] <= 1) {
                continue;
            }
            long s = Math.abs(stride[d]);
            if (s <= span) {
                return false;
            }
            span += (ext[d] - 1) * s;
        }
        return true;
    }
}
