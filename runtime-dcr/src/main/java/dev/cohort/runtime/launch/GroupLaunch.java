package dev.cohort.runtime.launch;

import dev.cohort.runtime.geometry.Point;
import dev.cohort.runtime.geometry.Rect;
import dev.cohort.runtime.partition.Partition;
import dev.cohort.runtime.partition.Projection;
import dev.cohort.runtime.region.FieldType;
import dev.cohort.runtime.region.Store;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * One task over a launch domain (Legion: index launch; DCR paper §2: a task group): point task
 * {@code p} of the domain accesses, for every requirement, the piece its projection selects.
 * Point tasks of one launch must not interfere: a store written through one requirement may
 * appear in another only with the same partition and projection.
 *
 * <p>An optional result reduction folds each point task's {@link TaskContext#setResult result},
 * in launch-point order, into the launch's {@link Future}. Build with {@link #builder}.
 */
public final class GroupLaunch {
    private final int taskId;
    private final Rect domain;
    private final List<Requirement> requirements;
    private final byte[] scalars;
    private final List<Future> futures;
    private final ReductionOp resultOp;
    private final FieldType resultType;
    private final int resultLength;

    private GroupLaunch(Builder b) {
        this.taskId = b.taskId;
        this.domain = b.domain;
        this.requirements = List.copyOf(b.requirements);
        this.scalars = b.scalars; // the builder's own copy (Builder.scalars clones), never changed after
        this.futures = List.copyOf(b.futures);
        this.resultOp = b.resultOp;
        this.resultType = b.resultType;
        this.resultLength = b.resultLength;
    }

    /** A launch of {@code taskId} over {@code domain}. */
    public static Builder builder(int taskId, Rect domain) {
        return new Builder(taskId, domain);
    }

    /** A single task: a launch over the one-point domain {@code (0)}. */
    public static Builder single(int taskId) {
        return new Builder(taskId, Rect.single(Point.of(0)));
    }

    public int taskId() {
        return taskId;
    }

    public Rect domain() {
        return domain;
    }

    public List<Requirement> requirements() {
        return requirements;
    }

    public byte[] scalars() {
        return scalars.clone();
    }

    /**
     * The launch's own scalar bytes, without the copy {@link #scalars()} makes: for the runtime's stages, which read
     * them (hash them, hand them to the point tasks' read-only {@code PointContext.scalars()}) and never change them.
     */
    public byte[] scalarsShared() {
        return scalars;
    }

    public List<Future> futures() {
        return futures;
    }

    /** The result reduction, or {@code null} when the launch returns no future. */
    public ReductionOp resultOp() {
        return resultOp;
    }

    public FieldType resultType() {
        return resultType;
    }

    public int resultLength() {
        return resultLength;
    }

    public static final class Builder {
        private final int taskId;
        private final Rect domain;
        private final List<Requirement> requirements = new ArrayList<>();
        private byte[] scalars = new byte[0];
        private final List<Future> futures = new ArrayList<>();
        private ReductionOp resultOp;
        private FieldType resultType;
        private int resultLength;

        private Builder(int taskId, Rect domain) {
            this.taskId = taskId;
            this.domain = Objects.requireNonNull(domain, "domain");
            if (domain.isEmpty()) {
                throw new IllegalArgumentException("launch domain " + domain + " is empty");
            }
        }

        public Builder require(Store store, Partition partition, Projection projection, Privilege privilege) {
            requirements.add(new Requirement(store, partition, projection, privilege));
            return this;
        }

        /** Shorthand: identity projection. */
        public Builder require(Store store, Partition partition, Privilege privilege) {
            return require(store, partition, Projection.identity(domain.dim()), privilege);
        }

        public Builder scalars(byte[] bytes) {
            this.scalars = bytes.clone();
            return this;
        }

        /**
         * {@link #scalars} without the defensive copy: the launch takes {@code bytes} over, and the caller must not
         * change them afterwards (a freshly encoded array nobody else holds). A LOAD of 8 MiB of host data is one
         * such array; copying it again cost a pass over the data and a humongous allocation per launch.
         */
        public Builder scalarsHandedOver(byte[] bytes) {
            this.scalars = java.util.Objects.requireNonNull(bytes, "scalars");
            return this;
        }

        /** An input future: point tasks start once it completes and read it through {@link TaskContext#future}. */
        public Builder future(Future f) {
            futures.add(Objects.requireNonNull(f, "future"));
            return this;
        }

        /** Folds point results ({@code length} elements of {@code type}) with {@code op} into the launch's future. */
        public Builder reduceResult(ReductionOp op, FieldType type, int length) {
            if (length <= 0) {
                throw new IllegalArgumentException("result length must be positive, got " + length);
            }
            this.resultOp = Objects.requireNonNull(op, "op");
            this.resultType = Objects.requireNonNull(type, "type");
            this.resultLength = length;
            return this;
        }

        /** Folds one-element point results. */
        public Builder reduceResult(ReductionOp op, FieldType type) {
            return reduceResult(op, type, 1);
        }

        public GroupLaunch build() {
            return new GroupLaunch(this);
        }
    }

    @Override
    public String toString() {
        return "GroupLaunch(task=" + taskId + ", domain=" + domain + ", requirements=" + requirements + ")";
    }
}
