package io.jprove.engine.gadgets.hash;

import io.jprove.field.Fr;

/**
 * Neptune's Poseidon permutation and MerkleTree-mode hash over BLS12-381 Fr, computed plainly: every round adds its
 * t round constants, applies x⁵ (to every element in a full round, to element 0 in a partial round) and multiplies
 * by the MDS matrix. Neptune's optimised schedule (pre-computed constants, sparse matrices) gives the same output;
 * natively the plain one is simpler to check.
 * <p>
 * An instance holds scratch space, so it allocates nothing per hash and is not thread-safe: use one per thread.
 */
public final class Poseidon
{
    private final PoseidonParameters parameters;
    private final int width;
    private final long[] roundConstants;
    private final long[] mds;
    private final long[] domainTag;
    private final long[] state;
    private final long[] mixed;
    private final long[] tmp = new long[Fr.LIMBS];

    /** Creates a hasher for one parameter set. */
    public Poseidon(final PoseidonParameters parameters)
    {
        this.parameters = parameters;
        this.width = parameters.width();
        this.roundConstants = parameters.roundConstants();
        this.mds = parameters.mds();
        this.domainTag = parameters.domainTag();
        this.state = new long[width * Fr.LIMBS];
        this.mixed = new long[width * Fr.LIMBS];
    }

    /** @return a new hasher for an arity that {@link PoseidonParameters#forArity} supports. */
    public static Poseidon forArity(final int arity)
    {
        return new Poseidon(PoseidonParameters.forArity(arity));
    }

    /** @return the parameters this hasher uses. */
    public PoseidonParameters parameters()
    {
        return parameters;
    }

    /**
     * Hashes {@code arity} elements read back to back from {@code preimage} at {@code po} and writes the digest
     * (state element 1 after the permutation of tag ‖ preimage) to {@code out} at {@code oo}.
     */
    public void hash(final long[] out, final int oo, final long[] preimage, final int po)
    {
        System.arraycopy(domainTag, 0, state, 0, Fr.LIMBS);
        System.arraycopy(preimage, po, state, Fr.LIMBS, (width - 1) * Fr.LIMBS);
        permute(state);
        System.arraycopy(state, Fr.LIMBS, out, oo, Fr.LIMBS);
    }

    /** @return the digest of {@code arity} elements (a convenience that allocates the result). */
    public long[] hash(final long[] preimage)
    {
        if (preimage.length != (width - 1) * Fr.LIMBS)
        {
            throw new IllegalArgumentException("Poseidon arity " + (width - 1) + " needs " + (width - 1)
                + " elements, got " + preimage.length / (double)Fr.LIMBS);
        }
        final long[] out = new long[Fr.LIMBS];
        hash(out, 0, preimage, 0);
        return out;
    }

    /** Applies the permutation in place to {@code t} elements at offset 0 of {@code s}. */
    public void permute(final long[] s)
    {
        final int half = PoseidonParameters.FULL_ROUNDS / 2;
        final int rounds = parameters.rounds();
        for (int round = 0; round < rounds; round++)
        {
            final boolean full = round < half || round >= rounds - half;
            for (int i = 0; i < width; i++)
            {
                final int at = i * Fr.LIMBS;
                Fr.add(s, at, s, at, roundConstants, (round * width + i) * Fr.LIMBS);
                if (full || i == 0)
                {
                    quintic(s, at);
                }
            }
            mix(s);
        }
    }

    private void quintic(final long[] s, final int at)
    {
        Fr.square(tmp, 0, s, at);
        Fr.square(tmp, 0, tmp, 0);
        Fr.mul(s, at, s, at, tmp, 0);
    }

    /** {@code s ← s·M} (M is symmetric, so row or column vector convention agree). */
    private void mix(final long[] s)
    {
        java.util.Arrays.fill(mixed, 0L);
        for (int j = 0; j < width; j++)
        {
            final int outAt = j * Fr.LIMBS;
            for (int i = 0; i < width; i++)
            {
                Fr.mul(tmp, 0, s, i * Fr.LIMBS, mds, (i * width + j) * Fr.LIMBS);
                Fr.add(mixed, outAt, mixed, outAt, tmp, 0);
            }
        }
        System.arraycopy(mixed, 0, s, 0, width * Fr.LIMBS);
    }
}
