package dev.cohort.runtime.launch;

import java.util.Objects;

/**
 * How a point task accesses its piece (Legion privileges): {@link #READ}, {@link #WRITE_DISCARD}
 * (previous contents are not read), {@link #READ_WRITE}, or {@link #reduce REDUCE(op)} (the task
 * folds contributions into an identity-initialised accumulator).
 */
public final class Privilege {
    public enum Kind { READ, WRITE_DISCARD, READ_WRITE, REDUCE }

    public static final Privilege READ = new Privilege(Kind.READ, null, null);
    public static final Privilege WRITE_DISCARD = new Privilege(Kind.WRITE_DISCARD, null, null);
    public static final Privilege READ_WRITE = new Privilege(Kind.READ_WRITE, null, null);

    private final Kind kind;
    private final ReductionOp redop;
    private final Decisive decisive;

    private Privilege(Kind kind, ReductionOp redop, Decisive decisive) {
        this.kind = kind;
        this.redop = redop;
        this.decisive = decisive;
    }

    public static Privilege reduce(ReductionOp op) {
        return reduce(op, null);
    }

    /**
     * {@code REDUCE(op)} whose accumulator, once it reaches {@code decisive}'s value, decides the result (null:
     * none; see {@link Decisive}).
     *
     * @throws IllegalArgumentException for a decisive value of SUM or PROD (only MIN and MAX have one here)
     */
    public static Privilege reduce(ReductionOp op, Decisive decisive) {
        Objects.requireNonNull(op, "reduction op");
        if (decisive != null && !op.hasDecisiveValues()) {
            throw new IllegalArgumentException("a decisive value needs MIN or MAX, got " + op);
        }
        return new Privilege(Kind.REDUCE, op, decisive);
    }

    public Kind kind() {
        return kind;
    }

    /** The reduction operator; {@code null} unless {@link Kind#REDUCE}. */
    public ReductionOp redop() {
        return redop;
    }

    /** The value that decides this reduction ({@link Decisive}); {@code null} when none is known. */
    public Decisive decisive() {
        return decisive;
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
        return o instanceof Privilege p && p.kind == kind && p.redop == redop && Objects.equals(p.decisive, decisive);
    }

    @Override
    public int hashCode() {
        return (kind.hashCode() * 31 + Objects.hashCode(redop)) * 31 + Objects.hashCode(decisive);
    }

    @Override
    public String toString() {
        return kind != Kind.REDUCE ? kind.name() : decisive == null ? "REDUCE(" + redop + ")"
                : "REDUCE(" + redop + ", decided at bits " + decisive.bits() + (decisive.ordered() ? ", ordered)" : ")");
    }
}
