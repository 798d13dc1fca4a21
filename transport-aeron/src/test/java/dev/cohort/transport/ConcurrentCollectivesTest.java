package dev.cohort.transport;

import static dev.cohort.transport.LocalJob.longBytes;
import static dev.cohort.transport.LocalJob.longOf;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Many collectives in flight at once, issued in different orders from several threads per shard. */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class ConcurrentCollectivesTest {
    private static final int COLLECTIVES = 300;
    private static final int THREADS_PER_SHARD = 3;

    @ParameterizedTest(name = "{0} shards")
    @ValueSource(ints = {2, 3, 5, 8})
    void interleavedCollectivesWithDifferentIdsAllCompleteCorrectly(int size) throws Exception {
        ExecutorService issuers = Executors.newFixedThreadPool(size * THREADS_PER_SHARD);
        try (LocalJob job = LocalJob.of(size)) {
            List<List<Future<CompletableFuture<?>>>> issued = new ArrayList<>();
            for (LocalCommunicator shard : job.shards) {
                // Each shard issues the ids in its own shuffled order, spread over several threads.
                List<Integer> order = new ArrayList<>();
                for (int id = 0; id < COLLECTIVES; id++) {
                    order.add(id);
                }
                Collections.shuffle(order, new Random(shard.rank()));
                List<Future<CompletableFuture<?>>> byId = new ArrayList<>(Collections.nCopies(COLLECTIVES, null));
                for (int i = 0; i < COLLECTIVES; i++) {
                    int id = order.get(i);
                    byId.set(id, issuers.submit(() -> issue(shard, id)));
                }
                issued.add(byId);
            }
            for (int rank = 0; rank < size; rank++) {
                for (int id = 0; id < COLLECTIVES; id++) {
                    CompletableFuture<?> result = LocalJob.await(issued.get(rank).get(id), "issuing " + id);
                    check(size, rank, id, LocalJob.await(result, "shard " + rank + ", collective " + id));
                }
            }
        } finally {
            issuers.shutdownNow();
        }
    }

    private static CompletableFuture<?> issue(LocalCommunicator shard, int id) {
        int root = id % shard.size();
        byte[] mine = longBytes(contribution(shard.rank(), id));
        switch (id % 5) {
            case 0:
                return shard.barrier(id);
            case 1:
                return shard.broadcast(id, root, shard.rank() == root ? mine : null);
            case 2:
                return shard.reduce(id, root, mine, LocalJob::sumOfLongs);
            case 3:
                return shard.allReduce(id, mine, LocalJob::sumOfLongs);
            default:
                return shard.allGather(id, mine);
        }
    }

    private static void check(int size, int rank, int id, Object result) {
        int root = id % size;
        long sum = 0;
        for (int r = 0; r < size; r++) {
            sum += contribution(r, id);
        }
        switch (id % 5) {
            case 0:
                assertNull(result);
                break;
            case 1:
                assertEquals(contribution(root, id), longOf((byte[]) result), "broadcast " + id);
                break;
            case 2:
                if (rank == root) {
                    assertEquals(sum, longOf((byte[]) result), "reduce " + id);
                } else {
                    assertNull(result, "reduce " + id + " on a non-root");
                }
                break;
            case 3:
                assertEquals(sum, longOf((byte[]) result), "all-reduce " + id);
                break;
            default:
                byte[][] gathered = (byte[][]) result;
                for (int r = 0; r < size; r++) {
                    assertArrayEquals(longBytes(contribution(r, id)), gathered[r], "all-gather " + id + ", block " + r);
                }
        }
    }

    private static long contribution(int rank, int id) {
        return rank * 1_000_003L + id;
    }
}
