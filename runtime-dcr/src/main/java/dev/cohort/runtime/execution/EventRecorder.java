package dev.cohort.runtime.execution;

import dev.cohort.runtime.geometry.Rect;
import dev.cohort.runtime.launch.Privilege;

/**
 * Observes the fine stage's ordering decisions on one shard, for tests and diagnostics: every
 * event with the events it waits for, the instance accesses of point tasks, transfers and
 * collectives. With these a test can rebuild the happens-before graph of a whole run (DCR paper
 * Theorem 1). Called from the shard's analysis thread and from workers; must be thread-safe.
 */
public interface EventRecorder {
    /** An event {@code node} of {@code kind} ("point", "copy", "fill", "send", "receive", ...) waiting for {@code preconditions}. */
    void event(int shard, long node, String kind, long[] preconditions);

    /** Point task {@code node} (point {@code pointLinear} of operation {@code op}) accesses {@code piece} of instance {@code instanceUid}. */
    void access(int shard, long node, long op, long pointLinear, int requirement, long storeId, long instanceUid,
                Rect piece, Privilege privilege);

    /** Event {@code node} sends the message {@code tag} to {@code destination}. */
    void send(int shard, long node, int destination, long tag);

    /** Event {@code node} completes when the message {@code tag} from {@code source} has arrived and been unpacked. */
    void receive(int shard, long node, int source, long tag);

    /** Collective {@code collectiveId}: {@code contribution} is this shard's input event, {@code completion} fires with its result. */
    void collective(int shard, long collectiveId, long contribution, long completion);
}
