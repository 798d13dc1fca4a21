package dev.cohort.ndarray;

/**
 * NumPy's {@code numpy.broadcast(*arrays)} object, without its iterators: the shape the arrays broadcast to and
 * how many arrays took part. Made by {@link Np#broadcast(NdArray...)}; nothing is computed or copied.
 */
public final class Broadcast {
    private final long[] shape;
    private final int numiter;

    Broadcast(long[] shape, int numiter) {
        this.shape = shape.clone();
        this.numiter = numiter;
    }

    /** {@code broadcast.shape}: the broadcast shape of the arrays (a copy; {@code ()} for no arrays). */
    public long[] shape() {
        return shape.clone();
    }

    /** {@code broadcast.ndim}: the number of dimensions of {@link #shape()}. */
    public int ndim() {
        return shape.length;
    }

    /** {@code broadcast.nd}: the same as {@link #ndim()} (NumPy keeps it for backward compatibility). */
    public int nd() {
        return shape.length;
    }

    /** {@code broadcast.size}: the number of elements of {@link #shape()} (1 for {@code ()}). */
    public long size() {
        long n = 1;
        for (long s : shape) {
            n *= s;
        }
        return n;
    }

    /** {@code broadcast.numiter}: the number of arrays broadcast together. */
    public int numiter() {
        return numiter;
    }

    @Override
    public String toString() {
        return "broadcast(shape=" + Shapes.str(shape) + ", numiter=" + numiter + ")";
    }
}
