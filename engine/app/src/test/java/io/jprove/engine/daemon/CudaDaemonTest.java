package io.jprove.engine.daemon;

import static io.jprove.engine.daemon.DaemonFixtures.assertVerified;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Path;
import java.time.Duration;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.jprove.engine.gpu.CudaBackendFactory;
import io.jprove.engine.daemon.rpc.DeviceStatus;
import io.jprove.engine.daemon.rpc.JobStatus;
import io.jprove.engine.daemon.rpc.PreparedKeyStatus;
import io.jprove.kernels.cuda.CudaDriver;
import io.jprove.timeline.TimelineReader;
import io.jprove.timeline.analysis.DeviceSummary;
import io.jprove.timeline.analysis.EventLog;
import io.jprove.timeline.analysis.TextReport;
import io.jprove.timeline.analysis.TimelineAnalysis;
import io.jprove.timeline.analysis.TimelineReport;

/**
 * The daemon as a storage provider runs it on a GPU host: {@code device = cuda:0}, opened as {@code jprove daemon}
 * opens it, proving a zkey job (snarkjs's reduction) and a built-in job of several partitions (bellperson's) on the
 * GPU; both verify, each key is prepared on the device once, {@code /status} shows the device and what its keys
 * hold there, and the daemon's timeline gives the GPU's kernel utilization from device-measured kernels.
 */
@Tag("gpu")
class CudaDaemonTest
{
    private static final Duration WAIT = Duration.ofMinutes(5);

    @TempDir
    Path dir;

    @Test
    void shouldProveZkeyAndBuiltinJobsOnTheGpuWhenDeviceIsCuda()
    {
        assumeTrue(CudaDriver.isAvailable(), () -> "no CUDA driver: " + CudaDriver.unavailableReason());
        assumeTrue(new CudaBackendFactory().deviceCount() > 0, "no CUDA device");
        final DaemonFixtures f = DaemonFixtures.in(dir);
        final Path timeline = dir.resolve("timeline");
        try (Daemon d = Daemon.start(DaemonFixtures.config(dir.resolve("data"), "device", "cuda:0", "timeline",
            timeline.toString()));
             DaemonClient c = DaemonFixtures.client(d, null))
        {
            assertEquals(2, d.workers());
            final JobStatus zkey = c.prove(f.zkey("gpu-zkey", f.wtns), WAIT);
            assertVerified(zkey, f.cubicZkeyVk);
            final JobStatus builtin = c.prove(f.chain("gpu-builtin", 4, 0), WAIT);
            assertVerified(builtin, f.chainVk);
            assertVerified(c.prove(f.zkey("gpu-zkey-again", f.wtns), WAIT), f.cubicZkeyVk);

            final DeviceStatus device = c.status(0).getDevices(0);
            assertEquals("cuda:0", device.getName());
            assertTrue(device.getUsable(), device.getUnusableReason());
            assertEquals(2, device.getPreparations(), "one preparation per key: " + device);
            assertEquals(2, device.getPreparedKeysCount(), device.toString());
            for (final PreparedKeyStatus k : device.getPreparedKeysList())
            {
                assertTrue(k.getDeviceBytes() > 0, k.toString());
                System.out.println("cuda daemon: " + k.getKind() + " key prepared in " + k.getPrepareMs() + " ms, "
                    + k.getDeviceBytes() + " bytes on the device: " + k.getPreparation());
            }
            assertTrue(c.metrics().contains("jprove_daemon_device_usable{device=\"cuda:0\"} 1\n"));
        }
        // the daemon proves through the pipeline: its timeline has the GPU's own kernel and copy times
        final TimelineReport report;
        try (TimelineReader reader = TimelineReader.open(timeline))
        {
            report = TimelineAnalysis.analyze(EventLog.read(reader));
        }
        final String text = TextReport.render(report);
        System.out.println("cuda daemon: " + text);
        final DeviceSummary gpu = report.devices().stream().filter(x -> x.label().equals("cuda:0")).findFirst()
            .orElseThrow(() -> new AssertionError("no cuda:0 in " + text));
        assertFalse(gpu.hostMeasured());
        assertTrue(gpu.kernelCount() > 0 && gpu.copyCount() > 0 && gpu.utilization() > 0, text);
    }
}
