package dev.cohort.runtime.determinism;

import dev.cohort.transport.Communicator;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import net.openhft.hashing.LongTupleHashFunction;

/**
 * Control-determinism verification (DCR paper §3; Legion {@code ReplicateContext::HashVerifier}):
 * every runtime call updates a 128-bit running hash (MurmurHash3 x64-128) of the call and all its
 * arguments, encoded compactly by the caller into {@link #encoder()} (no strings on the hot path). Every {@code interval} calls, and at each blocking call, the shards all-reduce the
 * (min, max) of the hashes of the calls since the last check, asynchronously; where min and max
 * differ the shards diverged, and each fails with a {@link ControlDeterminismException} naming
 * the first call that differed, as it issued it: the human-readable description of a call is built
 * lazily, from the {@link Call} recorded with it, only when a check finds a divergence. Check collectives use their own id space,
 * numbered by check count, so a divergent program cannot misalign them.
 */
public final class HashVerifier {
    /** Collective ids of checks: this base plus the check number. */
    public static final long CHECK_ID_BASE = 1L << 40;

    private static final LongTupleHashFunction MURMUR3 = LongTupleHashFunction.murmur_3();

    private final Communicator comm;
    private final int interval;
    private final long[] h1;
    private final long[] h2;
    private final Call[] descriptions;
    private final CallEncoder encoder = new CallEncoder();
    private final long[] running = new long[2];
    private int count;
    private long windowStart;
    private long checks;
    private final List<CompletableFuture<Void>> pending = new ArrayList<>();
    private volatile ControlDeterminismException failure;

    public HashVerifier(Communicator comm, int interval) {
        this.comm = comm;
        this.interval = interval;
        this.h1 = new long[interval];
        this.h2 = new long[interval];
        this.descriptions = new Call[interval];
    }

    /** A recorded call's description, built only when it is needed for an error message. */
    @FunctionalInterface
    public interface Call {
        String describe();
    }

    /**
     * The encoder for the next call, emptied: the caller writes the call's compact binary encoding
     * into it, then calls {@link #record(Call)}. Program thread only.
     */
    public CallEncoder encoder() {
        return encoder.reset();
    }

    /**
     * Hashes the call encoded in {@link #encoder()} onto the running hash; starts an asynchronous
     * check every {@code interval} calls. {@code description} is kept (not evaluated) until the
     * window's check has compared.
     */
    public void record(Call description) {
        encoder.putPrefix(running[0], running[1]);
        MURMUR3.hashBytes(encoder.array(), 0, encoder.length(), running);
        h1[count] = running[0];
        h2[count] = running[1];
        descriptions[count] = description;
        count++;
        if (count == interval) {
            startCheck();
        }
    }

    /** {@code out = MurmurHash3 x64-128 of bytes} (the verifier's hash), for an argument hashed apart ({@link CallEncoder#putDigest}). */
    static void digest(byte[] bytes, long[] out) {
        MURMUR3.hashBytes(bytes, 0, bytes.length, out);
    }

    /**
     * The running 128-bit hash of every call recorded so far, {@code {h1, h2}}: equal on every shard
     * of a deterministic program at the same call (what a checkpoint records). Program thread only.
     */
    public long[] runningHash() {
        return running.clone();
    }

    /** Hashes one runtime call given as a description string and raw arguments (the slow, general form). */
    public void record(String description, byte[] arguments) {
        encoder().putBytes(description.getBytes(StandardCharsets.UTF_8)).putBytes(arguments);
        record(() -> description);
    }

    /** Starts a check of the calls since the last one, if any. */
    public void startCheck() {
        if (count == 0) {
            return;
        }
        if (comm.size() == 1) {
            // one shard cannot diverge from itself: the window is closed without a collective
            java.util.Arrays.fill(descriptions, 0, count, null);
            windowStart += count;
            count = 0;
            return;
        }
        ByteBuffer payload = ByteBuffer.allocate((2 + 4 * interval) * 8).order(ByteOrder.LITTLE_ENDIAN);
        payload.putLong(count).putLong(count);
        for (int i = 0; i < interval; i++) {
            long a = i < count ? h1[i] : 0;
            long b = i < count ? h2[i] : 0;
            payload.putLong(a).putLong(b).putLong(a).putLong(b);
        }
        Call[] desc = java.util.Arrays.copyOf(descriptions, count);
        java.util.Arrays.fill(descriptions, 0, count, null);
        long start = windowStart;
        long id = CHECK_ID_BASE + checks++;
        pending.removeIf(CompletableFuture::isDone);
        pending.add(comm.allReduce(id, payload.array(), HashVerifier::minMax)
                .thenAccept(result -> compare(result, desc, start)));
        windowStart += count;
        count = 0;
    }

    /** Every check started so far, completing when all have been compared. */
    public CompletableFuture<Void> allChecks() {
        return CompletableFuture.allOf(pending.toArray(new CompletableFuture<?>[0]));
    }

    /** How long {@link #failure} waits for the checks started before a divergence it found (error path only). */
    static final long SETTLE_SECONDS = 5;

    /**
     * The first divergence found, or null. Once one is found, waits up to {@link #SETTLE_SECONDS} for the checks
     * started before it (they complete out of order) so that the call named is the first that differed. (It waited
     * 2 s: on a loaded 2-core machine running the whole test suite, an earlier window's check once came later, and
     * a later call was named.)
     */
    public ControlDeterminismException failure() {
        ControlDeterminismException f = failure;
        if (f != null && !settled) {
            try {
                allChecks().get(SETTLE_SECONDS, java.util.concurrent.TimeUnit.SECONDS);
            } catch (Exception ignored) {
                // a check that cannot complete (a diverged peer) leaves the best answer we have
            }
            settled = true;
            f = failure;
        }
        return f;
    }

    private volatile boolean settled;

    private void compare(byte[] result, Call[] desc, long start) {
        ByteBuffer b = ByteBuffer.wrap(result).order(ByteOrder.LITTLE_ENDIAN);
        long countMin = b.getLong();
        long countMax = b.getLong();
        for (int i = 0; i < interval; i++) {
            long minA = b.getLong();
            long minB = b.getLong();
            long maxA = b.getLong();
            long maxB = b.getLong();
            boolean differs = minA != maxA || minB != maxB || (i == countMin && countMin != countMax);
            if (differs) {
                String mine = i < desc.length ? desc[i].describe() : "no call (this shard reached a check point earlier)";
                ControlDeterminismException found = new ControlDeterminismException(
                        "control determinism violated: runtime call #" + (start + i)
                        + " differs across shards (calls in this window: " + countMin + ".." + countMax
                        + "); on shard " + comm.rank() + " it was: " + mine, start + i);
                synchronized (this) {
                    // the running hash chains, so every later window differs too: keep the first call
                    if (failure == null || found.callIndex() < failure.callIndex()) {
                        failure = found;
                    }
                }
                return;
            }
        }
    }

    /** Element-wise (min, max) of two check payloads; pairs compared lexicographically. */
    static byte[] minMax(byte[] left, byte[] right) {
        if (left.length != right.length) {
            throw new IllegalArgumentException("determinism check payloads differ in length: " + left.length + " vs " + right.length);
        }
        ByteBuffer l = ByteBuffer.wrap(left).order(ByteOrder.LITTLE_ENDIAN);
        ByteBuffer r = ByteBuffer.wrap(right).order(ByteOrder.LITTLE_ENDIAN);
        ByteBuffer out = ByteBuffer.allocate(left.length).order(ByteOrder.LITTLE_ENDIAN);
        out.putLong(Math.min(l.getLong(), r.getLong()));
        out.putLong(Math.max(l.getLong(), r.getLong()));
        while (l.hasRemaining()) {
            long lMinA = l.getLong();
            long lMinB = l.getLong();
            long lMaxA = l.getLong();
            long lMaxB = l.getLong();
            long rMinA = r.getLong();
            long rMinB = r.getLong();
            long rMaxA = r.getLong();
            long rMaxB = r.getLong();
            boolean leftMin = lMinA < rMinA || (lMinA == rMinA && lMinB <= rMinB);
            out.putLong(leftMin ? lMinA : rMinA).putLong(leftMin ? lMinB : rMinB);
            boolean leftMax = lMaxA > rMaxA || (lMaxA == rMaxA && lMaxB >= rMaxB);
            out.putLong(leftMax ? lMaxA : rMaxA).putLong(leftMax ? lMaxB : rMaxB);
        }
        return out.array();
    }
}
