package dev.cohort.runtime.analysis;

import dev.cohort.runtime.analysis.Layout;
import dev.cohort.runtime.geometry.Point;
import dev.cohort.runtime.geometry.Rect;
import dev.cohort.runtime.launch.GroupLaunch;
import dev.cohort.runtime.launch.Privilege;
import dev.cohort.runtime.launch.ProcessorKind;
import dev.cohort.runtime.launch.ReductionOp;
import dev.cohort.runtime.launch.Requirement;
import dev.cohort.runtime.launch.TaskBody;
import dev.cohort.runtime.partition.Partition;
import dev.cohort.runtime.partition.Projection;
import dev.cohort.runtime.partition.Replicated;
import dev.cohort.runtime.region.FieldType;
import dev.cohort.runtime.sharding.ShardingFunction;
import java.util.Arrays;
import java.util.List;
import java.util.Set;

/**
 * The memoised analysis of one launch <em>shape</em> on one shard (tracing, DCR paper §5.5; Legion
 * traces): everything the runtime derives from a launch that does not depend on the history of its
 * stores — validation, the mapper's decisions (sharding function, processor kind, task body), the
 * layouts, the points this shard owns and each requirement's color and piece per point. Array
 * programs allocate new temporaries every iteration, so a template is keyed not on store ids but on
 * the shape: task id, launch domain, per requirement partition, projection, privilege and store
 * bounds, which requirements name the same store, the number of input futures and the result
 * reduction. A launch with the same shape (checked by {@link #matches}) reuses the template; the
 * coarse stage and the fine stage's decisions that depend on the stores' valid-data maps still run.
 *
 * <p>Templates hold no store or launch, so they never keep a store alive (deletion under GC).
 * Template ids come from a counter advanced in program order, so they are identical on every shard
 * of a control-deterministic program and the determinism hash of a memoised launch can name its
 * template instead of its shape.
 */
public final class LaunchTemplate {
    public final long id;
    public final int hash;
    // ---- shape
    public final int taskId;
    public final Rect domain;
    public final Partition[] partitions;
    public final Projection[] projections;
    public final Privilege[] privileges;
    public final Rect[] bounds;
    /** For each requirement, the first earlier requirement naming the same store, or -1. */
    public final int[] alias;
    public final int futures;
    public final ReductionOp resultOp;
    public final FieldType resultType;
    public final int resultLength;
    // ---- decisions
    public final int registryGeneration;
    public final Set<ProcessorKind> kinds;
    public final ShardingFunction sharding;
    public final ProcessorKind kind;
    public final TaskBody body;
    /** The task's registered name (for errors and the profile). */
    public final String taskName;
    public final boolean replExec;
    public final Layout[] layouts;
    // ---- owned points
    public final long[] linear;
    public final Point[] points;
    /** [requirement][owned point]: the color (null for a replicated requirement). */
    public final Point[][] colors;
    /** [requirement][owned point]: the piece of the store the point accesses. */
    public final Rect[][] pieces;
    /** Elements of all pieces of all owned points: the size the small-operation fast path compares. */
    public final long ownedElements;
    /** Next template in the same bucket of the runtime's memo table. */
    public LaunchTemplate next;

    public LaunchTemplate(long id, GroupLaunch launch, int registryGeneration, Set<ProcessorKind> kinds,
                          ShardingFunction sharding, ProcessorKind kind, TaskBody body, String taskName, int shard,
                          int shards) {
        this.taskName = taskName;
        this.id = id;
        this.hash = shapeHash(launch);
        this.taskId = launch.taskId();
        this.domain = launch.domain();
        List<Requirement> reqs = launch.requirements();
        int n = reqs.size();
        partitions = new Partition[n];
        projections = new Projection[n];
        privileges = new Privilege[n];
        bounds = new Rect[n];
        alias = new int[n];
        boolean repl = false;
        for (int i = 0; i < n; i++) {
            Requirement r = reqs.get(i);
            partitions[i] = r.partition();
            projections[i] = r.projection();
            privileges[i] = r.privilege();
            bounds[i] = r.store().bounds();
            alias[i] = aliasOf(reqs, i);
            if (r.partition() instanceof Replicated && (r.privilege().kind() == Privilege.Kind.WRITE_DISCARD
                    || r.privilege().kind() == Privilege.Kind.READ_WRITE)) {
                repl = true;
            }
        }
        this.futures = launch.futures().size();
        this.resultOp = launch.resultOp();
        this.resultType = launch.resultType();
        this.resultLength = launch.resultLength();
        this.registryGeneration = registryGeneration;
        this.kinds = kinds;
        this.sharding = sharding;
        this.kind = kind;
        this.body = body;
        this.replExec = repl;
        this.layouts = new Layout[n];
        for (int i = 0; i < n; i++) {
            layouts[i] = new Layout(partitions[i], projections[i], domain, sharding, repl);
        }
        long volume = domain.volume();
        if (repl) {
            linear = new long[(int) volume];
            for (int k = 0; k < linear.length; k++) {
                linear[k] = k;
            }
        } else {
            long[][] acc = {new long[16]};
            int[] count = {0};
            sharding.forEachOwned(volume, shard, shards, i -> {
                if (count[0] == acc[0].length) {
                    acc[0] = Arrays.copyOf(acc[0], acc[0].length * 2);
                }
                acc[0][count[0]++] = i;
            });
            linear = Arrays.copyOf(acc[0], count[0]);
        }
        points = new Point[linear.length];
        for (int k = 0; k < linear.length; k++) {
            points[k] = domain.delinearize(linear[k]);
        }
        colors = new Point[n][];
        pieces = new Rect[n][];
        for (int i = 0; i < n; i++) {
            pieces[i] = new Rect[linear.length];
            if (!(partitions[i] instanceof Replicated)) {
                Partition t = partitions[i];
                colors[i] = new Point[linear.length];
                for (int k = 0; k < linear.length; k++) {
                    // points that share a color share its Point and piece (a broadcast operand)
                    Point c = projections[i].apply(points[k]);
                    if (k > 0 && c.equals(colors[i][k - 1])) {
                        colors[i][k] = colors[i][k - 1];
                        pieces[i][k] = pieces[i][k - 1];
                    } else {
                        colors[i][k] = c;
                        pieces[i][k] = t.piece(c, bounds[i]);
                    }
                }
            } else {
                Arrays.fill(pieces[i], bounds[i]);
            }
        }
        long elements = 0;
        for (int i = 0; i < n; i++) {
            for (int k = 0; k < linear.length; k++) {
                elements += pieces[i][k].volume();
            }
        }
        this.ownedElements = elements;
    }

    private static int aliasOf(List<Requirement> reqs, int i) {
        long store = reqs.get(i).store().id();
        for (int j = 0; j < i; j++) {
            if (reqs.get(j).store().id() == store) {
                return j;
            }
        }
        return -1;
    }

    /** A hash of the launch's shape (equal shapes hash equally); allocates nothing. */
    public static int shapeHash(GroupLaunch launch) {
        int h = launch.taskId() * 31 + launch.domain().hashCode();
        List<Requirement> reqs = launch.requirements();
        for (int i = 0; i < reqs.size(); i++) {
            Requirement r = reqs.get(i);
            h = h * 31 + r.partition().hashCode();
            h = h * 31 + r.projection().hashCode();
            h = h * 31 + r.privilege().hashCode();
            h = h * 31 + r.store().bounds().hashCode();
            h = h * 31 + aliasOf(reqs, i);
        }
        h = h * 31 + launch.futures().size();
        h = h * 31 + (launch.resultOp() == null ? -1 : launch.resultOp().ordinal());
        return h * 31 + launch.resultLength();
    }

    /** True when {@code launch} has exactly this template's shape (so its memoised analysis applies). */
    public boolean matches(GroupLaunch launch) {
        if (launch.taskId() != taskId || !launch.domain().equals(domain) || launch.futures().size() != futures
                || launch.resultOp() != resultOp || launch.resultType() != resultType
                || launch.resultLength() != resultLength) {
            return false;
        }
        List<Requirement> reqs = launch.requirements();
        if (reqs.size() != partitions.length) {
            return false;
        }
        for (int i = 0; i < partitions.length; i++) {
            Requirement r = reqs.get(i);
            if (!r.partition().equals(partitions[i]) || !r.projection().equals(projections[i])
                    || !r.privilege().equals(privileges[i]) || !r.store().bounds().equals(bounds[i])
                    || aliasOf(reqs, i) != alias[i]) {
                return false;
            }
        }
        return true;
    }

    public int requirements() {
        return partitions.length;
    }
}
