package dev.cohort.bench.taskbench;

import dev.cohort.runtime.Runtime;
import dev.cohort.runtime.geometry.Point;
import dev.cohort.runtime.geometry.Rect;
import dev.cohort.runtime.launch.GroupLaunch;
import dev.cohort.runtime.launch.Privilege;
import dev.cohort.runtime.partition.Partition;
import dev.cohort.runtime.partition.Projection;
import dev.cohort.runtime.partition.Tiling;
import dev.cohort.runtime.region.FieldType;
import dev.cohort.runtime.region.Store;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Issues one Task Bench graph to a shard's {@link Runtime} as group launches of
 * {@link TaskBenchTasks#POINT}. Every store holds one INT64 element per task output; a launch's
 * point writes one element and reads, through its other requirements, exactly the elements of the
 * tasks it depends on, so the runtime's dependence analysis derives the graph's edges from the
 * region requirements alone. With {@code keep} every store stays alive under its key so a test
 * can read it back; otherwise a store is deleted as soon as its last reader is issued.
 */
final class GraphIssuer {
    /** One element per tile: the partition every output and most inputs use. */
    static final Tiling ONE = Tiling.of(1);
    /** One element per tile of a 2-d store. */
    static final Tiling ONE_2D = Tiling.of(1, 1);

    /** A requirement of a point task: a store seen through a partition and a projection. */
    record Access(Store store, Partition partition, Projection projection) {
    }

    private final Runtime rt;
    private final long iterations;
    private final boolean keep;
    private final Map<String, Store> kept = new LinkedHashMap<>();
    private long launches;
    private long tasks;
    /** Sees every launch before it is issued (the simulator suite's launch records), or null. */
    private java.util.function.Consumer<GroupLaunch> listener;

    GraphIssuer(Runtime rt, long iterations, boolean keep) {
        this.rt = rt;
        this.iterations = iterations;
        this.keep = keep;
    }

    /** A new zero-filled INT64 store of the given extents, kept under {@code key} when keeping. */
    Store store(String key, long... extents) {
        Store s = rt.createStore(Rect.ofExtents(extents), FieldType.INT64);
        if (keep) {
            if (kept.putIfAbsent(key, s) != null) {
                throw new IllegalStateException("two stores named " + key);
            }
        }
        return s;
    }

    /** Deletes {@code s} (its pending uses finish first) unless keeping every store. */
    void retire(Store s) {
        if (!keep && s != null) {
            rt.delete(s);
        }
    }

    /** A launch over {@code domain} writing {@code out} (WRITE_DISCARD) and reading {@code inputs}. */
    void launch(Rect domain, long salt, Access out, Access... inputs) {
        launch(domain, salt, false, out, inputs);
    }

    /**
     * A launch over {@code domain}; with {@code update} the output is READ_WRITE and its old value
     * is one of the task's inputs (a tile update in Cholesky).
     */
    void launch(Rect domain, long salt, boolean update, Access out, Access... inputs) {
        GroupLaunch.Builder b = GroupLaunch.builder(TaskBenchTasks.POINT, domain)
                .require(out.store(), out.partition(), out.projection(),
                        update ? Privilege.READ_WRITE : Privilege.WRITE_DISCARD);
        for (Access in : inputs) {
            b.require(in.store(), in.partition(), in.projection(), Privilege.READ);
        }
        b.scalars(TaskBenchTasks.scalars(iterations, salt, update ? TaskBenchTasks.FLAG_OUTPUT_IS_INPUT : 0,
                inputs.length + 1));
        GroupLaunch launch = b.build();
        if (listener != null) {
            listener.accept(launch);
        }
        rt.execute(launch);
        launches++;
        tasks += domain.volume();
    }

    /** Element {@code i + shift} of a 1-d store for launch point {@code i}. */
    static Access shifted(Store s, long shift) {
        return new Access(s, ONE, shift == 0 ? Projection.identity(1) : Projection.shift(shift));
    }

    /** Element {@code i} of a 1-d store for launch point {@code i}. */
    static Access same(Store s) {
        return shifted(s, 0);
    }

    /** Element {@code (i, column)} of a 2-d store for 1-d launch point {@code i}. */
    static Access column(Store s, long column) {
        return new Access(s, ONE_2D, Projection.of(new int[] {0, -1}, new long[] {0, column}));
    }

    /** Element {@code coords} of a store, the same for every launch point (a broadcast). */
    static Access fixed(Store s, long... coords) {
        return new Access(s, coords.length == 1 ? ONE : ONE_2D, Projection.constant(Point.of(coords)));
    }

    /** The whole 1-d store of {@code n} elements as one tile, the same for every 1-d launch point. */
    static Access whole(Store s, long n) {
        return new Access(s, Tiling.of(n), Projection.constant(Point.of(0)));
    }

    /** A 1-d launch domain {@code [lo, hi]}. */
    static Rect range(long lo, long hi) {
        return Rect.of(new long[] {lo}, new long[] {hi});
    }

    /** Hands every following launch to {@code l} before it is issued (null: none). */
    GraphIssuer listen(java.util.function.Consumer<GroupLaunch> l) {
        this.listener = l;
        return this;
    }

    Map<String, Store> kept() {
        return kept;
    }

    long launches() {
        return launches;
    }

    long tasks() {
        return tasks;
    }
}
