package dev.cohort.transport;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class JobEnvironmentTest {

    @Test
    void noVariablesMeansNoJob() {
        assertEquals(Optional.empty(), JobEnvironment.parse(Map.of("PATH", "/bin")));
    }

    @Test
    void toEnvironmentAndParseAreInverse() {
        JobEnvironment job = new JobEnvironment(0x0123456789abcdefL, JobEnvironment.newSecret(), 2, 3,
                JobEnvironment.Transport.UDP, List.of(InetSocketAddress.createUnresolved("127.0.0.1", 4000),
                        InetSocketAddress.createUnresolved("127.0.0.1", 4001),
                        InetSocketAddress.createUnresolved("h2", 4002)),
                null, Duration.ofMillis(2500), Duration.ofSeconds(9));
        JobEnvironment back = JobEnvironment.parse(job.toEnvironment()).orElseThrow();
        assertEquals(job.jobId(), back.jobId());
        assertEquals(2, back.rank());
        assertEquals(3, back.size());
        assertEquals(JobEnvironment.Transport.UDP, back.transport());
        assertEquals("h2", back.endpoints().get(2).getHostString());
        assertEquals(4002, back.endpoints().get(2).getPort());
        assertEquals(Duration.ofMillis(2500), back.heartbeatTimeout());
        assertEquals(Duration.ofSeconds(9), back.connectTimeout());
        assertTrue(java.util.Arrays.equals(job.secret(), back.secret()));
        assertEquals("0123456789abcdef", back.jobIdHex());
        assertEquals("[127.0.0.1:4000, 127.0.0.1:4001, h2:4002]", back.endpointsText());
    }

    @Test
    void addressesPrintAsHostColonPortAndHeartbeatsBelowTheFloorAreRejected() {
        assertEquals("127.0.0.1:4000", JobEnvironment.hostPort(InetSocketAddress.createUnresolved("127.0.0.1", 4000)));
        assertEquals("[::1]:4000", JobEnvironment.hostPort(InetSocketAddress.createUnresolved("::1", 4000)));
        IllegalArgumentException e = org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
                () -> new JobEnvironment(1L, JobEnvironment.newSecret(), 0, 1, JobEnvironment.Transport.UDP,
                        List.of(InetSocketAddress.createUnresolved("127.0.0.1", 4000)), null, Duration.ofMillis(50),
                        Duration.ofSeconds(9)));
        assertTrue(e.getMessage().startsWith("heartbeat timeout must be >= 100 ms, got 50 ms: "), e.getMessage());
        assertEquals("250 ms", ShardAgent.seconds(250_000_000L));
        assertEquals("1.5 s", ShardAgent.seconds(1_500_000_000L));
    }

    @Test
    void slurmRankAndSizeWithHostsInBlocks() {
        Map<String, String> env = new HashMap<>();
        env.put("SLURM_PROCID", "3");
        env.put("SLURM_NTASKS", "4");
        env.put("SLURM_JOB_ID", "777");
        env.put(JobEnvironment.JOB_SECRET_ENV, "00".repeat(32));
        env.put(JobEnvironment.HOSTS_ENV, "n1,n2");
        JobEnvironment job = JobEnvironment.parse(env).orElseThrow();
        assertEquals(3, job.rank());
        assertEquals(4, job.size());
        assertEquals("n2", job.endpoints().get(3).getHostString());
        assertEquals(JobEnvironment.DEFAULT_BASE_PORT + 1, job.endpoints().get(3).getPort());
        assertEquals("n1", job.endpoints().get(1).getHostString());
        assertEquals(JobEnvironment.parse(env).orElseThrow().jobId(), job.jobId(), "the job id is derived the same on every rank");
    }

    @Test
    void badValuesNameTheVariable() {
        Map<String, String> env = new HashMap<>(Map.of(JobEnvironment.JOB_ID_ENV, "abc", JobEnvironment.RANK_ENV, "5",
                JobEnvironment.SHARDS_ENV, "4", JobEnvironment.JOB_SECRET_ENV, "00".repeat(32)));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> JobEnvironment.parse(env));
        assertEquals("COHORT_RANK must be in [0, 3], was 5", e.getMessage());
        env.put(JobEnvironment.RANK_ENV, "1");
        env.put(JobEnvironment.TRANSPORT_ENV, "tcp");
        e = assertThrows(IllegalArgumentException.class, () -> JobEnvironment.parse(env));
        assertEquals("COHORT_TRANSPORT must be ipc or udp, was 'tcp'", e.getMessage());
        env.put(JobEnvironment.TRANSPORT_ENV, "udp");
        env.put(JobEnvironment.ENDPOINTS_ENV, "127.0.0.1:1,127.0.0.1:x");
        e = assertThrows(IllegalArgumentException.class, () -> JobEnvironment.parse(env));
        assertEquals("COHORT_ENDPOINTS: port of '127.0.0.1:x' is not a number", e.getMessage());
        env.remove(JobEnvironment.ENDPOINTS_ENV);
        env.put(JobEnvironment.JOB_SECRET_ENV, "12");
        e = assertThrows(IllegalArgumentException.class, () -> JobEnvironment.parse(env));
        assertEquals("COHORT_JOB_SECRET must be 64 hex digits, has 2", e.getMessage());
        env.remove(JobEnvironment.JOB_SECRET_ENV);
        e = assertThrows(IllegalArgumentException.class, () -> JobEnvironment.parse(env));
        assertEquals("COHORT_JOB_ID is set but COHORT_JOB_SECRET is not", e.getMessage());
    }

    @Test
    void ipcNeedsASharedDriver() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new JobEnvironment(1,
                new byte[32], 0, 2, JobEnvironment.Transport.IPC, List.of(), null, Duration.ofSeconds(1),
                Duration.ofSeconds(1)));
        assertTrue(e.getMessage().startsWith("ipc needs the directory"), e.getMessage());
    }
}
