package io.jprove.engine.porep.synthesis;

import java.math.BigInteger;

import io.jprove.engine.gadgets.hash.Poseidon;
import io.jprove.engine.gadgets.merkle.MerklePath;
import io.jprove.engine.gadgets.merkle.TreeHasher;
import io.jprove.engine.gadgets.merkle.TreeShape;
import io.jprove.engine.porep.SdrLabel;
import io.jprove.field.Fr;

/**
 * The aux values of the PoRep circuit's gadgets, computed natively and written in the order the gadgets allocate
 * them: {@code to_bits_le} (255 bits of the canonical value), neptune's legacy Poseidon circuit ({@link
 * Poseidon#circuitWitness}), Merkle inclusion (per level the index bits, the siblings, the insertion's picks in
 * {@link io.jprove.engine.gadgets.Insertion}'s order, the parent's hash), the binary SHA-256 tree node and the SDR
 * label (the children's or parents' bits, then {@link Sha256Witness}, then the packed digest).
 * <p>
 * Each method mirrors one gadget of {@code io.jprove.engine.gadgets} (and {@link io.jprove.engine.porep.PorepCircuit}
 * for the label); the gadget synthesis is the reference these are tested against, value for value. Scratch space is
 * held here, so one instance serves one thread.
 */
final class GadgetWitness
{
    /** Raw limbs of R² mod r: multiplying canonical limbs by it in Montgomery form gives Montgomery form. */
    private static final long[] R_SQUARED = Fr.of(BigInteger.ONE.shiftLeft(256).mod(Fr.MODULUS));
    private static final long[] UNIT = {1, 0, 0, 0};
    /** 255: the bits of {@code to_bits_le}. */
    private static final int FR_BITS = Fr.MODULUS.bitLength();
    /** Words of a node's bytes (32 bytes). */
    private static final int NODE_WORDS = 8;
    /** The top bit of a node's byte 31 is the constant 0 (an Fr element's bit 255): bit 7 of its last word. */
    private static final int NODE_CONSTANT_BITS = 0x80;

    private final Sha256Witness sha = new Sha256Witness();
    private final Poseidon[] poseidons = new Poseidon[17];
    private long[] poseidonOut = new long[0];
    private final long[] canonical = new long[Fr.LIMBS];
    private final long[] children = new long[8 * Fr.LIMBS];
    private final long[] picks = new long[22 * Fr.LIMBS];
    private final long[] node = new long[Fr.LIMBS];

    /** bellperson's {@code to_bits_le}: the 255 low bits of the canonical value, least significant first. */
    void bitsLe(final AuxWriter out, final long[] value, final int offset)
    {
        Fr.mul(canonical, 0, value, offset, UNIT, 0);
        out.low(canonical[0], 64);
        out.low(canonical[1], 64);
        out.low(canonical[2], 64);
        out.low(canonical[3], FR_BITS - 192);
    }

    /**
     * Neptune's legacy Poseidon circuit over {@code arity} elements at {@code offset} of {@code preimage}.
     *
     * @param digest receives the hash at {@code digestOffset}
     */
    void poseidon(final AuxWriter out, final int arity, final long[] preimage, final int offset, final long[] digest,
        final int digestOffset)
    {
        Poseidon p = poseidons[arity];
        if (p == null)
        {
            p = Poseidon.forArity(arity);
            poseidons[arity] = p;
        }
        final int count = p.circuitWitnessCount();
        if (poseidonOut.length < count * Fr.LIMBS)
        {
            poseidonOut = new long[count * Fr.LIMBS];
        }
        p.circuitWitness(preimage, offset, poseidonOut, 0);
        out.elements(poseidonOut, 0, count);
        System.arraycopy(poseidonOut, (count - 1) * Fr.LIMBS, digest, digestOffset, Fr.LIMBS);
    }

    /**
     * storage-proofs' {@code PoRCircuit} without its packing and root equality (no aux values): per level the node's
     * index bits, its siblings, the insertion's picks and the parent's hash.
     *
     * @param leaf the leaf's value
     * @param root receives the root computed from the path
     */
    void inclusion(final AuxWriter out, final long[] leaf, final int leafOffset, final MerklePath path,
        final long[] root)
    {
        final TreeShape shape = path.shape();
        final int[] arities = shape.levelArities();
        System.arraycopy(leaf, leafOffset, node, 0, Fr.LIMBS);
        for (int level = 0; level < arities.length; level++)
        {
            final int arity = arities[level];
            final int position = path.position(level);
            final int bits = Integer.numberOfTrailingZeros(arity);
            out.low(position, bits);
            final long[] siblings = path.siblings()[level];
            out.elements(siblings, 0, arity - 1);
            insert(out, position, siblings, arity);
            if (shape.hasher() == TreeHasher.SHA256)
            {
                shaNode(out, children, 0, children, Fr.LIMBS, node);
            }
            else
            {
                poseidon(out, arity, children, 0, node, 0);
            }
        }
        System.arraycopy(node, 0, root, 0, Fr.LIMBS);
    }

    /**
     * {@link io.jprove.engine.gadgets.Insertion#insert} of {@link #node} at {@code position} among {@code siblings}:
     * writes the picks in the gadget's order and leaves the children in {@link #children}.
     */
    private void insert(final AuxWriter out, final int position, final long[] siblings, final int arity)
    {
        final boolean b0 = (position & 1) != 0;
        switch (arity)
        {
            case 2 ->
            {
                pick(out, 0, b0, siblings, 0, node, 0);
                pick(out, 1, b0, node, 0, siblings, 0);
                System.arraycopy(picks, 0, children, 0, 2 * Fr.LIMBS);
            }
            case 4 -> insert4(out, position, siblings);
            case 8 -> insert8(out, position, siblings);
            default -> throw new IllegalArgumentException("native synthesis inserts into levels of arity 2, 4 or 8, "
                + "not " + arity);
        }
    }

    private void insert4(final AuxWriter out, final int position, final long[] e)
    {
        final boolean b0 = (position & 1) != 0;
        final boolean b1 = (position & 2) != 0;
        final long[] a = node;
        final long[] p = picks;
        final int l = Fr.LIMBS;
        pick(out, 0, b0, e, 0, a, 0);
        pick(out, 1, b1, e, 0, p, 0);
        pick(out, 2, b0, a, 0, e, 0);
        pick(out, 3, b1, e, l, p, 2 * l);
        pick(out, 4, b0, e, 2 * l, a, 0);
        pick(out, 5, b1, p, 4 * l, e, l);
        pick(out, 6, b0, a, 0, e, 2 * l);
        pick(out, 7, b1, p, 6 * l, e, 2 * l);
        for (int i = 0; i < 4; i++)
        {
            System.arraycopy(p, (2 * i + 1) * l, children, i * l, l);
        }
    }

    /** storage-proofs' hand-optimised {@code insert_8}: NOR and AND of the two low bits, then 20 picks. */
    private void insert8(final AuxWriter out, final int position, final long[] e)
    {
        final boolean b0 = (position & 1) != 0;
        final boolean b1 = (position & 2) != 0;
        final boolean b2 = (position & 4) != 0;
        final boolean nor = !b0 && !b1;
        final boolean and = b0 && b1;
        out.bit(nor);
        out.bit(and);
        final long[] a = node;
        final long[] p = picks;
        final int l = Fr.LIMBS;
        // p0 = b2 ? e0 : (nor ? a : e0)
        pick(out, 0, nor, a, 0, e, 0);
        pick(out, 1, b2, e, 0, p, 0);
        // p1 = b2 ? e1 : (b1 ? e1 : (b0 ? a : e0))
        pick(out, 2, b0, a, 0, e, 0);
        pick(out, 3, b1, e, l, p, 2 * l);
        pick(out, 4, b2, e, l, p, 3 * l);
        // p2 = b2 ? e2 : (b1 ? (b0 ? e2 : a) : e1)
        pick(out, 5, b0, e, 2 * l, a, 0);
        pick(out, 6, b1, p, 5 * l, e, l);
        pick(out, 7, b2, e, 2 * l, p, 6 * l);
        // p3 = b2 ? e3 : (and ? a : e2)
        pick(out, 8, and, a, 0, e, 2 * l);
        pick(out, 9, b2, e, 3 * l, p, 8 * l);
        // p4 = b2 ? (nor ? a : e4) : e3
        pick(out, 10, nor, a, 0, e, 4 * l);
        pick(out, 11, b2, p, 10 * l, e, 3 * l);
        // p5 = b2 ? (b1 ? e5 : (b0 ? a : e4)) : e4
        pick(out, 12, b0, a, 0, e, 4 * l);
        pick(out, 13, b1, e, 5 * l, p, 12 * l);
        pick(out, 14, b2, p, 13 * l, e, 4 * l);
        // p6 = b2 ? (b1 ? (b0 ? e6 : a) : e5) : e5
        pick(out, 15, b0, e, 6 * l, a, 0);
        pick(out, 16, b1, p, 15 * l, e, 5 * l);
        pick(out, 17, b2, p, 16 * l, e, 5 * l);
        // p7 = b2 ? (and ? a : e6) : e6
        pick(out, 18, and, a, 0, e, 6 * l);
        pick(out, 19, b2, p, 18 * l, e, 6 * l);
        final int[] results = {1, 4, 7, 9, 11, 14, 17, 19};
        for (int i = 0; i < 8; i++)
        {
            System.arraycopy(p, results[i] * l, children, i * l, l);
        }
    }

    /** {@code picks[slot] = condition ? a : b}, written. */
    private void pick(final AuxWriter out, final int slot, final boolean condition, final long[] a, final int ao,
        final long[] b, final int bo)
    {
        if (condition)
        {
            System.arraycopy(a, ao, picks, slot * Fr.LIMBS, Fr.LIMBS);
        }
        else
        {
            System.arraycopy(b, bo, picks, slot * Fr.LIMBS, Fr.LIMBS);
        }
        out.element(picks, slot * Fr.LIMBS);
    }

    /**
     * The binary SHA-256 tree node ({@link TreeHasher#SHA256} in a circuit): both children's 255 bits, SHA-256 of
     * their 64 bytes, the digest packed into Fr (254 bits).
     */
    void shaNode(final AuxWriter out, final long[] left, final int lo, final long[] right, final int ro,
        final long[] digest)
    {
        bitsLe(out, left, lo);
        nodeWords(0, canonical);
        bitsLe(out, right, ro);
        nodeWords(NODE_WORDS, canonical);
        sha.hash(out, sha.pad(2 * SdrLabel.NODE_BYTES));
        packDigest(out, digest);
    }

    /**
     * The SDR label in a circuit ({@link io.jprove.engine.porep.LabelGadget} after {@code PorepCircuit}'s parent
     * unpacking): each distinct parent's 255 bits, then SHA-256 of the header (replica id bits, the layer as a
     * constant, the node's bits, constant zeros) and the 37 parent slots, then the packed label.
     *
     * @param replicaId the replica id's canonical limbs (its bits are allocated once, outside the label)
     * @param parents   {@code parents[p]} holds parent p's label on the row this layer reads, at {@code offsets[p]}
     * @param count     the distinct parents: 6 on layer 1, else 14
     * @param label     receives the label
     */
    void label(final AuxWriter out, final long[] replicaId, final int layer, final long nodeIndex,
        final long[][] parents, final int[] offsets, final int count, final long[] label)
    {
        for (int p = 0; p < count; p++)
        {
            bitsLe(out, parents[p], offsets[p]);
            nodeWords(2 * NODE_WORDS + p * NODE_WORDS, canonical);
        }
        for (int k = count; k < SdrLabel.TOTAL_PARENTS; k++)
        {
            copyWords(2 * NODE_WORDS + (k % count) * NODE_WORDS, 2 * NODE_WORDS + k * NODE_WORDS);
        }
        nodeWords(0, replicaId);
        sha.message(NODE_WORDS, layer, -1);
        sha.message(NODE_WORDS + 1, (int)(nodeIndex >>> 32), 0);
        sha.message(NODE_WORDS + 2, (int)nodeIndex, 0);
        sha.constantWords(NODE_WORDS + 3, NODE_WORDS - 3, 0);
        sha.hash(out, sha.pad(SdrLabel.HEADER_BYTES + SdrLabel.TOTAL_PARENTS * SdrLabel.NODE_BYTES));
        packDigest(out, label);
    }

    /** Sets the message words {@code [word, word + 8)} to a node's 32 little-endian bytes, as big-endian words. */
    private void nodeWords(final int word, final long[] canonicalLimbs)
    {
        for (int j = 0; j < NODE_WORDS; j++)
        {
            final int bytes = (int)(canonicalLimbs[j >>> 1] >>> (32 * (j & 1)));
            sha.message(word + j, Integer.reverseBytes(bytes), j == NODE_WORDS - 1 ? NODE_CONSTANT_BITS : 0);
        }
    }

    private void copyWords(final int from, final int to)
    {
        for (int j = 0; j < NODE_WORDS; j++)
        {
            sha.copyWord(from + j, to + j);
        }
    }

    /** {@code pack_bits} of the digest's 254 low bits (read little-endian): one value, the Fr32 digest. */
    private void packDigest(final AuxWriter out, final long[] digest)
    {
        for (int limb = 0; limb < Fr.LIMBS; limb++)
        {
            final long lo = Integer.reverseBytes(sha.digestWord(2 * limb)) & 0xffffffffL;
            final long hi = Integer.reverseBytes(sha.digestWord(2 * limb + 1)) & 0xffffffffL;
            canonical[limb] = lo | hi << 32;
        }
        canonical[3] &= 0x3fffffffffffffffL;
        Fr.mul(digest, 0, canonical, 0, R_SQUARED, 0);
        out.element(digest, 0);
    }
}
