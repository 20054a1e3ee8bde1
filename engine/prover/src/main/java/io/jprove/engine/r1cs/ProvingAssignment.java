package io.jprove.engine.r1cs;

import io.jprove.field.Fr;

import java.lang.foreign.MemorySegment;

/**
 * Proving mode: computes the witness and, constraint by constraint, the evaluations a_k = ⟨A_k, z⟩, b_k = ⟨B_k, z⟩,
 * c_k = ⟨C_k, z⟩ and the density bitmaps, exactly as bellperson's {@code ProvingAssignment} does:
 * <ul>
 *   <li>after the circuit, one row {@code input_i × 0 = 0} per public input (ONE included): a = input_i, b = c = 0;
 *   </li>
 *   <li>A density over aux only (every input is in the A query because of those rows); B density over inputs and
 *   aux; no C density. A variable is dense when its summed coefficient in some A (resp. B) linear combination is
 *   not zero (bellperson's {@code eval_with_trackers} over merged combinations).</li>
 * </ul>
 * The hot path allocates nothing: values are read from and written to off-heap memory through scratch limbs.
 */
public final class ProvingAssignment extends BaseConstraintSystem
{
    private final Witness witness;
    private final GrowableSegment aStore;
    private final GrowableSegment bStore;
    private final GrowableSegment cStore;
    private MemorySegment a;
    private MemorySegment b;
    private MemorySegment c;
    private final DensityBitmap aAuxDensity = new DensityBitmap();
    private final DensityBitmap bInputDensity = new DensityBitmap();
    private final DensityBitmap bAuxDensity = new DensityBitmap();
    private final long[] acc = new long[Fr.LIMBS];
    private final long[] term = new long[Fr.LIMBS];
    private final LinearCombination canonical = new LinearCombination(64);

    private ProvingAssignment(final ConstraintCounts hint)
    {
        final int inputs = hint == null ? 16 : hint.numInputs();
        final int aux = hint == null ? 1024 : hint.numAux();
        final long rows = hint == null ? 1024 : hint.rows();
        witness = new Witness(inputs, aux);
        aStore = new GrowableSegment(rows * Witness.ELEMENT_BYTES);
        bStore = new GrowableSegment(rows * Witness.ELEMENT_BYTES);
        cStore = new GrowableSegment(rows * Witness.ELEMENT_BYTES);
        a = aStore.segment();
        b = bStore.segment();
        c = cStore.segment();
    }

    private ProvingAssignment(final SynthesisBuffers buffers)
    {
        witness = new Witness(buffers);
        aStore = GrowableSegment.fixed(buffers.a());
        bStore = GrowableSegment.fixed(buffers.b());
        cStore = GrowableSegment.fixed(buffers.c());
        a = aStore.segment();
        b = bStore.segment();
        c = cStore.segment();
    }

    /** Synthesizes a circuit in proving mode. @return the witness, a, b, c and densities (the caller closes it). */
    public static ProverInputs synthesize(final Circuit circuit)
    {
        return synthesize(circuit, null);
    }

    /**
     * Synthesizes a circuit in proving mode.
     *
     * @param hint the circuit's counts when known (from {@link CountingAssignment} or recorded matrices): memory is
     *             then allocated once, at its final size; null to grow as needed.
     * @return the witness, a, b, c and densities; the caller closes it.
     */
    public static ProverInputs synthesize(final Circuit circuit, final ConstraintCounts hint)
    {
        return run(new ProvingAssignment(hint), circuit);
    }

    /**
     * Synthesizes a circuit in proving mode into the caller's buffers (sized for the circuit's shape).
     *
     * @return the witness, a, b, c (views of the buffers, which closing it does not free) and densities.
     * @throws SynthesisException if the circuit outgrows a buffer.
     */
    public static ProverInputs synthesizeInto(final Circuit circuit, final SynthesisBuffers buffers)
    {
        return run(new ProvingAssignment(buffers), circuit);
    }

    private static ProverInputs run(final ProvingAssignment cs, final Circuit circuit)
    {
        try
        {
            cs.run(circuit);
            return cs.finish(circuit);
        }
        catch (final RuntimeException | Error e)
        {
            cs.closeAll();
            throw e;
        }
    }

    @Override
    public int alloc(final String annotation, final WitnessFunction value)
    {
        final int index = witness.appendAux(annotation, value);
        aAuxDensity.addElement();
        bAuxDensity.addElement();
        numAux++;
        return index;
    }

    @Override
    public int allocInput(final String annotation, final WitnessFunction value)
    {
        final int index = witness.appendInput(annotation, value);
        bInputDensity.addElement();
        numInputs++;
        return Variable.input(index);
    }

    @Override
    public void enforce(final String annotation, final LinearCombination la, final LinearCombination lb,
        final LinearCombination lc)
    {
        final long row = numConstraints;
        final long end = (row + 1) * Witness.ELEMENT_BYTES;
        a = aStore.ensure(end);
        b = bStore.ensure(end);
        c = cStore.ensure(end);
        final long at = row * Witness.ELEMENT_BYTES;
        witness.setNumConstraints(row);
        evaluate(la, null, aAuxDensity);
        Witness.store(a, at, acc);
        evaluate(lb, bInputDensity, bAuxDensity);
        Witness.store(b, at, acc);
        evaluate(lc, null, null);
        Witness.store(c, at, acc);
        numConstraints = row + 1;
    }

    @Override
    public boolean needsWitness()
    {
        return true;
    }

    @Override
    public boolean needsConstraints()
    {
        return true;
    }

    /** acc = Σ coefficient·value over the terms of {@code lc}, marking the variables of its canonical form dense. */
    private void evaluate(final LinearCombination lc, final DensityBitmap inputDensity,
        final DensityBitmap auxDensity)
    {
        final long[] sum = acc;
        final long[] t = term;
        sum[0] = 0;
        sum[1] = 0;
        sum[2] = 0;
        sum[3] = 0;
        final int n = lc.size();
        final int[] vars = lc.variableArray();
        final byte[] kinds = lc.kindArray();
        final long[] coefficients = lc.coefficientLimbs();
        for (int i = 0; i < n; i++)
        {
            witness.read(vars[i], t, 0);
            switch (kinds[i])
            {
                case LinearCombination.KIND_ONE -> Fr.add(sum, 0, sum, 0, t, 0);
                case LinearCombination.KIND_MINUS_ONE -> Fr.sub(sum, 0, sum, 0, t, 0);
                default ->
                {
                    Fr.mul(t, 0, t, 0, coefficients, i * Fr.LIMBS);
                    Fr.add(sum, 0, sum, 0, t, 0);
                }
            }
        }
        if (auxDensity != null)
        {
            mark(lc.isCanonical() ? lc : lc.normalizeInto(canonical), inputDensity, auxDensity);
        }
    }

    private static void mark(final LinearCombination lc, final DensityBitmap inputDensity,
        final DensityBitmap auxDensity)
    {
        final int[] vars = lc.variableArray();
        for (int i = 0, n = lc.size(); i < n; i++)
        {
            final int v = vars[i];
            if (v >= 0)
            {
                auxDensity.set(v);
            }
            else if (inputDensity != null)
            {
                inputDensity.set(-1 - v);
            }
        }
    }

    private ProverInputs finish(final Circuit circuit)
    {
        witness.setNumConstraints(numConstraints);
        final long rows = numConstraints + numInputs;
        a = aStore.ensure(rows * Witness.ELEMENT_BYTES);
        b = bStore.ensure(rows * Witness.ELEMENT_BYTES);
        c = cStore.ensure(rows * Witness.ELEMENT_BYTES);
        appendInputRows(witness, numConstraints, a, b, c);
        return new ProverInputs(witness, aStore, bStore, cStore, aAuxDensity, bInputDensity, bAuxDensity, circuit);
    }

    /** Writes the rows {@code input_i × 0 = 0} after the circuit's {@code numConstraints} rows. */
    static void appendInputRows(final Witness witness, final long numConstraints, final MemorySegment a,
        final MemorySegment b, final MemorySegment c)
    {
        final int inputs = witness.numInputs();
        final long from = numConstraints * Witness.ELEMENT_BYTES;
        final long bytes = inputs * Witness.ELEMENT_BYTES;
        a.asSlice(from, bytes).copyFrom(witness.inputSegment().asSlice(0, bytes));
        b.asSlice(from, bytes).fill((byte)0);
        c.asSlice(from, bytes).fill((byte)0);
    }

    private void closeAll()
    {
        witness.close();
        aStore.close();
        bStore.close();
        cStore.close();
    }
}
