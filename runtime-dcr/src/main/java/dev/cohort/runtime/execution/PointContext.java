package dev.cohort.runtime.execution;

import dev.cohort.runtime.geometry.Point;
import dev.cohort.runtime.geometry.Rect;
import dev.cohort.runtime.instance.Instance;
import dev.cohort.runtime.launch.TaskContext;
import dev.cohort.runtime.region.FieldType;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/** The {@link TaskContext} of one point task. */
public final class PointContext implements TaskContext {
    private final Point point;
    private final Rect domain;
    private final int shard;
    private final PhysicalInstance[] instances;
    private final Rect[] pieces;
    private final byte[] scalars;
    private final Instance[] futures;
    private final FieldType resultType;
    private final int resultLength;
    private Instance result;

    public PointContext(Point point, Rect domain, int shard, PhysicalInstance[] instances, Rect[] pieces, byte[] scalars,
                 Instance[] futures, FieldType resultType, int resultLength) {
        this.point = point;
        this.domain = domain;
        this.shard = shard;
        this.instances = instances;
        this.pieces = pieces;
        this.scalars = scalars;
        this.futures = futures;
        this.resultType = resultType;
        this.resultLength = resultLength;
    }

    @Override
    public Point point() {
        return point;
    }

    @Override
    public Rect domain() {
        return domain;
    }

    @Override
    public int shard() {
        return shard;
    }

    @Override
    public Instance instance(int index) {
        return instances[index].instance();
    }

    @Override
    public Rect piece(int index) {
        return pieces[index];
    }

    @Override
    public ByteBuffer scalars() {
        return ByteBuffer.wrap(scalars).asReadOnlyBuffer().order(ByteOrder.LITTLE_ENDIAN);
    }

    @Override
    public Instance future(int index) {
        return futures[index];
    }

    @Override
    public void setResult(Instance value) {
        if (resultType == null) {
            throw new IllegalStateException("the launch declares no result reduction");
        }
        if (value.type() != resultType || value.size() != resultLength || value.rect().dim() != 1) {
            throw new IllegalArgumentException("expected a 1-d result of " + resultLength + " " + resultType
                    + ", got " + value);
        }
        this.result = value;
    }

    @Override
    public void setResult(double value) {
        Instance v = Instance.allocate(requireType(), Rect.ofExtents(1));
        v.setBits(0, resultType.bitsOf(value));
        setResult(v);
    }

    @Override
    public void setResult(long value) {
        Instance v = Instance.allocate(requireType(), Rect.ofExtents(1));
        v.setBits(0, resultType.bitsOf(value));
        setResult(v);
    }

    private FieldType requireType() {
        if (resultType == null) {
            throw new IllegalStateException("the launch declares no result reduction");
        }
        return resultType;
    }

    /** Filled with the input futures' values before the body runs. */
    public Instance[] futureSlots() {
        return futures;
    }

    public Instance result() {
        return result;
    }
}
