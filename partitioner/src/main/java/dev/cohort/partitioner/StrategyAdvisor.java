package dev.cohort.partitioner;

/**
 * A policy that may replace the rules' strategy of an operation just before {@link AutoTask} issues it (the
 * strategy search of the simulator module; a recorder of launch traces). It runs on the program thread of every
 * shard and must be a pure function of what every shard sees identically — the sequence of launches and data
 * broadcast from one shard — so that every shard issues the same launch (control determinism, DCR paper §3).
 */
public interface StrategyAdvisor {
    /**
     * The strategy to issue {@code launch} with: {@code launch.strategy()} (the rules' choice) or another strategy
     * for the same operation, as {@link Partitioner#partition(Operation, MachineView, long[])} or
     * {@link Partitioner#replicated} make them.
     */
    Strategy advise(LaunchRecord launch);
}
