package io.jprove.engine.pipeline;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;

import org.junit.jupiter.api.Test;

import io.jprove.engine.backend.OffHeapBufferPool;
import io.jprove.engine.circuits.PoseidonChain;
import io.jprove.engine.cpu.CpuProverBackend;
import io.jprove.engine.groth16.BackendListener;
import io.jprove.engine.groth16.Groth16Setup;
import io.jprove.engine.groth16.Groth16Verifier;
import io.jprove.engine.groth16.MsmSums;
import io.jprove.engine.groth16.PartitionInputs;
import io.jprove.engine.groth16.PreparedKey;
import io.jprove.engine.groth16.PreparedVerifyingKey;
import io.jprove.engine.groth16.ProvingKey;
import io.jprove.engine.groth16.ProvingPhase;
import io.jprove.engine.groth16.SetupProgress;
import io.jprove.engine.r1cs.ConstraintMatrices;
import io.jprove.engine.r1cs.RecordingAssignment;
import io.jprove.field.Fr;
import io.jprove.timeline.Timeline;

/**
 * A cancelled job's partition on the CPU backend stops at its next step boundary (between the H chain and the MSMs),
 * shows as discarding until it is gone, and the device proves the next job.
 */
class CancelAtBoundaryTest
{
    /** The CPU backend, held at the boundary before its MSMs until the test lets it go, counting the MSMs run. */
    private static final class HeldBackend extends ForwardingBackend
    {
        private final CountDownLatch atMsm = new CountDownLatch(1);
        private final CountDownLatch go = new CountDownLatch(1);
        private final List<String> kernels = Collections.synchronizedList(new ArrayList<>());

        HeldBackend()
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
            return delegate.prove(k, partition, new BackendListener()
            {
                @Override
                public void kernel(final ProvingPhase phase, final String name, final long startNs,
                    final long durationNs)
                {
                    kernels.add(phase + " " + name);
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
                    if (next == ProvingPhase.MSM && atMsm.getCount() > 0)
                    {
                        atMsm.countDown();
                        await(go);
                    }
                    listener.boundary(next);
                }
            });
        }
    }

    private static void await(final CountDownLatch latch)
    {
        try
        {
            assertTrue(latch.await(60, TimeUnit.SECONDS));
        }
        catch (final InterruptedException e)
        {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }

    @Test
    void shouldStopACancelledPartitionAtItsNextStepBoundaryAndShowItDiscarding() throws Exception
    {
        try (ConstraintMatrices matrices = RecordingAssignment.record(new PoseidonChain(2, Fr.of(1), Fr.of(2)));
             ProvingKey key = Groth16Setup.generate(matrices, new SplittableRandom(3), 2, SetupProgress.NONE);
             HeldBackend device = new HeldBackend();
             OffHeapBufferPool pool = new OffHeapBufferPool(64L << 20);
             Pipeline pipeline = new Pipeline(new PipelineConfig(1, 1, 1), List.of(device), pool,
                 Timeline.disabled()))
        {
            final Job cancelled = pipeline.submit(new JobSpec("cancelled", 0, key, CircuitShape.recorded(matrices), 1,
                p -> new PoseidonChain(2, Fr.of(5), Fr.of(p))));
            await(device.atMsm);
            assertEquals(List.of(false), pipeline.workerViews().stream().map(WorkerView::discarding).toList());
            assertTrue(pipeline.cancel(cancelled.id()));
            // cancelled while its H chain is done and its MSMs are not begun: shown as discarding until it stops
            final WorkerView held = pipeline.workerViews().getFirst();
            assertEquals(cancelled.id(), held.job());
            assertTrue(held.discarding(), held.toString());
            final int kernelsBefore = device.kernels.size();
            device.go.countDown();
            assertThrows(CancellationException.class, () -> cancelled.result().get(60, TimeUnit.SECONDS));
            until(() -> pipeline.workerViews().getFirst().job() == 0);
            assertEquals(kernelsBefore, device.kernels.size(), "no MSM ran after the boundary: " + device.kernels);
            assertTrue(device.kernels.stream().noneMatch(k -> k.startsWith("MSM")), device.kernels.toString());

            final Job next = pipeline.submit(new JobSpec("next", 0, key, CircuitShape.recorded(matrices), 1,
                p -> new PoseidonChain(2, Fr.of(6), Fr.of(p))));
            final JobResult r = next.result().get(60, TimeUnit.SECONDS);
            assertTrue(Groth16Verifier.verify(new PreparedVerifyingKey(key.vk()), r.proofs().getFirst(),
                r.publicInputs().getFirst()));
        }
    }

    /** Polls a condition for up to a minute. */
    private static void until(final BooleanSupplier condition) throws InterruptedException
    {
        final long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (!condition.getAsBoolean())
        {
            assertTrue(System.nanoTime() < deadline, "timed out");
            Thread.sleep(5);
        }
    }
}
