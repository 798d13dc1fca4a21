package dev.cohort.examples.launch;

import dev.cohort.transport.launch.LauncherPipe;

import dev.cohort.transport.AeronDrivers;
import java.io.File;
import java.util.Arrays;

/**
 * A shard process for the launcher's tests: prints what it was given and does what its arguments say.
 * stdout: {@code rank=R shards=N transport=T cpus=C endpoints=E aeron=A heartbeat=H secret=ok dir=D args=[...]}; stderr: {@code err from R}.
 * Arguments: {@code mkdir} (makes this job's {@code cohort-<job>-<rank>} in the drivers' base directory, as an
 * embedded driver would, and leaves it), {@code exit=S} (exits S), {@code fail=R:S} (rank R exits S at once),
 * {@code hang} (the others sleep a minute), {@code watch} (exit when the launcher is gone: {@link LauncherPipe}).
 */
public final class EchoShard {
    private EchoShard() {
    }

    public static void main(String[] args) throws Exception {
        if (Arrays.asList(args).contains("watch")) {
            LauncherPipe.watchIfLaunched();
        }
        String rank = System.getenv("COHORT_RANK");
        String job = System.getenv("COHORT_JOB_ID");
        System.out.println("rank=" + rank + " shards=" + System.getenv("COHORT_SHARDS")
                + " transport=" + System.getenv("COHORT_TRANSPORT") + " cpus=" + System.getenv("COHORT_CPUS")
                + " endpoints=" + System.getenv("COHORT_ENDPOINTS") + " aeron=" + System.getenv("COHORT_AERON_DIR")
                + " heartbeat=" + System.getenv("COHORT_HEARTBEAT_TIMEOUT_MS")
                + " secret=" + (System.getenv("COHORT_JOB_SECRET") == null ? "none"
                        : System.getenv("COHORT_JOB_SECRET").matches("[0-9a-f]{64}") ? "ok" : "malformed")
                + " dir=" + System.getProperty("user.dir") + " args=" + Arrays.toString(args));
        System.out.flush();
        System.err.println("err from " + rank);
        System.err.print("no newline at the end from " + rank);
        System.err.flush();
        int status = 0;
        boolean hang = false;
        for (String a : args) {
            if (a.equals("mkdir")) {
                File d = new File(AeronDrivers.baseDirectory(), "cohort-" + job + "-" + rank);
                if (!d.mkdirs() || !new File(d, "cnc.dat").createNewFile()) {
                    throw new IllegalStateException("cannot make " + d);
                }
            } else if (a.startsWith("exit=")) {
                status = Integer.parseInt(a.substring(5));
            } else if (a.startsWith("fail=")) {
                String[] rs = a.substring(5).split(":");
                if (rs[0].equals(rank)) {
                    System.exit(Integer.parseInt(rs[1]));
                }
            } else if (a.equals("hang")) {
                hang = true;
            }
        }
        if (hang) {
            Thread.sleep(60_000);
        }
        System.exit(status);
    }
}
