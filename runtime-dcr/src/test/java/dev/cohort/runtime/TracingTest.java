package dev.cohort.runtime;

import dev.cohort.runtime.launch.Future;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cohort.runtime.Theorem1PropertyTest.Launch;
import dev.cohort.runtime.Theorem1PropertyTest.Op;
import dev.cohort.runtime.Theorem1PropertyTest.Program;
import dev.cohort.runtime.Theorem1PropertyTest.Recorder;
import dev.cohort.runtime.Theorem1PropertyTest.Req;
import dev.cohort.runtime.geometry.Rect;
import dev.cohort.runtime.launch.GroupLaunch;
import dev.cohort.runtime.launch.Privilege;
import dev.cohort.runtime.launch.ReductionOp;
import dev.cohort.runtime.partition.Tiling;
import dev.cohort.runtime.region.FieldType;
import dev.cohort.runtime.region.Store;
import dev.cohort.runtime.sharding.ShardingFunction;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.IntFunction;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Tracing (DCR paper §5.5; DESIGN.md §3): launches replayed from a trace, or from the runtime-wide
 * memo of launch shapes, give bit-identical results to full analysis and to a sequential execution;
 * a replay whose launch differs from the recording falls back to full analysis; the
 * control-determinism check still catches a shard that diverges inside a trace, naming the call.
 */
class TracingTest {

    static RuntimeConfig config(boolean memo, Recorder rec) {
        return new RuntimeConfig().registry(Theorem1PropertyTest.registry()).mapper(Theorem1PropertyTest.MAPPER).cpus(2)
                .blockingTimeout(Duration.ofSeconds(30)).recorder(rec).checkInterval(8).memoizeLaunches(memo);
    }

    /** Issues op {@code o} of {@code prog} (numbered {@code o} in the scalars, as the sequential run does). */
    static void issue(Program prog, int o, Runtime rt, List<Store> stores, List<long[]> out, List<Future> futures) {
        Op op = prog.ops().get(o);
        if (op.launch() != null) {
            Launch l = op.launch();
            GroupLaunch.Builder b = GroupLaunch.builder(Theorem1PropertyTest.MIX, l.domain()).scalars(Theorem1PropertyTest.scalars(l, o));
            for (Req q : l.reqs()) {
                b.require(stores.get(q.store()), Theorem1PropertyTest.partition(q, l, prog.boundsOf(q.store())),
                        Theorem1PropertyTest.projection(q, l), q.privilege());
            }
            if (l.result()) {
                b.reduceResult(ReductionOp.SUM, FieldType.FLOAT64);
            }
            Future f = rt.execute(b.build());
            if (f != null) {
                futures.add(f);
            }
        } else if (op.read() >= 0) {
            out.add(Theorem1PropertyTest.bits(rt.read(stores.get(op.read())).doubles()));
        } else {
            rt.fill(stores.get(op.fillStore()), op.fillValue());
        }
    }

    /** {@code prog} repeated {@code times}, as one program over the same stores. */
    static Program repeated(Program prog, int times) {
        List<Op> ops = new ArrayList<>();
        for (int r = 0; r < times; r++) {
            ops.addAll(prog.ops());
        }
        return new Program(prog.bounds(), prog.stores(), ops);
    }

    /**
     * Runs {@code rep} (a program repeated {@code times}) with each repetition inside trace 1: the
     * first records, the others replay, over the same stores. Output as {@link Theorem1PropertyTest#runReplicated}.
     */
    static List<long[]> runTraced(Program rep, int times, Runtime rt) {
        List<Store> stores = new ArrayList<>();
        for (int s = 0; s <= rep.stores(); s++) {
            stores.add(rt.createStore(rep.boundsOf(s), FieldType.FLOAT64));
        }
        List<long[]> out = new ArrayList<>();
        List<Future> futures = new ArrayList<>();
        int len = rep.ops().size() / times;
        for (int r = 0; r < times; r++) {
            int base = r * len;
            rt.trace(1, () -> {
                for (int o = base; o < base + len; o++) {
                    issue(rep, o, rt, stores, out, futures);
                }
            });
        }
        for (Store s : stores) {
            out.add(Theorem1PropertyTest.bits(rt.read(s).doubles()));
        }
        for (Future f : futures) {
            out.add(new long[] {Double.doubleToRawLongBits(f.getDouble())});
        }
        return out;
    }

    static void assertSameValues(List<long[]> expected, List<long[]> got, String what) {
        assertEquals(expected.size(), got.size(), what + ": number of values");
        for (int i = 0; i < expected.size(); i++) {
            int idx = i;
            assertTrue(Arrays.equals(expected.get(i), got.get(i)), () -> what + ": value " + idx + " differs: expected "
                    + Arrays.toString(Theorem1PropertyTest.doubles(expected.get(idx))) + " got "
                    + Arrays.toString(Theorem1PropertyTest.doubles(got.get(idx))));
        }
    }

    /**
     * A random program repeated three times, each repetition a replay of trace 1 over the same
     * stores: data and futures bit-identical to the sequential execution, and the happens-before
     * graph orders every dependence (Theorem 1's checks) while launches are replayed.
     */
    @Property(tries = 150, seed = "1")
    void replayedTracesMatchSequentialExecutionAndOrderEveryDependence(
            @ForAll long seed, @ForAll @IntRange(min = 1, max = 4) int shards) {
        Program rep = repeated(Theorem1PropertyTest.generate(seed), 3);
        List<long[]> expected = Theorem1PropertyTest.runSequential(rep);
        Recorder rec = new Recorder();
        List<List<long[]>> results = LocalShards.run(shards, config(false, rec), rt -> {
            List<long[]> v = runTraced(rep, 3, rt);
            long[] counts = rt.memoCounts();
            long launches = rep.ops().stream().filter(o -> o.launch() != null).count();
            // every launch of the second and third repetition replays its recorded position
            assertEquals(launches / 3 * 2, counts[2], "replayed launches");
            assertEquals(launches / 3, counts[0], "launches analysed in full");
            return v;
        });
        for (int s = 0; s < shards; s++) {
            assertSameValues(expected, results.get(s), "seed " + seed + ", " + shards + " shards, shard " + s);
        }
        Theorem1PropertyTest.checkOrdering(rep, rec);
    }

    /**
     * {@code a} with about half of its group launches changed where the shape check must notice: a
     * tiling with another offset (often over the same launch domain), the other sharding function
     * (chosen by the mapper from the scalars), or another privilege for a written tile.
     */
    static Program mutate(Program a, long seed) {
        java.util.Random r = new java.util.Random(seed);
        List<Op> ops = new ArrayList<>();
        for (Op op : a.ops()) {
            Launch l = op.launch();
            if (l == null || l.replicatedExecution() || r.nextBoolean()) {
                ops.add(op);
                continue;
            }
            Tiling t = l.tiling();
            long[] shape = new long[t.dim()];
            long[] offset = new long[t.dim()];
            for (int d = 0; d < t.dim(); d++) {
                shape[d] = t.shape(d);
                offset[d] = r.nextBoolean() ? t.offset(d) : r.nextInt((int) (2 * shape[d] - 1)) - (shape[d] - 1);
            }
            Tiling t2 = Tiling.of(shape, offset, new long[t.dim()]);
            Rect colors = t2.colorSpace(a.bounds());
            List<Req> reqs = new ArrayList<>();
            for (Req q : l.reqs()) {
                if (q.constant() != null) {
                    reqs.add(new Req(q.store(), q.part(), q.halo(), colors.lo(), q.privilege()));
                } else if (q.part() == Theorem1PropertyTest.Part.TILE && q.privilege().writes() && r.nextBoolean()) {
                    reqs.add(new Req(q.store(), q.part(), q.halo(), q.constant(),
                            q.privilege().kind() == Privilege.Kind.READ_WRITE ? Privilege.WRITE_DISCARD : Privilege.READ_WRITE));
                } else {
                    reqs.add(q);
                }
            }
            boolean cyclic = r.nextBoolean() != l.cyclic();
            ops.add(new Op(-1, 0, new Launch(t2, colors, reqs, cyclic, l.result(), l.seed(), false), -1));
        }
        return new Program(a.bounds(), a.stores(), ops);
    }

    /**
     * Programs A, A, B, A, B run in the same trace, each over new stores, where B is A with some
     * launches changed: where B's launches differ from A's recording the replay falls back to full
     * analysis and re-records; every run's values are bit-identical to its sequential execution —
     * with the shape memo on and off.
     */
    @Property(tries = 150, seed = "2")
    void aReplayThatDiffersFromItsRecordingFallsBackToFullAnalysis(
            @ForAll long seed, @ForAll @IntRange(min = 1, max = 4) int shards, @ForAll boolean memo) {
        Program a = Theorem1PropertyTest.generate(seed);
        Program b = mutate(a, seed);
        List<Program> runs = List.of(a, a, b, a, b);
        List<long[]> expected = new ArrayList<>();
        for (Program p : runs) {
            expected.addAll(Theorem1PropertyTest.runSequential(p));
        }
        Recorder rec = new Recorder();
        List<List<long[]>> results = LocalShards.run(shards, config(memo, rec), rt -> {
            List<long[]> out = new ArrayList<>();
            for (Program p : runs) {
                rt.trace(9, () -> out.addAll(Theorem1PropertyTest.runReplicated(p, rt)));
            }
            return out;
        });
        for (int s = 0; s < shards; s++) {
            assertSameValues(expected, results.get(s), "seed " + seed + ", " + shards + " shards, shard " + s);
        }
        // the mapper's decisions hold under replay: each point ran on the shard its sharding function names
        List<Launch> byOp = new ArrayList<>();
        for (Program p : runs) {
            for (Op op : p.ops()) {
                if (op.read() < 0) {
                    byOp.add(op.launch());
                }
            }
        }
        for (Theorem1PropertyTest.Access acc : rec.accesses) {
            Launch l = byOp.get((int) acc.op());
            if (l.replicatedExecution()) {
                continue;
            }
            ShardingFunction f = l.cyclic() ? ShardingFunction.CYCLIC : ShardingFunction.BLOCKED;
            assertEquals(f.shard(acc.point(), l.domain().volume(), shards), acc.shard(),
                    "seed " + seed + ": op " + acc.op() + " point " + acc.point() + " ran on the wrong shard");
        }
    }

    /** Theorem 1's property with the shape memo off (the default, on, is what Theorem1PropertyTest runs). */
    @Property(tries = 150, seed = "3")
    void withoutTheShapeMemoResultsMatchSequentialExecution(@ForAll long seed, @ForAll @IntRange(min = 1, max = 4) int shards) {
        Program prog = Theorem1PropertyTest.generate(seed);
        List<long[]> expected = Theorem1PropertyTest.runSequential(prog);
        Recorder rec = new Recorder();
        List<List<long[]>> results = LocalShards.run(shards, config(false, rec), rt -> {
            List<long[]> v = Theorem1PropertyTest.runReplicated(prog, rt);
            assertEquals(0, rt.memoCounts()[1], "no launch may be memoised with the memo off and no trace");
            return v;
        });
        for (int s = 0; s < shards; s++) {
            assertSameValues(expected, results.get(s), "seed " + seed + ", shard " + s);
        }
        Theorem1PropertyTest.checkOrdering(prog, rec);
    }

    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void theShapeMemoReplaysLaunchesOverNewTemporaries() {
        // an iterative loop that, like an array program, writes a new temporary every iteration
        List<long[]> counts = LocalShards.run(2, new RuntimeConfig().registry(TestTasks.registry()).cpus(1), rt -> {
            Rect bounds = Rect.ofExtents(64);
            Tiling tiles = Tiling.of(16);
            Rect domain = tiles.colorSpace(bounds);
            Store x = rt.createStore(bounds, FieldType.FLOAT64);
            rt.execute(GroupLaunch.builder(TestTasks.INIT, domain).require(x, tiles, Privilege.WRITE_DISCARD)
                    .scalars(TestTasks.scalar(1.0)).build());
            double total = 0;
            for (int i = 0; i < 10; i++) {
                Store tmp = rt.createStore(bounds, FieldType.FLOAT64);
                rt.execute(GroupLaunch.builder(BuiltinTasks.COPY, domain).require(x, tiles, Privilege.READ)
                        .require(tmp, tiles, Privilege.WRITE_DISCARD).build());
                rt.execute(GroupLaunch.builder(TestTasks.SCALE, domain).require(tmp, tiles, Privilege.READ_WRITE)
                        .scalars(TestTasks.scalar(i)).build());
                total += rt.execute(GroupLaunch.builder(TestTasks.DOT, domain).require(tmp, tiles, Privilege.READ)
                        .require(x, tiles, Privilege.READ).reduceResult(ReductionOp.SUM, FieldType.FLOAT64).build()).getDouble();
                tmp.close();
            }
            double expected = 0;
            double xx = 0;
            for (int e = 0; e < 64; e++) {
                double v = TestTasks.init(dev.cohort.runtime.geometry.Point.of(e), 1.0);
                xx += v * v;
            }
            for (int i = 0; i < 10; i++) {
                expected += xx * i;
            }
            assertEquals(expected, total, 1e-9 * Math.abs(expected));
            return rt.memoCounts();
        });
        for (long[] c : counts) {
            // INIT, COPY, SCALE, DOT analysed once each; the other 27 launches replayed
            assertArrayEquals(new long[] {4, 27, 0}, c);
        }
    }

    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void tracesDoNotNestAndMustBeEndedByTheirOwnId() {
        LocalShards.run(1, new RuntimeConfig().registry(TestTasks.registry()).cpus(1), rt -> {
            IllegalStateException nested = assertThrows(IllegalStateException.class, () -> rt.trace(1, () -> rt.trace(2, () -> { })));
            assertTrue(nested.getMessage().contains("do not nest"), nested.getMessage());
            assertThrows(IllegalStateException.class, () -> rt.endTrace(3));
            rt.beginTrace(4);
            assertThrows(IllegalStateException.class, () -> rt.endTrace(5));
            rt.endTrace(4);
            return null;
        });
    }

    // ---------------------------------------------------------------- control determinism inside a trace

    /** What shard 1 does differently in the third iteration of a traced loop. */
    enum Divergence { STORE, SCALAR, SHAPE }

    /**
     * Calls: #0, #1 create x and y; each iteration is beginTrace, INIT, SCALE, endTrace. In iteration
     * 2 (a replay), shard 1's INIT writes y instead of x, or gets another scalar, or another tiling
     * ({@code how == null}: no shard diverges).
     */
    static ShardGroup.Program<Double> divergentTrace(Divergence how) {
        return rt -> {
            Rect bounds = Rect.ofExtents(64);
            Store x = rt.createStore(bounds, FieldType.FLOAT64);
            Store y = rt.createStore(bounds, FieldType.FLOAT64);
            for (int it = 0; it < 5; it++) {
                boolean odd = how != null && it == 2 && rt.shard() == 1;
                Tiling tiles = odd && how == Divergence.SHAPE ? Tiling.of(32) : Tiling.of(16);
                Rect domain = tiles.colorSpace(bounds);
                Store target = odd && how == Divergence.STORE ? y : x;
                double scalar = odd && how == Divergence.SCALAR ? 7.0 : 1.0;
                rt.trace(3, () -> {
                    rt.execute(GroupLaunch.builder(TestTasks.INIT, domain).require(target, tiles, Privilege.WRITE_DISCARD)
                            .scalars(TestTasks.scalar(scalar)).build());
                    rt.execute(GroupLaunch.builder(TestTasks.SCALE, domain).require(x, tiles, Privilege.READ_WRITE)
                            .scalars(TestTasks.scalar(2.0)).build());
                });
            }
            return rt.read(x).doubles()[5];
        };
    }

    /** Iteration 2's INIT: runtime call #11, operation #4. */
    static final long DIVERGENT_CALL = 11;

    static IntFunction<String> asIssued(Divergence how) {
        return s -> {
            boolean odd = s == 1;
            String store = odd && how == Divergence.STORE ? "store 1 " : "store 0 ";
            String domain = odd && how == Divergence.SHAPE ? "[(0)..(1)]" : "[(0)..(3)]";
            return "execute#4 task 1000 'init' GroupLaunch(task=1000, domain=" + domain + ", requirements=[" + store;
        };
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"STORE", "SCALAR", "SHAPE"})
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void aShardThatDivergesInsideATraceFailsNamingTheCall(String divergence) {
        Divergence how = Divergence.valueOf(divergence);
        for (int shards = 2; shards <= 3; shards++) {
            for (boolean memo : new boolean[] {true, false}) {
                RuntimeConfig config = ControlDeterminismTest.config().memoizeLaunches(memo);
                ShardGroupException e = ControlDeterminismTest.runDivergent(shards, config, divergentTrace(how));
                ControlDeterminismTest.checkErrors(e, shards, "execute", DIVERGENT_CALL, asIssued(how), true);
            }
        }
    }

    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void anIdenticalTracedProgramPassesItsChecksAndReplays() throws Exception {
        List<CountingCommunicator> comms = CountingCommunicator.local(3);
        List<Object> results = CountingCommunicator.run(comms, ControlDeterminismTest.config().checkInterval(4), rt -> {
            double v = divergentTrace(null).run(rt);
            assertEquals(2 * TestTasks.init(dev.cohort.runtime.geometry.Point.of(5), 1.0), v, 0.0);
            return rt.memoCounts();
        });
        for (int s = 0; s < 3; s++) {
            Object r = results.get(s);
            if (r instanceof Throwable t) {
                throw new AssertionError("shard " + s + " failed", t);
            }
            long[] c = (long[]) r;
            assertEquals(8, c[2], "iterations 1-4 replay both launches: " + Arrays.toString(c));
            assertTrue(comms.get(s).checks() >= 5, "22 calls checked every 4 calls: " + comms.get(s).checks());
        }
    }
}
