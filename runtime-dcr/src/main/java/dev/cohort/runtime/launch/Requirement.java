package dev.cohort.runtime.launch;

import dev.cohort.runtime.partition.Partition;
import dev.cohort.runtime.partition.Projection;
import dev.cohort.runtime.region.Store;
import java.util.Objects;

/**
 * A region requirement: point {@code p} of a launch accesses piece
 * {@code partition.piece(projection.apply(p))} of {@code store} with {@code privilege}.
 */
public record Requirement(Store store, Partition partition, Projection projection, Privilege privilege) {
    public Requirement {
        Objects.requireNonNull(store, "store");
        Objects.requireNonNull(partition, "partition");
        Objects.requireNonNull(projection, "projection");
        Objects.requireNonNull(privilege, "privilege");
    }

    @Override
    public String toString() {
        return "store " + store.id() + " " + partition + " " + projection + " " + privilege;
    }
}
