package io.jprove.engine.gadgets.hash;

import io.jprove.field.Fr;

/**
 * Neptune's Poseidon hash (MerkleTree mode) over BLS12-381 Fr, computed as neptune's default
 * {@code hash_optimized_static} computes it: the compressed round constants, the pre-sparse matrix and the sparse
 * matrices of the partial rounds ({@link PoseidonParameters}). Its intermediate values are exactly those of neptune's
 * legacy circuit, the one Filecoin's parameters were made from, so {@link #circuitWitness} gives that circuit's aux
 * values natively, in the order the circuit allocates them.
 * <p>
 * An instance holds scratch space, so it allocates nothing per hash and is not thread-safe: use one per thread.
 */
public final class Poseidon
{
    private final PoseidonParameters parameters;
    private final int width;
    private final int half;
    private final int partialRounds;
    private final long[] domainTag;
    private final long[] state;
    private final long[] mixed;
    private final long[] constant = new long[Fr.LIMBS];
    private final long[] tmp = new long[Fr.LIMBS];
    private final long[] x2 = new long[Fr.LIMBS];
    private final long[] x4 = new long[Fr.LIMBS];

    /** Creates a hasher for one parameter set. */
    public Poseidon(final PoseidonParameters parameters)
    {
        this.parameters = parameters;
        this.width = parameters.width();
        this.half = PoseidonParameters.FULL_ROUNDS / 2;
        this.partialRounds = parameters.partialRounds();
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
        load(preimage, po);
        permute(null, 0);
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

    /**
     * @return how many aux variables neptune's legacy circuit allocates after the preimage, one per constraint:
     *         {@code 3·arity + 4·(7t + R_P) + 1}.
     */
    public int circuitWitnessCount()
    {
        return 3 * (width - 1) + 4 * (7 * width + partialRounds) + 1;
    }

    /**
     * Writes the values neptune's legacy circuit allocates for this preimage, in its allocation order
     * ({@link #circuitWitnessCount()} elements from {@code oo}): per S-box the allocated input (not in the first
     * round, whose inputs are the preimage), its square, fourth power and fifth power plus the next constant; last,
     * the digest.
     */
    public void circuitWitness(final long[] preimage, final int po, final long[] out, final int oo)
    {
        load(preimage, po);
        final int end = permute(out, oo);
        System.arraycopy(state, Fr.LIMBS, out, end, Fr.LIMBS);
    }

    private void load(final long[] preimage, final int po)
    {
        System.arraycopy(domainTag, 0, state, 0, Fr.LIMBS);
        System.arraycopy(preimage, po, state, Fr.LIMBS, (width - 1) * Fr.LIMBS);
    }

    /**
     * The optimised permutation in place on {@link #state}.
     *
     * @param witness null, or where the legacy circuit's values go from {@code wo}
     * @return the offset after the last value written
     */
    private int permute(final long[] witness, final int wo)
    {
        int at = wo;
        int c = 0;
        for (int i = 0; i < width; i++)
        {
            parameters.compressedRoundConstant(c++, constant, 0);
            Fr.add(state, i * Fr.LIMBS, state, i * Fr.LIMBS, constant, 0);
        }
        int round = 0;
        for (int r = 0; r < half; r++)
        {
            for (int i = 0; i < width; i++)
            {
                parameters.compressedRoundConstant(c + i, constant, 0);
                // in the circuit the first round's inputs are the preimage (and the tag, a constant)
                final boolean emit = witness != null && (r > 0 || i > 0);
                at = sbox(i, constant, emit ? witness : null, at, r > 0);
            }
            c += width;
            mix(round++);
        }
        for (int p = 0; p < partialRounds; p++)
        {
            parameters.compressedRoundConstant(c++, constant, 0);
            at = sbox(0, constant, witness, at, true);
            mix(round++);
        }
        for (int r = 1; r < half; r++)
        {
            for (int i = 0; i < width; i++)
            {
                parameters.compressedRoundConstant(c + i, constant, 0);
                at = sbox(i, constant, witness, at, true);
            }
            c += width;
            mix(round++);
        }
        for (int i = 0; i < width; i++)
        {
            at = sbox(i, null, witness, at, true);
        }
        mix(round);
        if (c != parameters.compressedRoundConstantCount())
        {
            throw new IllegalStateException("used " + c + " compressed round constants of "
                + parameters.compressedRoundConstantCount());
        }
        return at;
    }

    /** Element i ← x⁵ + post (no addition when post is null), emitting [x,] x², x⁴, x⁵ + post when asked. */
    private int sbox(final int i, final long[] post, final long[] witness, final int wo, final boolean emitInput)
    {
        final int at = i * Fr.LIMBS;
        Fr.square(x2, 0, state, at);
        Fr.square(x4, 0, x2, 0);
        int w = wo;
        if (witness != null && emitInput)
        {
            System.arraycopy(state, at, witness, w, Fr.LIMBS);
            w += Fr.LIMBS;
        }
        Fr.mul(state, at, state, at, x4, 0);
        if (post != null)
        {
            Fr.add(state, at, state, at, post, 0);
        }
        if (witness != null)
        {
            System.arraycopy(x2, 0, witness, w, Fr.LIMBS);
            System.arraycopy(x4, 0, witness, w + Fr.LIMBS, Fr.LIMBS);
            System.arraycopy(state, at, witness, w + 2 * Fr.LIMBS, Fr.LIMBS);
            w += 3 * Fr.LIMBS;
        }
        return w;
    }

    /**
     * The linear layer of a round: the pre-sparse matrix at the last round of the first half, the round's sparse
     * matrix in the partial rounds, the MDS matrix elsewhere; {@code out[j] = Σ_i M[i][j]·s[i]}.
     */
    private void mix(final int round)
    {
        if (round >= half && round < half + partialRounds)
        {
            sparse(round - half);
            return;
        }
        final boolean pre = round == half - 1;
        java.util.Arrays.fill(mixed, 0L);
        for (int j = 0; j < width; j++)
        {
            final int outAt = j * Fr.LIMBS;
            for (int i = 0; i < width; i++)
            {
                if (pre)
                {
                    parameters.preSparseEntry(i, j, constant, 0);
                }
                else
                {
                    parameters.mdsEntry(i, j, constant, 0);
                }
                Fr.mul(tmp, 0, state, i * Fr.LIMBS, constant, 0);
                Fr.add(mixed, outAt, mixed, outAt, tmp, 0);
            }
        }
        System.arraycopy(mixed, 0, state, 0, width * Fr.LIMBS);
    }

    /** out[0] = Σ_i ŵ[i]·s[i]; out[j] = s[j] + v[j − 1]·s[0]. */
    private void sparse(final int r)
    {
        java.util.Arrays.fill(mixed, 0, Fr.LIMBS, 0L);
        for (int i = 0; i < width; i++)
        {
            parameters.sparseWHat(r, i, constant, 0);
            Fr.mul(tmp, 0, state, i * Fr.LIMBS, constant, 0);
            Fr.add(mixed, 0, mixed, 0, tmp, 0);
        }
        for (int j = 1; j < width; j++)
        {
            parameters.sparseVRest(r, j, constant, 0);
            Fr.mul(tmp, 0, state, 0, constant, 0);
            Fr.add(state, j * Fr.LIMBS, state, j * Fr.LIMBS, tmp, 0);
        }
        System.arraycopy(mixed, 0, state, 0, Fr.LIMBS);
    }
}
