package io.jprove.engine.gadgets.merkle;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.SplittableRandom;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;

import io.jprove.engine.gadgets.AllocatedNum;
import io.jprove.engine.r1cs.Circuit;
import io.jprove.engine.r1cs.ConstraintCounts;
import io.jprove.engine.r1cs.CountingAssignment;
import io.jprove.engine.r1cs.ProverInputs;
import io.jprove.engine.r1cs.ProvingAssignment;
import io.jprove.engine.r1cs.UnsatisfiedConstraintException;
import io.jprove.field.Fr;

/**
 * Inclusion proofs against full trees computed independently here, level by level, with the counts storage-proofs'
 * {@code por_circuit} tests assert (64 leaves per base tree, public root: path and root are the two inputs).
 */
class InclusionGadgetTest
{
    @ParameterizedTest(name = "{0} {1}-{2}-{3}: {4} constraints")
    @CsvSource({
        "SHA256, 2, 0, 0, 272295",
        "SHA256, 4, 0, 0, 216258",
        "SHA256, 8, 0, 0, 250987",
        "POSEIDON, 2, 0, 0, 1887",
        "POSEIDON, 4, 0, 0, 1164",
        "POSEIDON, 8, 0, 0, 1063",
        "POSEIDON, 8, 2, 0, 1377",
        "POSEIDON, 8, 8, 0, 1593",
        "POSEIDON, 8, 4, 2, 1764",
        "POSEIDON, 8, 8, 2, 1907",
        "POSEIDON, 8, 2, 4, 1764",
    })
    void shouldMatchNativeRootAndPorCircuitCount(final TreeHasher hasher, final int base, final int sub, final int top,
        final long constraints)
    {
        final long leaves = 64L * Math.max(1, sub) * Math.max(1, top);
        final TreeShape shape = TreeShape.forLeaves(hasher, leaves, base, sub, top);
        final SplittableRandom rng = new SplittableRandom(base * 100 + sub * 10 + top);
        final long[][][] tree = fullTree(shape, rng);
        final long[] root = tree[tree.length - 1][0];
        // SHA-256 paths are 10^5 constraints: one index, the rest every position class
        final long[] indices = hasher == TreeHasher.SHA256 ? new long[] {rng.nextLong(leaves)}
            : new long[] {0, leaves - 1, rng.nextLong(leaves)};
        for (final long index : indices)
        {
            final MerklePath path = pathOf(shape, tree, index);
            assertArrayEquals(root, path.root(tree[0][(int)index]), "native root of leaf " + index);
            final Circuit circuit = porCircuit(tree[0][(int)index], path, root);
            final ConstraintCounts counts = CountingAssignment.count(circuit);
            assertEquals(constraints, counts.numConstraints());
            assertEquals(3, counts.numInputs());
            try (ProverInputs p = ProvingAssignment.synthesize(circuit))
            {
                p.checkSatisfied();
                final long[] inputs = new long[3 * Fr.LIMBS];
                for (int i = 0; i < 3; i++)
                {
                    p.witness().inputs().get(i, inputs, i * Fr.LIMBS);
                }
                assertArrayEquals(Fr.of(index), java.util.Arrays.copyOfRange(inputs, 4, 8));
                assertArrayEquals(root, java.util.Arrays.copyOfRange(inputs, 8, 12));
            }
        }
    }

    @Test
    void shouldRejectWrongSibling()
    {
        final TreeShape shape = TreeShape.forLeaves(TreeHasher.POSEIDON, 512, 8, 8, 0);
        final long[][][] tree = fullTree(shape, new SplittableRandom(5));
        final MerklePath good = pathOf(shape, tree, 77);
        final long[][] siblings = good.siblings().clone();
        siblings[1] = siblings[1].clone();
        siblings[1][0] ^= 1;
        final MerklePath bad = new MerklePath(shape, 77, siblings);
        try (ProverInputs p = ProvingAssignment.synthesize(porCircuit(tree[0][77], bad, tree[tree.length - 1][0])))
        {
            assertThrows(UnsatisfiedConstraintException.class, p::checkSatisfied);
        }
    }

    /** storage-proofs' {@code PoRCircuit} with a public root: leaf, path, root allocated then exposed. */
    static Circuit porCircuit(final long[] leaf, final MerklePath path, final long[] root)
    {
        return cs ->
        {
            final AllocatedNum leafNum = AllocatedNum.alloc(cs, "leaf", leaf);
            final AllocatedNum rootNum = AllocatedNum.alloc(cs, "root", root);
            InclusionGadget.enforce(cs, leafNum, path, rootNum);
            rootNum.inputize(cs);
        };
    }

    /** @return every level of a tree of random leaves, leaves first, the root alone last. */
    static long[][][] fullTree(final TreeShape shape, final SplittableRandom rng)
    {
        final int[] arities = shape.levelArities();
        final long[][][] levels = new long[arities.length + 1][][];
        levels[0] = new long[(int)shape.leaves()][];
        for (int i = 0; i < levels[0].length; i++)
        {
            levels[0][i] = shape.hasher() == TreeHasher.SHA256 ? trimmed(rng) : Fr.random(rng);
        }
        for (int l = 0; l < arities.length; l++)
        {
            final int a = arities[l];
            levels[l + 1] = new long[levels[l].length / a][];
            for (int p = 0; p < levels[l + 1].length; p++)
            {
                final long[] children = new long[a * Fr.LIMBS];
                for (int i = 0; i < a; i++)
                {
                    System.arraycopy(levels[l][p * a + i], 0, children, i * Fr.LIMBS, Fr.LIMBS);
                }
                levels[l + 1][p] = new long[Fr.LIMBS];
                shape.hasher().hash(children, a, levels[l + 1][p], 0);
            }
        }
        return levels;
    }

    static MerklePath pathOf(final TreeShape shape, final long[][][] tree, final long index)
    {
        final int[] arities = shape.levelArities();
        final long[][] siblings = new long[arities.length][];
        long node = index;
        for (int l = 0; l < arities.length; l++)
        {
            final int a = arities[l];
            siblings[l] = new long[(a - 1) * Fr.LIMBS];
            int at = 0;
            for (long i = node / a * a; i < node / a * a + a; i++)
            {
                if (i != node)
                {
                    System.arraycopy(tree[l][(int)i], 0, siblings[l], Fr.LIMBS * at++, Fr.LIMBS);
                }
            }
            node /= a;
        }
        return new MerklePath(shape, index, siblings);
    }

    /** @return a random element below 2^254, as Filecoin's SHA-256 nodes are. */
    static long[] trimmed(final SplittableRandom rng)
    {
        final byte[] b = new byte[32];
        rng.nextBytes(b);
        return io.jprove.engine.gadgets.hash.Fr32.toFr(b);
    }
}
