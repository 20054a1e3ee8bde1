package io.jprove.engine.update;

import java.math.BigInteger;

import io.jprove.engine.gadgets.AllocatedBit;
import io.jprove.engine.gadgets.AllocatedNum;
import io.jprove.engine.gadgets.BitPacking;
import io.jprove.engine.gadgets.Boolean;
import io.jprove.engine.gadgets.Insertion;
import io.jprove.engine.gadgets.PoseidonGadget;
import io.jprove.engine.gadgets.hash.PoseidonParameters;
import io.jprove.engine.gadgets.merkle.TreeHasher;
import io.jprove.engine.gadgets.merkle.TreeShape;
import io.jprove.engine.r1cs.ConstraintSystem;
import io.jprove.engine.r1cs.LinearCombination;
import io.jprove.engine.r1cs.Namespace;
import io.jprove.engine.r1cs.Variable;
import io.jprove.field.Fr;

/**
 * The gadgets of storage-proofs-update ({@code gadgets.rs}) and the Merkle path it uses ({@code
 * por_no_challenge_input}), row for row: the challenges are derived inside the circuit from comm_r_new with neptune's
 * Poseidon under the custom domain tag {@code HashType::Custom(Arbitrary(1))} ({@link #GEN_RANDOMNESS}).
 */
public final class UpdateGadgets
{
    /** storage-proofs-update's {@code POSEIDON_CONSTANTS_GEN_RANDOMNESS}: arity 2, custom domain 1. */
    public static final PoseidonParameters GEN_RANDOMNESS = PoseidonParameters.custom(2, 1);

    /** Bits of Fr ({@code Fr::NUM_BITS}). */
    private static final int FR_BITS = 255;

    private UpdateGadgets()
    {
    }

    /**
     * {@code allocated_num_to_allocated_bits}: the 255 bits of {@code num}, least significant first, each allocated
     * with its booleanity row (bellpepper's {@code field_into_allocated_bits_le}), then {@code (Σ 2^i·bit_i)·1 = num}.
     */
    public static Boolean[] allocBitsLe(final ConstraintSystem cs, final AllocatedNum num)
    {
        final BigInteger v = cs.needsWitness() ? Fr.toBigInteger(num.value(), 0) : BigInteger.ZERO;
        final Boolean[] bits = new Boolean[FR_BITS];
        for (int i = 0; i < FR_BITS; i++)
        {
            bits[i] = Boolean.of(AllocatedBit.alloc(cs, "bit", v.testBit(i)));
        }
        BitPacking.enforceDecomposition(cs, bits, num);
        return bits;
    }

    /**
     * {@code apex_por}: the partition's apex tree (binary SHA-256, row by row, pairs in order) from its leaves, and
     * the path from its root up to comm_d along the partition bits.
     */
    public static void apexPor(final ConstraintSystem cs, final AllocatedNum[] apexLeaves,
        final Boolean[] partitionBits, final AllocatedNum[][] partitionPath, final AllocatedNum commD)
    {
        AllocatedNum[] row = apexLeaves;
        while (row.length > 1)
        {
            final AllocatedNum[] next = new AllocatedNum[row.length / 2];
            for (int i = 0; i < next.length; i++)
            {
                try (Namespace ignored = cs.namespace("apex_tree generation hash"))
                {
                    next[i] = TreeHasher.SHA256.hash(cs, new AllocatedNum[] {row[2 * i], row[2 * i + 1]});
                }
            }
            row = next;
        }
        try (Namespace ignored = cs.namespace("partition-tree por"))
        {
            porNoChallengeInput(cs, TreeShape.binary(TreeHasher.SHA256, partitionPath.length), partitionBits, row[0],
                partitionPath, commD);
        }
    }

    /**
     * {@code gen_challenge_bits}: per digest j of the partition, {@code digest_index = k·digests + j} allocated and
     * enforced, {@code digest = Poseidon(comm_r_new, digest_index)} (custom domain), its 255 bits allocated, and
     * {@code ⌊254 / bits⌋} challenges of {@code bits} bits cut from them (fewer from the last digest).
     *
     * @return {@code challenges} arrays of {@code bitsPerChallenge} bits, least significant first
     */
    public static Boolean[][] challengeBits(final ConstraintSystem cs, final AllocatedNum commRNew,
        final AllocatedNum partition, final int challenges, final int bitsPerChallenge)
    {
        final int perDigest = BitPacking.CAPACITY_BITS / bitsPerChallenge;
        final int digests = (challenges + perDigest - 1) / perDigest;
        final Boolean[][] out = new Boolean[challenges][];
        int taken = 0;
        for (int j = 0; j < digests; j++)
        {
            final long[] index = new long[Fr.LIMBS];
            if (cs.needsWitness())
            {
                Fr.mul(index, partition.value(), Fr.of(digests));
                Fr.add(index, index, Fr.of(j));
            }
            final AllocatedNum digestIndex = AllocatedNum.alloc(cs, "digest_index", index);
            cs.enforce("digest_index == k * digests_per_partition + j", new LinearCombination(2)
                .add(Fr.of(digests), partition.variable()).add(Fr.of(j), Variable.ONE),
                new LinearCombination(1).add(Variable.ONE), new LinearCombination(1).add(digestIndex.variable()));
            final AllocatedNum digest;
            try (Namespace ignored = cs.namespace("digest"))
            {
                digest = PoseidonGadget.hash(cs, GEN_RANDOMNESS, commRNew, digestIndex);
            }
            final Boolean[] bits;
            try (Namespace ignored = cs.namespace("digest_bits"))
            {
                bits = allocBitsLe(cs, digest);
            }
            final int take = j == digests - 1 ? challenges - taken : perDigest;
            for (int c = 0; c < take; c++)
            {
                out[taken] = new Boolean[bitsPerChallenge];
                System.arraycopy(bits, c * bitsPerChallenge, out[taken], 0, bitsPerChallenge);
                taken++;
            }
        }
        return out;
    }

    /**
     * {@code get_challenge_high_bits}: for each {@code h} of {@code hs}, the challenge's h high bits packed and
     * multiplied by its {@code h_select} bit; the sum of the products allocated and enforced (one bit is set, so it is
     * the selected high part).
     */
    public static AllocatedNum challengeHighBits(final ConstraintSystem cs, final Boolean[] challengeBits,
        final Boolean[] hSelectBits, final int[] hs)
    {
        final AllocatedNum[] products = new AllocatedNum[hs.length];
        final long[] sum = new long[Fr.LIMBS];
        for (int k = 0; k < hs.length; k++)
        {
            final AllocatedNum high = BitPacking.pack(cs, challengeBits, challengeBits.length - hs[k], hs[k]);
            final long[] product = hSelectBits[k].value() ? high.value() : new long[Fr.LIMBS];
            products[k] = AllocatedNum.alloc(cs, "c_high_or_zero", product);
            cs.enforce("c_high_or_zero == c_high * h_select_bit", new LinearCombination(1).add(high.variable()),
                hSelectBits[k].addTo(new LinearCombination(1)), new LinearCombination(1).add(products[k].variable()));
            Fr.add(sum, sum, product);
        }
        final AllocatedNum selected = AllocatedNum.alloc(cs, "c_high_selected", sum);
        final LinearCombination lc = new LinearCombination(hs.length);
        for (final AllocatedNum p : products)
        {
            lc.add(p.variable());
        }
        cs.enforce("c_high_selected == dot(c_highs, h_select_bits)", lc, new LinearCombination(1).add(Variable.ONE),
            new LinearCombination(1).add(selected.variable()));
        return selected;
    }

    /** {@code label_r_new}: {@code label_r_new = label_r_old + label_d_new·rho}, two rows. */
    public static AllocatedNum labelRNew(final ConstraintSystem cs, final AllocatedNum labelROld,
        final AllocatedNum labelDNew, final AllocatedNum rho)
    {
        final AllocatedNum product = AllocatedNum.mul(cs, labelDNew, rho);
        final long[] value = new long[Fr.LIMBS];
        if (cs.needsWitness())
        {
            Fr.add(value, labelROld.value(), product.value());
        }
        final AllocatedNum label = AllocatedNum.alloc(cs, "label_r_new", value);
        cs.enforce("label_r_new == label_r_old + label_d_new * rho", new LinearCombination(2)
            .add(labelROld.variable()).add(product.variable()), new LinearCombination(1).add(Variable.ONE),
            new LinearCombination(1).add(label.variable()));
        return label;
    }

    /**
     * storage-proofs-core's {@code por_no_challenge_input}: the leaf's path through a tree of {@code shape} whose
     * index bits (least significant first, base levels' first) and siblings are given, allocated by the caller; no
     * public input; the computed root enforced equal to {@code root} ({@code computed·1 = root}).
     */
    public static void porNoChallengeInput(final ConstraintSystem cs, final TreeShape shape,
        final Boolean[] challengeBits, final AllocatedNum leaf, final AllocatedNum[][] path, final AllocatedNum root)
    {
        final int[] arities = shape.levelArities();
        if (path.length != arities.length || challengeBits.length != shape.indexBits())
        {
            throw new IllegalArgumentException("a path of " + path.length + " levels and " + challengeBits.length
                + " bits for a tree " + shape);
        }
        AllocatedNum current = leaf;
        int bit = 0;
        for (int level = 0; level < arities.length; level++)
        {
            final Boolean[] index = new Boolean[Integer.numberOfTrailingZeros(arities[level])];
            System.arraycopy(challengeBits, bit, index, 0, index.length);
            bit += index.length;
            final AllocatedNum[] children = Insertion.insert(cs, current, index, path[level]);
            current = shape.hasher().hash(cs, children);
        }
        AllocatedNum.enforceEqual(cs, current, root);
    }
}
