package dev.cohort.tasks;

import dev.cohort.runtime.launch.IterSpace;

import dev.cohort.runtime.launch.Access;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.cohort.runtime.Runtime;
import dev.cohort.runtime.RuntimeConfig;
import dev.cohort.runtime.ShardGroup;
import dev.cohort.transport.LocalCommunicator;
import dev.cohort.runtime.geometry.Point;
import dev.cohort.runtime.geometry.Rect;
import dev.cohort.runtime.instance.Instance;
import dev.cohort.runtime.launch.GroupLaunch;
import dev.cohort.runtime.launch.Privilege;
import dev.cohort.runtime.launch.ProcessorKind;
import dev.cohort.runtime.launch.TaskRegistry;
import dev.cohort.runtime.partition.Projection;
import dev.cohort.runtime.partition.Replicated;
import dev.cohort.runtime.partition.Tiling;
import dev.cohort.runtime.region.FieldType;
import dev.cohort.runtime.region.Store;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Arrays;
import java.util.List;

/** Runs kernels through real launches on in-process shards; loads data and builds requirements. */
final class KernelHarness {
    private KernelHarness() {
    }

    /** Test task: writes the launch's scalars (little-endian elements) into requirement 0 (replicated, one point). */
    static final int LOAD = 1900;

    static final TaskRegistry REGISTRY = registry();

    private static TaskRegistry registry() {
        TaskRegistry r = new TaskRegistry();
        CpuTasks.register(r);
        r.register(LOAD, "test.load", ProcessorKind.CPU, ctx -> {
            Instance out = ctx.instance(0);
            out.unpack(out.rect(), ctx.scalars());
        });
        return r;
    }

    /** Runs {@code program} on {@code shards} shards (2 workers each), checks every shard got equal data, returns shard 0's. */
    static <T> T run(int shards, ShardGroup.Program<T> program) {
        List<T> results = ShardGroup.runShards(LocalCommunicator.create(shards), new RuntimeConfig().registry(REGISTRY).cpus(2), program);
        assertEquals(shards, results.size());
        for (int s = 1; s < shards; s++) {
            assertEquals(describe(results.get(0)), describe(results.get(s)), "shard " + s + " differs from shard 0");
        }
        return results.get(0);
    }

    private static String describe(Object o) {
        if (o instanceof double[] d) {
            long[] bits = new long[d.length];
            for (int i = 0; i < d.length; i++) {
                bits[i] = Double.doubleToRawLongBits(d[i]);
            }
            return Arrays.toString(bits);
        }
        if (o instanceof long[] l) {
            return Arrays.toString(l);
        }
        if (o instanceof byte[] b) {
            return Arrays.toString(b);
        }
        if (o instanceof int[] i) {
            return Arrays.toString(i);
        }
        if (o instanceof float[] f) {
            return Arrays.toString(f);
        }
        if (o instanceof Instance inst) {
            return inst.type() + " " + inst.rect() + " " + describe(inst.array());
        }
        if (o instanceof Object[] arr) {
            StringBuilder sb = new StringBuilder();
            for (Object x : arr) {
                sb.append(describe(x)).append(';');
            }
            return sb.toString();
        }
        return String.valueOf(o);
    }

    static Rect rect(long... extents) {
        return Rect.ofExtents(extents);
    }

    /** A new store of {@code shape} holding {@code data} (a double[], float[], long[], int[] or byte[] in row-major order). */
    static Store load(Runtime rt, FieldType type, long[] shape, Object data) {
        Store s = rt.createStore(Rect.ofExtents(shape), type);
        ByteBuffer buf = ByteBuffer.allocate(Math.toIntExact(s.bounds().volume() * type.size())).order(ByteOrder.LITTLE_ENDIAN);
        switch (type) {
            case FLOAT64 -> buf.asDoubleBuffer().put((double[]) data);
            case FLOAT32 -> buf.asFloatBuffer().put((float[]) data);
            case INT64 -> buf.asLongBuffer().put((long[]) data);
            case INT32 -> buf.asIntBuffer().put((int[]) data);
            case BOOL -> buf.put((byte[]) data);
        }
        rt.execute(GroupLaunch.single(LOAD)
                .require(s, Replicated.INSTANCE, Projection.constant(Point.zeros(shape.length)), Privilege.WRITE_DISCARD)
                .scalars(buf.array()).build());
        return s;
    }

    static GroupLaunch.Builder launch(OpCode op, IterSpace space) {
        return GroupLaunch.builder(op.taskId(), space.launchDomain());
    }

    /** The store, whole, on every point (read or replicated reduction). */
    static GroupLaunch.Builder replicated(GroupLaunch.Builder b, Store s, Privilege pv) {
        return b.require(s, Replicated.INSTANCE, Projection.constant(Point.zeros(s.bounds().dim())), pv);
    }

    /** The store tiled like the iteration space (identity access, same dimensions). */
    static GroupLaunch.Builder tiled(GroupLaunch.Builder b, Store s, IterSpace space, Privilege pv) {
        return b.require(s, Tiling.of(space.tile()), Projection.identity(space.dim()), pv);
    }

    static Operand.StoreOperand op(int req, FieldType t, Access a) {
        return new Operand.StoreOperand(req, t, a);
    }

    static Operand.StoreOperand op(int req, FieldType t, int dims) {
        return new Operand.StoreOperand(req, t, Access.identity(dims));
    }

    static double[] doubles(int n, java.util.function.IntToDoubleFunction f) {
        double[] d = new double[n];
        for (int i = 0; i < n; i++) {
            d[i] = f.applyAsDouble(i);
        }
        return d;
    }

    static long[] longs(int n, java.util.function.IntToLongFunction f) {
        long[] d = new long[n];
        for (int i = 0; i < n; i++) {
            d[i] = f.applyAsLong(i);
        }
        return d;
    }

    /** Equal doubles, NaN equal to NaN, within {@code rel} relative (or absolute below 1) error. */
    static void assertClose(double expected, double actual, double rel, String what) {
        if (Double.isNaN(expected) && Double.isNaN(actual)) {
            return;
        }
        if (expected == actual) {
            return;
        }
        double tol = rel * Math.max(1.0, Math.abs(expected));
        if (!(Math.abs(expected - actual) <= tol)) {
            throw new AssertionError(what + ": expected " + expected + " but was " + actual);
        }
    }
}
