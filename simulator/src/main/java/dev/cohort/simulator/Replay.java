package dev.cohort.simulator;

import dev.cohort.partitioner.LaunchRecord;
import dev.cohort.partitioner.MachineView;
import dev.cohort.partitioner.Operation;
import dev.cohort.partitioner.Partitioner;
import dev.cohort.partitioner.Role;
import dev.cohort.partitioner.Strategy;
import dev.cohort.runtime.geometry.Rect;
import dev.cohort.runtime.partition.Partition;
import dev.cohort.runtime.partition.Tiling;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.LongUnaryOperator;

/**
 * Re-derives the strategies of a recorded launch sequence under a {@link Configuration} — what {@code AutoTask} would
 * issue if some launches were given other tilings: a launch with a configuration gets
 * {@link Partitioner#partition(Operation, MachineView, long[])} of its tile (or {@link Partitioner#replicated}); every
 * other launch gets the rules' strategy {@link Partitioner#partition(Operation, MachineView)} of its operation with the
 * key partitions the replayed launches before it left on its stores, as the runtime would see them. A launch whose
 * recorded strategy was not the rules' (one replicated point asked for, a fused chain's planned strategy) keeps it.
 *
 * <p>Deterministic: a function of the records, the machine view and the configuration only.
 */
public final class Replay {
    private final List<LaunchRecord> recorded;
    private final MachineView machine;
    /** Per launch: true when its recorded strategy is the rules' (so it may be re-derived or configured). */
    private final boolean[] rulesChose;

    /**
     * A replay of {@code recorded} (launches as {@code AutoTask} issued them) on {@code machine}.
     */
    public Replay(List<LaunchRecord> recorded, MachineView machine) {
        this.recorded = List.copyOf(recorded);
        this.machine = Objects.requireNonNull(machine, "machine");
        this.rulesChose = new boolean[this.recorded.size()];
        for (int i = 0; i < rulesChose.length; i++) {
            LaunchRecord r = this.recorded.get(i);
            Strategy rules;
            try {
                rules = Partitioner.partition(r.operation(), machine);
            } catch (IllegalArgumentException e) {
                rules = null;
            }
            rulesChose[i] = rules != null && sameStrategy(rules, r.strategy());
        }
    }

    /** The recorded launches. */
    public List<LaunchRecord> recorded() {
        return recorded;
    }

    public MachineView machine() {
        return machine;
    }

    /** True when launch {@code i}'s strategy may be configured (it came from the rules). */
    public boolean configurable(int i) {
        return rulesChose[i];
    }

    /** The launches with their strategies under {@code config} (the empty configuration gives the rules'). */
    public List<LaunchRecord> apply(Configuration config) {
        Map<Long, Tiling> keys = new HashMap<>();
        Map<Long, Tiling> recordedKeys = new HashMap<>();
        List<LaunchRecord> out = new ArrayList<>(recorded.size());
        for (int i = 0; i < recorded.size(); i++) {
            LaunchRecord r = recorded.get(i);
            Operation op = r.operation();
            List<Operation.Operand> ops = op.operands();
            Partition[] key = new Partition[ops.size()];
            for (int k = 0; k < ops.size(); k++) {
                long id = r.storeId(k);
                Partition rk = ops.get(k).keyPartition();
                if (recordedKeys.containsKey(id) && Objects.equals(rk, recordedKeys.get(id))) {
                    key[k] = keys.get(id);          // the store's own key: as the replay left it
                } else {
                    key[k] = rk;                    // first sight, or a key the caller gave (fusion): as recorded
                }
            }
            Operation replayed = withKeys(op, key, LongUnaryOperator.identity());
            Strategy s;
            if (!rulesChose[i]) {
                s = r.strategy();
            } else if (config.has(i)) {
                s = config.strategy(i, replayed, machine);
            } else {
                s = Partitioner.partition(replayed, machine);
            }
            out.add(new LaunchRecord(r.taskId(), replayed, s, r.storeIds(), r.types(), r.resultBytes()));
            for (int k = 0; k < ops.size(); k++) {
                if (ops.get(k).role() != Role.READ) {
                    long id = r.storeId(k);
                    keys.put(id, s.partition(k) instanceof Tiling t ? t : null);
                    recordedKeys.put(id, r.strategy().partition(k) instanceof Tiling t ? t : null);
                }
            }
        }
        return out;
    }

    /**
     * {@code op} with operand {@code k}'s key partition {@code keys[k]}, and every extent {@code e} of the iteration
     * shape and of store bounds starting at 0 replaced by {@code extent.applyAsLong(e)} (a weak-scaling rescale; the
     * identity keeps the shapes).
     */
    static Operation withKeys(Operation op, Partition[] keys, LongUnaryOperator extent) {
        long[] shape = op.shape();
        for (int d = 0; d < shape.length; d++) {
            shape[d] = extent.applyAsLong(shape[d]);
        }
        Operation.Builder b = Operation.builder(shape);
        List<Operation.Operand> ops = op.operands();
        for (int k = 0; k < ops.size(); k++) {
            Operation.Operand o = ops.get(k);
            b.operand(rescale(o.bounds(), extent), o.access(), o.role(), keys[k]);
        }
        for (int k = 0; k < ops.size(); k++) {
            if (op.alignClass(k) != k) {
                b.align(op.alignClass(k), k);
            }
            if (op.isReplicated(k)) {
                b.replicate(k);
            }
            if (op.halo(k) != null) {
                b.halo(k, op.halo(k));
            }
        }
        for (int d = 0; d < shape.length; d++) {
            if (op.isUntiled(d)) {
                b.broadcast(d);
            }
        }
        return b.build();
    }

    private static Rect rescale(Rect r, LongUnaryOperator extent) {
        long[] lo = new long[r.dim()];
        long[] hi = new long[r.dim()];
        for (int d = 0; d < r.dim(); d++) {
            lo[d] = r.lo(d);
            hi[d] = r.lo(d) == 0 ? extent.applyAsLong(r.extent(d)) - 1 : r.hi(d);
        }
        return Rect.of(lo, hi);
    }

    static boolean sameStrategy(Strategy a, Strategy b) {
        return a.space().equals(b.space()) && a.partitions().equals(b.partitions())
                && a.projections().equals(b.projections());
    }
}
