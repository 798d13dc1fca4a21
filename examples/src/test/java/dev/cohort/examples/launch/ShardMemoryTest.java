package dev.cohort.examples.launch;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The launcher divides the host's memory among its shards, and refuses a job that cannot fit before it starts. */
class ShardMemoryTest {
    private static final long HOST = 24 * 1024; // MiB, the development machine

    @Test
    void theHostIsDividedAmongTheShardsLeavingTheOsItsShare() {
        // 24 GiB less 3 GiB for the OS = 21 GiB; / 8 shards = 2688 MiB, less 256 outside the heap
        ShardMemory eight = ShardMemory.plan(HOST, 8, null, List.of());
        assertEquals(2432, eight.heapMiB());
        assertEquals(List.of("-Xmx2432m"), eight.jvmOptions());
        // one shard gets what a lone JVM would: a quarter of the host
        assertEquals(6144, ShardMemory.plan(HOST, 1, null, List.of()).heapMiB());
        // small hosts keep at least 1 GiB for the OS
        assertEquals(768, ShardMemory.plan(2048, 1, null, List.of()).heapMiB() + 256);
    }

    @Test
    void tooManyShardsAreRefusedInOneLine() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> ShardMemory.plan(HOST, 1000, null, List.of()));
        assertEquals("1000 shards do not fit this host's 24.0 GiB (less 3.0 GiB kept for the OS): each would get 0 MiB "
                + "of heap (256 MiB more outside it), at least 128 MiB is needed; use fewer shards, more hosts, or --sysmem",
                e.getMessage());
    }

    @Test
    void sysmemSetsTheBudgetAndTheHeapAndMustFit() {
        ShardMemory m = ShardMemory.plan(HOST, 4, 3000L, List.of());
        assertEquals(List.of("-Xmx4001m", "-Dcohort.sysmem.mib=3000"), m.jvmOptions());
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> ShardMemory.plan(HOST, 8, 8192L, List.of()));
        assertTrue(e.getMessage().startsWith("--sysmem 8192 MiB x 8 shards needs 87.3 GiB (a heap of 10923 MiB and 256 MiB "
                + "outside it per shard), more than this host's 24.0 GiB (less 3.0 GiB kept for the OS)"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> ShardMemory.plan(HOST, 1, 0L, List.of()));
    }

    @Test
    void theUsersOwnHeapWins() {
        assertEquals(List.of(), ShardMemory.plan(HOST, 8, null, List.of("-Xmx1g")).jvmOptions());
        assertEquals(List.of("-Dcohort.sysmem.mib=500"), ShardMemory.plan(HOST, 2, 500L, List.of("-Xmx1g")).jvmOptions());
        // the user's heap is the user's call, even for many shards
        assertEquals(List.of(), ShardMemory.plan(HOST, 1000, null, List.of("-Xmx64m")).jvmOptions());
    }

    @Test
    void theLauncherRefusesBeforeStartingAnything() {
        Launcher launcher = new Launcher(Map.of());
        launcher.hostMiB = () -> 4096;
        java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
        java.io.ByteArrayOutputStream err = new java.io.ByteArrayOutputStream();
        int status = launcher.execute(new String[]{"run", "--shards", "12", "--oversubscribe", Launcher.class.getName()},
                new java.io.PrintStream(out, true), new java.io.PrintStream(err, true));
        assertEquals(2, status, err::toString);
        assertTrue(err.toString().contains("12 shards do not fit this host's 4.0 GiB (less 1.0 GiB kept for the OS)"),
                err::toString);
        assertEquals("", out.toString());
    }
}
