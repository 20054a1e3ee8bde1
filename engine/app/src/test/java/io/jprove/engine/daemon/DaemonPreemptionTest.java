package io.jprove.engine.daemon;

import static io.jprove.engine.daemon.DaemonFixtures.assertVerified;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.jprove.engine.cpu.CpuProverBackend;
import io.jprove.engine.daemon.rpc.JobStatus;
import io.jprove.engine.groth16.BackendListener;
import io.jprove.engine.groth16.MsmSums;
import io.jprove.engine.groth16.PartitionInputs;
import io.jprove.engine.groth16.PreparedKey;
import io.jprove.engine.groth16.ProvingPhase;
import io.jprove.engine.pipeline.ForwardingBackend;

/**
 * A HIGH job submitted while a NORMAL one's partition is on the daemon's one device does not wait for that partition:
 * it is proved inside it, at its next step boundary, and finishes first; both verify.
 */
class DaemonPreemptionTest
{
    private static final Duration WAIT = Duration.ofSeconds(60);

    @TempDir
    static Path dir;
    private static DaemonFixtures f;

    @BeforeAll
    static void keys()
    {
        f = DaemonFixtures.in(dir);
    }

    /**
     * The CPU backend, its first partition kept at its first MSM boundary (asking the pipeline's boundary again
     * every few milliseconds, up to a minute) until a second partition has been given to the backend: what only a
     * partition proved inside it can be. Kernels are recorded as "call N PHASE".
     */
    private static final class KeptAtBoundary extends ForwardingBackend
    {
        private final AtomicInteger calls = new AtomicInteger();
        private final List<String> events = Collections.synchronizedList(new ArrayList<>());

        KeptAtBoundary()
        {
            super(new CpuProverBackend(0, 1));
        }

        @Override
        public int workers()
        {
            return 1;
        }

        @Override
        public MsmSums prove(final PreparedKey k, final PartitionInputs partition, final BackendListener listener)
        {
            final int call = calls.incrementAndGet();
            final boolean[] kept = {call != 1};
            return delegate.prove(k, partition, new BackendListener()
            {
                @Override
                public void kernel(final ProvingPhase phase, final String name, final long startNs,
                    final long durationNs)
                {
                    events.add("call " + call + " " + phase);
                    listener.kernel(phase, name, startNs, durationNs);
                }

                @Override
                public void copy(final String name, final long startNs, final long durationNs, final long bytes)
                {
                    listener.copy(name, startNs, durationNs, bytes);
                }

                @Override
                public void boundary(final ProvingPhase next)
                {
                    listener.boundary(next);
                    if (next != ProvingPhase.MSM || kept[0])
                    {
                        return;
                    }
                    kept[0] = true;
                    final long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(1);
                    while (calls.get() < 2 && System.nanoTime() < deadline)
                    {
                        sleep();
                        listener.boundary(next);
                    }
                }
            });
        }
    }

    private static void sleep()
    {
        try
        {
            Thread.sleep(10);
        }
        catch (final InterruptedException e)
        {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }

    @Test
    void shouldProveAHighJobInsideARunningNormalPartitionAndFinishItFirst(@TempDir final Path data)
    {
        try (KeptAtBoundary device = new KeptAtBoundary();
             Daemon d = Daemon.start(DaemonFixtures.config(data), List.of(device));
             DaemonClient c = DaemonFixtures.client(d, null))
        {
            final long normal = c.submit(f.chain("normal", 1, 2)).getJobId();
            DaemonFixtures.eventually(WAIT, "the normal partition on the device", () -> device.calls.get() == 1);
            final long high = c.submit(f.cubic("high", f.wtns).toBuilder().setPriority(3).build()).getJobId();
            final JobStatus highDone = c.await(high, WAIT);
            final JobStatus normalDone = c.await(normal, WAIT);
            assertVerified(highDone, f.cubicVk);
            assertVerified(normalDone, f.chainVk);
            assertTrue(highDone.getFinishedUnixMs() <= normalDone.getFinishedUnixMs(), "the high job ends first");
            final List<String> seen = List.copyOf(device.events);
            final int lastHigh = seen.lastIndexOf("call 2 MSM");
            final int firstNormalMsm = seen.indexOf("call 1 MSM");
            assertTrue(lastHigh >= 0 && lastHigh < firstNormalMsm, "the high partition inside the normal one, "
                + "before its MSMs: " + seen);
            assertEquals(2, device.calls.get());
        }
    }
}
