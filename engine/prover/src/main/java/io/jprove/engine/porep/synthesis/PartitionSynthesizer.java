package io.jprove.engine.porep.synthesis;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;

import io.jprove.engine.porep.PartitionWitness;
import io.jprove.engine.porep.PorepCircuit;
import io.jprove.engine.porep.SectorShape;
import io.jprove.engine.r1cs.ConstraintCounts;
import io.jprove.engine.r1cs.ConstraintMatrices;
import io.jprove.engine.r1cs.ProverInputs;
import io.jprove.engine.r1cs.SynthesisBuffers;
import io.jprove.engine.r1cs.SynthesisException;
import io.jprove.engine.r1cs.Witness;
import io.jprove.field.Fr;

/**
 * Witness-only synthesis of a PoRep partition, natively and in parallel: the witness {@link PorepCircuit} would
 * compute, byte for byte, without running its gadgets. The partition is cut into {@link WitnessTask}s (the opening,
 * then per challenge its data path, 14 parents, bits, one label per layer and tail), each a run of aux values at a
 * fixed place ({@link PartitionLayout}); threads take tasks, largest first, and write them straight into the
 * witness's memory. The public inputs are written from {@link PartitionWitness#publicInputs()}.
 * <p>
 * Then a, b and c come from the shape's recorded matrices ({@link ConstraintMatrices#evaluate}), and their densities
 * are the matrices'. The gadget synthesis ({@link io.jprove.engine.r1cs.WitnessAssignment} of the circuit) is the
 * reference this is tested against. Safe for concurrent use: each call has its own threads and scratch.
 */
public final class PartitionSynthesizer
{
    private static final ValueLayout.OfLong LIMB = ValueLayout.JAVA_LONG.withOrder(ByteOrder.LITTLE_ENDIAN);

    private final SectorShape shape;
    private final PartitionLayout layout;

    private PartitionSynthesizer(final SectorShape shape)
    {
        this.shape = shape;
        this.layout = PartitionLayout.of(shape);
    }

    /** @return the synthesizer of {@code shape}'s partitions (its layout measured once per shape). */
    public static PartitionSynthesizer of(final SectorShape shape)
    {
        return new PartitionSynthesizer(shape);
    }

    /** @return public inputs (ONE included) a partition of this shape has. */
    public int numInputs()
    {
        return layout.numInputs();
    }

    /** @return aux variables a partition of this shape has. */
    public long numAux()
    {
        return layout.numAux();
    }

    /**
     * Synthesizes a partition: witness natively, then a, b, c by the matrices.
     *
     * @param matrices the shape's recorded matrices
     * @param threads  threads for the witness and for the sparse products
     * @param times    receives the witness's timings, or null
     * @return the prover's inputs; the caller closes them
     * @throws SynthesisException when the matrices are not this shape's
     */
    public ProverInputs synthesize(final PartitionWitness witness, final ConstraintMatrices matrices,
        final int threads, final WitnessTimes times)
    {
        final ConstraintCounts counts = counts(matrices);
        final Witness w = Witness.allocate(counts);
        try
        {
            writeWitness(witness, w, threads, times);
        }
        catch (final RuntimeException | Error e)
        {
            w.close();
            throw e;
        }
        return matrices.evaluate(w, PorepCircuit.withWitness(witness), threads);
    }

    /**
     * As {@link #synthesize}, into the caller's buffers (pooled, page-locked where a GPU is).
     *
     * @return the prover's inputs, views of the buffers
     */
    public ProverInputs synthesizeInto(final PartitionWitness witness, final ConstraintMatrices matrices,
        final SynthesisBuffers buffers, final int threads, final WitnessTimes times)
    {
        final Witness w = Witness.over(buffers, counts(matrices));
        writeWitness(witness, w, threads, times);
        return matrices.evaluate(w, PorepCircuit.withWitness(witness), threads, buffers);
    }

    /**
     * @return the counts of {@code matrices}, checked against this shape's layout
     * @throws SynthesisException when they differ: the matrices are another circuit's
     */
    public ConstraintCounts counts(final ConstraintMatrices matrices)
    {
        if (matrices.numAux() != layout.numAux() || matrices.numInputs() != layout.numInputs())
        {
            throw new SynthesisException("the recorded matrices have " + matrices.numInputs() + " inputs and "
                + matrices.numAux() + " aux variables, a " + shape.name() + " partition " + layout.numInputs()
                + " and " + layout.numAux());
        }
        return matrices.counts();
    }

    /**
     * Writes a partition's witness into {@code target} (ONE and the public inputs, the aux values) and attaches each
     * value's kind, which the sparse product reads ({@link Witness#attachKinds}).
     *
     * @param target  a witness of this shape's counts ({@link #numInputs()}, {@link #numAux()})
     * @param threads threads to write with (the caller's among them)
     * @param times   receives the timings, or null
     * @throws IllegalArgumentException when the witness is of another shape or the target of other counts
     */
    public void writeWitness(final PartitionWitness witness, final Witness target, final int threads,
        final WitnessTimes times)
    {
        if (!witness.shape().equals(shape))
        {
            throw new IllegalArgumentException("a " + witness.shape().name() + " witness given to the " + shape.name()
                + " synthesizer");
        }
        if (target.numInputs() != numInputs() || target.numAux() != numAux())
        {
            throw new IllegalArgumentException("a witness of " + target.numInputs() + " inputs and "
                + target.numAux() + " aux variables; a " + shape.name() + " partition has " + numInputs() + " and "
                + numAux());
        }
        final long t0 = System.nanoTime();
        final MemorySegment aux = target.auxMemory();
        final byte[] kinds = new byte[Math.toIntExact(numInputs() + numAux())];
        writeInputs(witness, target.inputMemory(), kinds);
        final List<Slot> slots = slots();
        final long[] nanos = new long[slots.size()];
        final AtomicInteger next = new AtomicInteger();
        final AtomicReference<Throwable> failure = new AtomicReference<>();
        final Runnable worker = () ->
        {
            final TaskWriter writer = new TaskWriter(witness);
            final AuxWriter out = AuxWriter.into(aux, kinds, numInputs());
            // after a failure the other threads stop at their next task
            int i = next.getAndIncrement();
            while (i < slots.size() && failure.get() == null)
            {
                final Slot s = slots.get(i);
                final long start = System.nanoTime();
                out.reset(s.first, s.size, s.name());
                writer.write(out, s.kind, s.challenge, s.sub);
                out.finish();
                nanos[i] = System.nanoTime() - start;
                i = next.getAndIncrement();
            }
        };
        runParallel(worker, Math.max(1, threads), failure);
        target.attachKinds(kinds);
        if (times != null)
        {
            for (int i = 0; i < slots.size(); i++)
            {
                times.task(slots.get(i).kind, slots.get(i).challenge, nanos[i]);
            }
            times.witness(System.nanoTime() - t0, Math.max(1, threads));
        }
    }

    private static void writeInputs(final PartitionWitness witness, final MemorySegment inputs, final byte[] kinds)
    {
        final long[] values = witness.publicInputs();
        MemorySegment.copy(Fr.one(), 0, inputs, LIMB, 0, Fr.LIMBS);
        MemorySegment.copy(values, 0, inputs, LIMB, Fr.LIMBS * 8L, values.length);
        kinds[0] = Witness.KIND_ONE;
        for (int i = 0; i < values.length / Fr.LIMBS; i++)
        {
            kinds[1 + i] = Fr.isZero(values, i * Fr.LIMBS) ? Witness.KIND_ZERO
                : Fr.isOne(values, i * Fr.LIMBS) ? Witness.KIND_ONE : Witness.KIND_OTHER;
        }
    }

    /** A task of the partition, placed: the header, then every challenge's tasks; largest first. */
    private record Slot(WitnessTask kind, int challenge, int sub, long first, long size)
    {
        String name()
        {
            return kind == WitnessTask.HEADER ? "the partition's header" : "challenge " + challenge + "'s "
                + kind.name().toLowerCase(java.util.Locale.ROOT) + (kind == WitnessTask.PARENT ? " " + sub
                : kind == WitnessTask.LABEL ? " of layer " + sub : "");
        }
    }

    private List<Slot> slots()
    {
        final List<Slot> slots = new ArrayList<>();
        slots.add(new Slot(WitnessTask.HEADER, -1, 0, 0, layout.headerAux()));
        for (int c = 0; c < layout.challenges(); c++)
        {
            final long base = layout.headerAux() + c * layout.perChallengeAux();
            for (final PartitionLayout.Task t : layout.tasks())
            {
                slots.add(new Slot(t.kind(), c, t.sub(), base + t.offset(), t.size()));
            }
        }
        slots.sort(Comparator.comparingLong(Slot::size).reversed());
        return slots;
    }

    private static void runParallel(final Runnable worker, final int threads, final AtomicReference<Throwable> failure)
    {
        final Runnable guarded = () ->
        {
            try
            {
                worker.run();
            }
            catch (final RuntimeException | Error e)
            {
                failure.compareAndSet(null, e);
            }
        };
        final Thread[] pool = new Thread[threads - 1];
        for (int i = 0; i < pool.length; i++)
        {
            pool[i] = Thread.ofPlatform().name("jprove-witness-" + i).start(guarded);
        }
        guarded.run();
        for (final Thread t : pool)
        {
            try
            {
                t.join();
            }
            catch (final InterruptedException e)
            {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted while writing a witness", e);
            }
        }
        final Throwable f = failure.get();
        if (f instanceof final RuntimeException re)
        {
            throw re;
        }
        if (f instanceof final Error error)
        {
            throw error;
        }
    }
}
