package dev.cohort.ndarray;

import java.nio.file.Path;

/**
 * A checkpoint could not be written or restored ({@link Cohort#checkpoint}, {@link Cohort#restore}):
 * the message names the file at fault and what is wrong with it. Every shard raises the same one.
 */
public final class CheckpointException extends RuntimeException {
    private final transient Path file;

    CheckpointException(Path file, String message) {
        super(message);
        this.file = file;
    }

    /** The file (tile, catalog, marker) or directory at fault. */
    public Path file() {
        return file;
    }
}
