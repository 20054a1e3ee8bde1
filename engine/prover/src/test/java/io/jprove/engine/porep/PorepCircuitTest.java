package io.jprove.engine.porep;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import io.jprove.engine.gadgets.AllocatedBit;
import io.jprove.engine.gadgets.Boolean;
import io.jprove.engine.gadgets.merkle.TreeShape;
import io.jprove.engine.r1cs.Circuit;
import io.jprove.engine.r1cs.CountingAssignment;
import io.jprove.engine.r1cs.ProverInputs;
import io.jprove.engine.r1cs.ProvingAssignment;
import io.jprove.engine.r1cs.UnsatisfiedConstraintException;
import io.jprove.field.Fr;

/**
 * The partition circuit: counts of every preset as the sum of its gadgets' costs (each checked against
 * rust-fil-proofs or neptune elsewhere; 32 GiB's is rust-fil-proofs' published 130,278,541), satisfying random
 * witnesses whose public inputs are generate_public_inputs', and a wrong label refused. Its R1CS against Filecoin's
 * own: the reference circuits' test.
 */
class PorepCircuitTest
{
    /** bellperson's {@code to_bits_le}: 255 booleanity constraints and one unpacking constraint. */
    private static final long UNPACK = 256;
    /** A binary SHA-256 Merkle level: storage-proofs' 6-level test (272,295) less its 3 final constraints, / 6. */
    private static final long SHA256_LEVEL = (272_295 - 3) / 6;

    @ParameterizedTest
    @ValueSource(strings = {"tiny", "2KiB", "8MiB", "512MiB", "32GiB", "64GiB"})
    void shouldCostTheSumOfItsGadgets(final String preset)
    {
        final SectorShape shape = SectorShape.preset(preset);
        if (!preset.endsWith("GiB"))
        {
            assertEquals(expectedConstraints(shape), CountingAssignment.count(new PorepCircuit(shape, 1))
                .numConstraints());
        }
        if (preset.equals("32GiB"))
        {
            assertEquals(130_278_541L, expectedConstraints(shape));
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"tiny", "2KiB"})
    void shouldBeSatisfiedByItsRandomWitness(final String preset)
    {
        final PorepCircuit circuit = new PorepCircuit(SectorShape.preset(preset), 42);
        try (ProverInputs p = ProvingAssignment.synthesize(circuit))
        {
            p.checkSatisfied();
            final long[] expected = circuit.witness().publicInputs();
            final int inputs = p.witness().numInputs();
            assertEquals(1 + expected.length / Fr.LIMBS, inputs);
            final long[] actual = new long[inputs * Fr.LIMBS];
            for (int i = 0; i < inputs; i++)
            {
                p.witness().inputs().get(i, actual, i * Fr.LIMBS);
            }
            assertArrayEquals(Fr.one(), java.util.Arrays.copyOf(actual, Fr.LIMBS));
            assertArrayEquals(expected, java.util.Arrays.copyOfRange(actual, Fr.LIMBS, actual.length));
        }
    }

    @Test
    void shouldBeUnsatisfiedWhenALabelIsWrong()
    {
        final SectorShape shape = SectorShape.preset("tiny");
        final PartitionWitness good = PorepWitness.random(shape, 7);
        final ChallengeWitness c = good.challenges().getFirst();
        final long[][] columns = c.parentColumns().clone();
        columns[3] = columns[3].clone();
        columns[3][0] ^= 1;
        final ChallengeWitness bad = new ChallengeWitness(c.node(), c.dataLeaf(), c.dataPath(), c.parents(), columns,
            c.parentPaths(), c.replicaPath(), c.columnPath());
        final PartitionWitness tampered = new PartitionWitness(shape, good.replicaId(), good.commD(), good.commR(),
            good.commRLast(), good.commC(), good.seed(), good.k(), List.of(bad));
        try (ProverInputs p = ProvingAssignment.synthesize(PorepCircuit.withWitness(tampered)))
        {
            assertThrows(UnsatisfiedConstraintException.class, p::checkSatisfied);
        }
    }

    /** The partition's constraints as the sum of its parts, in the order StackedCircuit synthesizes them. */
    static long expectedConstraints(final SectorShape shape)
    {
        final int layers = shape.layers();
        final long top = 1 + UNPACK + 1 + 1 + poseidon(2) + 1;
        final long dataPath = shape.dataTree().levels() * SHA256_LEVEL + packing(shape.dataTree()) + 1;
        final long replicaPath = replicaPath(shape.replicaTree());
        long labels = 0;
        for (int layer = 1; layer <= layers; layer++)
        {
            labels += (layer == 1 ? 6 : 14) * UNPACK + labelWithAllocatedNode();
        }
        final long perChallenge = dataPath + 14 * (poseidon(layers) + replicaPath) + 64 + 1 + labels + 1
            + replicaPath + poseidon(layers) + replicaPath;
        return top + shape.challenges() * perChallenge;
    }

    /** Neptune's counts: 3·arity + 4·(7t + R_P) + 1; 311 for arity 2 and 598 for 11 are rust-fil-proofs' figures. */
    private static long poseidon(final int arity)
    {
        final int partial = switch (arity)
        {
            case 2 -> 55;
            case 4 -> 56;
            default -> 57;
        };
        return 3L * arity + 4L * (7 * (arity + 1) + partial) + 1;
    }

    private static long replicaPath(final TreeShape tree)
    {
        long total = 0;
        for (final int arity : tree.levelArities())
        {
            final int bits = Integer.numberOfTrailingZeros(arity);
            final long insert = switch (arity)
            {
                case 2 -> 2;
                case 4 -> 8;
                case 8 -> 22;
                default -> (long)arity * (arity - 1);
            };
            total += bits + insert + poseidon(arity);
        }
        return total + packing(tree) + 1;
    }

    private static long packing(final TreeShape tree)
    {
        return (tree.indexBits() + 253) / 254;
    }

    /**
     * The label with the node as allocated bits, measured: bits allocated around it are subtracted. Replica id and
     * parents are unpacked Fr elements, so the top bit of their byte 31 is the constant 0, as in the circuit.
     */
    private static long labelWithAllocatedNode()
    {
        final Circuit circuit = cs ->
        {
            final Boolean[] replica = frBits(cs);
            final Boolean[] node = bits(cs, 64);
            final Boolean[][] parents = new Boolean[SdrLabel.TOTAL_PARENTS][];
            for (int k = 0; k < parents.length; k++)
            {
                parents[k] = frBits(cs);
            }
            LabelGadget.createLabel(cs, replica, 5, node, parents);
        };
        return CountingAssignment.count(circuit).numConstraints() - 255 - 64 - 255L * SdrLabel.TOTAL_PARENTS;
    }

    /** 256 bits, most significant of each byte first, the top bit of byte 31 the constant 0. */
    private static Boolean[] frBits(final io.jprove.engine.r1cs.ConstraintSystem cs)
    {
        final Boolean[] b = bits(cs, 255);
        final Boolean[] out = java.util.Arrays.copyOf(b, 256);
        System.arraycopy(b, 248, out, 249, 7);
        out[248] = Boolean.FALSE;
        return out;
    }

    private static Boolean[] bits(final io.jprove.engine.r1cs.ConstraintSystem cs, final int n)
    {
        final Boolean[] b = new Boolean[n];
        for (int i = 0; i < n; i++)
        {
            b[i] = Boolean.of(AllocatedBit.alloc(cs, "bit", false));
        }
        return b;
    }
}
