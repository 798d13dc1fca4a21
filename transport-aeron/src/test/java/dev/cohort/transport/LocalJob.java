package dev.cohort.transport;

import static org.junit.jupiter.api.Assertions.fail;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Function;

/** A job of in-process shards for tests: each shard's program runs on its own thread, and everything is closed after. */
final class LocalJob implements AutoCloseable {
    static final long WAIT_SECONDS = 20;

    final List<LocalCommunicator> shards;
    private final ExecutorService threads;

    private LocalJob(int size) {
        this.shards = LocalCommunicator.create(size);
        this.threads = Executors.newFixedThreadPool(size, runnable -> {
            Thread thread = new Thread(runnable, "test-shard-program");
            thread.setDaemon(true);
            return thread;
        });
    }

    static LocalJob of(int size) {
        return new LocalJob(size);
    }

    int size() {
        return shards.size();
    }

    LocalCommunicator shard(int rank) {
        return shards.get(rank);
    }

    /**
     * Runs {@code program} for every shard, each on its own thread, and returns what each one's future gives,
     * by rank. Fails the test if any shard has not finished within {@link #WAIT_SECONDS}.
     */
    <T> List<T> run(Function<LocalCommunicator, CompletableFuture<T>> program) {
        List<CompletableFuture<T>> futures = start(program);
        List<T> results = new ArrayList<>();
        for (int rank = 0; rank < futures.size(); rank++) {
            results.add(await(futures.get(rank), "shard " + rank));
        }
        return results;
    }

    /** Starts {@code program} for every shard on its own thread; the futures are indexed by rank. */
    <T> List<CompletableFuture<T>> start(Function<LocalCommunicator, CompletableFuture<T>> program) {
        List<Future<CompletableFuture<T>>> launched = new ArrayList<>();
        for (LocalCommunicator shard : shards) {
            launched.add(threads.submit(() -> program.apply(shard)));
        }
        List<CompletableFuture<T>> futures = new ArrayList<>();
        for (int rank = 0; rank < launched.size(); rank++) {
            futures.add(await(launched.get(rank), "the program of shard " + rank));
        }
        return futures;
    }

    static <T> T await(Future<T> future, String what) {
        try {
            return future.get(WAIT_SECONDS, TimeUnit.SECONDS);
        } catch (TimeoutException e) {
            return fail(what + " did not finish within " + WAIT_SECONDS + " s");
        } catch (ExecutionException e) {
            throw new AssertionError(what + " failed: " + e.getCause(), e.getCause());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError("interrupted", e);
        }
    }

    /** The exception {@code future} fails with, waiting at most {@link #WAIT_SECONDS}; fails the test if it succeeds. */
    static Throwable failureOf(CompletableFuture<?> future, String what) {
        try {
            Object value = future.get(WAIT_SECONDS, TimeUnit.SECONDS);
            return fail(what + " succeeded with " + value + " instead of failing");
        } catch (TimeoutException e) {
            return fail(what + " neither failed nor succeeded within " + WAIT_SECONDS + " s");
        } catch (ExecutionException e) {
            return e.getCause();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError("interrupted", e);
        }
    }

    @Override
    public void close() {
        shards.forEach(LocalCommunicator::close);
        threads.shutdownNow();
    }

    static byte[] longBytes(long value) {
        return ByteBuffer.allocate(Long.BYTES).putLong(value).array();
    }

    static long longOf(byte[] bytes) {
        return ByteBuffer.wrap(bytes).getLong();
    }

    /** Element-wise sum of two equally long vectors of big-endian longs. */
    static byte[] sumOfLongs(byte[] left, byte[] right) {
        ByteBuffer a = ByteBuffer.wrap(left);
        ByteBuffer b = ByteBuffer.wrap(right);
        ByteBuffer out = ByteBuffer.allocate(left.length);
        while (a.hasRemaining()) {
            out.putLong(a.getLong() + b.getLong());
        }
        return out.array();
    }

    static byte[] maxOfLongs(byte[] left, byte[] right) {
        return longOf(left) >= longOf(right) ? left.clone() : right.clone();
    }

    /** Element-wise sum of two equally long vectors of doubles; not associative, so the order shows in the bits. */
    static byte[] sumOfDoubles(byte[] left, byte[] right) {
        ByteBuffer a = ByteBuffer.wrap(left);
        ByteBuffer b = ByteBuffer.wrap(right);
        ByteBuffer out = ByteBuffer.allocate(left.length);
        while (a.hasRemaining()) {
            out.putDouble(a.getDouble() + b.getDouble());
        }
        return out.array();
    }
}
