package io.jprove.engine.r1cs;

import io.jprove.field.Fr;
import io.jprove.field.FrVector;

import java.lang.foreign.MemorySegment;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.IntStream;

/**
 * What the Groth16 prover consumes from synthesis: the witness z = (inputs, aux), the evaluation vectors a, b, c
 * (one entry per constraint, then one {@code input_i × 0 = 0} row per public input: {@link #rows()} entries each,
 * FrVector layout), and the densities of the A and B queries.
 * <p>
 * Owns the off-heap memory of all of them, the witness included; {@link #close()} frees it.
 */
public final class ProverInputs implements AutoCloseable
{
    private static final int CHECK_CHUNK_ROWS = 1 << 14;

    private final Witness witness;
    private final GrowableSegment aStore;
    private final GrowableSegment bStore;
    private final GrowableSegment cStore;
    private final DensityBitmap aAuxDensity;
    private final DensityBitmap bInputDensity;
    private final DensityBitmap bAuxDensity;
    private final Circuit circuit;

    ProverInputs(final Witness witness, final GrowableSegment aStore, final GrowableSegment bStore,
        final GrowableSegment cStore, final DensityBitmap aAuxDensity, final DensityBitmap bInputDensity,
        final DensityBitmap bAuxDensity, final Circuit circuit)
    {
        this.witness = witness;
        this.aStore = aStore;
        this.bStore = bStore;
        this.cStore = cStore;
        this.aAuxDensity = aAuxDensity;
        this.bInputDensity = bInputDensity;
        this.bAuxDensity = bAuxDensity;
        this.circuit = circuit;
    }

    /** @return the witness (owned by this object). */
    public Witness witness()
    {
        return witness;
    }

    /** @return the circuit's constraints, without the input rows. */
    public long numConstraints()
    {
        return witness.numConstraints();
    }

    /** @return entries of a, b, c: constraints plus one row per public input. */
    public long rows()
    {
        return witness.numConstraints() + witness.numInputs();
    }

    /** @return a_k = ⟨A_k, z⟩ for every row. */
    public FrVector a()
    {
        return vector(aStore);
    }

    /** @return b_k = ⟨B_k, z⟩ for every row. */
    public FrVector b()
    {
        return vector(bStore);
    }

    /** @return c_k = ⟨C_k, z⟩ for every row. */
    public FrVector c()
    {
        return vector(cStore);
    }

    /** @return aux variables in the A query; every input is in it. */
    public DensityBitmap aAuxDensity()
    {
        return aAuxDensity;
    }

    /** @return inputs in the B queries. */
    public DensityBitmap bInputDensity()
    {
        return bInputDensity;
    }

    /** @return aux variables in the B queries. */
    public DensityBitmap bAuxDensity()
    {
        return bAuxDensity;
    }

    /**
     * Checks a_k·b_k = c_k for every row, in parallel (one multiplication per row, from the vectors).
     *
     * @throws UnsatisfiedConstraintException for the first failing row; when the circuit is known it is
     *     synthesized again, without witness, to name the constraint's namespaces and annotation.
     */
    public void checkSatisfied()
    {
        final long rows = rows();
        final MemorySegment a = aStore.segment();
        final MemorySegment b = bStore.segment();
        final MemorySegment c = cStore.segment();
        final AtomicLong first = new AtomicLong(Long.MAX_VALUE);
        final int chunks = (int)((rows + CHECK_CHUNK_ROWS - 1) / CHECK_CHUNK_ROWS);
        IntStream.range(0, chunks).parallel().forEach(chunk ->
        {
            final long[] x = new long[Fr.LIMBS];
            final long[] y = new long[Fr.LIMBS];
            final long[] z = new long[Fr.LIMBS];
            final long from = (long)chunk * CHECK_CHUNK_ROWS;
            final long to = Math.min(rows, from + CHECK_CHUNK_ROWS);
            for (long k = from; k < to && k < first.get(); k++)
            {
                final long at = k * Witness.ELEMENT_BYTES;
                Witness.load(a, at, x, 0);
                Witness.load(b, at, y, 0);
                Witness.load(c, at, z, 0);
                Fr.mul(x, 0, x, 0, y, 0);
                if (!Fr.equal(x, 0, z, 0))
                {
                    first.accumulateAndGet(k, Math::min);
                    return;
                }
            }
        });
        final long bad = first.get();
        if (bad != Long.MAX_VALUE)
        {
            throw circuit != null && bad < numConstraints() ? ConstraintLocator.locate(circuit, bad)
                : new UnsatisfiedConstraintException(bad, null, null);
        }
    }

    private FrVector vector(final GrowableSegment store)
    {
        return FrVector.wrap(store.segment().asSlice(0, rows() * Witness.ELEMENT_BYTES));
    }

    @Override
    public void close()
    {
        witness.close();
        aStore.close();
        bStore.close();
        cStore.close();
    }
}
