package dev.cohort.runtime.launch;

import java.util.Objects;

/**
 * How a point task accesses its piece (Legion privileges): {@link #READ}, {@link #WRITE_DISCARD}
 * (previous contents are not read), {@link #READ_WRITE}, or {@link #reduce REDUCE(op)} (the task
 * folds contributions into an identity-initialised accumulator).
 */
public final class Privilege {
    public enum Kind { READ, WRITE_DISCARD, READ_WRITE, REDUCE }

    public static final Privilege READ = new Privilege(Kind.READ, null);
    public static final Privilege WRITE_DISCARD = new Privilege(Kind.WRITE_DISCARD, null);
    public static final Privilege READ_WRITE = new Privilege(Kind.READ_WRITE, null);

    private final Kind kind;
    private final ReductionOp redop;

    private Privilege(Kind kind, ReductionOp redop) {
        this.kind = kind;
        this.redop = redop;
    }

    public static Privilege reduce(ReductionOp op) {
        return new Privilege(Kind.REDUCE, Objects.requireNonNull(op, "reduction op"));
    }

    public Kind kind() {
        return kind;
    }

    /** The reduction operator; {@code null} unless {@link Kind#REDUCE}. */
    public ReductionOp redop() {
        return redop;
    }

    /** Reads the previous contents (READ, READ_WRITE). */
    public boolean reads() {
        return kind == Kind.READ || kind == Kind.READ_WRITE;
    }

    /** Modifies the store (WRITE_DISCARD, READ_WRITE, REDUCE). */
    public boolean writes() {
        return kind != Kind.READ;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Privilege p && p.kind == kind && p.redop == redop;
    }

    @Override
    public int hashCode() {
        return kind.hashCode() * 31 + Objects.hashCode(redop);
    }

    @Override
    public String toString() {
        return kind == Kind.REDUCE ? "REDUCE(" + redop + ")" : kind.name();
    }
}
