package dev.cohort.runtime.launch;

import dev.cohort.runtime.geometry.Point;
import dev.cohort.runtime.geometry.Rect;
import dev.cohort.runtime.instance.Instance;
import java.nio.ByteBuffer;

/** What a point task sees: its point, its pieces' instances, scalar arguments and input futures. */
public interface TaskContext {
    /** This point task's point in the launch domain. */
    Point point();

    /** The launch domain. */
    Rect domain();

    /** The shard executing this point task. */
    int shard();

    /**
     * The instance for requirement {@code index}. Its {@link Instance#rect()} may be larger than
     * {@link #piece(int)}; only the piece may be accessed. For {@code REDUCE} requirements it is
     * an accumulator initialised with the operator's identity.
     */
    Instance instance(int index);

    /** The piece of requirement {@code index} this point accesses. */
    Rect piece(int index);

    /** The launch's scalar arguments, positioned at 0, little-endian; a fresh view per call. */
    ByteBuffer scalars();

    /** The value of input future {@code index} (a 1-d instance). */
    Instance future(int index);

    /** Sets this point's result (reduced into the launch's future); {@code value} of the launch's result type. */
    void setResult(Instance value);

    /** Shorthand for a one-element FLOAT64 result. */
    void setResult(double value);

    /** Shorthand for a one-element INT64 result. */
    void setResult(long value);
}
