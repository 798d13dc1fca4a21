package dev.cohort.tasks;

import static dev.cohort.tasks.DtypeKernelTest.M;
import static dev.cohort.tasks.DtypeKernelTest.N;
import static dev.cohort.tasks.KernelHarness.launch;
import static dev.cohort.tasks.KernelHarness.load;
import static dev.cohort.tasks.KernelHarness.rect;
import static dev.cohort.tasks.KernelHarness.replicated;
import static dev.cohort.tasks.KernelHarness.tiled;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.cohort.runtime.Runtime;
import dev.cohort.runtime.instance.Instance;
import dev.cohort.runtime.launch.Access;
import dev.cohort.runtime.launch.GroupLaunch;
import dev.cohort.runtime.launch.IterSpace;
import dev.cohort.runtime.launch.Privilege;
import dev.cohort.runtime.region.FieldType;
import dev.cohort.runtime.region.Store;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Every BINARY_OP (arrays, and a row vector broadcast along dimension 0) and every UNARY_OP of one
 * dtype through real launches on 1 to 4 in-process shards (9 tiles of a 5 x 11 space), against
 * {@link DtypeKernelTest}'s reference, bit for bit; every shard reads the same bits.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class DtypeLaunchTest {
    static final IterSpace SPACE = new IterSpace(new long[] {M, N}, new long[] {2, 4});
    static final Access ROW = new Access(new int[] {1}, new long[] {1}, new long[] {0});

    private static Instance binary(Runtime rt, BinaryOp op, FieldType t, Store a, Store b, boolean broadcast) {
        FieldType c = op.isLogical() ? FieldType.BOOL : t;
        FieldType to = op.isPredicate() ? FieldType.BOOL : t;
        Store out = rt.createStore(rect(M, N), to);
        GroupLaunch.Builder l = tiled(launch(OpCode.BINARY_OP, SPACE), a, SPACE, Privilege.READ);
        l = broadcast ? replicated(l, b, Privilege.READ) : tiled(l, b, SPACE, Privilege.READ);
        tiled(l, out, SPACE, Privilege.WRITE_DISCARD);
        Operand ob = new Operand.StoreOperand(1, t, broadcast ? ROW : Access.identity(2));
        rt.execute(l.scalars(new Args.Binary(op, c, SPACE, new Operand.StoreOperand(0, t, Access.identity(2)), ob,
                new Operand.StoreOperand(2, to, Access.identity(2))).encode()).build());
        return rt.read(out);
    }

    /** Every binary op NumPy defines on {@code t} (the integer-only ones raise on floats). */
    static List<BinaryOp> binaryOps(FieldType t) {
        List<BinaryOp> ops = new ArrayList<>();
        for (BinaryOp op : BinaryOp.values()) {
            if (op.hasLoop(t)) {
                ops.add(op);
            }
        }
        return ops;
    }

    static List<UnaryOp> unaryOps(FieldType t) {
        List<UnaryOp> ops = new ArrayList<>();
        for (UnaryOp op : UnaryOp.values()) {
            if (!(op == UnaryOp.INVERT && DtypeKernelTest.floating(t))) {
                ops.add(op);
            }
        }
        return ops;
    }

    private static Instance unary(Runtime rt, UnaryOp op, FieldType t, Store a) {
        FieldType c = op == UnaryOp.LOGICAL_NOT ? FieldType.BOOL : t;
        FieldType to = op.isPredicate() ? FieldType.BOOL : c;
        Store out = rt.createStore(rect(M, N), to);
        GroupLaunch.Builder l = tiled(tiled(launch(OpCode.UNARY_OP, SPACE), a, SPACE, Privilege.READ), out, SPACE,
                Privilege.WRITE_DISCARD);
        rt.execute(l.scalars(new Args.Unary(op, c, SPACE, new Operand.StoreOperand(0, t, Access.identity(2)),
                new Operand.StoreOperand(1, to, Access.identity(2))).encode()).build());
        return rt.read(out);
    }

    @ParameterizedTest(name = "{0} on {1} shards")
    @CsvSource({"FLOAT32, 1", "FLOAT32, 3", "INT32, 1", "INT32, 3", "BOOL, 1", "BOOL, 4", "INT64, 2", "FLOAT64, 4"})
    void everyOpOfOneDtypeOnShards(FieldType t, int shards) {
        DtypeKernelTest.Arg a = DtypeKernelTest.arg(DtypeKernelTest.Layout.DENSE, t, 1, false);
        DtypeKernelTest.Arg b = DtypeKernelTest.arg(DtypeKernelTest.Layout.DENSE, t, 2, false);
        DtypeKernelTest.Arg e = DtypeKernelTest.arg(DtypeKernelTest.Layout.DENSE, t, 2, true);
        DtypeKernelTest.Arg row = DtypeKernelTest.arg(DtypeKernelTest.Layout.ROW, t, 4, false);
        DtypeKernelTest.Arg rowE = DtypeKernelTest.arg(DtypeKernelTest.Layout.ROW, t, 4, true);
        // an array, so that KernelHarness compares the shards' instances element by element
        Instance[] outs = KernelHarness.run(shards, rt -> {
            Store sa = load(rt, t, new long[] {M, N}, a.inst().array());
            Store sb = load(rt, t, new long[] {M, N}, b.inst().array());
            Store se = load(rt, t, new long[] {M, N}, e.inst().array());
            Store sr = load(rt, t, new long[] {N}, row.inst().array());
            Store sre = load(rt, t, new long[] {N}, rowE.inst().array());
            List<Instance> r = new ArrayList<>();
            for (BinaryOp op : binaryOps(t)) {
                boolean pow = op == BinaryOp.POWER;
                r.add(binary(rt, op, t, sa, pow ? se : sb, false));
                r.add(binary(rt, op, t, sa, pow ? sre : sr, true));
            }
            for (UnaryOp op : unaryOps(t)) {
                r.add(unary(rt, op, t, sa));
            }
            return r.toArray(new Instance[0]);
        });
        List<String> bad = new ArrayList<>();
        int k = 0;
        for (BinaryOp op : binaryOps(t)) {
            FieldType c = op.isLogical() ? FieldType.BOOL : t;
            FieldType to = op.isPredicate() ? FieldType.BOOL : t;
            DtypeKernelTest.Arg y = op == BinaryOp.POWER ? e : b;
            DtypeKernelTest.Arg yr = op == BinaryOp.POWER ? rowE : row;
            for (DtypeKernelTest.Arg rhs : new DtypeKernelTest.Arg[] {y, yr}) {
                DtypeKernelTest.Arg out = new DtypeKernelTest.Arg(DtypeKernelTest.Layout.DENSE, to, outs[k++], 0);
                DtypeKernelTest.check(t + " " + op + " " + rhs.layout(), out,
                        (i, j) -> DtypeKernelTest.refBinary(op, c, t, a.bits(i, j), t, rhs.bits(i, j), to), bad);
            }
        }
        for (UnaryOp op : unaryOps(t)) {
            FieldType c = op == UnaryOp.LOGICAL_NOT ? FieldType.BOOL : t;
            FieldType to = op.isPredicate() ? FieldType.BOOL : c;
            DtypeKernelTest.Arg out = new DtypeKernelTest.Arg(DtypeKernelTest.Layout.DENSE, to, outs[k++], 0);
            DtypeKernelTest.check(t + " " + op, out, (i, j) -> DtypeKernelTest.refUnary(op, c, t, a.bits(i, j), to), bad);
        }
        assertEquals(outs.length, k);
        DtypeKernelTest.assertNone(bad, k);
    }
}
