package io.jprove.engine.gadgets.merkle;

import io.jprove.engine.gadgets.AllocatedBit;
import io.jprove.engine.gadgets.AllocatedNum;
import io.jprove.engine.gadgets.BitPacking;
import io.jprove.engine.gadgets.Boolean;
import io.jprove.engine.gadgets.Insertion;
import io.jprove.engine.r1cs.ConstraintSystem;
import io.jprove.field.Fr;

/**
 * Merkle inclusion in a circuit, as storage-proofs' {@code PoRCircuit}: per level, the index bits of the node among
 * its siblings are allocated (booleanity-constrained), the siblings allocated, the node inserted among them
 * ({@link Insertion#insert}) and the parent hashed ({@link TreeHasher}); then the path bits (the leaf index) are
 * packed into public inputs and the computed root is enforced equal to the given one.
 * <p>
 * Per level: Poseidon arity 8 costs 3 + 22 + 505 = 530, arity 2 costs 1 + 2 + 311 = 314; binary SHA-256 costs
 * 1 + 2 + 2·256 + the hash of 512 bits (two of them constant) + 1. Then one packing constraint per 254 path bits and
 * one equality.
 */
public final class InclusionGadget
{
    private InclusionGadget()
    {
    }

    /**
     * Enforces that {@code leaf} is at {@code path.index()} in the tree of root {@code root}; the index becomes a
     * public input. Only the path's shape matters when the constraint system computes no witness.
     */
    public static void enforce(final ConstraintSystem cs, final AllocatedNum leaf, final MerklePath path,
        final AllocatedNum root)
    {
        AllocatedNum.enforceEqual(cs, computeRoot(cs, leaf, path), root);
    }

    /**
     * storage-proofs' {@code PoRCircuit} on its own, with values for the leaf and the root: the leaf allocated, the
     * path, the index packed into an input, the root allocated and enforced equal to the computed one, and made a
     * public input unless {@code privateRoot}.
     */
    public static void enforceAllocating(final ConstraintSystem cs, final long[] leaf, final MerklePath path,
        final long[] root, final boolean privateRoot)
    {
        final AllocatedNum leafNum = AllocatedNum.alloc(cs, "value", leaf);
        final AllocatedNum computed = computeRoot(cs, leafNum, path);
        final AllocatedNum rootNum = AllocatedNum.alloc(cs, "root_value", root);
        AllocatedNum.enforceEqual(cs, computed, rootNum);
        if (!privateRoot)
        {
            rootNum.inputize(cs);
        }
    }

    /** The levels, base to top, then the index bits packed into public inputs. @return the computed root. */
    private static AllocatedNum computeRoot(final ConstraintSystem cs, final AllocatedNum leaf, final MerklePath path)
    {
        final TreeShape shape = path.shape();
        final int[] arities = shape.levelArities();
        final Boolean[] pathBits = new Boolean[shape.indexBits()];
        int bitAt = 0;
        AllocatedNum current = leaf;
        final long[] sibling = new long[Fr.LIMBS];
        for (int level = 0; level < arities.length; level++)
        {
            final int arity = arities[level];
            final int position = path.position(level);
            final Boolean[] bits = new Boolean[Integer.numberOfTrailingZeros(arity)];
            for (int i = 0; i < bits.length; i++)
            {
                bits[i] = Boolean.of(AllocatedBit.alloc(cs, "index bit", (position >>> i & 1) != 0));
                pathBits[bitAt++] = bits[i];
            }
            final AllocatedNum[] siblings = new AllocatedNum[arity - 1];
            for (int i = 0; i < siblings.length; i++)
            {
                System.arraycopy(path.siblings()[level], i * Fr.LIMBS, sibling, 0, Fr.LIMBS);
                siblings[i] = AllocatedNum.alloc(cs, "path element", sibling);
            }
            final AllocatedNum[] children = Insertion.insert(cs, current, bits, siblings);
            current = shape.hasher().hash(cs, children);
        }
        BitPacking.packIntoInputs(cs, pathBits);
        return current;
    }
}
