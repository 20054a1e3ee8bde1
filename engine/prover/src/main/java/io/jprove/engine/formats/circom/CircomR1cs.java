package io.jprove.engine.formats.circom;

import io.jprove.engine.r1cs.ConstraintSystem;
import io.jprove.engine.r1cs.LinearCombination;
import io.jprove.engine.r1cs.Variable;
import io.jprove.field.Fr;

import java.nio.file.Path;

/**
 * A circom {@code .r1cs} file (iden3 "r1cs" format, version 1), memory-mapped and validated when opened: the header
 * section (field size, prime — which must be BLS12-381's r —, nWires, nPubOut, nPubIn, nPrvIn, nLabels,
 * nConstraints), the constraints section (per constraint, A, B, C as a u32 count of {u32 wire, 32-byte canonical
 * little-endian coefficient}; the constraint is A·B − C = 0) and, when present, the wire-to-label map (u64 per wire).
 * <p>
 * Wires map to jprove variables so that a circom proof's public inputs are jprove's: wire 0 (the constant 1) is
 * {@link Variable#ONE}; wires 1..nPubOut+nPubIn (outputs, then public inputs) are inputs 1..; every later wire
 * (private inputs, then intermediate signals) is aux {@code wire − nPublic − 1}.
 */
public final class CircomR1cs implements AutoCloseable
{
    static final int HEADER = 1;
    static final int CONSTRAINTS = 2;
    static final int WIRE_MAP = 3;
    private static final String[] SECTIONS = {"", "header", "constraints", "wire-to-label map"};
    private static final int TERM_BYTES = 4 + Fr.BYTES;

    private final BinaryContainer container;
    private final int numWires;
    private final int numPublicOutputs;
    private final int numPublicInputs;
    private final int numPrivateInputs;
    private final long numLabels;
    private final int numConstraints;
    private final long constraintsAt;

    private CircomR1cs(final BinaryContainer c)
    {
        container = c;
        long at = c.requireScalarField(HEADER, c.section(HEADER));
        c.require(HEADER, at, 28, "the counts");
        numWires = c.u32(at);
        numPublicOutputs = c.u32(at + 4);
        numPublicInputs = c.u32(at + 8);
        numPrivateInputs = c.u32(at + 12);
        numLabels = c.u64(at + 16);
        numConstraints = c.u32(at + 24);
        if (numWires < 1 || numPublicOutputs < 0 || numPublicInputs < 0 || numPrivateInputs < 0
            || (long)numPublicOutputs + numPublicInputs + numPrivateInputs >= numWires)
        {
            throw c.error("header", at, "counts nWires " + Integer.toUnsignedString(numWires) + ", nPubOut "
                + Integer.toUnsignedString(numPublicOutputs) + ", nPubIn " + Integer.toUnsignedString(numPublicInputs)
                + ", nPrvIn " + Integer.toUnsignedString(numPrivateInputs) + " are inconsistent (1 + outputs + inputs "
                + "must fit in nWires, at most 2^31 − 1)");
        }
        if (numConstraints < 0)
        {
            throw c.error("header", at + 24, "more than 2^31 − 1 constraints");
        }
        at += 28;
        if (at != c.section(HEADER) + c.sectionSize(HEADER))
        {
            throw c.error("header", at, "section is " + c.sectionSize(HEADER) + " bytes, its fields end at "
                + (at - c.section(HEADER)));
        }
        constraintsAt = c.section(CONSTRAINTS);
        validateConstraints();
        validateWireMap();
    }

    /**
     * Maps and validates a {@code .r1cs} file.
     *
     * @throws io.jprove.engine.r1cs.MalformedFileException naming file, section and byte offset of what is wrong.
     */
    public static CircomR1cs open(final Path file)
    {
        final BinaryContainer c = BinaryContainer.open(file, "r1cs", 1, SECTIONS);
        try
        {
            return new CircomR1cs(c);
        }
        catch (final RuntimeException | Error e)
        {
            c.close();
            throw e;
        }
    }

    private void validateConstraints()
    {
        final long[] limbs = new long[Fr.LIMBS];
        long at = constraintsAt;
        for (int k = 0; k < numConstraints; k++)
        {
            for (int m = 0; m < 3; m++)
            {
                container.require(CONSTRAINTS, at, 4, "the term count of constraint " + k);
                final long terms = Integer.toUnsignedLong(container.u32(at));
                at += 4;
                container.require(CONSTRAINTS, at, terms * TERM_BYTES, terms + " terms of constraint " + k);
                for (long t = 0; t < terms; t++, at += TERM_BYTES)
                {
                    final long wire = Integer.toUnsignedLong(container.u32(at));
                    if (wire >= numWires)
                    {
                        throw container.error("constraints", at, "constraint " + k + " names wire " + wire
                            + ", not below nWires " + numWires);
                    }
                    container.readElement(CONSTRAINTS, at + 4, limbs, 0, "coefficient of wire " + wire
                        + " in constraint " + k);
                }
            }
        }
        final long end = constraintsAt + container.sectionSize(CONSTRAINTS);
        if (at != end)
        {
            throw container.error("constraints", at, (end - at) + " bytes follow the last of " + numConstraints
                + " constraints");
        }
    }

    private void validateWireMap()
    {
        if (container.has(WIRE_MAP) && container.sectionSize(WIRE_MAP) != 8L * numWires)
        {
            throw container.error("wire-to-label map", container.section(WIRE_MAP), "section is "
                + container.sectionSize(WIRE_MAP) + " bytes, " + numWires + " wires need " + 8L * numWires);
        }
    }

    /** @return wires, the constant wire 0 included. */
    public int numWires()
    {
        return numWires;
    }

    /** @return public outputs. */
    public int numPublicOutputs()
    {
        return numPublicOutputs;
    }

    /** @return public inputs (circom's, not counting ONE or the outputs). */
    public int numPublicInputs()
    {
        return numPublicInputs;
    }

    /** @return private inputs. */
    public int numPrivateInputs()
    {
        return numPrivateInputs;
    }

    /** @return labels (signals before optimisation). */
    public long numLabels()
    {
        return numLabels;
    }

    /** @return constraints. */
    public int numConstraints()
    {
        return numConstraints;
    }

    /** @return outputs plus public inputs: the wires 1..numPublic that become jprove inputs 1... */
    public int numPublic()
    {
        return numPublicOutputs + numPublicInputs;
    }

    /** @return the jprove variable handle of a wire (see the class comment). */
    public int variable(final int wire)
    {
        if (wire == 0)
        {
            return Variable.ONE;
        }
        return wire <= numPublic() ? Variable.input(wire) : Variable.aux(wire - numPublic() - 1);
    }

    /** @return the file read. */
    public Path file()
    {
        return container.file();
    }

    /** Enforces every constraint on {@code cs}, in file order, with wires mapped by {@link #variable}. */
    void replay(final ConstraintSystem cs)
    {
        final LinearCombination[] lc = {new LinearCombination(), new LinearCombination(), new LinearCombination()};
        final boolean read = cs.needsConstraints();
        final long[] coefficient = new long[Fr.LIMBS];
        long at = constraintsAt;
        for (int k = 0; k < numConstraints; k++)
        {
            for (int m = 0; m < 3; m++)
            {
                lc[m].clear();
                final long terms = Integer.toUnsignedLong(container.u32(at));
                at += 4;
                if (read)
                {
                    for (long t = 0; t < terms; t++)
                    {
                        final long p = at + t * TERM_BYTES;
                        for (int i = 0; i < Fr.LIMBS; i++)
                        {
                            coefficient[i] = container.u64(p + 4 + 8L * i);
                        }
                        Fr.FIELD.canonicalToMontgomery(coefficient, 0);
                        lc[m].add(coefficient, 0, variable(container.u32(p)));
                    }
                }
                at += terms * TERM_BYTES;
            }
            cs.enforce("circom constraint", lc[0], lc[1], lc[2]);
        }
    }

    @Override
    public void close()
    {
        container.close();
    }
}
