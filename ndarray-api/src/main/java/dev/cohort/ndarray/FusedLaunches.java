package dev.cohort.ndarray;

import dev.cohort.partitioner.Role;
import dev.cohort.partitioner.Strategy;
import dev.cohort.runtime.partition.Partition;
import dev.cohort.runtime.partition.Projection;
import dev.cohort.runtime.partition.Tiling;
import dev.cohort.runtime.region.FieldType;
import dev.cohort.tasks.FusedReduce;
import dev.cohort.tasks.OpCode;
import dev.cohort.tasks.Operand;
import dev.cohort.tasks.ReduceOp;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import static dev.cohort.ndarray.DeferredExpr.*;

/**
 * The launches of {@link Fusion}: the FUSED launch that materialises a deferred expression and the
 * FUSED_REDUCE launch that reduces one without materialising it, each partitioned as eager execution would
 * have partitioned the operations it replaces — asking the same {@code AutoTask} planning
 * ({@link Launches#strategy}) with the key partitions eager execution would have left ({@link #simulate}),
 * so that results and the order reductions fold in are bit-identical to eager execution.
 */
final class FusedLaunches {
    private FusedLaunches() {
    }

    /**
     * The FUSED launch that materialises a deferred expression: slots (0: the array), operands, code, keys, and the
     * strategy {@link Launches#launch} would choose with those keys when planning already computed it (else null).
     */
    record FusedLaunch(List<Launches.Slot> slots, Operand[] ops, int[] code, Operand.Const[] consts, Tiling[] keys,
                               boolean single, Strategy strategy) {
    }

    /** How {@link Fusion#materialize} launches {@code p} into {@code b} (issues nothing). */
    static FusedLaunch plan(Cohort ctx, ArrayStorage b, Pending p) {
        Code code = code(p);
        List<NdArray> leaves = code.leaves();
        NdArray out = new NdArray(ctx, b, p.shape, p.view);
        List<Launches.Slot> slots = new ArrayList<>();
        slots.add(new Launches.Slot(out, Launches.iterAccess(out, p.shape), Role.WRITE));
        Operand[] ops = new Operand[leaves.size()];
        for (int i = 0; i < leaves.size(); i++) {
            NdArray l = leaves.get(i);
            slots.add(new Launches.Slot(l, Launches.iterAccess(l, p.shape), Role.READ));
            ops[i] = Launches.operand(slots, i + 1);
        }
        // Partition as eager execution would have partitioned the expression's last operation, so
        // that the result is written through the same tiling (and reductions of it sum in the same order).
        Strategy eager = simulate(ctx, p);
        Tiling[] keys = new Tiling[slots.size()];
        keys[0] = eager.partitions().get(0) instanceof Tiling t ? t : null;
        for (int i = 1; i < keys.length; i++) {
            keys[i] = slots.get(i).array().base.logical().keyPartition();
        }
        boolean single = false;
        Strategy keyed = Launches.strategy(ctx, p.shape, slots, new int[0], false, keys);
        if (!keyed.space().equals(eager.space())) {
            keyed = null;
            Arrays.fill(keys, 1, keys.length, null);
            if (keys[0] == null || !Launches.strategy(ctx, p.shape, slots, new int[0], false, keys).space().equals(eager.space())) {
                single = eager.isSinglePoint();
            }
        }
        // keyed: what the launch would plan again (no key partition of these stores changes before it: only writes set them)
        return new FusedLaunch(slots, ops, code.code(), code.consts(), keys, single, keyed);
    }

    /**
     * The FUSED_REDUCE launch of {@link Fusion#reduce}: {@code op} over the whole deferred array {@code a}
     * (expression {@code p}) into {@code outSlot}; false (nothing issued) when it would not give REDUCE's bits.
     */
    static boolean reduce(ReduceOp op, DType compute, Launches.Slot outSlot, NdArray a, DeferredExpr.Pending p) {
        Cohort ctx = a.ctx;
        long[] shape = a.shape;
        // the REDUCE launch eager execution would issue after materialising a
        FusedLaunch f = plan(ctx, a.base, p);
        Strategy written = f.strategy() != null ? f.strategy() : Launches.strategy(ctx, p.shape, f.slots(), new int[0], f.single(), f.keys());
        Tiling aKey = written.partitions().get(0) instanceof Tiling t ? t : null;
        Launches.Slot aSlot = new Launches.Slot(a, Launches.iterAccess(a, shape), Role.READ);
        Strategy reduce = Launches.strategy(ctx, shape, List.of(outSlot, aSlot), new int[0], false, new Tiling[]{null, aKey});
        if (!reduce.isSinglePoint() && !pieceIsTile(reduce, 1)) {
            return false;
        }
        // the same iteration space, partitioned with a as a phantom operand (not launched)
        List<NdArray> leaves = f.slots().subList(1, f.slots().size()).stream().map(Launches.Slot::array).toList();
        List<Launches.Slot> slots = new ArrayList<>();
        slots.add(outSlot);
        slots.add(aSlot);
        Tiling[] keys = new Tiling[leaves.size() + 2];
        keys[1] = aKey;
        for (int i = 0; i < leaves.size(); i++) {
            NdArray l = leaves.get(i);
            slots.add(new Launches.Slot(l, Launches.iterAccess(l, shape), Role.READ));
            keys[i + 2] = l.base.logical().keyPartition();
        }
        Strategy s = Launches.strategy(ctx, shape, slots, new int[0], false, keys);
        if (!sameReduction(s, reduce)) {
            Arrays.fill(keys, 2, keys.length, null);
            s = Launches.strategy(ctx, shape, slots, new int[0], false, keys);
            if (!sameReduction(s, reduce)) {
                return false;
            }
        }
        slots.remove(1);
        List<Partition> parts = new ArrayList<>(s.partitions());
        List<Projection> projs = new ArrayList<>(s.projections());
        parts.remove(1);
        projs.remove(1);
        Strategy launch = new Strategy(s.space(), parts, projs);
        Operand[] ops = new Operand[leaves.size()];
        for (int i = 0; i < ops.length; i++) {
            ops[i] = Launches.operand(slots, i + 1);
        }
        int[] code = f.code();
        Operand.Const[] consts = f.consts();
        FieldType c = compute.fieldType();
        Launches.launch(OpCode.FUSED_REDUCE.taskId(), shape, slots, op.runtimeOp(),
                Reductions.decisive(op.runtimeOp(), outSlot.array().dtype()), launch, space ->
                new FusedReduce(op, c, space, code, consts, ops, Launches.operand(slots, 0)).encode());
        ctx.fusion.launches++;
        ctx.fusion.fusedReductions++;
        return true;
    }

    /** Operand {@code i} of {@code s} is tiled so that each launch point's piece is exactly its tile. */
    private static boolean pieceIsTile(Strategy s, int i) {
        if (!(s.partitions().get(i) instanceof Tiling t) || !t.isDisjoint()) {
            return false;
        }
        long[] tile = s.space().tile();
        if (t.dim() != tile.length) {
            return false;
        }
        for (int d = 0; d < tile.length; d++) {
            if (t.shape(d) != tile[d] || t.offset(d) != 0 || t.halo(d) != 0) {
                return false;
            }
        }
        return s.projections().get(i).equals(Projection.identity(tile.length));
    }

    /** Same iteration space and the same partition and projection of the out (operand 0). */
    private static boolean sameReduction(Strategy s, Strategy reduce) {
        return s.space().equals(reduce.space()) && s.partitions().get(0).equals(reduce.partitions().get(0))
                && s.projections().get(0).equals(reduce.projections().get(0));
    }

    /** The strategy eager execution gives the last operation of {@code p} (its operands' keys simulated likewise). */
    private static Strategy simulate(Cohort ctx, Pending p) {
        long[] shape = p.shape;
        List<Launches.Slot> slots = new ArrayList<>();
        NdArray owner = new NdArray(ctx, p.owner, p.shape, p.view);
        slots.add(new Launches.Slot(owner, Launches.iterAccess(owner, shape), Role.WRITE));
        List<Tiling> keys = new ArrayList<>();
        keys.add(null);
        for (Node n : ((Op) p.root).kids) {
            NdArray a = n instanceof Leaf l ? l.arr : n instanceof Ref r ? r.arr : null;
            if (a == null) {
                continue;
            }
            Pending q = a.base.pending;
            if (n instanceof Ref && q != null) {
                keys.add(simulate(ctx, q).partitions().get(0) instanceof Tiling t ? t : null);
            } else {
                keys.add(a.base.logical().keyPartition());
            }
            slots.add(new Launches.Slot(a, Launches.iterAccess(a, shape), Role.READ));
        }
        return Launches.strategy(ctx, shape, slots, new int[0], false, keys.toArray(new Tiling[0]));
    }
}
