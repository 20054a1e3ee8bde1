package io.jprove.engine.daemon;

import static io.jprove.engine.daemon.DaemonFixtures.assertVerified;
import static io.jprove.engine.daemon.DaemonFixtures.eventually;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.jprove.engine.daemon.rpc.DeviceStatus;
import io.jprove.engine.daemon.rpc.JobState;
import io.jprove.engine.daemon.rpc.JobStatus;
import io.jprove.engine.device.DeviceProcess;
import io.jprove.engine.device.SharedMemory;
import io.jprove.kernels.cuda.CudaDriver;

/**
 * On a GPU host: a real kernel fault during a daemon job (a density bitmap that sends the 0/1 split's stores past
 * their buffers, trapped by the kernels' bounds checks: a CUDA sticky error), on CUDA device 0 proving in its device
 * process as the daemon runs it. The job fails with the device's reason, the daemon starts a fresh device process
 * (a fresh CUDA context), prepares the key there again, and the next job proves on the GPU, with no daemon restart.
 * Tagged {@code gpu} (it skips without a CUDA driver): the fault happens in the device process, never in the test's
 * own, so it runs among the other GPU tests ({@code run-tests}, as {@code .ci/gpu-suite} runs them).
 */
@Tag("gpu")
final class DaemonGpuRestartTest
{
    private static final Duration WAIT = Duration.ofSeconds(600);

    @TempDir
    static Path dir;

    @Test
    void shouldProveOnTheGpuAgainWithoutADaemonRestartAfterAKernelFault()
    {
        assumeTrue(CudaDriver.isAvailable(), () -> "no CUDA driver: " + CudaDriver.unavailableReason());
        final DaemonFixtures f = DaemonFixtures.in(dir);
        final DeviceProcess first = DeviceProcess.start("cuda", 0, 2, SharedMemory.defaultDirectory());
        final long firstPid = first.pid();
        final WatchedBackend gpu = new WatchedBackend(first);
        try (Daemon d = Daemon.start(DaemonFixtures.config(dir.resolve("data")), List.of(gpu));
             DaemonClient c = DaemonFixtures.client(d, null))
        {
            assertVerified(c.prove(f.chain("before", 2, 0), WAIT), f.chainVk);
            gpu.faultNext();
            final JobStatus faulted = c.prove(f.chain("faulted", 1, 0), WAIT);
            assertEquals(JobState.FAILED, faulted.getState());
            assertTrue(faulted.getError().startsWith("partition 0: cuda:0 is unusable"), faulted.getError());
            assertTrue(faulted.getProof().isEmpty(), "no proof of any kind");

            eventually(WAIT, "cuda:0 back", () -> device(c).getRestarts() == 1 && device(c).getUsable());
            assertTrue(!device(c).getDescription().contains("(device process " + firstPid + ")"),
                device(c).getDescription());
            assertTrue(ProcessHandle.of(firstPid).map(p -> !p.isAlive()).orElse(true), "the faulted process ended");
            assertVerified(c.prove(f.chain("after", 2, 0), WAIT), f.chainVk);
            assertEquals(2, gpu.prepared(), "the chain's key prepared again in the fresh process");
            assertVerified(c.prove(f.cubic("after-cubic", f.wtns), WAIT), f.cubicVk);
            assertTrue(c.metrics().contains("jprove_daemon_device_restarts_total{device=\"cuda:0\"} 1\n"));
        }
    }

    private static DeviceStatus device(final DaemonClient c)
    {
        return c.status(0).getDevicesList().stream().filter(s -> s.getName().equals("cuda:0")).findFirst()
            .orElseThrow();
    }
}
