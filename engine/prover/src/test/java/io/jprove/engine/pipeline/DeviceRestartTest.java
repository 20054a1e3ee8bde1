package io.jprove.engine.pipeline;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

import org.junit.jupiter.api.Test;

import io.jprove.engine.backend.OffHeapBufferPool;
import io.jprove.engine.circuits.PoseidonChain;
import io.jprove.engine.gpu.JvmBackendFactory;
import io.jprove.engine.groth16.DeviceUnusableException;
import io.jprove.engine.groth16.Groth16Setup;
import io.jprove.engine.groth16.Groth16Verifier;
import io.jprove.engine.groth16.PreparedVerifyingKey;
import io.jprove.engine.groth16.ProverBackend;
import io.jprove.engine.groth16.ProvingKey;
import io.jprove.engine.groth16.SetupProgress;
import io.jprove.engine.r1cs.ConstraintMatrices;
import io.jprove.engine.r1cs.RecordingAssignment;
import io.jprove.field.Fr;
import io.jprove.timeline.Timeline;

/**
 * A device that faults is restarted, not abandoned: on the JVM executor, a real kernel fault (the GPU suite's: every
 * bit of A's density set, so the 0/1 split's stores run past its buffers and the kernels' bounds checks stop them)
 * fails its partition's job, the pipeline opens a fresh backend of the device in the faulted one's place and
 * prepares the key there again, and the next job proves on it, with no new pipeline.
 */
class DeviceRestartTest
{
    @Test
    void shouldRestartAFaultedDeviceAndProveTheNextJobOnIt() throws Exception
    {
        final AtomicBoolean armed = new AtomicBoolean(true);
        try (ConstraintMatrices matrices = RecordingAssignment.record(new PoseidonChain(2, Fr.of(1), Fr.of(2)));
             ProvingKey key = Groth16Setup.generate(matrices, new SplittableRandom(8), 2, SetupProgress.NONE);
             ProverBackend jvm = new FaultWhenArmed(new JvmBackendFactory().open(0, 2), armed);
             OffHeapBufferPool pool = new OffHeapBufferPool(64L << 20);
             Pipeline pipeline = new Pipeline(new PipelineConfig(1, 1, 2), List.of(jvm), pool, Timeline.disabled()))
        {
            assertTrue(jvm.restartable(), "the JVM executor's device can be had again");
            final Job struck = pipeline.submit(new JobSpec("struck", 0, key, CircuitShape.recorded(matrices), 1,
                p -> new PoseidonChain(2, Fr.of(3), Fr.of(p))));
            final ExecutionException e = assertThrows(ExecutionException.class,
                () -> struck.result().get(120, TimeUnit.SECONDS));
            final PartitionFailedException failed = assertInstanceOf(PartitionFailedException.class, e.getCause());
            assertInstanceOf(DeviceUnusableException.class, failed.getCause());
            assertTrue(failed.getMessage().contains("failed on jvm:0: jvm:0 is unusable"), failed.getMessage());

            // submitted at once: its partitions wait for the restart rather than failing
            final Job after = pipeline.submit(new JobSpec("after", 0, key, CircuitShape.recorded(matrices), 1,
                p -> new PoseidonChain(2, Fr.of(4), Fr.of(p))));
            final JobResult r = after.result().get(120, TimeUnit.SECONDS);
            assertTrue(Groth16Verifier.verify(new PreparedVerifyingKey(key.vk()), r.proofs().getFirst(),
                r.publicInputs().getFirst()));
            assertEquals(List.of("jvm:0"), r.devices());
            final DeviceView view = pipeline.deviceViews().getFirst();
            assertNull(view.unusable());
            assertEquals(1, view.restarts());
            assertEquals(2, view.preparations(), "the key prepared on the first device and again on the fresh one");
        }
    }
}
