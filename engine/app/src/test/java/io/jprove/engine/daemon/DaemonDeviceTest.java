package io.jprove.engine.daemon;

import static io.jprove.engine.daemon.DaemonFixtures.assertVerified;
import static io.jprove.engine.daemon.DaemonFixtures.eventually;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.jprove.engine.daemon.rpc.DeviceStatus;
import io.jprove.engine.daemon.rpc.JobState;
import io.jprove.engine.daemon.rpc.JobStatus;
import io.jprove.engine.daemon.rpc.KeyRef;
import io.jprove.engine.daemon.rpc.PreparedKeyStatus;
import io.jprove.engine.daemon.rpc.ProofRequest;
import io.jprove.engine.daemon.rpc.StatusReply;
import io.jprove.engine.gpu.GpuProverBackend;
import io.jprove.engine.cpu.CpuProverBackend;
import io.jprove.engine.groth16.ProverBackend;
import io.jprove.engine.groth16.VerifyingKey;
import io.jprove.kernels.DeviceOutOfMemoryException;
import io.jprove.kernels.JvmAccelerator;
import io.jprove.timeline.EventKind;
import io.jprove.timeline.TimelineReader;
import io.jprove.timeline.analysis.DeviceSummary;
import io.jprove.timeline.analysis.EventLog;
import io.jprove.timeline.analysis.TextReport;
import io.jprove.timeline.analysis.TimelineAnalysis;
import io.jprove.timeline.analysis.TimelineReport;

/**
 * The daemon on the device backend, its kernels run as Java methods ({@link GpuProverBackend} on a
 * {@link JvmAccelerator}, as the GPU suite runs without a GPU): built-in, circom and zkey jobs prove and verify, with
 * the same public inputs as on a CPU daemon; each key is prepared once per device for any number of partitions (or
 * on preload) and released on evict; a job's timeline has the device's kernels and copies, and its key's preparation
 * as the job was accepted; a device fault fails its job with the reason, later jobs on that device fail at once with
 * the same reason while another device goes on; a device without room for a key fails the job naming the key and the
 * device, and the next job tries again.
 */
class DaemonDeviceTest
{
    private static final Duration WAIT = Duration.ofSeconds(180);

    @TempDir
    static Path dir;
    private static DaemonFixtures f;
    private static int daemons;

    @BeforeAll
    static void keys()
    {
        f = DaemonFixtures.in(dir);
    }

    private static WatchedBackend jvmGpu(final int ordinal)
    {
        return new WatchedBackend(new GpuProverBackend(new JvmAccelerator(), ordinal, "jvm:" + ordinal,
            "kernels on the JVM"));
    }

    /** @return a JVM-executor device that the pipeline restarts after a fault, with a fresh executor. */
    private static WatchedBackend restartableJvmGpu(final int ordinal)
    {
        return new WatchedBackend(new GpuProverBackend(new JvmAccelerator(), ordinal, "jvm:" + ordinal,
            "kernels on the JVM", JvmAccelerator::new));
    }

    private static Daemon start(final List<ProverBackend> backends, final String... extra)
    {
        return Daemon.start(DaemonFixtures.config(dir.resolve("data-" + daemons++), extra), backends);
    }

    private static DeviceStatus device(final DaemonClient c, final String name)
    {
        return c.status(0).getDevicesList().stream().filter(d -> d.getName().equals(name)).findFirst().orElseThrow();
    }

    private static KeyRef params(final Path p)
    {
        return KeyRef.newBuilder().setParamsPath(p.toAbsolutePath().normalize().toString()).build();
    }

    @Test
    void shouldProveEveryKindOfJobOnTheDeviceWithOnePreparationPerKey()
    {
        final WatchedBackend gpu = jvmGpu(0);
        try (Daemon onGpu = start(List.of(gpu)); DaemonClient g = DaemonFixtures.client(onGpu, null);
             Daemon onCpu = Daemon.start(DaemonFixtures.config(dir.resolve("data-cpu"))); DaemonClient c =
                 DaemonFixtures.client(onCpu, null))
        {
            assertEquals(2, onGpu.workers(), "two workers per GPU when the settings name none");
            assertEquals(List.of("jvm:0 (kernels on the JVM)"), onGpu.devices());
            final List<ProofRequest> jobs = List.of(f.chain("builtin", 3, 0), f.cubic("circom", f.wtns),
                f.zkey("zkey", f.wtns));
            // the zkey's proofs are checked with snarkjs's export of its verification key, not with jprove's reading
            final List<VerifyingKey> vks = List.of(f.chainVk, f.cubicVk, f.cubicZkeyVk);
            final List<Long> ids = jobs.stream().map(r -> g.submit(r).getJobId()).toList();
            for (int i = 0; i < jobs.size(); i++)
            {
                final JobStatus device = g.await(ids.get(i), WAIT);
                final JobStatus cpu = c.prove(jobs.get(i), WAIT);
                assertVerified(device, vks.get(i));
                assertVerified(cpu, vks.get(i));
                assertEquals(cpu.getPublicInputsList(), device.getPublicInputsList(), jobs.get(i).getRequestId());
                assertFalse(cpu.getProof().equals(device.getProof()), "fresh r and s per proof");
            }
            assertEquals(3, gpu.prepared(), "one preparation per key for five partitions");
            assertVerified(g.prove(f.chain("builtin-again", 2, 0), WAIT), f.chainVk);
            assertEquals(3, gpu.prepared(), "a key prepared before is used again");
            assertEquals(0, gpu.released());

            final StatusReply s = g.status(0);
            assertTrue(s.getWorkersList().stream().allMatch(w -> w.getDevice().equals("jvm:0")), s.toString());
            final DeviceStatus d = device(g, "jvm:0");
            assertEquals(2, d.getWorkers());
            assertTrue(d.getUsable());
            assertEquals(3, d.getPreparations());
            assertEquals(List.of(f.chainParams, f.cubicParams, f.cubicZkey).stream()
                .map(p -> p.toAbsolutePath().normalize().toString()).sorted().toList(),
                d.getPreparedKeysList().stream().map(PreparedKeyStatus::getPath).sorted().toList());
            assertTrue(d.getPreparedKeysList().stream().allMatch(k -> k.getDeviceBytes() > 0), d.toString());
            final String metrics = g.metrics();
            assertTrue(metrics.contains("jprove_daemon_device_prepared_keys{device=\"jvm:0\"} 3\n")
                && metrics.contains("jprove_daemon_device_workers{device=\"jvm:0\"} 2\n"), metrics);
            final long bytes = d.getPreparedKeysList().stream().mapToLong(PreparedKeyStatus::getDeviceBytes).sum();
            assertTrue(metrics.contains("jprove_daemon_device_prepared_key_bytes{device=\"jvm:0\"} " + bytes + "\n"),
                metrics);
        }
        assertEquals(3, gpu.released(), "every preparation released when the daemon closes");
    }

    @Test
    void shouldTimeTheDevicesKernelsAndPrepareTheKeyOnAcceptanceWhenAJobRunsOnTheJvmExecutor()
    {
        final Path timelineDir = dir.resolve("timeline");
        final long job;
        try (Daemon d = start(List.of(jvmGpu(0)), "timeline", timelineDir.toString());
             DaemonClient c = DaemonFixtures.client(d, null))
        {
            final JobStatus s = c.prove(f.chain("timed", 2, 0), WAIT);
            assertVerified(s, f.chainVk);
            job = s.getJobId();
        }
        final EventLog log;
        try (TimelineReader reader = TimelineReader.open(timelineDir))
        {
            log = EventLog.read(reader);
        }
        final TimelineReport report = TimelineAnalysis.analyze(log);
        final DeviceSummary jvm = report.devices().stream().filter(x -> x.label().equals("jvm:0")).findFirst()
            .orElseThrow(() -> new AssertionError("no jvm:0 in " + TextReport.render(report)));
        assertFalse(jvm.hostMeasured(), "the device's own kernels, not the CPU prover's steps");
        assertTrue(jvm.kernelCount() > 0 && jvm.copyCount() > 0 && jvm.utilization() > 0, TextReport.render(report));
        assertTrue(TextReport.render(report).contains("jvm:0 (kernels on the JVM): wall "), TextReport.render(report));
        long prepareStart = Long.MAX_VALUE;
        int preparedFor = Integer.MIN_VALUE;
        long firstOnDevice = Long.MAX_VALUE;
        final Set<Integer> partitionsWithKernels = new HashSet<>();
        for (int row = 0; row < log.size(); row++)
        {
            if (log.job(row) != job)
            {
                continue;
            }
            if (log.kind(row) == EventKind.STAGE && log.name(log.nameId(row)).equals("prepare key"))
            {
                prepareStart = log.beginNs(row);
                preparedFor = log.partition(row);
            }
            if (log.kind(row) == EventKind.GPU_START)
            {
                firstOnDevice = Math.min(firstOnDevice, log.timestampNs(row));
            }
            if (log.kind(row) == EventKind.KERNEL)
            {
                partitionsWithKernels.add(log.partition(row));
            }
        }
        assertEquals(-1, preparedFor, "the key was prepared as the job was accepted, not by a partition");
        assertTrue(prepareStart < firstOnDevice, "prepared before any partition reached the device");
        assertEquals(Set.of(0, 1), partitionsWithKernels, "each partition's kernels are on the timeline");
    }

    @Test
    void shouldPrepareOnPreloadAndReleaseOnEvict()
    {
        final WatchedBackend gpu = jvmGpu(0);
        try (Daemon d = start(List.of(gpu)); DaemonClient c = DaemonFixtures.client(d, null))
        {
            c.preload(params(f.cubicParams));
            assertEquals(1, gpu.prepared(), "preloaded: prepared before any job");
            assertEquals(1, device(c, "jvm:0").getPreparedKeysCount());
            assertVerified(c.prove(f.cubic("after-preload", f.wtns), WAIT), f.cubicVk);
            assertVerified(c.prove(f.cubic("after-preload-2", f.wtns), WAIT), f.cubicVk);
            assertEquals(1, gpu.prepared());

            assertFalse(c.evict(params(f.cubicParams)).getResident());
            assertEquals(1, gpu.released(), "evicted: the preparation is released with the key");
            assertEquals(0, device(c, "jvm:0").getPreparedKeysCount());
            assertTrue(c.metrics().contains("jprove_daemon_device_prepared_keys{device=\"jvm:0\"} 0\n"));

            assertVerified(c.prove(f.cubic("after-evict", f.wtns), WAIT), f.cubicVk);
            assertEquals(2, gpu.prepared(), "loaded and prepared again");
            assertEquals(2, device(c, "jvm:0").getPreparations());
        }
        assertEquals(2, gpu.released());
    }

    @Test
    void shouldFailTheJobAndLaterJobsAtOnceWhenTheDeviceFaults()
    {
        final WatchedBackend gpu = jvmGpu(0);
        try (Daemon d = start(List.of(gpu)); DaemonClient c = DaemonFixtures.client(d, null))
        {
            assertVerified(c.prove(f.cubic("before", f.wtns), WAIT), f.cubicVk);
            gpu.faultNext();
            final JobStatus faulted = c.prove(f.chain("faulted", 1, 0), WAIT);
            assertEquals(JobState.FAILED, faulted.getState());
            assertTrue(faulted.getError().startsWith("partition 0: jvm:0 is unusable for the rest of this process: "),
                faulted.getError());
            assertTrue(faulted.getProof().isEmpty(), "no proof of any kind");
            final int reached = gpu.proved();

            final JobStatus later = c.prove(f.cubic("later", f.wtns), WAIT);
            assertEquals(JobState.FAILED, later.getState());
            assertEquals(faulted.getError(), later.getError(), "the same reason");
            assertEquals(reached, gpu.proved(), "failed before reaching the device");

            final DeviceStatus status = device(c, "jvm:0");
            assertFalse(status.getUsable());
            assertEquals(faulted.getError(), "partition 0: " + status.getUnusableReason());
            assertTrue(c.metrics().contains("jprove_daemon_device_usable{device=\"jvm:0\"} 0\n"));
        }
    }

    @Test
    void shouldRestartTheDeviceAfterAFaultAndProveTheNextJobOnIt()
    {
        final WatchedBackend gpu = restartableJvmGpu(0);
        try (Daemon d = start(List.of(gpu)); DaemonClient c = DaemonFixtures.client(d, null))
        {
            assertVerified(c.prove(f.chain("before", 1, 0), WAIT), f.chainVk);
            assertEquals(1, gpu.prepared());
            gpu.faultNext();
            final JobStatus faulted = c.prove(f.chain("faulted", 1, 0), WAIT);
            assertEquals(JobState.FAILED, faulted.getState());
            assertTrue(faulted.getError().startsWith("partition 0: jvm:0 is unusable"), faulted.getError());
            assertTrue(faulted.getProof().isEmpty(), "no proof of any kind");

            // the daemon goes on: the device is restarted with a fresh executor, its key prepared there again
            eventually(WAIT, "the device back", () -> device(c, "jvm:0").getRestarts() == 1
                && device(c, "jvm:0").getUsable());
            final JobStatus after = c.prove(f.chain("after", 2, 0), WAIT);
            assertVerified(after, f.chainVk);
            // the same workers, on the device's fresh backend
            assertEquals(List.of("jvm:0"), c.status(0).getWorkersList().stream().map(w -> w.getDevice()).distinct()
                .toList());
            assertEquals(2, gpu.prepared(), "the key prepared again on the fresh device");
            assertTrue(c.metrics().contains("jprove_daemon_device_restarts_total{device=\"jvm:0\"} 1\n"));
            assertTrue(c.metrics().contains("jprove_daemon_device_usable{device=\"jvm:0\"} 1\n"));
        }
    }

    @Test
    void shouldGoOnOnTheOtherDeviceWhenOneFaults()
    {
        final WatchedBackend gpu = jvmGpu(0);
        try (Daemon d = start(List.of(gpu, new CpuProverBackend(1, 2)), "workers", "2");
             DaemonClient c = DaemonFixtures.client(d, null))
        {
            assertEquals(List.of("jvm:0", "cpu:1"), c.status(0).getWorkersList().stream().map(w -> w.getDevice())
                .toList(), "worker i on device i mod 2");
            gpu.faultNext();
            // one-partition jobs until the GPU's worker takes one: that one fails, the CPU's succeed
            JobStatus faulted = null;
            for (int i = 0; faulted == null; i++)
            {
                assertTrue(i < 50, "the GPU's worker never took a job");
                final JobStatus s = c.prove(f.chain("probe-" + i, 1, 0), WAIT);
                if (s.getState() == JobState.FAILED)
                {
                    faulted = s;
                }
                else
                {
                    assertVerified(s, f.chainVk);
                }
            }
            assertTrue(faulted.getError().startsWith("partition 0: jvm:0 is unusable"), faulted.getError());
            final int reached = gpu.proved();
            for (int i = 0; i < 4; i++)
            {
                assertVerified(c.prove(f.cubic("after-" + i, f.wtns), WAIT), f.cubicVk);
            }
            assertVerified(c.prove(f.chain("after-chain", 3, 0), WAIT), f.chainVk);
            assertEquals(reached, gpu.proved(), "the faulted device's worker took no more partitions");
            assertFalse(device(c, "jvm:0").getUsable());
            assertTrue(device(c, "cpu:1").getUsable());
        }
    }

    @Test
    void shouldFailTheJobNamingKeyAndDeviceWhenTheDeviceHasNoRoomForTheKey()
    {
        final WatchedBackend gpu = jvmGpu(0);
        try (Daemon d = start(List.of(gpu), "workers", "1"); DaemonClient c = DaemonFixtures.client(d, null))
        {
            gpu.refusePreparation(new DeviceOutOfMemoryException("jvm:0: 2048 MiB asked for, 512 MiB free", null));
            final JobStatus refused = c.prove(f.cubic("no-room", f.wtns), WAIT);
            assertEquals(JobState.FAILED, refused.getState());
            assertEquals("partition 0: cannot prepare the params key " + f.cubicParams.toAbsolutePath().normalize()
                + " on jvm:0: jvm:0: 2048 MiB asked for, 512 MiB free", refused.getError());
            assertTrue(device(c, "jvm:0").getUsable(), "out of memory is not a fault");
            assertEquals(0, device(c, "jvm:0").getPreparedKeysCount());

            gpu.refusePreparation(null);
            eventually(WAIT, "the worker idle again", () -> c.status(0).getWorkers(0).getJobId() == 0);
            assertVerified(c.prove(f.cubic("room-again", f.wtns), WAIT), f.cubicVk);
            assertEquals(1, gpu.prepared());
        }
    }
}
