package io.jprove.engine.device;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.foreign.Arena;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.jprove.engine.backend.OffHeapBufferPool;
import io.jprove.engine.circuits.PoseidonChain;
import io.jprove.engine.formats.CheckedKeys;
import io.jprove.engine.formats.KeyLoading;
import io.jprove.engine.formats.bellperson.BellpersonParams;
import io.jprove.engine.cpu.CpuProverBackend;
import io.jprove.engine.groth16.BackendListener;
import io.jprove.engine.groth16.DeviceUnusableException;
import io.jprove.engine.groth16.Groth16Setup;
import io.jprove.engine.groth16.Groth16Verifier;
import io.jprove.engine.groth16.MsmSums;
import io.jprove.engine.groth16.PartitionInputs;
import io.jprove.engine.groth16.PreparedKey;
import io.jprove.engine.groth16.PreparedVerifyingKey;
import io.jprove.engine.groth16.ProverBackend;
import io.jprove.engine.groth16.ProvingKey;
import io.jprove.engine.groth16.ProvingPhase;
import io.jprove.engine.groth16.SetupProgress;
import io.jprove.engine.pipeline.CircuitShape;
import io.jprove.engine.pipeline.FaultWhenArmed;
import io.jprove.engine.pipeline.Job;
import io.jprove.engine.pipeline.JobResult;
import io.jprove.engine.pipeline.JobSpec;
import io.jprove.engine.pipeline.PartitionFailedException;
import io.jprove.engine.pipeline.Pipeline;
import io.jprove.engine.pipeline.PipelineConfig;
import io.jprove.engine.r1cs.ConstraintMatrices;
import io.jprove.engine.r1cs.ProverInputs;
import io.jprove.engine.r1cs.ProvingAssignment;
import io.jprove.engine.r1cs.RecordingAssignment;
import io.jprove.field.Fr;
import io.jprove.timeline.Timeline;

/**
 * A device proving in a process of its own, as the daemon proves on a GPU, here the JVM executor's device in a child
 * JVM: partitions travel through shared memory and prove, a real kernel fault in the child (the GPU suite's: every
 * bit of A's density set, which the kernels' bounds checks stop) fails its job, the pipeline starts a fresh process
 * in its place, and the next job proves there; nothing is left in shared memory afterwards.
 */
class DeviceProcessTest
{
    @TempDir
    Path dir;

    @Test
    void shouldProveInADeviceProcessAndStartAFreshOneAfterAFault() throws Exception
    {
        final Path shared = dir.resolve("shm");
        final AtomicBoolean armed = new AtomicBoolean();
        try (ConstraintMatrices matrices = RecordingAssignment.record(new PoseidonChain(2, Fr.of(1), Fr.of(2)));
             ProvingKey key = Groth16Setup.generate(matrices, new SplittableRandom(9), 2, SetupProgress.NONE))
        {
            final PreparedVerifyingKey pvk = new PreparedVerifyingKey(key.vk());
            final DeviceProcess first = DeviceProcess.start("jvm", 0, 1, shared);
            final long firstPid = first.pid();
            try (ProverBackend device = new FaultWhenArmed(first, armed);
                 OffHeapBufferPool pool = new OffHeapBufferPool(64L << 20, new SharedMemory(shared));
                 Pipeline pipeline = new Pipeline(new PipelineConfig(1, 1, 2), List.of(device), pool,
                     Timeline.disabled()))
            {
                assertTrue(device.restartable());
                verify(pvk, pipeline.submit(spec("before", key, matrices, 1, 3)));

                armed.set(true);
                final Job struck = pipeline.submit(spec("struck", key, matrices, 1, 4));
                final ExecutionException e = assertThrows(ExecutionException.class,
                    () -> struck.result().get(120, TimeUnit.SECONDS));
                final PartitionFailedException failed = assertInstanceOf(PartitionFailedException.class,
                    e.getCause());
                assertInstanceOf(DeviceUnusableException.class, failed.getCause());
                assertTrue(failed.getMessage().contains("jvm:0 is unusable"), failed.getMessage());

                final JobResult after = verify(pvk, pipeline.submit(spec("after", key, matrices, 1, 5)));
                assertEquals(List.of("jvm:0"), after.devices());
                assertEquals(1, pipeline.deviceViews().getFirst().restarts());
                assertTrue(pipeline.deviceViews().getFirst().description().contains("(device process "),
                    pipeline.deviceViews().getFirst().description());
                assertTrue(!pipeline.deviceViews().getFirst().description().contains(" " + firstPid + ")"),
                    "a fresh process");
                assertTrue(ProcessHandle.of(firstPid).map(p -> !p.isAlive()).orElse(true), "the faulted one ended");
            }
        }
        assertEquals(List.of(), files(shared), "every buffer and key image is gone");
    }

    @Test
    void shouldReadAKeyStraightIntoItsImageAndProveWithItInADeviceProcess() throws Exception
    {
        final Path shared = dir.resolve("shm");
        final Path params = dir.resolve("chain.params");
        try (ConstraintMatrices matrices = RecordingAssignment.record(new PoseidonChain(2, Fr.of(1), Fr.of(2)));
             ProvingKey made = Groth16Setup.generate(matrices, new SplittableRandom(11), 2, SetupProgress.NONE))
        {
            BellpersonParams.write(made, params);
            final PreparedVerifyingKey pvk = new PreparedVerifyingKey(made.vk());
            try (ProvingKey key = KeyImage.readParams(params, true, 2, CheckedKeys.none(), KeyLoading.unwatched(),
                shared))
            {
                // the key is its image: the same points as a plain read, and the only file in shared memory
                try (ProvingKey plain = BellpersonParams.read(params, true, 2))
                {
                    assertEquals(-1, plain.h().segment().mismatch(key.h().segment()));
                    assertEquals(-1, plain.l().segment().mismatch(key.l().segment()));
                    assertEquals(-1, plain.a().segment().mismatch(key.a().segment()));
                    assertEquals(-1, plain.bG1().segment().mismatch(key.bG1().segment()));
                    assertEquals(-1, plain.bG2().segment().mismatch(key.bG2().segment()));
                }
                final List<Path> images = files(shared);
                assertEquals(1, images.size(), images.toString());
                try (ProverBackend device = DeviceProcess.start("jvm", 0, 1, shared);
                     OffHeapBufferPool pool = new OffHeapBufferPool(64L << 20, new SharedMemory(shared));
                     Pipeline pipeline = new Pipeline(new PipelineConfig(1, 1, 2), List.of(device), pool,
                         Timeline.disabled()))
                {
                    verify(pvk, pipeline.submit(spec("imaged", key, matrices, 2, 6)));
                    // the device maps the key's own image: no second copy was written
                    assertEquals(images, files(shared).stream().filter(f -> f.getFileName().toString()
                        .contains("-key-")).toList());
                    pipeline.release(key);
                }
                // the devices let go of it, the key still holds it
                assertEquals(images, files(shared));
            }
            assertEquals(List.of(), files(shared), "the image goes with the key");
        }
    }

    /**
     * A partition of another circuit proved at every step boundary of one in the device process, as a deadline's
     * is: the child runs it on the thread waiting at the boundary, so its backend sees it nested; every sum of both
     * is the CPU backend's.
     */
    @Test
    void shouldProveAnotherCircuitsPartitionInsideOneAtItsStepBoundaries() throws Exception
    {
        final Path shared = Files.createDirectories(dir.resolve("shm"));
        try (ConstraintMatrices outerShape = RecordingAssignment.record(new PoseidonChain(2, Fr.of(1), Fr.of(2)));
             ConstraintMatrices innerShape = RecordingAssignment.record(new PoseidonChain(1, Fr.of(1), Fr.of(2)));
             ProvingKey outerKey = Groth16Setup.generate(outerShape, new SplittableRandom(9), 2, SetupProgress.NONE);
             ProvingKey innerKey = Groth16Setup.generate(innerShape, new SplittableRandom(10), 2,
                 SetupProgress.NONE);
             CpuProverBackend cpu = new CpuProverBackend(2);
             ProverBackend device = DeviceProcess.start("jvm", 0, 1, shared);
             PreparedKey outerCpu = cpu.prepare(outerKey); PreparedKey innerCpu = cpu.prepare(innerKey);
             PreparedKey outerDev = device.prepare(outerKey); PreparedKey innerDev = device.prepare(innerKey);
             Arena arena = Arena.ofShared();
             ProverInputs outer = ProvingAssignment.synthesize(new PoseidonChain(2, Fr.of(3), Fr.of(4)));
             ProverInputs inner = ProvingAssignment.synthesize(new PoseidonChain(1, Fr.of(5), Fr.of(6))))
        {
            final MsmSums outerWant = cpu.prove(outerCpu, PartitionInputs.copyOf(outer, outerKey.domainSize(), arena),
                BackendListener.NONE);
            final MsmSums innerWant = cpu.prove(innerCpu, PartitionInputs.copyOf(inner, innerKey.domainSize(), arena),
                BackendListener.NONE);
            final List<MsmSums> nested = new ArrayList<>();
            final MsmSums outerGot = device.prove(outerDev, PartitionInputs.copyOf(outer, outerKey.domainSize(),
                arena), new BackendListener()
                {
                    @Override
                    public void kernel(final ProvingPhase phase, final String name, final long startNs,
                        final long durationNs)
                    {
                    }

                    @Override
                    public void copy(final String name, final long startNs, final long durationNs, final long bytes)
                    {
                    }

                    @Override
                    public void boundary(final ProvingPhase next)
                    {
                        nested.add(device.prove(innerDev, PartitionInputs.copyOf(inner, innerKey.domainSize(), arena),
                            BackendListener.NONE));
                    }
                });
            assertSums(outerWant, outerGot);
            assertTrue(nested.size() >= 3, "boundaries: " + nested.size());
            nested.forEach(got -> assertSums(innerWant, got));
        }
    }

    private static void assertSums(final MsmSums want, final MsmSums got)
    {
        assertArrayEquals(want.h(), got.h());
        assertArrayEquals(want.l(), got.l());
        assertArrayEquals(want.a(), got.a());
        assertArrayEquals(want.b1(), got.b1());
        assertArrayEquals(want.b2(), got.b2());
    }

    private static List<Path> files(final Path dir) throws java.io.IOException
    {
        try (var list = Files.list(dir))
        {
            return list.sorted().toList();
        }
    }

    private static JobSpec spec(final String name, final ProvingKey key, final ConstraintMatrices matrices,
        final int partitions, final long seed)
    {
        return new JobSpec(name, 0, key, CircuitShape.recorded(matrices), partitions,
            p -> new PoseidonChain(2, Fr.of(seed), Fr.of(p)));
    }

    private static JobResult verify(final PreparedVerifyingKey pvk, final Job job) throws Exception
    {
        final JobResult r = job.result().get(120, TimeUnit.SECONDS);
        for (int p = 0; p < r.proofs().size(); p++)
        {
            assertTrue(Groth16Verifier.verify(pvk, r.proofs().get(p), r.publicInputs().get(p)));
        }
        return r;
    }
}
