package dev.cohort.bench.micro;

import dev.cohort.runtime.geometry.Point;
import dev.cohort.runtime.geometry.Rect;
import dev.cohort.runtime.instance.Instance;
import dev.cohort.runtime.launch.TaskBody;
import dev.cohort.runtime.launch.TaskContext;
import dev.cohort.tasks.CpuTasks;
import dev.cohort.tasks.OpCode;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * One point task of a task-library kernel, run the way the runtime runs it: the kernel's public
 * {@link TaskBody} ({@link CpuTasks#body(OpCode)}) called with a {@link TaskContext} that hands out
 * the launch's encoded scalars and one physical {@link Instance} per requirement. Every call
 * decodes the arguments, resolves the tile and walks it exactly as inside a launch; only the
 * runtime's scheduling around it is missing (that is measured separately by {@link RuntimeOverheadBench}).
 */
public final class PointTask implements TaskContext {
    private final TaskBody body;
    private final byte[] scalars;
    private final Point point;
    private final Instance[] instances;
    private double doubleResult;
    private long longResult;

    public PointTask(OpCode op, byte[] scalars, Point point, Instance... instances) {
        this.body = CpuTasks.body(op);
        this.scalars = scalars;
        this.point = point;
        this.instances = instances;
    }

    /** Runs the kernel once on this point. */
    public void run() {
        body.run(this);
    }

    public double doubleResult() {
        return doubleResult;
    }

    public long longResult() {
        return longResult;
    }

    @Override
    public Point point() {
        return point;
    }

    @Override
    public Rect domain() {
        return Rect.single(point);
    }

    @Override
    public int shard() {
        return 0;
    }

    @Override
    public Instance instance(int index) {
        return instances[index];
    }

    @Override
    public Rect piece(int index) {
        return instances[index].rect();
    }

    @Override
    public ByteBuffer scalars() {
        return ByteBuffer.wrap(scalars).asReadOnlyBuffer().order(ByteOrder.LITTLE_ENDIAN);
    }

    @Override
    public Instance future(int index) {
        throw new UnsupportedOperationException("no futures in a benchmark point task");
    }

    @Override
    public void setResult(Instance value) {
    }

    @Override
    public void setResult(double value) {
        doubleResult = value;
    }

    @Override
    public void setResult(long value) {
        longResult = value;
    }
}
