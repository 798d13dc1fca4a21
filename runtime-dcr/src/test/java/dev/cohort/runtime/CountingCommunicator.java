package dev.cohort.runtime;

import dev.cohort.transport.Communicator;
import dev.cohort.transport.LocalCommunicator;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentLinkedQueue;

/**
 * A {@link Communicator} that forwards to another and records the id of every collective it is
 * asked for, so tests can see which id spaces the runtime uses (data collectives from 0,
 * determinism checks from 1 << 40, deletion rounds from 2 << 40).
 */
final class CountingCommunicator implements Communicator {
    static final long CHECK_BASE = 1L << 40;
    static final long DELETION_BASE = 2L << 40;

    private final Communicator inner;
    final ConcurrentLinkedQueue<Long> allReduceIds = new ConcurrentLinkedQueue<>();
    final ConcurrentLinkedQueue<Long> allGatherIds = new ConcurrentLinkedQueue<>();
    final ConcurrentLinkedQueue<Long> otherCollectiveIds = new ConcurrentLinkedQueue<>();

    CountingCommunicator(Communicator inner) {
        this.inner = inner;
    }

    static List<CountingCommunicator> local(int shards) {
        List<CountingCommunicator> out = new ArrayList<>();
        for (LocalCommunicator c : LocalCommunicator.create(shards)) {
            out.add(new CountingCommunicator(c));
        }
        return out;
    }

    /**
     * Runs {@code program} on every communicator of {@code comms} (one thread per shard, through
     * {@link ShardGroup#runShard}) and returns each shard's result, or the Throwable it failed with, by rank.
     */
    static List<Object> run(List<CountingCommunicator> comms, RuntimeConfig config, ShardGroup.Program<?> program)
            throws InterruptedException {
        Object[] out = new Object[comms.size()];
        Thread[] threads = new Thread[comms.size()];
        for (int s = 0; s < comms.size(); s++) {
            int rank = s;
            threads[s] = new Thread(() -> {
                try {
                    out[rank] = ShardGroup.runShard(comms.get(rank), config, program);
                } catch (Throwable t) {
                    out[rank] = t;
                }
            }, "counted-shard-" + s);
            threads[s].setDaemon(true);
            threads[s].start();
        }
        for (Thread t : threads) {
            t.join(60_000);
            if (t.isAlive()) {
                comms.get(0).abort(new IllegalStateException("test shard did not finish"));
                throw new AssertionError(t.getName() + " did not finish within 60 s");
            }
        }
        List<Object> results = new ArrayList<>();
        for (Object o : out) {
            results.add(o);
        }
        return results;
    }

    /** Collective ids (all kinds) in {@code [lo, hi)}. */
    long count(long lo, long hi) {
        long n = 0;
        for (ConcurrentLinkedQueue<Long> q : List.of(allReduceIds, allGatherIds, otherCollectiveIds)) {
            for (long id : q) {
                if (id >= lo && id < hi) {
                    n++;
                }
            }
        }
        return n;
    }

    long checks() {
        return count(CHECK_BASE, DELETION_BASE);
    }

    long deletionRounds() {
        return count(DELETION_BASE, 3L << 40);
    }

    long dataCollectives() {
        return count(0, CHECK_BASE);
    }

    @Override
    public int rank() {
        return inner.rank();
    }

    @Override
    public int size() {
        return inner.size();
    }

    @Override
    public void send(int destination, long tag, byte[] payload) {
        inner.send(destination, tag, payload);
    }

    @Override
    public CompletableFuture<byte[]> receive(int source, long tag) {
        return inner.receive(source, tag);
    }

    @Override
    public CompletableFuture<Void> barrier(long collectiveId) {
        otherCollectiveIds.add(collectiveId);
        return inner.barrier(collectiveId);
    }

    @Override
    public CompletableFuture<byte[]> broadcast(long collectiveId, int root, byte[] payload) {
        otherCollectiveIds.add(collectiveId);
        return inner.broadcast(collectiveId, root, payload);
    }

    @Override
    public CompletableFuture<byte[]> reduce(long collectiveId, int root, byte[] payload, ByteReducer op) {
        otherCollectiveIds.add(collectiveId);
        return inner.reduce(collectiveId, root, payload, op);
    }

    @Override
    public CompletableFuture<byte[]> allReduce(long collectiveId, byte[] payload, ByteReducer op) {
        allReduceIds.add(collectiveId);
        return inner.allReduce(collectiveId, payload, op);
    }

    @Override
    public CompletableFuture<byte[][]> allGather(long collectiveId, byte[] payload) {
        allGatherIds.add(collectiveId);
        return inner.allGather(collectiveId, payload);
    }

    @Override
    public void abort(Throwable cause) {
        inner.abort(cause);
    }

    @Override
    public void close() {
        inner.close();
    }
}
