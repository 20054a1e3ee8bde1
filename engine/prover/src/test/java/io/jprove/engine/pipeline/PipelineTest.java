package io.jprove.engine.pipeline;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.jprove.engine.backend.BufferShape;
import io.jprove.engine.backend.OffHeapBufferPool;
import io.jprove.engine.circuits.PoseidonChain;
import io.jprove.engine.cpu.CpuProverBackend;
import io.jprove.engine.groth16.Groth16Setup;
import io.jprove.engine.groth16.Groth16Verifier;
import io.jprove.engine.groth16.ParameterMismatchException;
import io.jprove.engine.groth16.PreparedKey;
import io.jprove.engine.groth16.PreparedVerifyingKey;
import io.jprove.engine.groth16.Proof;
import io.jprove.engine.groth16.ProverBackend;
import io.jprove.engine.groth16.ProvingKey;
import io.jprove.engine.groth16.SetupProgress;
import io.jprove.engine.r1cs.ConstraintMatrices;
import io.jprove.engine.r1cs.RecordingAssignment;
import io.jprove.engine.r1cs.UnsatisfiedConstraintException;
import io.jprove.field.Fr;
import io.jprove.timeline.EventKind;
import io.jprove.timeline.Timeline;
import io.jprove.timeline.TimelineReader;
import io.jprove.timeline.analysis.EventLog;

class PipelineTest
{
    private static final int HASHES = 2;
    private static final long BUDGET = 64L << 20;

    private static ConstraintMatrices matrices;
    private static ProvingKey key;
    private static PreparedVerifyingKey pvk;
    private static ProvingKey otherKey;

    @TempDir
    Path dir;

    @BeforeAll
    static void setUp()
    {
        matrices = RecordingAssignment.record(chain(1, 2));
        key = Groth16Setup.generate(matrices, new SplittableRandom(5), 2, SetupProgress.NONE);
        pvk = new PreparedVerifyingKey(key.vk());
        try (ConstraintMatrices other = RecordingAssignment.record(new PoseidonChain(1, Fr.of(1), Fr.of(2))))
        {
            otherKey = Groth16Setup.generate(other, new SplittableRandom(6), 2, SetupProgress.NONE);
        }
    }

    @AfterAll
    static void tearDown()
    {
        key.close();
        otherKey.close();
        matrices.close();
    }

    private static PoseidonChain chain(final long a, final long b)
    {
        return new PoseidonChain(HASHES, Fr.of(a), Fr.of(b));
    }

    /** Partition p of job j: a chain of its own secrets. */
    private static JobSpec job(final String name, final int priority, final int partitions, final long seed)
    {
        return new JobSpec(name, priority, key, CircuitShape.recorded(matrices), partitions,
            p -> chain(seed, 100 + p));
    }

    private static void assertVerifies(final JobResult result, final long seed)
    {
        assertEquals(result.proofs().size() * Proof.BYTES, result.bytes().length);
        final List<Proof> back = Proof.splitAll(result.bytes());
        for (int p = 0; p < back.size(); p++)
        {
            final long[] expected = chain(seed, 100 + p).publicDigest();
            assertTrue(java.util.Arrays.equals(expected, result.publicInputs().get(p)), "public inputs of p" + p);
            assertTrue(Groth16Verifier.verify(pvk, back.get(p), expected), result.name() + " partition " + p);
        }
    }

    private EventLog read(final Path timelineDir)
    {
        try (TimelineReader reader = TimelineReader.open(timelineDir))
        {
            return EventLog.read(reader);
        }
    }

    @Test
    void shouldProveEveryPartitionOnItsPinnedDeviceWhenJobsShareTwoDevices() throws Exception
    {
        final Path timelineDir = dir.resolve("timeline");
        final List<Job> jobs = new ArrayList<>();
        try (Timeline timeline = Timeline.open(timelineDir);
             ProverBackend d0 = new CpuProverBackend(0, 1); ProverBackend d1 = new CpuProverBackend(1, 1);
             OffHeapBufferPool pool = new OffHeapBufferPool(BUDGET);
             Pipeline pipeline = new Pipeline(new PipelineConfig(2, 1, 2), List.of(d0, d1), pool, timeline))
        {
            assertEquals(List.of("cpu:0", "cpu:1"), pipeline.devices());
            for (int j = 0; j < 3; j++)
            {
                jobs.add(pipeline.submit(job("job" + j, 0, 2 + j, 10 + j)));
            }
            for (int j = 0; j < jobs.size(); j++)
            {
                final JobResult result = jobs.get(j).result().get(120, TimeUnit.SECONDS);
                assertEquals(2 + j, result.proofs().size());
                assertVerifies(result, 10 + j);
            }
            assertTrue(pool.reservedBytes() <= BUDGET);
        }
        final EventLog log = read(timelineDir);
        final Map<String, Integer> deviceOf = new HashMap<>();
        final Set<Integer> devicesUsed = new HashSet<>();
        for (int row = 0; row < log.size(); row++)
        {
            final EventKind kind = log.kind(row);
            if (kind == EventKind.QUEUED || kind == EventKind.GPU_PICKUP || kind == EventKind.GPU_START
                || kind == EventKind.GPU_END || kind == EventKind.KERNEL)
            {
                final String partition = log.job(row) + "/" + log.partition(row);
                final Integer before = deviceOf.putIfAbsent(partition, log.device(row));
                assertTrue(before == null || before == log.device(row), partition + " moved between devices");
                devicesUsed.add(log.device(row));
            }
        }
        assertEquals(2 + 3 + 4, deviceOf.size());
        assertEquals(Set.of(0, 1), devicesUsed, "both devices proved partitions");
        for (final Job job : jobs)
        {
            final JobResult result = job.result().get();
            for (int p = 0; p < job.spec().partitions(); p++)
            {
                assertEquals("cpu:" + deviceOf.get(job.id() + "/" + p), result.devices().get(p));
            }
        }
    }

    @Test
    void shouldFailOnlyTheJobWhoseWitnessIsBadAndNameTheConstraint() throws Exception
    {
        try (ProverBackend d0 = new CpuProverBackend(0, 2); OffHeapBufferPool pool = new OffHeapBufferPool(BUDGET);
             Pipeline pipeline = new Pipeline(new PipelineConfig(1, 1, 2), List.of(d0), pool, Timeline.disabled()))
        {
            final Job good = pipeline.submit(job("good", 0, 2, 3));
            final Job bad = pipeline.submit(new JobSpec("bad", 0, key, CircuitShape.counted(chain(1, 2)), 3,
                p -> p == 1 ? new PoseidonChain(HASHES, Fr.of(1), Fr.of(2), Fr.of(3)) : chain(4, 100 + p)));
            final Job after = pipeline.submit(job("after", 0, 1, 5));
            final ExecutionException e = assertThrows(ExecutionException.class,
                () -> bad.result().get(120, TimeUnit.SECONDS));
            final PartitionFailedException failure = assertInstanceOf(PartitionFailedException.class, e.getCause());
            assertEquals(1, failure.partition());
            assertInstanceOf(UnsatisfiedConstraintException.class, failure.getCause());
            assertTrue(failure.getMessage().contains("partition 1") && failure.getMessage().contains("(bad)")
                && failure.getMessage().contains("digest is public"), failure.getMessage());
            assertVerifies(good.result().get(120, TimeUnit.SECONDS), 3);
            assertVerifies(after.result().get(120, TimeUnit.SECONDS), 5);
        }
    }

    @Test
    void shouldRefuseAtSubmitWhenKeyIsForAnotherCircuit()
    {
        try (ProverBackend d0 = new CpuProverBackend(0, 1); OffHeapBufferPool pool = new OffHeapBufferPool(BUDGET);
             Pipeline pipeline = new Pipeline(new PipelineConfig(1, 1, 2), List.of(d0), pool, Timeline.disabled()))
        {
            final ParameterMismatchException e = assertThrows(ParameterMismatchException.class,
                () -> pipeline.submit(new JobSpec("wrong key", 0, otherKey, CircuitShape.recorded(matrices), 1,
                    p -> chain(1, 2))));
            assertTrue(e.getMessage().contains("parameters"), e.getMessage());
            assertEquals(0, pipeline.waitingPartitions());
        }
    }

    @Test
    void shouldSynthesizeHigherPriorityFirstAndDropCancelledPartitionsAtBoundaries() throws Exception
    {
        final Path timelineDir = dir.resolve("priority");
        final CountDownLatch firstStarted = new CountDownLatch(1);
        final CountDownLatch release = new CountDownLatch(1);
        try (Timeline timeline = Timeline.open(timelineDir); ProverBackend d0 = new CpuProverBackend(0, 2);
             OffHeapBufferPool pool = new OffHeapBufferPool(BUDGET);
             Pipeline pipeline = new Pipeline(new PipelineConfig(1, 1, 2), List.of(d0), pool, timeline))
        {
            // the low job's first partition holds the one synthesis worker until both other jobs are queued
            final Job low = pipeline.submit(new JobSpec("low", 0, key, CircuitShape.recorded(matrices), 4, p ->
            {
                if (p == 0)
                {
                    firstStarted.countDown();
                    await(release);
                }
                return chain(7, 100 + p);
            }));
            assertTrue(firstStarted.await(60, TimeUnit.SECONDS));
            final Job doomed = pipeline.submit(job("doomed", 1, 3, 8));
            // below Pipeline.PREEMPTING: a deadline's job would go to the urgent synthesis worker instead, beside this
            // order (PreemptAtBoundaryTest)
            final Job high = pipeline.submit(job("high", Pipeline.PREEMPTING - 1, 2, 9));
            assertTrue(doomed.cancel());
            assertFalse(doomed.cancel());
            release.countDown();
            assertVerifies(high.result().get(120, TimeUnit.SECONDS), 9);
            assertThrows(CancellationException.class, () -> doomed.result().get());
            assertTrue(doomed.result().isCancelled());
            final Throwable why = doomed.result().handle((r, ex) -> ex).get();
            assertTrue(why.getMessage().contains("(doomed) was cancelled"), why.getMessage());
            final JobResult lowResult = low.result().get(120, TimeUnit.SECONDS);
            assertEquals(4, lowResult.proofs().size());
            timeline.flush();
            final List<String> order = new ArrayList<>();
            final EventLog log = read(timelineDir);
            for (int row = 0; row < log.size(); row++)
            {
                if (log.kind(row) == EventKind.SYNTH_START)
                {
                    order.add(log.job(row) + "/" + log.partition(row));
                }
            }
            final String l = low.id() + "/";
            final String h = high.id() + "/";
            assertEquals(List.of(l + 0, h + 0, h + 1, l + 1, l + 2, l + 3), order);
        }
    }

    @Test
    void shouldHandPresynthesizedPartitionsToTheDeviceOnlyWhenAllAreSynthesized() throws Exception
    {
        final Path timelineDir = dir.resolve("presynthesized");
        final Job job;
        try (Timeline timeline = Timeline.open(timelineDir); ProverBackend d0 = new CpuProverBackend(0, 1);
             OffHeapBufferPool pool = new OffHeapBufferPool(BUDGET);
             Pipeline pipeline = new Pipeline(new PipelineConfig(2, 1, 2), List.of(d0), pool, timeline))
        {
            final JobSpec plain = job("held", 0, 4, 21);
            job = pipeline.submit(new JobSpec(plain.name(), 0, key, plain.synthesis(), 4, true));
            assertVerifies(job.result().get(120, TimeUnit.SECONDS), 21);
            assertTrue(job.releasedNanoTime() > 0, "hand-over time recorded");
        }
        final EventLog log = read(timelineDir);
        long lastSynthesis = Long.MIN_VALUE;
        long firstPickup = Long.MAX_VALUE;
        int synthesized = 0;
        for (int row = 0; row < log.size(); row++)
        {
            if (log.kind(row) == EventKind.SYNTH_END)
            {
                lastSynthesis = Math.max(lastSynthesis, log.timestampNs(row));
                synthesized++;
            }
            if (log.kind(row) == EventKind.GPU_PICKUP)
            {
                firstPickup = Math.min(firstPickup, log.timestampNs(row));
            }
        }
        assertEquals(4, synthesized);
        assertTrue(lastSynthesis <= firstPickup, "a partition reached the device before the last was synthesized");
    }

    @Test
    void shouldFreeTheHeldBuffersWhenAPresynthesizedJobFails() throws Exception
    {
        final BufferShape shape = BufferShape.of(matrices.counts());
        // room for three partitions' buffers: a job after the failed one deadlocks if the held sets leak
        try (ProverBackend d0 = new CpuProverBackend(0, 1);
             OffHeapBufferPool pool = new OffHeapBufferPool(3 * shape.bytes() + shape.bytes() / 2);
             Pipeline pipeline = new Pipeline(new PipelineConfig(1, 1, 2), List.of(d0), pool, Timeline.disabled()))
        {
            final Job bad = pipeline.submit(new JobSpec("bad", 0, key, CircuitShape.recorded(matrices), 3,
                p -> p == 2 ? new PoseidonChain(HASHES, Fr.of(1), Fr.of(2), Fr.of(3)) : chain(4, 100 + p), true));
            final ExecutionException e = assertThrows(ExecutionException.class,
                () -> bad.result().get(120, TimeUnit.SECONDS));
            assertEquals(2, assertInstanceOf(PartitionFailedException.class, e.getCause()).partition());
            final JobSpec plain = job("after", 0, 3, 22);
            assertVerifies(pipeline.submit(new JobSpec(plain.name(), 0, key, plain.synthesis(), 3, true))
                .result().get(120, TimeUnit.SECONDS), 22);
        }
    }

    @Test
    void shouldProveEveryPartitionWhenTheBudgetHoldsOneAtATime() throws Exception
    {
        final BufferShape shape = BufferShape.of(matrices.counts());
        try (ProverBackend d0 = new CpuProverBackend(0, 2);
             OffHeapBufferPool pool = new OffHeapBufferPool(shape.bytes() + shape.bytes() / 2);
             Pipeline pipeline = new Pipeline(new PipelineConfig(2, 1, 2), List.of(d0), pool, Timeline.disabled()))
        {
            final Job job = pipeline.submit(job("tight", 0, 4, 11));
            assertVerifies(job.result().get(120, TimeUnit.SECONDS), 11);
            assertEquals(shape.bytes(), pool.reservedBytes());
        }
        try (ProverBackend d0 = new CpuProverBackend(0, 1);
             OffHeapBufferPool pool = new OffHeapBufferPool(shape.bytes() / 2);
             Pipeline pipeline = new Pipeline(new PipelineConfig(1, 1, 2), List.of(d0), pool, Timeline.disabled()))
        {
            final ExecutionException e = assertThrows(ExecutionException.class,
                () -> pipeline.submit(job("too big", 0, 1, 12)).result().get(60, TimeUnit.SECONDS));
            assertTrue(e.getCause().getMessage().contains("more than the host memory budget of 0.1 MiB"),
                e.getCause().getMessage());
        }
    }

    @Test
    void shouldDropAPartitionCancelledDuringSynthesisAtItsEndAndFreeItsBuffers() throws Exception
    {
        final Path timelineDir = dir.resolve("cancel");
        final BufferShape shape = BufferShape.of(matrices.counts());
        final CountDownLatch started = new CountDownLatch(1);
        final CountDownLatch release = new CountDownLatch(1);
        try (Timeline timeline = Timeline.open(timelineDir); ProverBackend d0 = new CpuProverBackend(0, 2);
             OffHeapBufferPool pool = new OffHeapBufferPool(shape.bytes());
             Pipeline pipeline = new Pipeline(new PipelineConfig(1, 1, 2), List.of(d0), pool, timeline))
        {
            final Job stopped = pipeline.submit(new JobSpec("stopped", 0, key, CircuitShape.recorded(matrices), 2, p ->
            {
                started.countDown();
                await(release);
                return chain(13, 100 + p);
            }));
            assertTrue(started.await(60, TimeUnit.SECONDS));
            assertTrue(stopped.cancel());
            release.countDown();
            // the budget holds one set: the next job proves only if the dropped partition gave its set back
            assertVerifies(pipeline.submit(job("next", 0, 2, 14)).result().get(120, TimeUnit.SECONDS), 14);
            timeline.flush();
            final EventLog log = read(timelineDir);
            int synthesized = 0;
            for (int row = 0; row < log.size(); row++)
            {
                if (log.job(row) == stopped.id())
                {
                    synthesized += log.kind(row) == EventKind.SYNTH_END ? 1 : 0;
                    assertFalse(log.kind(row) == EventKind.QUEUED || log.kind(row) == EventKind.GPU_START,
                        "a cancelled partition reached a device: " + log.describe(row));
                }
            }
            assertEquals(1, synthesized, "the partition in synthesis finished its stage, the other never started");
        }
    }

    @Test
    void shouldPrepareTheKeyOnTheDeviceWhileTheFirstPartitionIsSynthesized() throws Exception
    {
        final Path timelineDir = dir.resolve("early-key");
        final CountDownLatch preparing = new CountDownLatch(1);
        final Job job;
        try (Timeline timeline = Timeline.open(timelineDir);
             ProverBackend d0 = new PreparationSignal(new CpuProverBackend(0, 1), preparing);
             OffHeapBufferPool pool = new OffHeapBufferPool(BUDGET);
             Pipeline pipeline = new Pipeline(new PipelineConfig(1, 1, 1), List.of(d0), pool, timeline))
        {
            // partition 0's synthesis ends only once the device has begun preparing the key: were the preparation
            // left for the first synthesized partition to start, the two would wait for each other
            job = pipeline.submit(new JobSpec("early key", 0, key, CircuitShape.recorded(matrices), 2, p ->
            {
                if (p == 0)
                {
                    await(preparing);
                }
                return chain(31, 100 + p);
            }));
            assertVerifies(job.result().get(120, TimeUnit.SECONDS), 31);
        }
        final EventLog log = read(timelineDir);
        long prepareStart = Long.MAX_VALUE;
        long firstSynthesisEnd = Long.MAX_VALUE;
        for (int row = 0; row < log.size(); row++)
        {
            if (log.kind(row) == EventKind.STAGE && log.name(log.nameId(row)).equals("prepare key"))
            {
                assertEquals(job.id(), log.job(row));
                assertEquals(-1, log.partition(row), "prepared as the job was submitted, not by a partition");
                prepareStart = log.beginNs(row);
            }
            if (log.kind(row) == EventKind.SYNTH_END && log.partition(row) == 0)
            {
                firstSynthesisEnd = log.timestampNs(row);
            }
        }
        assertTrue(prepareStart < firstSynthesisEnd, "the key's preparation began before partition 0 was synthesized");
    }

    /** A real backend that signals when a key's preparation begins. */
    private static final class PreparationSignal extends ForwardingBackend
    {
        private final CountDownLatch preparing;

        PreparationSignal(final ProverBackend backend, final CountDownLatch preparing)
        {
            super(backend);
            this.preparing = preparing;
        }

        @Override
        public PreparedKey prepare(final ProvingKey k)
        {
            preparing.countDown();
            return delegate.prepare(k);
        }
    }

    private static void await(final CountDownLatch latch)
    {
        try
        {
            if (!latch.await(60, TimeUnit.SECONDS))
            {
                throw new IllegalStateException("the test never released the partition");
            }
        }
        catch (final InterruptedException e)
        {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
