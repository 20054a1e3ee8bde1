package io.jprove.engine.pipeline;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;

import io.jprove.engine.backend.BufferPool;
import io.jprove.engine.backend.DeviceSelection;
import io.jprove.engine.groth16.Groth16Setup;
import io.jprove.engine.groth16.ProverBackend;
import io.jprove.engine.groth16.ProvingKey;
import io.jprove.engine.groth16.SetupProgress;
import io.jprove.engine.r1cs.ConstraintMatrices;
import io.jprove.engine.r1cs.CubicCircuit;
import io.jprove.engine.r1cs.RecordingAssignment;
import io.jprove.timeline.Timeline;

/**
 * A recorded circuit's partitions on a device that makes a, b, c from the witness (the JVM executor's): a satisfying
 * witness proves; one that does not is never a proof, and its failure says where its constraint can be named, as no
 * host check ran.
 */
class DeviceProductsTest
{
    @Test
    void shouldFailAnUnsatisfiedWitnessWithTheWayToItsConstraint() throws Exception
    {
        try (ConstraintMatrices matrices = RecordingAssignment.record(new CubicCircuit(3, 35));
             ProvingKey key = Groth16Setup.generate(matrices, new SplittableRandom(5), 1, SetupProgress.NONE))
        {
            final DeviceSelection jvm = DeviceSelection.parse("jvm", "device");
            final List<ProverBackend> backends = jvm.open(1);
            try (BufferPool pool = jvm.bufferPool(64L << 20);
                 Pipeline pipeline = new Pipeline(new PipelineConfig(1, 1, 2), backends, pool, Timeline.disabled()))
            {
                assertTrue(backends.getFirst().spmvOnDevice(), "the JVM executor's device makes a, b, c");
                final JobResult good = pipeline.submit(new JobSpec("good", 0, key, CircuitShape.recorded(matrices), 1,
                    p -> new CubicCircuit(3, 35))).result().get(120, TimeUnit.SECONDS);
                assertEquals(1, good.proofs().size());
                final Job bad = pipeline.submit(new JobSpec("bad", 0, key, CircuitShape.recorded(matrices), 1,
                    p -> new CubicCircuit(3, 36)));
                final ExecutionException e = assertThrows(ExecutionException.class,
                    () -> bad.result().get(120, TimeUnit.SECONDS));
                final String why = e.getCause().getMessage();
                assertTrue(why.contains("failed self-verification") && why.contains(DeviceWorker.DEVICE_PRODUCTS),
                    why);
            }
            finally
            {
                backends.forEach(ProverBackend::close);
            }
        }
    }
}
