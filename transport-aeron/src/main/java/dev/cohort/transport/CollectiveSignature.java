package dev.cohort.transport;

/**
 * What every shard must agree on for one collective id: the kind and, for rooted collectives, the root.
 * Rootless collectives have {@code root == NO_ROOT}.
 */
record CollectiveSignature(CollectiveKind kind, int root) {
    static final int NO_ROOT = -1;

    static CollectiveSignature rootless(CollectiveKind kind) {
        return new CollectiveSignature(kind, NO_ROOT);
    }

    static CollectiveSignature rooted(CollectiveKind kind, int root) {
        return new CollectiveSignature(kind, root);
    }

    @Override
    public String toString() {
        switch (kind) {
            case BROADCAST:
                return "BROADCAST from root " + root;
            case REDUCE:
                return "REDUCE to root " + root;
            default:
                return root == NO_ROOT ? kind.name() : kind.name() + " with root " + root;
        }
    }
}
