package io.jprove.engine.pipeline;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import io.jprove.engine.backend.OffHeapBufferPool;
import io.jprove.engine.circuits.PoseidonChain;
import io.jprove.engine.groth16.BackendListener;
import io.jprove.engine.cpu.CpuProverBackend;
import io.jprove.engine.groth16.DeviceUnusableException;
import io.jprove.engine.groth16.Groth16Setup;
import io.jprove.engine.groth16.Groth16Verifier;
import io.jprove.engine.groth16.MsmSums;
import io.jprove.engine.groth16.PartitionInputs;
import io.jprove.engine.groth16.PreparedKey;
import io.jprove.engine.groth16.PreparedVerifyingKey;
import io.jprove.engine.groth16.ProofVerificationException;
import io.jprove.engine.groth16.ProverBackend;
import io.jprove.engine.groth16.ProvingKey;
import io.jprove.engine.groth16.SetupProgress;
import io.jprove.engine.r1cs.ConstraintMatrices;
import io.jprove.engine.r1cs.RecordingAssignment;
import io.jprove.field.Fr;
import io.jprove.field.G1;
import io.jprove.timeline.Timeline;

/**
 * Device faults injected into a real CPU backend on a chosen call: each must fail its job with a clear reason and
 * never release a wrong proof, and the pipeline must keep proving later jobs.
 */
class FaultInjectionTest
{
    private static ConstraintMatrices matrices;
    private static ProvingKey key;
    private static PreparedVerifyingKey pvk;

    /** What the injected fault does. */
    private enum Fault
    {
        /** The call throws, as a failed kernel launch or copy would. */
        THROW,
        /** The call returns a wrong H sum, as a miscomputing kernel would. */
        CORRUPT,
        /** The call throws a sticky error: the device is gone for this process. */
        STICKY
    }

    /** A CPU backend whose {@code faultyCall}-th prove call (counting from 1) fails as told. */
    private static final class FaultyBackend extends ForwardingBackend
    {
        private final Fault fault;
        private final int faultyCall;
        private final AtomicInteger calls = new AtomicInteger();

        FaultyBackend(final int device, final Fault fault, final int faultyCall)
        {
            super(new CpuProverBackend(device, 1));
            this.fault = fault;
            this.faultyCall = faultyCall;
        }

        @Override
        public MsmSums prove(final PreparedKey k, final PartitionInputs partition, final BackendListener listener)
        {
            if (calls.incrementAndGet() != faultyCall)
            {
                return delegate.prove(k, partition, listener);
            }
            return switch (fault)
            {
                case THROW -> throw new IllegalStateException("injected device error: launch of msm h failed");
                case STICKY -> throw new DeviceUnusableException(name(), "injected illegal address", null);
                case CORRUPT ->
                {
                    final MsmSums right = delegate.prove(k, partition, listener);
                    final long[] j = new long[G1.JACOBIAN_LIMBS];
                    G1.toJacobian(j, 0, right.h(), 0);
                    G1.dbl(j, 0, j, 0);
                    final long[] wrong = new long[G1.AFFINE_LIMBS];
                    G1.toAffine(wrong, 0, j, 0);
                    yield new MsmSums(wrong, right.l(), right.a(), right.b1(), right.b2());
                }
            };
        }
    }

    @BeforeAll
    static void setUp()
    {
        matrices = RecordingAssignment.record(new PoseidonChain(2, Fr.of(1), Fr.of(2)));
        key = Groth16Setup.generate(matrices, new SplittableRandom(21), 2, SetupProgress.NONE);
        pvk = new PreparedVerifyingKey(key.vk());
    }

    @AfterAll
    static void tearDown()
    {
        key.close();
        matrices.close();
    }

    private static JobSpec job(final String name, final int partitions, final long seed)
    {
        return new JobSpec(name, 0, key, CircuitShape.recorded(matrices), partitions,
            p -> new PoseidonChain(2, Fr.of(seed), Fr.of(p)));
    }

    private static void assertProves(final Job job) throws Exception
    {
        final JobResult result = job.result().get(120, TimeUnit.SECONDS);
        for (int p = 0; p < result.proofs().size(); p++)
        {
            assertTrue(Groth16Verifier.verify(pvk, result.proofs().get(p), result.publicInputs().get(p)));
        }
    }

    private static PartitionFailedException failure(final Job job)
    {
        final ExecutionException e = assertThrows(ExecutionException.class,
            () -> job.result().get(120, TimeUnit.SECONDS));
        return assertInstanceOf(PartitionFailedException.class, e.getCause());
    }

    @Test
    void shouldFailTheJobWithTheDeviceErrorAndProveLaterJobsWhenAKernelFails() throws Exception
    {
        try (ProverBackend d0 = new FaultyBackend(0, Fault.THROW, 2);
             OffHeapBufferPool pool = new OffHeapBufferPool(64L << 20);
             Pipeline pipeline = new Pipeline(new PipelineConfig(1, 1, 2), List.of(d0), pool, Timeline.disabled()))
        {
            final PartitionFailedException e = failure(pipeline.submit(job("struck", 3, 1)));
            assertTrue(e.getMessage().contains("(struck) partition ") && e.getMessage().contains("failed on cpu:0: "
                + "injected device error: launch of msm h failed"), e.getMessage());
            assertProves(pipeline.submit(job("after", 2, 2)));
        }
    }

    @Test
    void shouldNeverReleaseAProofWhenTheDeviceReturnsAWrongSum() throws Exception
    {
        try (ProverBackend d0 = new FaultyBackend(0, Fault.CORRUPT, 1);
             OffHeapBufferPool pool = new OffHeapBufferPool(64L << 20);
             Pipeline pipeline = new Pipeline(new PipelineConfig(1, 1, 2), List.of(d0), pool, Timeline.disabled()))
        {
            final PartitionFailedException e = failure(pipeline.submit(job("miscomputed", 1, 3)));
            assertInstanceOf(ProofVerificationException.class, e.getCause());
            assertTrue(e.getMessage().contains("failed self-verification on cpu:0; it was not released"),
                e.getMessage());
            assertProves(pipeline.submit(job("after", 1, 4)));
        }
    }

    @Test
    void shouldStopUsingADeviceWithAStickyErrorAndProveOnTheOthers() throws Exception
    {
        try (ProverBackend d0 = new FaultyBackend(0, Fault.STICKY, 1); ProverBackend d1 = new CpuProverBackend(1, 1);
             OffHeapBufferPool pool = new OffHeapBufferPool(64L << 20);
             Pipeline pipeline = new Pipeline(new PipelineConfig(1, 1, 2), List.of(d0, d1), pool,
                 Timeline.disabled()))
        {
            final PartitionFailedException e = failure(pipeline.submit(job("poisoned", 2, 5)));
            assertInstanceOf(DeviceUnusableException.class, e.getCause());
            assertTrue(e.getMessage().contains("cpu:0 is unusable for the rest of this process: injected illegal "
                + "address"), e.getMessage());
            final Job later = pipeline.submit(job("later", 3, 6));
            assertProves(later);
            assertEquals(List.of("cpu:1", "cpu:1", "cpu:1"), later.result().get().devices());
        }
    }
}
