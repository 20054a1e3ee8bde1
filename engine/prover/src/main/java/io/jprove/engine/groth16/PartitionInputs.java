package io.jprove.engine.groth16;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.BitSet;

import io.jprove.engine.r1cs.ConstraintCounts;
import io.jprove.engine.r1cs.ConstraintMatrices;
import io.jprove.engine.r1cs.DensityBitmap;
import io.jprove.engine.r1cs.ProverInputs;
import io.jprove.engine.r1cs.SynthesisBuffers;
import io.jprove.engine.r1cs.Witness;
import io.jprove.field.FrVector;
import io.jprove.kernels.spmv.PackedWitness;

/**
 * What one partition's proof consumes on a {@link ProverBackend}, in the design's layout (Fr, Montgomery form, 32
 * bytes per element). The memory is the caller's (pooled buffers in the pipeline); the backend reads it and may
 * overwrite a, b and c (the H chain runs in place), so they are consumed by one proof.
 *
 * @param assignment the full assignment z = (inputs, aux): ONE first, then the public inputs, then the aux variables.
 * @param numInputs  public inputs, ONE included: z[0 .. numInputs) are inputs.
 * @param a          ⟨A_k, z⟩ for every row, zero-padded to the domain size m (a power of two), natural order.
 * @param b          ⟨B_k, z⟩, likewise.
 * @param c          ⟨C_k, z⟩, likewise.
 * @param aDensity   over z: bit i set when variable i has a point in the key's a query (bellperson: every input and
 *                   the aux variables of some A row).
 * @param bDensity   over z: bit i set when variable i has points in the b queries.
 * @param matrices   null when a, b, c hold the products; else the circuit's matrices, and a, b, c are left to the
 *                   backend: a GPU backend evaluates them on the device from its resident copy of A and B
 *                   ({@link io.jprove.kernels.spmv.GpuSpmv}), any other first on the host ({@link #withProducts}).
 * @param packed     with matrices, the assignment packed for the upload (in memory of a, b, c, which it then holds),
 *                   or null to upload it whole.
 */
public record PartitionInputs(FrVector assignment, int numInputs, FrVector a, FrVector b, FrVector c,
    BitSet aDensity, BitSet bDensity, ConstraintMatrices matrices, PackedWitness packed)
{
    /** Checks the sizes. */
    public PartitionInputs
    {
        final long m = a.size();
        if (m == 0 || Long.bitCount(m) != 1 || b.size() != m || c.size() != m)
        {
            throw new IllegalArgumentException("a, b, c must have one power-of-two length; got " + a.size() + ", "
                + b.size() + ", " + c.size());
        }
        if (numInputs < 1 || numInputs > assignment.size())
        {
            throw new IllegalArgumentException(numInputs + " inputs in an assignment of " + assignment.size());
        }
        if (packed != null && (matrices == null || packed.elements() != assignment.size()))
        {
            throw new IllegalArgumentException("a packed witness of " + packed.elements() + " elements for an "
                + "assignment of " + assignment.size() + (matrices == null ? " without matrices" : ""));
        }
        if (matrices != null && (matrices.numInputs() != numInputs || matrices.numInputs() + (long)matrices.numAux()
            != assignment.size() || matrices.numConstraints() + numInputs > m))
        {
            throw new IllegalArgumentException("matrices of " + matrices.counts() + " for an assignment of "
                + assignment.size() + " (" + numInputs + " inputs) and a domain of " + m);
        }
    }

    /** A partition whose a, b, c hold the products. */
    public PartitionInputs(final FrVector assignment, final int numInputs, final FrVector a, final FrVector b,
        final FrVector c, final BitSet aDensity, final BitSet bDensity)
    {
        this(assignment, numInputs, a, b, c, aDensity, bDensity, null, null);
    }

    /**
     * @param threads threads for the sparse products.
     * @return this when a, b, c hold the products; else the same partition once they are evaluated on the host from
     *         {@link #matrices()} into a, b, c (zero-padded to m, over the packed witness), as synthesis would have.
     */
    public PartitionInputs withProducts(final int threads)
    {
        if (matrices == null)
        {
            return this;
        }
        final long inputBytes = (long)numInputs * FrVector.ELEMENT_BYTES;
        final MemorySegment z = assignment.segment();
        final SynthesisBuffers buffers = new SynthesisBuffers(z.asSlice(0, inputBytes), z.asSlice(inputBytes),
            a.segment(), b.segment(), c.segment());
        final ConstraintCounts counts = matrices.counts();
        try (ProverInputs evaluated = matrices.evaluate(Witness.over(buffers, counts), null, threads, buffers))
        {
            final long from = evaluated.rows() * FrVector.ELEMENT_BYTES;
            a.segment().asSlice(from).fill((byte)0);
            b.segment().asSlice(from).fill((byte)0);
            c.segment().asSlice(from).fill((byte)0);
        }
        return new PartitionInputs(assignment, numInputs, a, b, c, aDensity, bDensity);
    }

    /** @return m, the NTT domain size. */
    public long domainSize()
    {
        return a.size();
    }

    /** @return aux variables: z's length minus the inputs. */
    public int numAux()
    {
        return Math.toIntExact(assignment.size() - numInputs);
    }

    /**
     * Copies a synthesized partition into fresh vectors of {@code arena}: z gathered from the witness, a, b, c padded
     * with zeros to m.
     *
     * @param inputs the synthesis result; left as it was.
     * @param m      the domain size, at least the rows.
     */
    public static PartitionInputs copyOf(final ProverInputs inputs, final long m, final Arena arena)
    {
        final FrVector in = inputs.witness().inputs();
        final FrVector aux = inputs.witness().aux();
        final FrVector z = FrVector.allocate(arena, in.size() + aux.size());
        MemorySegment.copy(in.segment(), 0, z.segment(), 0, in.segment().byteSize());
        MemorySegment.copy(aux.segment(), 0, z.segment(), in.segment().byteSize(), aux.segment().byteSize());
        return new PartitionInputs(z, inputs.witness().numInputs(), FrVectors.copyPadded(inputs.a(), m, arena),
            FrVectors.copyPadded(inputs.b(), m, arena), FrVectors.copyPadded(inputs.c(), m, arena),
            aDensity(inputs), bDensity(inputs));
    }

    /** @return the A density over z of a synthesized partition: every input, then its aux density. */
    public static BitSet aDensity(final ProverInputs inputs)
    {
        return aDensity(inputs.witness().numInputs(), inputs.aAuxDensity());
    }

    /** @return the B density over z of a synthesized partition: its input density, then its aux density. */
    public static BitSet bDensity(final ProverInputs inputs)
    {
        return bDensity(inputs.witness().numInputs(), inputs.bInputDensity(), inputs.bAuxDensity());
    }

    /** @return the A density over z of a partition of these matrices (the same for every witness). */
    public static BitSet aDensity(final ConstraintMatrices matrices)
    {
        return aDensity(matrices.numInputs(), matrices.aAuxDensity());
    }

    /** @return the B density over z of a partition of these matrices. */
    public static BitSet bDensity(final ConstraintMatrices matrices)
    {
        return bDensity(matrices.numInputs(), matrices.bInputDensity(), matrices.bAuxDensity());
    }

    private static BitSet aDensity(final int n, final DensityBitmap aux)
    {
        final BitSet bits = shifted(aux, n);
        bits.set(0, n);
        return bits;
    }

    private static BitSet bDensity(final int n, final DensityBitmap inputs, final DensityBitmap aux)
    {
        final BitSet bits = shifted(aux, n);
        bits.or(BitSet.valueOf(inputs.toWords()));
        return bits;
    }

    private static BitSet shifted(final DensityBitmap aux, final int by)
    {
        final BitSet source = BitSet.valueOf(aux.toWords());
        final BitSet out = new BitSet(by + aux.size());
        for (int i = source.nextSetBit(0); i >= 0; i = source.nextSetBit(i + 1))
        {
            out.set(by + i);
        }
        return out;
    }
}
