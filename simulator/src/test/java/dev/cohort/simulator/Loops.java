package dev.cohort.simulator;

import dev.cohort.partitioner.LaunchRecord;
import dev.cohort.partitioner.MachineView;
import dev.cohort.partitioner.Operation;
import dev.cohort.partitioner.Partitioner;
import dev.cohort.partitioner.Role;
import dev.cohort.partitioner.Strategy;
import dev.cohort.runtime.geometry.Rect;
import dev.cohort.runtime.launch.Access;
import dev.cohort.runtime.partition.Partition;
import dev.cohort.runtime.partition.Tiling;
import dev.cohort.runtime.region.FieldType;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Builds launch sequences as {@code AutoTask} would record them (the rules' strategy of each operation with the key
 * partitions the launches before it left), for simulator tests: element-wise operations, sums to a 0-d result, a
 * 1-d three-point stencil.
 */
final class Loops {
    static final int BINARY = 1001;
    static final int REDUCE = 1003;

    private final MachineView machine;
    private final List<LaunchRecord> records = new ArrayList<>();
    private final Map<Long, Tiling> keys = new HashMap<>();
    private long nextStore = 1;

    Loops(MachineView machine) {
        this.machine = machine;
    }

    long newStore() {
        return nextStore++;
    }

    List<LaunchRecord> records() {
        return List.copyOf(records);
    }

    /** {@code out = a op b} over {@code n} float64 elements; returns out's store id. */
    long binary(long n, long a, long b) {
        long out = newStore();
        Operation.Builder ob = Operation.builder(n);
        Rect r = Rect.ofExtents(n);
        ob.operand(r, Access.identity(1), Role.WRITE, null);
        ob.operand(r, Access.identity(1), Role.READ, keys.get(a));
        ob.operand(r, Access.identity(1), Role.READ, keys.get(b));
        ob.align(0, 1).align(0, 2);
        issue(BINARY, ob.build(), new long[] {out, a, b}, 0);
        return out;
    }

    /** {@code sum(a)} of {@code n} float64 elements into a 0-d store (what {@code a.sum()} launches); returns the 0-d store. */
    long sum(long n, long a) {
        long out = newStore();
        Operation.Builder ob = Operation.builder(n);
        ob.operand(Rect.ofExtents(1), new Access(new int[] {-1}, new long[] {0}, new long[] {0}), Role.REDUCE, null);
        ob.operand(Rect.ofExtents(n), Access.identity(1), Role.READ, keys.get(a));
        ob.align(0, 1);
        issue(REDUCE, ob.build(), new long[] {out, a}, 0);
        return out;
    }

    /** {@code out[i] = a[i-1] + a[i] + a[i+1]} for the inner points of {@code n} (a halo read). */
    long stencil(long n, long a) {
        long out = newStore();
        Operation.Builder ob = Operation.builder(n - 2);
        ob.operand(Rect.ofExtents(n), new Access(new int[] {0}, new long[] {1}, new long[] {1}), Role.WRITE, null);
        ob.operand(Rect.ofExtents(n), new Access(new int[] {0}, new long[] {1}, new long[] {1}), Role.READ, keys.get(a));
        ob.align(0, 1).halo(1, 1);
        issue(BINARY, ob.build(), new long[] {out, a}, 0);
        return out;
    }

    private void issue(int task, Operation op, long[] stores, int resultBytes) {
        Strategy s = Partitioner.partition(op, machine);
        FieldType[] types = new FieldType[stores.length];
        java.util.Arrays.fill(types, FieldType.FLOAT64);
        records.add(new LaunchRecord(task, op, s, stores, types, resultBytes));
        for (int k = 0; k < stores.length; k++) {
            if (op.operands().get(k).role() != Role.READ) {
                Partition p = s.partition(k);
                keys.put(stores[k], p instanceof Tiling t ? t : null);
            }
        }
    }

    /** A calibration for tests: every term given. */
    static Calibration calibration(double linkLatencyNanos, double bytesPerNano) {
        Map<String, Calibration.KernelCost> k = new HashMap<>();
        k.put("default", new Calibration.KernelCost(2_000, 0, 0.1));
        Map<Topology.LinkClass, Calibration.LinkCost> links = new HashMap<>();
        for (Topology.LinkClass c : Topology.LinkClass.values()) {
            links.put(c, new Calibration.LinkCost(linkLatencyNanos, bytesPerNano));
        }
        return new Calibration("test", k, 10_000, 500, 50_000, links, 200);
    }
}
