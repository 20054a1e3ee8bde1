package io.jprove.engine.gpu;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.foreign.Arena;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.SplittableRandom;
import java.nio.file.Path;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongFunction;
import java.util.function.Supplier;
import java.util.stream.Stream;

import org.junit.jupiter.api.DynamicTest;

import io.jprove.engine.circuits.PoseidonChain;
import io.jprove.engine.groth16.BackendListener;
import io.jprove.engine.cpu.CpuProverBackend;
import io.jprove.engine.groth16.DeviceUnusableException;
import io.jprove.engine.groth16.Groth16Prover;
import io.jprove.engine.groth16.Groth16Setup;
import io.jprove.engine.groth16.Groth16Verifier;
import io.jprove.engine.groth16.MsmSums;
import io.jprove.engine.groth16.PartitionInputs;
import io.jprove.engine.groth16.PreparedKey;
import io.jprove.engine.groth16.PreparedVerifyingKey;
import io.jprove.engine.groth16.Proof;
import io.jprove.engine.groth16.ProvingKey;
import io.jprove.engine.groth16.ProverBackend;
import io.jprove.engine.groth16.ProvingPhase;
import io.jprove.engine.groth16.SetupProgress;
import io.jprove.engine.groth16.StepTimes;
import io.jprove.engine.pipeline.CircuitShape;
import io.jprove.engine.pipeline.Job;
import io.jprove.engine.pipeline.JobResult;
import io.jprove.engine.pipeline.JobSpec;
import io.jprove.engine.backend.BufferPool;
import io.jprove.engine.pipeline.Pipeline;
import io.jprove.engine.pipeline.PipelineConfig;
import io.jprove.engine.r1cs.ConstraintMatrices;
import io.jprove.engine.r1cs.ProverInputs;
import io.jprove.engine.r1cs.ProvingAssignment;
import io.jprove.engine.r1cs.RecordingAssignment;
import io.jprove.field.Fr;
import io.jprove.field.FrVector;
import io.jprove.kernels.spmv.PackedWitness;
import io.jprove.timeline.EventKind;
import io.jprove.timeline.Timeline;
import io.jprove.timeline.TimelineReader;
import io.jprove.timeline.analysis.EventLog;

/**
 * The GPU backend's suite, one for every accelerator: its five sums equal the CPU backend's for the same partition,
 * bit for bit; its proofs verify, alone and through the pipeline (two workers on the device, kernels and copies on
 * the timeline); it reports every kernel under a phase; it refuses a key of another device; a fault
 * in a kernel fails the partition with {@link DeviceUnusableException} and every later call with it too.
 */
final class GpuBackendConformance
{
    private static final int HASHES = 2;

    private GpuBackendConformance()
    {
    }

    /** A key over a two-hash Poseidon chain (m = 2^10), made once per suite. */
    static ProvingKey key()
    {
        try (ConstraintMatrices cs = RecordingAssignment.record(chain(1, 2)))
        {
            return Groth16Setup.generate(cs, new SplittableRandom(7), 2, SetupProgress.NONE);
        }
    }

    private static PoseidonChain chain(final long a, final long b)
    {
        return new PoseidonChain(HASHES, Fr.of(a), Fr.of(b));
    }

    /**
     * @param backends    opens a fresh GPU backend (the test closes it).
     * @param pools       makes the pipeline test's buffer pool for a budget in bytes.
     * @param timelineDir an empty directory for the pipeline test's timeline.
     * @param withFault   whether to include the fault case: not on CUDA, where a kernel fault poisons the device's
     *                    primary context for every later test of the process.
     * @return the suite's tests.
     */
    static Stream<DynamicTest> tests(final Supplier<GpuProverBackend> backends, final LongFunction<BufferPool> pools,
        final Path timelineDir, final boolean withFault)
    {
        final List<DynamicTest> tests = new ArrayList<>();
        tests.add(DynamicTest.dynamicTest("shouldEqualTheCpuSumsWhenProvingTheSamePartitions",
            () -> sameSums(backends)));
        tests.add(DynamicTest.dynamicTest("shouldEqualTheCpuSumsWhenEvaluatingABCOnTheDevice",
            () -> deviceProducts(backends)));
        tests.add(DynamicTest.dynamicTest("shouldVerifyAndReportKernelsWhenProving", () -> verifies(backends)));
        tests.add(DynamicTest.dynamicTest("shouldCreditEachPartitionItsOwnWorkWhenTwoProveAtOnce",
            () -> concurrent(backends)));
        tests.add(DynamicTest.dynamicTest("shouldProveAnotherCircuitsPartitionAtEachStepBoundaryLeavingBothSums",
            () -> nested(backends)));
        tests.add(DynamicTest.dynamicTest("shouldProveAJobThroughThePipelineWithKernelsOnTheTimeline",
            () -> pipeline(backends, pools, timelineDir)));
        if (withFault)
        {
            tests.add(DynamicTest.dynamicTest("shouldFailAndStayFailedWhenAKernelFaults", () -> fault(backends)));
        }
        return tests.stream();
    }

    /**
     * @param backends opens a fresh GPU backend (the test closes it).
     * @return the test that its sums equal the CPU backend's, alone (for a backend configured otherwise).
     */
    static Stream<DynamicTest> sums(final Supplier<GpuProverBackend> backends)
    {
        return Stream.of(DynamicTest.dynamicTest("shouldEqualTheCpuSumsWhenProvingTheSamePartitions",
            () -> sameSums(backends)));
    }

    private static void sameSums(final Supplier<GpuProverBackend> backends)
    {
        try (ProvingKey pk = key(); GpuProverBackend gpu = backends.get();
             CpuProverBackend cpu = new CpuProverBackend(2); PreparedKey onGpu = gpu.prepare(pk);
             PreparedKey onCpu = cpu.prepare(pk); Arena arena = Arena.ofShared())
        {
            for (final long[] witness : new long[][] {{3, 4}, {5, 6}})
            {
                try (ProverInputs inputs = ProvingAssignment.synthesize(chain(witness[0], witness[1])))
                {
                    final MsmSums want = cpu.prove(onCpu, PartitionInputs.copyOf(inputs, pk.domainSize(), arena),
                        BackendListener.NONE);
                    final MsmSums got = gpu.prove(onGpu, PartitionInputs.copyOf(inputs, pk.domainSize(), arena),
                        BackendListener.NONE);
                    final String at = "witness " + witness[0] + ", " + witness[1];
                    assertArrayEquals(want.h(), got.h(), "h, " + at);
                    assertArrayEquals(want.l(), got.l(), "l, " + at);
                    assertArrayEquals(want.a(), got.a(), "a, " + at);
                    assertArrayEquals(want.b1(), got.b1(), "b1, " + at);
                    assertArrayEquals(want.b2(), got.b2(), "b2, " + at);
                }
            }
            try (GpuProverBackend other = backends.get())
            {
                assertThrows(IllegalArgumentException.class, () -> other.prove(onCpu, null, BackendListener.NONE));
            }
        }
    }

    /**
     * Partitions handed over as their witness and the circuit's matrices (a, b, c holding what a last partition left):
     * the device evaluates a, b, c from its resident A and B, the CPU backend on the host, and both give the sums of
     * the partition synthesized whole; the matrices are uploaded once and kept.
     */
    private static void deviceProducts(final Supplier<GpuProverBackend> backends)
    {
        try (ProvingKey pk = key(); ConstraintMatrices cs = RecordingAssignment.record(chain(1, 2));
             GpuProverBackend gpu = backends.get(); CpuProverBackend cpu = new CpuProverBackend(2);
             PreparedKey onGpu = gpu.prepare(pk); PreparedKey onCpu = cpu.prepare(pk); Arena arena = Arena.ofShared())
        {
            assertTrue(gpu.spmvOnDevice(), "device SpMV on by default");
            for (final long[] witness : new long[][] {{3, 4}, {5, 6}})
            {
                try (ProverInputs inputs = ProvingAssignment.synthesize(chain(witness[0], witness[1])))
                {
                    final MsmSums want = cpu.prove(onCpu, PartitionInputs.copyOf(inputs, pk.domainSize(), arena),
                        BackendListener.NONE);
                    final String at = "witness " + witness[0] + ", " + witness[1];
                    for (final int variant : new int[] {0, 1, 2})
                    {
                        // the witness uploaded whole or packed on the GPU; on the CPU a, b, c evaluated on the host
                        final ProverBackend backend = variant < 2 ? gpu : cpu;
                        final PartitionInputs whole = PartitionInputs.copyOf(inputs, pk.domainSize(), arena);
                        for (final FrVector v : new FrVector[] {whole.a(), whole.b(), whole.c()})
                        {
                            v.segment().fill((byte)0x6b);
                        }
                        final long n = whole.assignment().size();
                        final PackedWitness packed = variant == 1 ? PackedWitness.pack(whole.assignment().segment(),
                            n, null, arena.allocate(n * Fr.BYTES + 4096, 16), 2) : null;
                        final PartitionInputs witnessOnly = new PartitionInputs(whole.assignment(),
                            whole.numInputs(), whole.a(), whole.b(), whole.c(), PartitionInputs.aDensity(cs),
                            PartitionInputs.bDensity(cs), cs, packed);
                        final MsmSums got = backend.prove(backend == gpu ? onGpu : onCpu, witnessOnly,
                            BackendListener.NONE);
                        final String on = at + " on " + backend.name() + (packed != null ? ", packed" : "");
                        assertArrayEquals(want.h(), got.h(), "h, " + on);
                        assertArrayEquals(want.l(), got.l(), "l, " + on);
                        assertArrayEquals(want.a(), got.a(), "a, " + on);
                        assertArrayEquals(want.b1(), got.b1(), "b1, " + on);
                        assertArrayEquals(want.b2(), got.b2(), "b2, " + on);
                    }
                }
            }
            final String plan = gpu.spmvPlan();
            assertTrue(plan != null && plan.startsWith("A and B resident"), "plan: " + plan);
        }
    }

    private static void verifies(final Supplier<GpuProverBackend> backends)
    {
        try (ProvingKey pk = key(); GpuProverBackend gpu = backends.get();
             Groth16Prover prover = new Groth16Prover(pk, gpu, new SplittableRandom(11));
             ProverInputs inputs = ProvingAssignment.synthesize(chain(8, 9)))
        {
            final List<String> kernels = new ArrayList<>();
            final BitSet phases = new BitSet();
            final long[] copied = new long[1];
            final Proof proof = prover.prove(inputs, new StepTimes(), new BackendListener()
            {
                @Override
                public void kernel(final ProvingPhase phase, final String name, final long startNs,
                    final long durationNs)
                {
                    kernels.add(name);
                    phases.set(phase.ordinal());
                }

                @Override
                public void copy(final String name, final long startNs, final long durationNs, final long bytes)
                {
                    copied[0] += bytes;
                }
            });
            assertTrue(Groth16Verifier.verify(new PreparedVerifyingKey(pk.vk()), proof,
                chain(8, 9).publicDigest()));
            assertEquals(ProvingPhase.values().length, phases.cardinality(), "phases reported: " + phases);
            assertTrue(kernels.size() > 20, "kernels reported: " + kernels);
            assertTrue(copied[0] >= 3 * pk.domainSize() * Fr.BYTES, "bytes copied: " + copied[0]);
        }
    }

    /**
     * A partition of another circuit (another key, another shape) proved inside one at each of its step boundaries,
     * on the same thread and backend, as a deadline's partition is: every sum of both equals the CPU backend's, each
     * listener hears of its own partition's kernels only (as many as when it runs alone), and the nested partition's
     * memory is kept for the next one of its shape.
     */
    private static void nested(final Supplier<GpuProverBackend> backends)
    {
        try (ConstraintMatrices innerShape = RecordingAssignment.record(new PoseidonChain(1, Fr.of(1), Fr.of(2)));
             ProvingKey pk = key();
             ProvingKey inner = Groth16Setup.generate(innerShape, new SplittableRandom(8), 2, SetupProgress.NONE);
             GpuProverBackend gpu = backends.get(); CpuProverBackend cpu = new CpuProverBackend(2);
             PreparedKey outerGpu = gpu.prepare(pk); PreparedKey innerGpu = gpu.prepare(inner);
             PreparedKey outerCpu = cpu.prepare(pk); PreparedKey innerCpu = cpu.prepare(inner);
             Arena arena = Arena.ofShared();
             ProverInputs outerInputs = ProvingAssignment.synthesize(chain(3, 4));
             ProverInputs innerInputs = ProvingAssignment.synthesize(new PoseidonChain(1, Fr.of(5), Fr.of(6))))
        {
            assertTrue(inner.domainSize() != pk.domainSize(), "another shape");
            final MsmSums outerWant = cpu.prove(outerCpu, PartitionInputs.copyOf(outerInputs, pk.domainSize(), arena),
                BackendListener.NONE);
            final MsmSums innerWant = cpu.prove(innerCpu, PartitionInputs.copyOf(innerInputs, inner.domainSize(),
                arena), BackendListener.NONE);
            // each alone twice, counted the second time: a key's first partition does work once for the key
            Tally innerAlone = null;
            Tally outerAlone = null;
            for (int i = 0; i < 2; i++)
            {
                innerAlone = new Tally();
                gpu.prove(innerGpu, PartitionInputs.copyOf(innerInputs, inner.domainSize(), arena), innerAlone);
                outerAlone = new Tally();
                gpu.prove(outerGpu, PartitionInputs.copyOf(outerInputs, pk.domainSize(), arena), outerAlone);
            }

            final List<MsmSums> innerGot = new ArrayList<>();
            final List<Tally> innerTallies = new ArrayList<>();
            final Tally outerTally = new Tally()
            {
                @Override
                public void boundary(final ProvingPhase next)
                {
                    final Tally t = new Tally();
                    innerTallies.add(t);
                    innerGot.add(gpu.prove(innerGpu, PartitionInputs.copyOf(innerInputs, inner.domainSize(), arena),
                        t));
                }
            };
            final MsmSums outerGot = gpu.prove(outerGpu, PartitionInputs.copyOf(outerInputs, pk.domainSize(), arena),
                outerTally);
            sameSums(outerWant, outerGot, "the outer partition");
            assertTrue(innerGot.size() >= 3, "boundaries: " + innerGot.size());
            for (int i = 0; i < innerGot.size(); i++)
            {
                sameSums(innerWant, innerGot.get(i), "the partition nested at boundary " + i);
                assertEquals(innerAlone.counts(), innerTallies.get(i).counts(), "nested at boundary " + i);
            }
            assertEquals(outerAlone.counts(), outerTally.counts(), "the outer partition's own work");
        }
    }

    private static void sameSums(final MsmSums want, final MsmSums got, final String at)
    {
        assertArrayEquals(want.h(), got.h(), "h, " + at);
        assertArrayEquals(want.l(), got.l(), "l, " + at);
        assertArrayEquals(want.a(), got.a(), "a, " + at);
        assertArrayEquals(want.b1(), got.b1(), "b1, " + at);
        assertArrayEquals(want.b2(), got.b2(), "b2, " + at);
    }

    /** A listener that counts what it is told. */
    private static class Tally implements BackendListener
    {
        private final AtomicLong kernels = new AtomicLong();
        private final AtomicLong bytes = new AtomicLong();

        @Override
        public void kernel(final ProvingPhase phase, final String name, final long startNs, final long durationNs)
        {
            kernels.incrementAndGet();
        }

        @Override
        public void copy(final String name, final long startNs, final long durationNs, final long copied)
        {
            bytes.addAndGet(copied);
        }

        String counts()
        {
            return kernels.get() + " kernels, " + bytes.get() + " bytes copied";
        }
    }

    /**
     * Two partitions proved at once on one backend (one uploading while the other computes, as the pipeline's two
     * workers do) give the sums each gives alone, and each partition's listener hears of its own kernels and copies,
     * no more and no fewer than when it ran alone.
     */
    private static void concurrent(final Supplier<GpuProverBackend> backends) throws Exception
    {
        try (ProvingKey pk = key(); GpuProverBackend gpu = backends.get(); PreparedKey onGpu = gpu.prepare(pk);
             Arena arena = Arena.ofShared();
             ProverInputs first = ProvingAssignment.synthesize(chain(3, 4));
             ProverInputs second = ProvingAssignment.synthesize(chain(5, 6)))
        {
            final PartitionInputs[] inputs = {PartitionInputs.copyOf(first, pk.domainSize(), arena),
                PartitionInputs.copyOf(second, pk.domainSize(), arena)};
            // first use builds per-size tables (twiddles, scan scratch), credited to that partition: not compared
            gpu.prove(onGpu, inputs[0], BackendListener.NONE);
            final MsmSums[] alone = new MsmSums[2];
            final Tally[] aloneTally = {new Tally(), new Tally()};
            for (int i = 0; i < 2; i++)
            {
                alone[i] = gpu.prove(onGpu, inputs[i], aloneTally[i]);
            }
            for (int round = 0; round < 2; round++)
            {
                final Tally[] tally = {new Tally(), new Tally()};
                final CyclicBarrier start = new CyclicBarrier(2);
                final List<CompletableFuture<MsmSums>> runs = new ArrayList<>();
                for (int i = 0; i < 2; i++)
                {
                    final int at = i;
                    runs.add(CompletableFuture.supplyAsync(() ->
                    {
                        try
                        {
                            start.await();
                        }
                        catch (final Exception e)
                        {
                            throw new IllegalStateException(e);
                        }
                        return gpu.prove(onGpu, inputs[at], tally[at]);
                    }));
                }
                for (int i = 0; i < 2; i++)
                {
                    final MsmSums got = runs.get(i).get(300, TimeUnit.SECONDS);
                    final String at = "partition " + i + ", round " + round;
                    assertArrayEquals(alone[i].h(), got.h(), "h, " + at);
                    assertArrayEquals(alone[i].l(), got.l(), "l, " + at);
                    assertArrayEquals(alone[i].a(), got.a(), "a, " + at);
                    assertArrayEquals(alone[i].b1(), got.b1(), "b1, " + at);
                    assertArrayEquals(alone[i].b2(), got.b2(), "b2, " + at);
                    assertEquals(aloneTally[i].counts(), tally[i].counts(), "what was credited to " + at);
                }
            }
        }
    }

    private static void pipeline(final Supplier<GpuProverBackend> backends, final LongFunction<BufferPool> pools,
        final Path timelineDir) throws Exception
    {
        final int partitions = 3;
        final JobResult result;
        try (ConstraintMatrices cs = RecordingAssignment.record(chain(1, 2));
             ProvingKey pk = Groth16Setup.generate(cs, new SplittableRandom(5), 2, SetupProgress.NONE);
             Timeline timeline = Timeline.open(timelineDir); ProverBackend gpu = backends.get();
             BufferPool pool = pools.apply(64L << 20);
             Pipeline pipeline = new Pipeline(new PipelineConfig(1, 1, 2), List.of(gpu), pool, timeline))
        {
            final Job job = pipeline.submit(new JobSpec("gpu", 0, pk, CircuitShape.recorded(cs), partitions,
                p -> chain(20, 100 + p)));
            result = job.result().get(300, TimeUnit.SECONDS);
            final PreparedVerifyingKey pvk = new PreparedVerifyingKey(pk.vk());
            final List<Proof> proofs = Proof.splitAll(result.bytes());
            assertEquals(partitions, proofs.size());
            for (int p = 0; p < partitions; p++)
            {
                assertTrue(Groth16Verifier.verify(pvk, proofs.get(p), chain(20, 100 + p).publicDigest()), "p" + p);
                assertEquals(gpu.name(), result.devices().get(p));
            }
        }
        try (TimelineReader reader = TimelineReader.open(timelineDir))
        {
            final EventLog log = EventLog.read(reader);
            final BitSet withKernels = new BitSet();
            int copies = 0;
            for (int row = 0; row < log.size(); row++)
            {
                if (log.kind(row) == EventKind.KERNEL)
                {
                    withKernels.set(log.partition(row));
                }
                copies += log.kind(row) == EventKind.COPY ? 1 : 0;
            }
            assertEquals(partitions, withKernels.cardinality(), "partitions with KERNEL events: " + withKernels);
            assertTrue(copies >= 4 * partitions, copies + " COPY events");
        }
    }

    /**
     * The fault case alone: on CUDA in a process of its own, since the fault leaves the device's primary context
     * unusable for the rest of the process.
     */
    static void faultAlone(final Supplier<GpuProverBackend> backends)
    {
        fault(backends);
    }

    private static void fault(final Supplier<GpuProverBackend> backends)
    {
        try (ProvingKey pk = key(); GpuProverBackend gpu = backends.get(); PreparedKey onGpu = gpu.prepare(pk);
             Arena arena = Arena.ofShared();
             ProverInputs inputs = ProvingAssignment.synthesize(chain(3, 4)))
        {
            final PartitionInputs good = PartitionInputs.copyOf(inputs, pk.domainSize(), arena);
            // every bit set: more scalars with a base than A has bases, so the split's stores go out of bounds
            final BitSet all = new BitSet();
            all.set(0, (int)good.assignment().size());
            final PartitionInputs bad = new PartitionInputs(good.assignment(), good.numInputs(), good.a(), good.b(),
                good.c(), all, good.bDensity());
            final DeviceUnusableException first = assertThrows(DeviceUnusableException.class,
                () -> gpu.prove(onGpu, bad, BackendListener.NONE));
            assertTrue(first.getMessage().startsWith(gpu.name() + " is unusable"), first.getMessage());
            final PartitionInputs again = PartitionInputs.copyOf(inputs, pk.domainSize(), arena);
            assertThrows(DeviceUnusableException.class, () -> gpu.prove(onGpu, again, BackendListener.NONE));
        }
    }
}
