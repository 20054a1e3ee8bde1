package io.jprove.engine.gadgets.merkle;

import io.jprove.engine.gadgets.AllocatedNum;
import io.jprove.engine.gadgets.BitPacking;
import io.jprove.engine.gadgets.Boolean;
import io.jprove.engine.gadgets.PoseidonGadget;
import io.jprove.engine.gadgets.Sha256Gadget;
import io.jprove.engine.gadgets.hash.Fr32;
import io.jprove.engine.gadgets.hash.Poseidon;
import io.jprove.engine.gadgets.hash.PoseidonParameters;
import io.jprove.engine.gadgets.hash.Sha256;
import io.jprove.engine.r1cs.ConstraintSystem;
import io.jprove.field.Fr;

/**
 * How a Merkle node is computed from its children, natively and in a circuit (filecoin-hashers'
 * {@code hash_multi_leaf_circuit}).
 */
public enum TreeHasher
{
    /**
     * SHA-256 over the children's 32-byte little-endian encodings, the digest truncated to 254 bits ({@link Fr32}).
     * In a circuit each child is unpacked ({@link AllocatedNum#toBitsLe}, 256 constraints) and its top bit is the
     * constant 0; the digest is packed with one constraint.
     */
    SHA256
    {
        @Override
        public void hash(final long[] children, final int arity, final long[] out, final int offset)
        {
            final byte[] preimage = new byte[arity * Fr.BYTES];
            for (int i = 0; i < arity; i++)
            {
                Fr.toBytes(children, i * Fr.LIMBS, preimage, i * Fr.BYTES);
            }
            System.arraycopy(Fr32.toFr(Sha256.digest(preimage)), 0, out, offset, Fr.LIMBS);
        }

        @Override
        public AllocatedNum hash(final ConstraintSystem cs, final AllocatedNum[] children)
        {
            final Boolean[] bits = new Boolean[children.length * 256];
            for (int c = 0; c < children.length; c++)
            {
                final Boolean[] le = children[c].toBitsLe(cs);
                for (int i = 0; i < 256; i++)
                {
                    // byte k, most significant bit first, from little-endian bit 8k + 7 − j; bit 255 is padding
                    final int from = (i & ~7) | (7 - (i & 7));
                    bits[256 * c + i] = from < le.length ? le[from] : Boolean.FALSE;
                }
            }
            return BitPacking.packDigestAsFr32(cs, Sha256Gadget.hash(cs, bits));
        }
    },

    /** Neptune's Poseidon of arity = the node's arity, MerkleTree domain tag ({@link PoseidonGadget}). */
    POSEIDON
    {
        @Override
        public void hash(final long[] children, final int arity, final long[] out, final int offset)
        {
            Poseidon.forArity(arity).hash(out, offset, children, 0);
        }

        @Override
        public AllocatedNum hash(final ConstraintSystem cs, final AllocatedNum[] children)
        {
            return PoseidonGadget.hash(cs, PoseidonParameters.forArity(children.length), children);
        }
    };

    /**
     * Computes a node natively.
     *
     * @param children {@code arity} Fr elements back to back (Montgomery limbs)
     * @param out      receives the node at {@code offset}
     */
    public abstract void hash(long[] children, int arity, long[] out, int offset);

    /** @return the node of {@code children} computed in the circuit. */
    public abstract AllocatedNum hash(ConstraintSystem cs, AllocatedNum[] children);
}
