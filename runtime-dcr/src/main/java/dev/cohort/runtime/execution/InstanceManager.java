package dev.cohort.runtime.execution;

import org.agrona.collections.Long2ObjectHashMap;
import dev.cohort.runtime.geometry.Rect;
import dev.cohort.runtime.instance.Instance;
import dev.cohort.runtime.region.FieldType;
import java.lang.ref.Cleaner;
import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.Iterator;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * The storage of one {@link Memory} (Realm's instance allocator; Legate's {@code --sysmem} budget).
 * Storage of released instances goes into a pool by size class — (element type, element count),
 * exact, because steady-state loops repeat exact shapes — and the next request of that class reuses
 * it instead of allocating a new array; a class no request asked for during a whole interval between
 * two collection requests is dropped at the next one. Storage comes back when the deletion agreement has found a
 * store dead, which needs the garbage collector to have seen its handle: with a budget much larger
 * than the working set, a loop keeps allocating some new arrays until a collection happens (see
 * runtime-dcr's README, "Memories and instances").
 *
 * <p>The budget bounds the bytes of live instances plus pooled storage. A request that does not fit
 * first drops pooled storage (largest classes first), then waits for instances already released
 * whose last users are still running, and only then fails with a
 * {@link MemoryBudgetExceededException} naming the memory, the request, the budget and what is live.
 * Reused storage is not cleared (Legion: a new instance's contents are undefined; every task writes
 * all of a piece it holds with {@code WRITE_DISCARD}, and the runtime fills or copies every other
 * instance completely before use); {@code cohort.instance.poison=true} fills reused storage with a
 * garbage pattern to test that promise.
 *
 * <p>Thread-safe: the program thread allocates, workers release; one short lock per memory.
 * An instance that becomes unreachable without being released (a path that drops it silently) is
 * still subtracted from the live bytes when its {@link PhysicalInstance} is collected, so the budget
 * never leaks.
 */
public final class InstanceManager {
    private static final Cleaner CLEANER = Cleaner.create();
    /** The least storage handed out between two collections one manager asks for (32 MiB). */
    static final long MIN_COLLECTION_GAP = 32L << 20;

    private final Memory memory;
    private final long budget;
    private final boolean poison;
    private final Long2ObjectHashMap<SizeClass> pool = new Long2ObjectHashMap<>();
    private long liveBytes;
    /** Live bytes when {@link #underPressure} last asked for a collection (or the lowest since). */
    private long liveAtCollection;
    private long pooledBytes;
    private long pendingBytes;
    private long peakBytes;
    private long allocations;
    private long reuses;
    private long misses;
    /** Bytes of the new arrays counted by {@link #misses}. */
    private long missedBytes;
    /** Bytes handed out (reused or new) since this manager last asked for a collection. */
    private long handedOut;
    /**
     * Bytes that came back to the pool since this manager last asked for a collection without a collection's help:
     * the program's deletes ({@code NdArray.close}) and the runtime's own temporaries, not stores the collector found
     * dead ({@link PhysicalInstance#markCollected}). A program that frees at least half of what it takes itself keeps its
     * pool supplied: it is not asked a collection for a low pool ({@link #poolRunningLow}), only for a miss.
     */
    private long selfFreed;
    private long collectionsAsked;

    InstanceManager(Memory memory, long budget, boolean poison) {
        if (budget <= 0) {
            throw new IllegalArgumentException("the budget of " + memory + " must be positive, got " + budget + " bytes");
        }
        this.memory = memory;
        this.budget = budget;
        this.poison = poison;
    }

    /** The budget in bytes. */
    public long budget() {
        return budget;
    }

    /** The memory whose storage this is. */
    public Memory memory() {
        return memory;
    }

    /** Bytes held by live instances (allocated and not yet freed). */
    public synchronized long liveBytes() {
        return liveBytes;
    }

    /**
     * An instance over {@code rect}: pooled storage of its size class when there is some (contents
     * undefined), else a new zeroed array.
     *
     * @throws MemoryBudgetExceededException when it cannot fit the budget (see the class comment)
     */
    public PhysicalInstance allocate(FieldType type, Rect rect, boolean keepFired) {
        return allocate(type, rect, keepFired, false, false);
    }

    /**
     * Storage the program thread holds itself instead of a store's instance: the host elements of an array small
     * enough to run eagerly (the array layer's eager arrays, replicated on every shard). Taken from the pool and counted
     * in the budget like any instance, so that a loop over such arrays reuses the storage of those it dropped; given
     * back with {@link #releaseHeld}. {@code zero}: every element 0, as a new Java array is (a reused one is cleared);
     * false only when the caller writes every element before anything reads one. The caller must give it back (the
     * budget counts it until then): no cleaner watches the returned instance.
     *
     * @throws MemoryBudgetExceededException when it cannot fit the budget (see the class comment)
     */
    public PhysicalInstance allocateHeld(FieldType type, Rect rect, boolean zero) {
        return allocate(type, rect, false, zero, true);
    }

    /**
     * Gives back storage from {@link #allocateHeld}: {@code collected} when the garbage collector found its holder
     * unreachable (as a store's deletion: it counts toward asking for collections), false when the program closed it.
     * Idempotent.
     */
    public void releaseHeld(PhysicalInstance pi, boolean collected) {
        if (pi.ticket() == null || pi.ticket().done.get()) {
            return;
        }
        if (collected) {
            pi.markCollected();
        }
        pending(pi);
        free(pi);
    }

    /**
     * {@code held}: storage the caller gives back itself ({@link #allocateHeld}; the array layer watches its holder and
     * keeps the instance reachable until then), so no cleaner watches it: a second phantom reference per eager array
     * for the collector to process at every cycle, which would find nothing.
     */
    private PhysicalInstance allocate(FieldType type, Rect rect, boolean keepFired, boolean zeroReused, boolean held) {
        int volume = Instance.checkedVolume(rect);
        long bytes = (long) volume * type.size();
        long key = ((long) type.ordinal() << 40) | volume;
        Object array;
        synchronized (this) {
            array = take(key);
            if (array != null) {
                pooledBytes -= bytes;
                reuses++;
            } else {
                makeRoom(bytes, type, rect);
                allocations++;
                misses++;
                missedBytes += bytes;
            }
            liveBytes += bytes;
            peakBytes = Math.max(peakBytes, liveBytes + pooledBytes);
            handedOut += bytes;
            if (poolRunningLow(array == null)) {
                collectionsAsked++;
                handedOut = 0;
                selfFreed = 0;
                dropIdleClasses();
                CollectionRequest.ask();
            }
        }
        Instance inst;
        if (array == null) {
            inst = Instance.allocate(type, rect);
        } else {
            inst = Instance.wrap(type, rect, array);
            if (poison) {
                poison(inst);
            }
            if (zeroReused) {
                inst.fill(rect, 0L);
            }
        }
        Ticket ticket = new Ticket(this, bytes);
        PhysicalInstance pi = new PhysicalInstance(inst, keepFired, ticket);
        if (!held) {
            CLEANER.register(pi, ticket);
        }
        return pi;
    }

    /**
     * True when the pool should be refilled by a collection: an eighth of the budget (at least
     * {@link #MIN_COLLECTION_GAP}) was handed out since this manager last asked, and either the pool
     * holds less than a sixteenth of the budget (what a loop takes while the collection runs and the
     * next agreement rounds apply what it found: CG Poisson n = 300 makes 4.5 MB of stores an
     * iteration and needs about 20 iterations) or this request found no storage of its class
     * ({@code missed}), unless at least half of what was handed out since the last ask came back without a collection
     * ({@link #selfFreed}: a program that closes its arrays keeps its pool supplied itself; asking anyway cost the
     * op-mix suite a young pause and a concurrent cycle every 750 calls of a 1e5 float64 {@code add}). The gap sets how
     * often a steady loop needs a collection: the pool grows until
     * it serves an eighth of the budget between two of them (about 85 iterations of that CG under a 3
     * GiB budget); and a program whose storage all stays live does not ask at every allocation.
     *
     * <p>Why a miss counts as well: pooled storage of classes the loop does not use is no supply. In
     * logistic regression on 1e6 x 32 (one shard, {@code -Xmx4g}: budget 3 GiB, low mark 192 MiB) the
     * raw X's tiles, 273 MB, stayed pooled after standardisation while the loop asked for 8 131-element
     * vector tiles: the pool never looked low, 2 collections were asked for in 240 steps, and 18 620
     * arrays were allocated anew (13 530 with this rule and {@link #dropIdleClasses}; peak 1.95 GB of
     * instances, 1.35 GB with them).
     */
    private boolean poolRunningLow(boolean missed) {
        return handedOut >= collectionGap(budget) && (missed || pooledBytes < budget / 16 && selfFreed * 2 < handedOut);
    }

    /**
     * At a collection request: drops the pooled storage of classes that no request asked for since the
     * request before last (a whole collection interval), so that storage a program stopped using (the
     * raw data before a transformation, the arrays of an earlier phase) goes back to the JVM.
     */
    private void dropIdleClasses() {
        for (Iterator<SizeClass> it = pool.values().iterator(); it.hasNext(); ) {
            SizeClass c = it.next();
            if (c.lastRequest < collectionsAsked - 1) {
                pooledBytes -= c.bytes * c.arrays.size();
                it.remove();
            }
        }
    }

    /**
     * The pooled storage of one size class, and the value of {@link #collectionsAsked} when a request
     * last asked for this class.
     */
    private static final class SizeClass {
        final ArrayDeque<Object> arrays = new ArrayDeque<>();
        final long bytes;
        long lastRequest;

        SizeClass(long bytes, long lastRequest) {
            this.bytes = bytes;
            this.lastRequest = lastRequest;
        }
    }

    /** Storage handed out between two collections one manager asks for: an eighth of {@code budget}, at least 32 MiB. */
    static long collectionGap(long budget) {
        return Math.max(MIN_COLLECTION_GAP, budget / 8);
    }

    private Object take(long key) {
        SizeClass c = pool.get(key);
        if (c == null) {
            return null;
        }
        c.lastRequest = collectionsAsked;
        return c.arrays.pollFirst();
    }

    /** Frees pooled storage and waits for pending releases until {@code bytes} more fit; fails if they cannot. */
    private void makeRoom(long bytes, FieldType type, Rect rect) {
        if (liveBytes + pooledBytes + bytes <= budget) {
            return;
        }
        evictPool(liveBytes + pooledBytes + bytes - budget);
        long deadline = System.nanoTime() + 30_000_000_000L;
        while (liveBytes + bytes > budget && pendingBytes > 0 && System.nanoTime() < deadline) {
            try {
                wait(10);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
            evictPool(liveBytes + pooledBytes + bytes - budget);
        }
        if (liveBytes + bytes > budget) {
            throw new MemoryBudgetExceededException("out of memory in " + memory + ": an instance of "
                    + type + " " + rect + " needs " + mib(bytes) + " but " + mib(liveBytes) + " of the budget of "
                    + mib(budget) + (memory.siblings() > 1 ? " (the shard's " + mib(budget * memory.siblings())
                    + " split over its " + memory.siblings() + " " + memory.kind() + " memories)" : "")
                    + " is held by live instances; raise the budget (--sysmem, -Dcohort.sysmem.mib) "
                    + "or use less data per shard");
        }
    }

    /**
     * Drops pooled storage, largest size classes first and in each the longest unused first (the pool hands out the
     * most recently freed storage, still in cache), until at least {@code need} bytes are gone or none is left.
     */
    private void evictPool(long need) {
        if (need <= 0 || pooledBytes == 0) {
            return;
        }
        Long[] keys = pool.keySet().toArray(new Long[0]);
        Arrays.sort(keys, (a, b) -> Long.compare(bytesOf(b), bytesOf(a)));
        long freed = 0;
        for (Long k : keys) {
            ArrayDeque<Object> q = pool.get(k).arrays;
            while (freed < need && !q.isEmpty()) {
                q.pollLast();
                freed += bytesOf(k);
            }
            if (freed >= need) {
                break;
            }
        }
        pooledBytes -= freed;
    }

    private static long bytesOf(long key) {
        return (key & ((1L << 40) - 1)) * FieldType.values()[(int) (key >>> 40)].size();
    }

    /** Marks {@code pi} released by the analysis; its storage returns when {@link #free} runs. */
    synchronized void pending(PhysicalInstance pi) {
        pendingBytes += pi.ticket().bytes;
    }

    /** Returns {@code pi}'s storage to the pool: its last user has finished. Idempotent. */
    void free(PhysicalInstance pi) {
        Ticket t = pi.ticket();
        if (t == null || !t.done.compareAndSet(false, true)) {
            return;
        }
        Instance inst = pi.instance();
        long key = ((long) inst.type().ordinal() << 40) | inst.size();
        synchronized (this) {
            liveBytes -= t.bytes;
            pendingBytes -= t.bytes;
            if (!pi.collected()) {
                selfFreed += t.bytes;
            }
            pool.computeIfAbsent(key, k -> new SizeClass(bytesOf(k), collectionsAsked)).arrays.addFirst(inst.array());
            pooledBytes += t.bytes;
            if (liveBytes + pooledBytes > budget) {
                evictPool(liveBytes + pooledBytes - budget);
            }
            notifyAll();
        }
    }

    private synchronized void collected(long bytes) {
        liveBytes -= bytes;
        notifyAll();
    }

    /** Counters: bytes live, pooled and pending release, peak, new arrays allocated, requests served from the pool, collections asked for. */
    public synchronized Stats stats() {
        return new Stats(liveBytes, pooledBytes, pendingBytes, peakBytes, allocations, reuses, collectionsAsked);
    }

    /**
     * A snapshot of an instance manager's counters; {@code collectionsAsked} counts the times its pool ran low
     * and it asked for a collection ({@link CollectionRequest}; one already running absorbs the request).
     */
    public record Stats(long liveBytes, long pooledBytes, long pendingBytes, long peakBytes, long allocations, long reuses,
                        long collectionsAsked) {
    }

    /**
     * True when a garbage collection is worth its cost now, so that dead stores are found and their storage comes
     * back (resets the counts of new arrays). That is when, since the last call:
     * <ul>
     *   <li>new arrays of at least {@code missedLimit} bytes had to be allocated (the pool had none of their
     *       class): the program creates storage faster than the ordinary collections find it dead. Measured
     *       ({@code c = x + y} on 1e7 float64, one shard, the result dropped at once): with only the rule below,
     *       dead results were found when G1 happened to collect, 1-3 of every 10 calls allocated 80 MB anew and
     *       took 17-34 ms a call on average (12 ms with the pool serving); under an 8 GB heap, where G1 collected
     *       even less, live but dead storage grew to 3.4 GB and a call took 54-270 ms;</li>
     *   <li>or some new array at all while more than half the budget is in use (pooled included);</li>
     *   <li>or live instances hold more than half the budget and have grown by an eighth of it since the last
     *       time this said so (a loop whose temporaries the ordinary collections do not find: the pool would
     *       run dry all at once).</li>
     * </ul>
     * Otherwise the pool serves the requests and the ordinary collections of the runtime's small objects find
     * dead stores soon enough (a collection per round in a steady loop whose live data fills half the budget would
     * cost more than the loop).
     */
    public synchronized boolean underPressure(long missedLimit) {
        liveAtCollection = Math.min(liveAtCollection, liveBytes);
        boolean growing = liveBytes * 2 > budget && liveBytes - liveAtCollection >= budget / 8;
        boolean p = growing || (misses > 0 && (liveBytes + pooledBytes) * 2 > budget) || missedBytes >= missedLimit;
        if (p) {
            liveAtCollection = liveBytes;
        }
        misses = 0;
        missedBytes = 0;
        return p;
    }

    /** New arrays allocated since the last call (the pool had none of their class); resets the count. */
    public synchronized long takeMisses() {
        long m = misses;
        misses = 0;
        missedBytes = 0;
        return m;
    }

    /** Empties the pool (e.g. when the shard ends). */
    public synchronized void clear() {
        for (Iterator<SizeClass> it = pool.values().iterator(); it.hasNext(); ) {
            it.next().arrays.clear();
            it.remove();
        }
        pooledBytes = 0;
    }

    private static void poison(Instance inst) {
        Object a = inst.array();
        if (a instanceof double[] d) {
            Arrays.fill(d, Double.longBitsToDouble(0x7FF8_DEAD_BEEF_0001L));
        } else if (a instanceof float[] f) {
            Arrays.fill(f, Float.intBitsToFloat(0x7FC0_BEEF));
        } else if (a instanceof long[] l) {
            Arrays.fill(l, 0xDEAD_BEEF_DEAD_BEEFL);
        } else if (a instanceof int[] i) {
            Arrays.fill(i, 0xDEAD_BEEF);
        } else if (a instanceof byte[] b) {
            Arrays.fill(b, (byte) 0x5A);
        }
    }

    private static String mib(long bytes) {
        return String.format(java.util.Locale.ROOT, "%.1f MiB", bytes / 1048576.0);
    }

    /** What the manager knows of one allocation; also the cleanup if its instance is dropped unreleased. */
    static final class Ticket implements Runnable {
        final InstanceManager manager;
        final long bytes;
        final AtomicBoolean done = new AtomicBoolean();

        Ticket(InstanceManager manager, long bytes) {
            this.manager = manager;
            this.bytes = bytes;
        }

        @Override
        public void run() {
            if (done.compareAndSet(false, true)) {
                manager.collected(bytes);
            }
        }
    }
}
