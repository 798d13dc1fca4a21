package dev.cohort.runtime.analysis;

import org.agrona.collections.Long2ObjectHashMap;
import dev.cohort.runtime.geometry.Rect;
import dev.cohort.runtime.launch.Privilege;
import java.util.ArrayList;
import java.util.List;

/**
 * The coarse stage (DCR paper §4.1, Figure 9): run identically on every shard, it finds the
 * dependences of each operation on earlier ones per store and privilege, comparing one
 * representative per operation — its layout — never its points. Its cost is therefore
 * independent of the number of points and of shards; {@link #work()} counts the comparisons so
 * tests can check that.
 *
 * <p>Per store it keeps the users of the current epoch: the last writes and the reads and
 * reductions since. A write that covers the whole store closes the epoch. Users with the same
 * layout and privilege are merged (the latest stands for all), so the list stays as short as the
 * number of distinct layouts in use.
 */
public final class CoarseStage {
    private final Long2ObjectHashMap<List<User>> users = new Long2ObjectHashMap<>();
    private long work;
    private long shardLocal;
    private long crossShard;

    private record User(long op, Layout layout, Privilege privilege) {
    }

    /**
     * Analyses requirement {@code index} of operation {@code op} on store {@code storeId} and
     * records it as a user.
     */
    public List<Dependence> analyze(long op, int index, long storeId, Rect bounds, Layout layout, Privilege privilege) {
        List<Dependence> deps = new ArrayList<>();
        analyze(op, index, storeId, bounds, layout, privilege, deps);
        return deps;
    }

    /** As {@link #analyze(long, int, long, Rect, Layout, Privilege)}, appending the dependences to {@code deps}. */
    public void analyze(long op, int index, long storeId, Rect bounds, Layout layout, Privilege privilege,
                        List<Dependence> deps) {
        List<User> list = users.get(storeId);
        if (list == null) {
            list = new ArrayList<>(2);
            users.put(storeId, list);
        }
        int merge = -1;
        for (int i = 0; i < list.size(); i++) {
            User u = list.get(i);
            work++;
            Dependence.Kind kind = conflict(u.privilege, privilege);
            if (kind != null) {
                boolean local = u.layout.equals(layout);
                deps.add(new Dependence(u.op, op, storeId, index, kind, local));
                if (local) {
                    shardLocal++;
                } else {
                    crossShard++;
                }
            }
            if (u.layout.equals(layout) && u.privilege.equals(privilege)) {
                merge = i;
            }
        }
        User self = new User(op, layout, privilege);
        if (privilege.kind() != Privilege.Kind.REDUCE && privilege.writes() && layout.coversWhole(bounds)) {
            list.clear();
            list.add(self);
        } else if (merge >= 0 && !privilege.writes()) {
            list.set(merge, self);
        } else if (merge >= 0 && privilege.writes()) {
            // a newer write through the same layout shadows the older one and the reads it served
            list.remove(merge);
            list.add(self);
        } else {
            list.add(self);
        }
    }

    /** Forgets a deleted store. */
    public void forget(long storeId) {
        users.remove(storeId);
    }

    /** The kind of dependence of an access with {@code later} on one with {@code earlier}, or null. */
    static Dependence.Kind conflict(Privilege earlier, Privilege later) {
        if (!earlier.writes() && !later.writes()) {
            return null;
        }
        if (earlier.kind() == Privilege.Kind.REDUCE && later.kind() == Privilege.Kind.REDUCE
                && earlier.redop() == later.redop()) {
            return null;
        }
        if (earlier.writes() && (later.reads() || later.kind() == Privilege.Kind.REDUCE)) {
            return Dependence.Kind.RAW;
        }
        return earlier.writes() ? Dependence.Kind.WAW : Dependence.Kind.WAR;
    }

    /** Comparisons made so far (one per earlier user examined). */
    public long work() {
        return work;
    }

    public long shardLocalDependences() {
        return shardLocal;
    }

    public long crossShardDependences() {
        return crossShard;
    }
}
