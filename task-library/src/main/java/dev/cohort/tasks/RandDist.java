package dev.cohort.tasks;

/** Distributions of {@link OpCode#RAND}. */
public enum RandDist {
    /** Uniform on [lo, hi). */
    UNIFORM,
    /** Normal with mean {@code lo} and standard deviation {@code hi}. */
    NORMAL,
    /** Integers uniform on [lo, hi). */
    INTEGERS
}
