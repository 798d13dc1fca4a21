package dev.cohort.tasks;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cohort.runtime.geometry.Point;
import dev.cohort.runtime.geometry.Rect;
import dev.cohort.runtime.instance.Instance;
import dev.cohort.runtime.launch.Access;
import dev.cohort.runtime.launch.IterSpace;
import dev.cohort.runtime.region.FieldType;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Every UnaryOp and BinaryOp NumPy defines on a dtype, over rows longer than a chunk (2,600 random
 * elements, so the strided paths' and the fused machine's 1024-element chunks and their tails are
 * crossed), with the compute and out types of {@link UfuncTypes}: the dense fast path (unit stride),
 * the strided path (operands with step 3 and a reversed one, out with step 2), a scalar operand on
 * either side, and FUSED (the operation alone, and inside {@code where(True, op, op)} on the stack
 * machine) all give the same bits. Values are drawn with NaN, infinities, both zeros, subnormals,
 * integer extremes, small shift counts and zero divisors.
 */
class UfuncPathsTest {
    static final int N = 2600;
    static final IterSpace SPACE = new IterSpace(new long[] {N}, new long[] {N});

    static long sample(Random rnd, FieldType t) {
        return switch (t) {
            case FLOAT64, FLOAT32 -> {
                double v = switch (rnd.nextInt(16)) {
                    case 0 -> Double.NaN;
                    case 1 -> rnd.nextBoolean() ? Double.POSITIVE_INFINITY : Double.NEGATIVE_INFINITY;
                    case 2 -> rnd.nextBoolean() ? 0.0 : -0.0;
                    case 3 -> Double.MIN_VALUE * rnd.nextInt(100);
                    case 4 -> rnd.nextGaussian() * 1e300;
                    case 5 -> rnd.nextInt(9) - 4;
                    default -> rnd.nextGaussian() * 3;
                };
                yield t.bitsOf(v);
            }
            case INT64 -> rnd.nextInt(8) == 0 ? rnd.nextLong() : rnd.nextInt(8) == 0 ? Long.MIN_VALUE : rnd.nextInt(140) - 70;
            case INT32 -> rnd.nextInt(8) == 0 ? rnd.nextInt() : rnd.nextInt(8) == 0 ? Integer.MIN_VALUE : rnd.nextInt(80) - 40;
            case BOOL -> rnd.nextInt(2);
        };
    }

    /** A store of {@code t} holding {@code v} with step {@code step} (negative: reversed), and its operand at {@code req}. */
    record Arg(Instance inst, Operand operand) {
    }

    static Arg store(FieldType t, long[] v, int step, int req) {
        int len = Math.abs(step) * (N - 1) + 1;
        Instance inst = Instance.allocate(t, Rect.ofExtents(len));
        for (int i = 0; i < N; i++) {
            inst.setBits(step > 0 ? i * step : len - 1 + i * step, v[i]);
        }
        Access acc = new Access(new int[] {0}, new long[] {step}, new long[] {step > 0 ? 0 : len - 1});
        return new Arg(inst, new Operand.StoreOperand(req, t, acc));
    }

    static Arg out(FieldType t, int step) {
        Instance inst = Instance.allocate(t, Rect.ofExtents(step * (N - 1) + 1));
        return new Arg(inst, new Operand.StoreOperand(0, t, new Access(new int[] {0}, new long[] {step}, new long[] {0})));
    }

    static long[] read(Arg o, int step) {
        long[] r = new long[N];
        for (int i = 0; i < N; i++) {
            r[i] = o.inst.getBits(i * step);
        }
        return r;
    }

    static void run(dev.cohort.runtime.launch.TaskBody body, byte[] scalars, Instance... inst) {
        new KernelBenchmark.Ctx(scalars, Point.of(0), inst).run(body);
    }

    static final Instance DUMMY = Instance.allocate(FieldType.INT64, Rect.ofExtents(1));

    /** Runs FUSED over {@code leaves} (instances 1..) into a dense out: the op alone and in where(True, op, op). */
    static List<long[]> fused(int[] op, Operand.Const[] consts, Operand[] leaves, Instance[] ins, FieldType res) {
        List<long[]> r = new ArrayList<>();
        int t = FusedExpr.instruction(FusedExpr.CONST, consts.length);
        Operand.Const[] withTrue = Arrays.copyOf(consts, consts.length + 1);
        withTrue[consts.length] = Operand.Const.of(true);
        int[] chain = new int[2 * op.length + 2];
        chain[0] = t;
        System.arraycopy(op, 0, chain, 1, op.length);
        System.arraycopy(op, 0, chain, 1 + op.length, op.length);
        chain[chain.length - 1] = FusedExpr.instruction(FusedExpr.WHERE, res, 0);
        for (int[] code : new int[][] {op, chain}) {
            Arg o = out(res, 1);
            Instance[] all = new Instance[ins.length + 1];
            all[0] = o.inst;
            System.arraycopy(ins, 0, all, 1, ins.length);
            run(FusedKernels::fused, new FusedExpr(SPACE, code, withTrue, leaves, o.operand).encode(), all);
            r.add(read(o, 1));
        }
        return r;
    }

    static void same(List<String> bad, String what, long[] want, long[] got) {
        if (!Arrays.equals(want, got) && bad.size() < 20) {
            int k = 0;
            while (want[k] == got[k]) {
                k++;
            }
            bad.add(what + ": first difference at " + k + ": " + want[k] + " vs " + got[k]);
        }
    }

    @ParameterizedTest
    @EnumSource(FieldType.class)
    void everyPathGivesTheSameBits(FieldType t) {
        Random rnd = new Random(15L + t.ordinal());
        long[] x = new long[N];
        long[] y = new long[N];
        for (int i = 0; i < N; i++) {
            x[i] = sample(rnd, t);
            y[i] = sample(rnd, t);
        }
        List<String> bad = new ArrayList<>();
        int cases = 0;
        for (UnaryOp op : UnaryOp.values()) {
            UfuncTypes.Loop loop;
            try {
                loop = op.loop(t);
            } catch (UFuncTypeError e) {
                continue;
            }
            FieldType c = loop.compute();
            FieldType res = loop.result();
            Arg a1 = store(t, x, 1, 1);
            Arg o1 = out(res, 1);
            run(ElementwiseKernels::unary, new Args.Unary(op, c, SPACE, a1.operand, o1.operand).encode(), o1.inst, a1.inst);
            long[] dense = read(o1, 1);
            Arg a3 = store(t, x, -3, 1);
            Arg o2 = out(res, 2);
            run(ElementwiseKernels::unary, new Args.Unary(op, c, SPACE, a3.operand, o2.operand).encode(), o2.inst, a3.inst);
            same(bad, op + " " + t + " strided", dense, read(o2, 2));
            int[] code = {FusedExpr.instruction(FusedExpr.LEAF, 0), FusedExpr.instruction(FusedExpr.UNARY, c, op.ordinal())};
            for (long[] f : fused(code, new Operand.Const[0], new Operand[] {a3.operand}, new Instance[] {a3.inst}, res)) {
                same(bad, op + " " + t + " fused", dense, f);
            }
            cases++;
        }
        for (BinaryOp op : BinaryOp.values()) {
            UfuncTypes.Loop loop;
            try {
                loop = op.loop(t, t);
            } catch (UFuncTypeError e) {
                continue;
            }
            FieldType c = loop.compute();
            FieldType res = loop.result();
            long[] yy = y;
            if (op == BinaryOp.POWER && !Convert.floating(c)) {
                yy = new long[N];
                for (int i = 0; i < N; i++) {
                    yy[i] = rnd.nextInt(t == FieldType.BOOL ? 2 : 5);    // integer powers: non-negative exponents
                }
            }
            Arg a = store(t, x, 1, 1);
            Arg b = store(t, yy, 1, 2);
            Arg o = out(res, 1);
            run(ElementwiseKernels::binary, new Args.Binary(op, c, SPACE, a.operand, b.operand, o.operand).encode(),
                    o.inst, a.inst, b.inst);
            long[] dense = read(o, 1);
            Arg as = store(t, x, 3, 1);
            Arg bs = store(t, yy, -1, 2);
            Arg os = out(res, 2);
            run(ElementwiseKernels::binary, new Args.Binary(op, c, SPACE, as.operand, bs.operand, os.operand).encode(),
                    os.inst, as.inst, bs.inst);
            same(bad, op + " " + t + " strided", dense, read(os, 2));
            int[] code = {FusedExpr.instruction(FusedExpr.LEAF, 0), FusedExpr.instruction(FusedExpr.LEAF, 1),
                FusedExpr.instruction(FusedExpr.BINARY, c, op.ordinal())};
            for (long[] f : fused(code, new Operand.Const[0], new Operand[] {as.operand, bs.operand},
                    new Instance[] {as.inst, bs.inst}, res)) {
                same(bad, op + " " + t + " fused", dense, f);
            }
            // a scalar on either side: the dense loop against the strided path and FUSED
            Operand.Const k = new Operand.Const(t, yy[7]);
            boolean intPower = op == BinaryOp.POWER && !Convert.floating(c);
            for (boolean left : new boolean[] {false, true}) {
                // s ** array with integers: the exponents are y's (non-negative)
                Arg va = left && intPower ? store(t, yy, 1, 1) : a;
                Arg vs = left && intPower ? store(t, yy, 3, 1) : as;
                Operand l = left ? k : va.operand;
                Operand r = left ? va.operand : k;
                Arg od = out(res, 1);
                run(ElementwiseKernels::binary, new Args.Binary(op, c, SPACE, l, r, od.operand).encode(), od.inst, va.inst, DUMMY);
                long[] d = read(od, 1);
                Operand ls = left ? k : vs.operand;
                Operand rs = left ? vs.operand : k;
                Arg ost = out(res, 2);
                run(ElementwiseKernels::binary, new Args.Binary(op, c, SPACE, ls, rs, ost.operand).encode(), ost.inst, vs.inst, DUMMY);
                same(bad, op + " " + t + " scalar " + (left ? "left" : "right") + " strided", d, read(ost, 2));
                int leaf = FusedExpr.instruction(FusedExpr.LEAF, 0);
                int cst = FusedExpr.instruction(FusedExpr.CONST, 0);
                int[] sc = {left ? cst : leaf, left ? leaf : cst, FusedExpr.instruction(FusedExpr.BINARY, c, op.ordinal())};
                for (long[] f : fused(sc, new Operand.Const[] {k}, new Operand[] {vs.operand}, new Instance[] {vs.inst}, res)) {
                    same(bad, op + " " + t + " scalar " + (left ? "left" : "right") + " fused", d, f);
                }
            }
            cases++;
        }
        assertTrue(cases > 40, "cases " + cases);
        assertTrue(bad.isEmpty(), String.join("\n", bad));
    }
}
