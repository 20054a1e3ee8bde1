package io.jprove.engine.pipeline;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BooleanSupplier;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

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
import io.jprove.timeline.TimelineReader;
import io.jprove.timeline.analysis.EventLog;

/**
 * A partition of a preempting job (a deadline's) handed over while a lower job's partition is in the middle of a step
 * on the same device (the CPU backend, one worker) runs at that partition's next step boundary, inside it, and is
 * proved before it; the lower one then resumes where it stopped; both proofs verify. The wait is one step: between
 * the hand-over and the urgent partition's first kernel, the lower one ran only the rest of the step it was in.
 */
class PreemptAtBoundaryTest
{
    /** The CPU backend recording every kernel as "call N PHASE name", held in the first call's first H kernel. */
    private static final class RecordingBackend extends ForwardingBackend
    {
        private final AtomicInteger calls = new AtomicInteger();
        private final CountDownLatch inH = new CountDownLatch(1);
        private final CountDownLatch go = new CountDownLatch(1);
        private final List<String> events;

        RecordingBackend(final List<String> events)
        {
            super(new CpuProverBackend(0, 1));
            this.events = events;
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
            return delegate.prove(k, partition, new BackendListener()
            {
                @Override
                public void kernel(final ProvingPhase phase, final String name, final long startNs,
                    final long durationNs)
                {
                    events.add("call " + call + " " + phase + " " + name);
                    listener.kernel(phase, name, startNs, durationNs);
                    if (call == 1 && phase == ProvingPhase.H && inH.getCount() > 0)
                    {
                        // in the middle of the H chain: not at a boundary
                        inH.countDown();
                        await(go);
                    }
                }

                @Override
                public void copy(final String name, final long startNs, final long durationNs, final long bytes)
                {
                    listener.copy(name, startNs, durationNs, bytes);
                }

                @Override
                public void boundary(final ProvingPhase next)
                {
                    events.add("call " + call + " boundary " + next);
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
    void shouldRunADeadlinesPartitionAtTheNextStepBoundaryOfALowerOneAndResumeIt(@TempDir final Path dir)
        throws Exception
    {
        final List<String> events = Collections.synchronizedList(new ArrayList<>());
        final long lowId;
        final long urgentId;
        try (ConstraintMatrices lowShape = RecordingAssignment.record(new PoseidonChain(6, Fr.of(1), Fr.of(2)));
             ConstraintMatrices urgentShape = RecordingAssignment.record(new PoseidonChain(2, Fr.of(1), Fr.of(2)));
             ProvingKey lowKey = Groth16Setup.generate(lowShape, new SplittableRandom(3), 2, SetupProgress.NONE);
             ProvingKey urgentKey = Groth16Setup.generate(urgentShape, new SplittableRandom(4), 2,
                 SetupProgress.NONE);
             RecordingBackend device = new RecordingBackend(events);
             OffHeapBufferPool pool = new OffHeapBufferPool(64L << 20);
             Timeline timeline = Timeline.open(dir);
             Pipeline pipeline = new Pipeline(new PipelineConfig(1, 1, 1), List.of(device), pool, timeline))
        {
            final Job low = pipeline.submit(new JobSpec("c2", 2, lowKey, CircuitShape.recorded(lowShape), 1,
                p -> new PoseidonChain(6, Fr.of(5), Fr.of(p))));
            low.result().whenComplete((r, e) -> events.add("done c2"));
            await(device.inH);
            final Job urgent = pipeline.submit(new JobSpec("winning", Pipeline.PREEMPTING + 1, urgentKey,
                CircuitShape.recorded(urgentShape), 1, p -> new PoseidonChain(2, Fr.of(7), Fr.of(p))));
            urgent.result().whenComplete((r, e) -> events.add("done winning"));
            pipeline.prepare(urgentKey, "the urgent key", urgent.id()).join();
            // synthesized beside the running partition, by the urgent synthesis worker, and handed to the device
            until(() -> pipeline.urgentWaiting() == 1);
            events.add("handed over");
            device.go.countDown();

            final JobResult u = urgent.result().get(60, TimeUnit.SECONDS);
            final JobResult c = low.result().get(60, TimeUnit.SECONDS);
            assertTrue(Groth16Verifier.verify(new PreparedVerifyingKey(urgentKey.vk()), u.proofs().getFirst(),
                u.publicInputs().getFirst()));
            assertTrue(Groth16Verifier.verify(new PreparedVerifyingKey(lowKey.vk()), c.proofs().getFirst(),
                c.publicInputs().getFirst()));

            final List<String> seen = List.copyOf(events);
            final int handed = seen.indexOf("handed over");
            final int firstUrgent = firstIndex(seen, "call 2 ");
            final int urgentDone = seen.indexOf("done winning");
            assertTrue(handed >= 0 && handed < firstUrgent && firstUrgent < urgentDone, seen.toString());
            // the wait: the rest of the H chain the low partition was in, up to its next boundary; no MSM of it
            for (final String e : seen.subList(handed + 1, firstUrgent))
            {
                assertTrue(e.startsWith("call 1 H ") || e.equals("call 1 boundary MSM"), "waited for " + e + ": "
                    + seen);
            }
            assertEquals("call 1 boundary MSM", seen.get(firstUrgent - 1), seen.toString());
            // the low partition's MSMs all after the urgent proof was done, and the low job after it
            assertTrue(seen.subList(0, urgentDone).stream().noneMatch(e -> e.startsWith("call 1 MSM")),
                seen.toString());
            assertTrue(seen.subList(urgentDone, seen.size()).stream().anyMatch(e -> e.startsWith("call 1 MSM")),
                seen.toString());
            assertTrue(urgentDone < seen.indexOf("done c2"), seen.toString());
            assertEquals(2, device.calls.get(), "each partition proved once");
            lowId = low.id();
            urgentId = urgent.id();
        }
        // on the timeline: each job's kernels its own, the urgent window inside the low one, which shows the
        // preemption as a stage
        final List<String> seen = List.copyOf(events);
        try (TimelineReader reader = TimelineReader.open(dir))
        {
            final EventLog log = EventLog.read(reader);
            final long[] kernels = new long[2];
            final long[][] windows = new long[2][2];
            boolean preempted = false;
            for (int row = 0; row < log.size(); row++)
            {
                final int which = log.job(row) == lowId ? 0 : log.job(row) == urgentId ? 1 : -1;
                if (which < 0)
                {
                    continue;
                }
                switch (log.kind(row))
                {
                    case KERNEL -> kernels[which]++;
                    case GPU_START -> windows[which][0] = log.timestampNs(row);
                    case GPU_END -> windows[which][1] = log.timestampNs(row);
                    case STAGE -> preempted |= which == 0 && "preempted".equals(log.name(log.nameId(row)));
                    default ->
                    {
                    }
                }
            }
            assertEquals(seen.stream().filter(e -> e.startsWith("call 1 ") && !e.contains("boundary")).count(),
                kernels[0], "the low job's kernels");
            assertEquals(seen.stream().filter(e -> e.startsWith("call 2 ") && !e.contains("boundary")).count(),
                kernels[1], "the urgent job's kernels");
            assertTrue(windows[0][0] <= windows[1][0] && windows[1][1] <= windows[0][1], "nested windows");
            assertTrue(preempted, "a preempted stage on the low partition");
        }
    }

    @Test
    void shouldLeaveAPartitionOfAnEqualOrLowerJobToWaitForTheRunningOne() throws Exception
    {
        final List<String> events = Collections.synchronizedList(new ArrayList<>());
        try (ConstraintMatrices shape = RecordingAssignment.record(new PoseidonChain(2, Fr.of(1), Fr.of(2)));
             ProvingKey key = Groth16Setup.generate(shape, new SplittableRandom(3), 2, SetupProgress.NONE);
             RecordingBackend device = new RecordingBackend(events);
             OffHeapBufferPool pool = new OffHeapBufferPool(64L << 20);
             Pipeline pipeline = new Pipeline(new PipelineConfig(1, 1, 1), List.of(device), pool,
                 Timeline.disabled()))
        {
            final Job first = pipeline.submit(new JobSpec("first", Pipeline.PREEMPTING, key,
                CircuitShape.recorded(shape), 1, p -> new PoseidonChain(2, Fr.of(5), Fr.of(p))));
            first.result().whenComplete((r, e) -> events.add("done first"));
            await(device.inH);
            final Job second = pipeline.submit(new JobSpec("second", Pipeline.PREEMPTING, key,
                CircuitShape.recorded(shape), 1, p -> new PoseidonChain(2, Fr.of(6), Fr.of(p))));
            second.result().whenComplete((r, e) -> events.add("done second"));
            until(() -> pipeline.urgentWaiting() == 1);
            device.go.countDown();
            second.result().get(60, TimeUnit.SECONDS);
            first.result().get(60, TimeUnit.SECONDS);
            final List<String> seen = List.copyOf(events);
            // no nesting among equals: the second's first kernel after the first job is done
            assertTrue(seen.indexOf("done first") < firstIndex(seen, "call 2 "), seen.toString());
        }
    }

    private static int firstIndex(final List<String> events, final String prefix)
    {
        for (int i = 0; i < events.size(); i++)
        {
            if (events.get(i).startsWith(prefix))
            {
                return i;
            }
        }
        return -1;
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
