package dev.cohort.runtime;

import dev.cohort.runtime.execution.EventRecorder;
import dev.cohort.runtime.launch.Future;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cohort.runtime.geometry.Point;
import dev.cohort.runtime.geometry.Rect;
import dev.cohort.runtime.instance.Instance;
import dev.cohort.runtime.launch.GroupLaunch;
import dev.cohort.runtime.launch.Privilege;
import dev.cohort.runtime.launch.ProcessorKind;
import dev.cohort.runtime.launch.ReductionOp;
import dev.cohort.runtime.launch.TaskRegistry;
import dev.cohort.runtime.partition.Partition;
import dev.cohort.runtime.partition.Projection;
import dev.cohort.runtime.partition.Replicated;
import dev.cohort.runtime.partition.Tiling;
import dev.cohort.runtime.region.FieldType;
import dev.cohort.runtime.region.Store;
import dev.cohort.runtime.sharding.Mapper;
import dev.cohort.runtime.sharding.ShardingFunction;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * DCR paper Theorem 1 as a property: random programs of group launches over random tilings (with
 * and without halo), replicated stores and random privileges, replicated on 1-8 shards.
 * (a) Every pair of point tasks that a plain sequential pairwise analysis orders is ordered by the
 * replicated analysis — on one shard's instance (a happens-before path between accesses of the
 * same physical instance) or through a transfer (a path from the producer of the value a reader
 * sees, through sends, receives and collectives). Conflicts between accesses of distinct physical
 * instances that carry no value need no order: each shard owns its instances and the valid-data
 * map names the current copy (Legion physical analysis does the same); (b) checks they are
 * harmless. (b) The data and futures are bit-identical to a sequential execution in plain Java.
 */
class Theorem1PropertyTest {
    static final int MIX = 1010;
    static final AtomicLong SAME_INSTANCE_CHECKS = new AtomicLong();
    static final AtomicLong DATA_FLOW_CHECKS = new AtomicLong();
    static final AtomicLong CROSS_SHARD_DATA_FLOW_CHECKS = new AtomicLong();

    // ---------------------------------------------------------------- program model

    enum Part { TILE, HALO, REPLICATED, CONSTANT }

    record Req(int store, Part part, long[] halo, Point constant, Privilege privilege) {
    }

    record Launch(Tiling tiling, Rect domain, List<Req> reqs, boolean cyclic, boolean result, double seed,
                  boolean replicatedExecution) {
    }

    /** op: exactly one of fill (store >= 0 and launch == null), launch, or read (read >= 0). */
    record Op(int fillStore, double fillValue, Launch launch, int read) {
    }

    record Program(Rect bounds, int stores, List<Op> ops) {
        Rect boundsOf(int store) {
            return store == stores ? Rect.ofExtents(2) : bounds;
        }
    }

    static Program generate(long seed) {
        Random r = new Random(seed);
        int dim = r.nextBoolean() ? 1 : 2;
        long[] ext = dim == 1 ? new long[] {1 + r.nextInt(30)} : new long[] {1 + r.nextInt(7), 1 + r.nextInt(7)};
        Rect bounds = Rect.ofExtents(ext);
        int stores = 1 + r.nextInt(3);
        int acc = stores; // the small replicated store
        List<Op> ops = new ArrayList<>();
        int n = 3 + r.nextInt(9);
        for (int o = 0; o < n; o++) {
            int kind = r.nextInt(100);
            if (kind < 12) {
                ops.add(new Op(r.nextInt(stores + 1), r.nextInt(5), null, -1));
            } else if (kind < 20) {
                ops.add(new Op(-1, 0, null, r.nextInt(stores + 1)));
            } else if (kind < 30) {
                // replicated execution: one point, writes the small store, reads others whole or one tile
                List<Req> reqs = new ArrayList<>();
                reqs.add(new Req(acc, Part.REPLICATED, null, null, r.nextBoolean() ? Privilege.WRITE_DISCARD : Privilege.READ_WRITE));
                Tiling t = randomTiling(r, bounds);
                for (int s = 0; s < stores; s++) {
                    if (r.nextBoolean()) {
                        Rect colors = t.colorSpace(bounds);
                        Point c = colors.delinearize(r.nextInt((int) colors.volume()));
                        reqs.add(new Req(s, r.nextBoolean() ? Part.REPLICATED : Part.CONSTANT, null, c, Privilege.READ));
                    }
                }
                ops.add(new Op(-1, 0, new Launch(t, Rect.single(Point.of(0)), reqs, false, r.nextBoolean(), r.nextInt(7), true), -1));
            } else {
                Tiling t = randomTiling(r, bounds);
                Rect colors = t.colorSpace(bounds);
                Rect domain = colors;
                if (r.nextInt(10) < 3) {
                    long[] lo = new long[dim];
                    long[] hi = new long[dim];
                    for (int d = 0; d < dim; d++) {
                        long a = colors.lo(d) + r.nextInt((int) colors.extent(d));
                        long b = colors.lo(d) + r.nextInt((int) colors.extent(d));
                        lo[d] = Math.min(a, b);
                        hi[d] = Math.max(a, b);
                    }
                    domain = Rect.of(lo, hi);
                }
                List<Req> reqs = new ArrayList<>();
                List<Integer> order = new ArrayList<>();
                for (int s = 0; s <= stores; s++) {
                    order.add(s);
                }
                java.util.Collections.shuffle(order, r);
                int k = 1 + r.nextInt(Math.min(3, order.size()));
                for (int j = 0; j < k; j++) {
                    int s = order.get(j);
                    if (s == acc) {
                        reqs.add(new Req(s, Part.REPLICATED, null, null,
                                r.nextBoolean() ? Privilege.READ : Privilege.reduce(ReductionOp.SUM)));
                        continue;
                    }
                    int p = r.nextInt(10);
                    if (p < 4) {
                        int q = r.nextInt(10);
                        if (q < 5) {
                            reqs.add(new Req(s, Part.TILE, null, null, Privilege.READ));
                        } else if (q < 8) {
                            long[] halo = new long[dim];
                            for (int d = 0; d < dim; d++) {
                                halo[d] = r.nextInt(3);
                            }
                            reqs.add(new Req(s, Part.HALO, halo, null, Privilege.READ));
                        } else if (q < 9) {
                            reqs.add(new Req(s, Part.REPLICATED, null, null, Privilege.READ));
                        } else {
                            Point c = colors.delinearize(r.nextInt((int) colors.volume()));
                            reqs.add(new Req(s, Part.CONSTANT, null, c, Privilege.READ));
                        }
                    } else if (p < 7) {
                        reqs.add(new Req(s, Part.TILE, null, null, Privilege.WRITE_DISCARD));
                    } else {
                        reqs.add(new Req(s, Part.TILE, null, null, Privilege.READ_WRITE));
                    }
                }
                ops.add(new Op(-1, 0, new Launch(t, domain, reqs, r.nextBoolean(), r.nextInt(10) < 4, r.nextInt(7), false), -1));
            }
        }
        return new Program(bounds, stores, ops);
    }

    static Tiling randomTiling(Random r, Rect bounds) {
        int dim = bounds.dim();
        long[] shape = new long[dim];
        long[] offset = new long[dim];
        for (int d = 0; d < dim; d++) {
            shape[d] = 1 + r.nextInt((int) bounds.extent(d));
            offset[d] = r.nextInt((int) (2 * shape[d] - 1)) - (shape[d] - 1);
        }
        return Tiling.of(shape, offset, new long[dim]);
    }

    static Partition partition(Req q, Launch l, Rect storeBounds) {
        return switch (q.part()) {
            case TILE, CONSTANT -> l.tiling();
            case HALO -> l.tiling().withHalo(q.halo());
            case REPLICATED -> Replicated.INSTANCE;
        };
    }

    static Projection projection(Req q, Launch l) {
        return q.part() == Part.CONSTANT ? Projection.constant(q.constant()) : Projection.identity(l.domain().dim());
    }

    static byte code(Privilege p) {
        return (byte) p.kind().ordinal();
    }

    static byte[] scalars(Launch l, int op) {
        ByteBuffer b = ByteBuffer.allocate(1 + 8 + 4 + l.reqs().size()).order(ByteOrder.LITTLE_ENDIAN);
        b.put((byte) (l.cyclic() ? 1 : 0)).putDouble(l.seed()).putInt(op);
        for (Req q : l.reqs()) {
            b.put(code(q.privilege()));
        }
        return b.array();
    }

    // ---------------------------------------------------------------- the task (same code for both executions)

    /** Reads every read piece in row-major order into s, then writes mix(s, x) into every written piece. */
    static double body(int op, double seed, Privilege.Kind[] kinds, Rect[] pieces, Accessor[] data) {
        double s = seed;
        for (int i = 0; i < kinds.length; i++) {
            if (kinds[i] == Privilege.Kind.READ || kinds[i] == Privilege.Kind.READ_WRITE) {
                Accessor a = data[i];
                Rect piece = pieces[i];
                long v = piece.volume();
                for (long k = 0; k < v; k++) {
                    Point x = piece.delinearize(k);
                    s = s * 0.5 + a.get(x) * (1 + Math.floorMod(x.get(0), 3));
                }
            }
        }
        for (int i = 0; i < kinds.length; i++) {
            if (kinds[i] == Privilege.Kind.READ) {
                continue;
            }
            Accessor a = data[i];
            Rect piece = pieces[i];
            long v = piece.volume();
            for (long k = 0; k < v; k++) {
                Point x = piece.delinearize(k);
                double mix = s * 0.25 + Math.floorMod(x.hashCode() * 31 + op * 7, 100);
                switch (kinds[i]) {
                    case WRITE_DISCARD -> a.set(x, mix);
                    case READ_WRITE -> a.set(x, a.get(x) * 0.5 + mix);
                    case REDUCE -> a.set(x, a.get(x) + mix);
                    default -> throw new AssertionError();
                }
            }
        }
        return s;
    }

    interface Accessor {
        double get(Point x);

        void set(Point x, double v);
    }

    static TaskRegistry registry() {
        TaskRegistry reg = new TaskRegistry();
        reg.register(MIX, "mix", ProcessorKind.CPU, ctx -> {
            ByteBuffer b = ctx.scalars();
            b.get();
            double seed = b.getDouble();
            int op = b.getInt();
            int n = b.remaining();
            Privilege.Kind[] kinds = new Privilege.Kind[n];
            Rect[] pieces = new Rect[n];
            Accessor[] data = new Accessor[n];
            for (int i = 0; i < n; i++) {
                kinds[i] = Privilege.Kind.values()[b.get()];
                pieces[i] = ctx.piece(i);
                Instance inst = ctx.instance(i);
                data[i] = new Accessor() {
                    @Override
                    public double get(Point x) {
                        return inst.doubles()[inst.index(x)];
                    }

                    @Override
                    public void set(Point x, double v) {
                        inst.doubles()[inst.index(x)] = v;
                    }
                };
            }
            double s = body(op, seed, kinds, pieces, data);
            if (ctx.domain() != null) {
                try {
                    ctx.setResult(s);
                } catch (IllegalStateException noResult) {
                    // launch declares no result
                }
            }
        });
        return reg;
    }

    static final Mapper MAPPER = new Mapper() {
        @Override
        public ShardingFunction selectSharding(GroupLaunch launch) {
            byte[] s = launch.scalars();
            return s.length > 0 && s[0] == 1 ? ShardingFunction.CYCLIC : ShardingFunction.BLOCKED;
        }

        @Override
        public ProcessorKind selectProcessor(GroupLaunch launch, Set<ProcessorKind> available) {
            return ProcessorKind.CPU;
        }
    };

    // ---------------------------------------------------------------- replicated execution

    /** Every read (mid-program and final) and every future value, in program order, as raw bits. */
    static List<long[]> runReplicated(Program prog, Runtime rt) {
        List<Store> stores = new ArrayList<>();
        for (int s = 0; s <= prog.stores(); s++) {
            stores.add(rt.createStore(prog.boundsOf(s), FieldType.FLOAT64));
        }
        List<long[]> out = new ArrayList<>();
        List<Future> futures = new ArrayList<>();
        for (int o = 0; o < prog.ops().size(); o++) {
            Op op = prog.ops().get(o);
            if (op.launch() != null) {
                Launch l = op.launch();
                GroupLaunch.Builder b = GroupLaunch.builder(MIX, l.domain()).scalars(scalars(l, o));
                for (Req q : l.reqs()) {
                    b.require(stores.get(q.store()), partition(q, l, prog.boundsOf(q.store())), projection(q, l), q.privilege());
                }
                if (l.result()) {
                    b.reduceResult(ReductionOp.SUM, FieldType.FLOAT64);
                }
                Future f = rt.execute(b.build());
                if (f != null) {
                    futures.add(f);
                }
            } else if (op.read() >= 0) {
                out.add(bits(rt.read(stores.get(op.read())).doubles()));
            } else {
                rt.fill(stores.get(op.fillStore()), op.fillValue());
            }
        }
        for (Store s : stores) {
            out.add(bits(rt.read(s).doubles()));
        }
        for (Future f : futures) {
            out.add(new long[] {Double.doubleToRawLongBits(f.getDouble())});
        }
        return out;
    }

    static long[] bits(double[] v) {
        long[] b = new long[v.length];
        for (int i = 0; i < v.length; i++) {
            b[i] = Double.doubleToRawLongBits(v[i]);
        }
        return b;
    }

    // ---------------------------------------------------------------- sequential execution in plain Java

    static List<long[]> runSequential(Program prog) {
        List<double[]> data = new ArrayList<>();
        for (int s = 0; s <= prog.stores(); s++) {
            data.add(new double[(int) prog.boundsOf(s).volume()]);
        }
        List<long[]> out = new ArrayList<>();
        List<Double> futures = new ArrayList<>();
        for (int o = 0; o < prog.ops().size(); o++) {
            Op op = prog.ops().get(o);
            if (op.read() >= 0) {
                out.add(bits(data.get(op.read())));
            } else if (op.launch() == null) {
                Arrays.fill(data.get(op.fillStore()), op.fillValue());
            } else {
                Launch l = op.launch();
                int n = l.reqs().size();
                List<double[]> before = new ArrayList<>();
                for (double[] d : data) {
                    before.add(d.clone());
                }
                double result = 0;
                long volume = l.domain().volume();
                for (long i = 0; i < volume; i++) {
                    Point p = l.domain().delinearize(i);
                    Privilege.Kind[] kinds = new Privilege.Kind[n];
                    Rect[] pieces = new Rect[n];
                    Accessor[] acc = new Accessor[n];
                    double[][] partials = new double[n][];
                    for (int k = 0; k < n; k++) {
                        Req q = l.reqs().get(k);
                        Rect sb = prog.boundsOf(q.store());
                        kinds[k] = q.privilege().kind();
                        pieces[k] = partition(q, l, sb).piece(projection(q, l).apply(p), sb);
                        double[] target;
                        if (kinds[k] == Privilege.Kind.REDUCE) {
                            partials[k] = new double[(int) sb.volume()];
                            target = partials[k];
                        } else if (kinds[k] == Privilege.Kind.READ) {
                            target = before.get(q.store());
                        } else {
                            target = data.get(q.store());
                        }
                        double[] t = target;
                        acc[k] = new Accessor() {
                            @Override
                            public double get(Point x) {
                                return t[(int) sb.linearize(x)];
                            }

                            @Override
                            public void set(Point x, double v) {
                                t[(int) sb.linearize(x)] = v;
                            }
                        };
                    }
                    double s = body(o, l.seed(), kinds, pieces, acc);
                    result += s;
                    for (int k = 0; k < n; k++) {
                        if (partials[k] != null) {
                            double[] d = data.get(l.reqs().get(k).store());
                            for (int e = 0; e < d.length; e++) {
                                d[e] = d[e] + partials[k][e];
                            }
                        }
                    }
                }
                if (l.result()) {
                    futures.add(result);
                }
            }
        }
        for (double[] d : data) {
            out.add(bits(d));
        }
        for (double f : futures) {
            out.add(new long[] {Double.doubleToRawLongBits(f)});
        }
        return out;
    }

    // ---------------------------------------------------------------- recording the replicated analysis

    record Access(int shard, long node, long op, long point, int req, long store, long instance, Rect piece,
                  Privilege privilege) {
    }

    static final class Recorder implements EventRecorder {
        final ConcurrentLinkedQueue<long[]> edges = new ConcurrentLinkedQueue<>(); // {fromShard, fromNode, toShard, toNode}
        final ConcurrentLinkedQueue<Access> accesses = new ConcurrentLinkedQueue<>();
        final ConcurrentLinkedQueue<long[]> sends = new ConcurrentLinkedQueue<>(); // {shard, node, dest, tag}
        final ConcurrentLinkedQueue<long[]> receives = new ConcurrentLinkedQueue<>(); // {shard, node, source, tag}
        final ConcurrentLinkedQueue<long[]> collectives = new ConcurrentLinkedQueue<>(); // {shard, id, contribution, completion}

        @Override
        public void event(int shard, long node, String kind, long[] preconditions) {
            for (long p : preconditions) {
                if (p >= 0) {
                    edges.add(new long[] {shard, p, shard, node});
                }
            }
        }

        @Override
        public void access(int shard, long node, long op, long pointLinear, int requirement, long storeId, long instanceUid,
                           Rect piece, Privilege privilege) {
            accesses.add(new Access(shard, node, op, pointLinear, requirement, storeId, instanceUid, piece, privilege));
        }

        @Override
        public void send(int shard, long node, int destination, long tag) {
            sends.add(new long[] {shard, node, destination, tag});
        }

        @Override
        public void receive(int shard, long node, int source, long tag) {
            receives.add(new long[] {shard, node, source, tag});
        }

        @Override
        public void collective(int shard, long collectiveId, long contribution, long completion) {
            collectives.add(new long[] {shard, collectiveId, contribution, completion});
        }

        /** Happens-before graph over (shard, node), as adjacency lists keyed shard << 40 | node. */
        Map<Long, List<Long>> graph() {
            Map<Long, List<Long>> g = new HashMap<>();
            for (long[] e : edges) {
                g.computeIfAbsent(key(e[0], e[1]), k -> new ArrayList<>()).add(key(e[2], e[3]));
            }
            Map<String, Long> receiveByTag = new HashMap<>();
            for (long[] r : receives) {
                receiveByTag.put(r[2] + ">" + r[0] + ":" + r[3], key(r[0], r[1]));
            }
            for (long[] s : sends) {
                Long to = receiveByTag.get(s[0] + ">" + s[2] + ":" + s[3]);
                if (to == null) {
                    throw new AssertionError("send without receive: shard " + s[0] + " -> " + s[2] + " tag " + s[3]);
                }
                g.computeIfAbsent(key(s[0], s[1]), k -> new ArrayList<>()).add(to);
            }
            Map<Long, List<long[]>> byId = new HashMap<>();
            for (long[] c : collectives) {
                byId.computeIfAbsent(c[1], k -> new ArrayList<>()).add(c);
            }
            for (List<long[]> parts : byId.values()) {
                for (long[] from : parts) {
                    for (long[] to : parts) {
                        g.computeIfAbsent(key(from[0], from[2]), k -> new ArrayList<>()).add(key(to[0], to[3]));
                    }
                }
            }
            return g;
        }

        static long key(long shard, long node) {
            return (shard << 40) | node;
        }
    }

    static boolean reaches(Map<Long, List<Long>> g, Map<Long, Set<Long>> memo, long from, long to) {
        Set<Long> seen = memo.computeIfAbsent(from, f -> {
            Set<Long> s = new HashSet<>();
            java.util.ArrayDeque<Long> q = new java.util.ArrayDeque<>();
            q.add(f);
            while (!q.isEmpty()) {
                long n = q.poll();
                for (long m : g.getOrDefault(n, List.of())) {
                    if (s.add(m)) {
                        q.add(m);
                    }
                }
            }
            return s;
        });
        return seen.contains(to);
    }

    static boolean conflicts(Privilege a, Privilege b) {
        if (!a.writes() && !b.writes()) {
            return false;
        }
        return !(a.kind() == Privilege.Kind.REDUCE && b.kind() == Privilege.Kind.REDUCE && a.redop() == b.redop());
    }

    /**
     * Checks (a): same-instance conflicts are ordered, and every reader is reached from the
     * producer(s) of each value it reads. Runtime op numbers: one per launch or fill, in program order.
     */
    static void checkOrdering(Program prog, Recorder rec) {
        Map<Long, List<Long>> g = rec.graph();
        Map<Long, Set<Long>> memo = new HashMap<>();
        List<Access> all = new ArrayList<>(rec.accesses);
        // runtime op number of each program op (reads issue no op)
        Map<Long, Integer> progOp = new HashMap<>();
        long next = 0;
        for (int o = 0; o < prog.ops().size(); o++) {
            if (prog.ops().get(o).read() < 0) {
                progOp.put(next++, o);
            }
        }
        // same physical instance: conflicting accesses of different ops are ordered by program order
        Map<Long, List<Access>> byInstance = new HashMap<>();
        for (Access a : all) {
            byInstance.computeIfAbsent(a.instance(), k -> new ArrayList<>()).add(a);
        }
        for (List<Access> list : byInstance.values()) {
            for (Access a : list) {
                for (Access b : list) {
                    if (a.op() < b.op() && a.piece().overlaps(b.piece()) && conflicts(a.privilege(), b.privilege())) {
                        SAME_INSTANCE_CHECKS.incrementAndGet();
                        assertTrue(reaches(g, memo, Recorder.key(a.shard(), a.node()), Recorder.key(b.shard(), b.node())),
                                () -> "same-instance conflict not ordered: " + a + " then " + b);
                    }
                }
            }
        }
        // data flow: for every read of element x, each producer of x's current value reaches the reader
        for (Access reader : all) {
            if (!reader.privilege().reads()) {
                continue;
            }
            int store = (int) reader.store();
            Rect sb = prog.boundsOf(store);
            long v = reader.piece().volume();
            for (long k = 0; k < v; k++) {
                Point x = reader.piece().delinearize(k);
                List<Long> producers = producersOf(prog, progOp, store, x, reader.op());
                for (long producerOp : producers) {
                    boolean any = false;
                    boolean crossShard = true;
                    boolean found = false;
                    for (Access w : all) {
                        if (w.op() == producerOp && w.store() == store && w.privilege().writes() && w.piece().contains(x)) {
                            found = true;
                            if (w.shard() == reader.shard()) {
                                crossShard = false;
                            }
                            if (reaches(g, memo, Recorder.key(w.shard(), w.node()), Recorder.key(reader.shard(), reader.node()))) {
                                any = true;
                            }
                        }
                    }
                    if (!found) {
                        continue; // a fill: no task produced it
                    }
                    DATA_FLOW_CHECKS.incrementAndGet();
                    if (crossShard) {
                        CROSS_SHARD_DATA_FLOW_CHECKS.incrementAndGet();
                    }
                    boolean ok = any;
                    assertTrue(ok, () -> "reader " + reader + " of " + x + " in " + sb + " not reached from op " + producerOp);
                }
            }
        }
    }

    /** The runtime ops whose writes make up element x's value just before op {@code before}. */
    static List<Long> producersOf(Program prog, Map<Long, Integer> progOp, int store, Point x, long before) {
        List<Long> reducers = new ArrayList<>();
        for (long op = before - 1; op >= 0; op--) {
            Op o = prog.ops().get(progOp.get(op));
            if (o.launch() == null) {
                if (o.fillStore() == store) {
                    return reducers;
                }
                continue;
            }
            Launch l = o.launch();
            for (Req q : l.reqs()) {
                if (q.store() != store || !q.privilege().writes()) {
                    continue;
                }
                Rect sb = prog.boundsOf(store);
                boolean covers = false;
                long vol = l.domain().volume();
                for (long i = 0; i < vol && !covers; i++) {
                    Point p = l.domain().delinearize(i);
                    covers = partition(q, l, sb).piece(projection(q, l).apply(p), sb).contains(x);
                }
                if (!covers) {
                    continue;
                }
                reducers.add(op);
                if (q.privilege().kind() != Privilege.Kind.REDUCE) {
                    return reducers;
                }
            }
        }
        return reducers;
    }

    // ---------------------------------------------------------------- the properties

    static void checkProgram(long seed, int shards, boolean checkOrder) {
        Program prog = generate(seed);
        List<long[]> expected = runSequential(prog);
        Recorder rec = checkOrder ? new Recorder() : null;
        RuntimeConfig config = new RuntimeConfig().registry(registry()).mapper(MAPPER).cpus(2)
                .blockingTimeout(Duration.ofSeconds(30)).recorder(rec).checkInterval(8);
        List<List<long[]>> results = LocalShards.run(shards, config, rt -> runReplicated(prog, rt));
        for (int s = 0; s < shards; s++) {
            List<long[]> got = results.get(s);
            assertEquals(expected.size(), got.size(), "number of values");
            for (int i = 0; i < expected.size(); i++) {
                int idx = i;
                int shard = s;
                assertTrue(Arrays.equals(expected.get(i), got.get(i)),
                        () -> "seed " + seed + ", " + shards + " shards: value " + idx + " on shard " + shard
                                + " differs: expected " + Arrays.toString(doubles(expected.get(idx))) + " got "
                                + Arrays.toString(doubles(got.get(idx))) + "\nprogram " + prog);
            }
        }
        if (checkOrder) {
            checkOrdering(prog, rec);
        }
    }

    static double[] doubles(long[] bits) {
        double[] d = new double[bits.length];
        for (int i = 0; i < bits.length; i++) {
            d[i] = Double.longBitsToDouble(bits[i]);
        }
        return d;
    }

    @Property(tries = 1000, seed = "0")
    void replicatedAnalysisOrdersSequentialDependencesAndMatchesSequentialData(
            @ForAll long seed, @ForAll @IntRange(min = 1, max = 8) int shards) {
        checkProgram(seed, shards, true);
    }

    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void theCheckerExercisesEveryKindOfOrdering() {
        long before = CROSS_SHARD_DATA_FLOW_CHECKS.get();
        long sameBefore = SAME_INSTANCE_CHECKS.get();
        for (long seed = 1; seed <= 40; seed++) {
            checkProgram(seed, 4, true);
        }
        assertTrue(CROSS_SHARD_DATA_FLOW_CHECKS.get() > before, "no cross-shard data flow was checked");
        assertTrue(SAME_INSTANCE_CHECKS.get() > sameBefore, "no same-instance conflict was checked");
    }
}
