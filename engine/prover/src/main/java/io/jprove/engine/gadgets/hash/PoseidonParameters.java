package io.jprove.engine.gadgets.hash;

import java.math.BigInteger;
import java.util.concurrent.ConcurrentHashMap;

import io.jprove.field.Fr;

/**
 * The constants of neptune's Poseidon over BLS12-381 Fr, the instance Filecoin uses ("Standard" strength, MerkleTree
 * domain separation): width t = arity + 1, x⁵ S-box, 8 full rounds, R_P partial rounds (55, 56, 57, 57 for arity 2,
 * 4, 8, 11), round constants from {@link GrainLfsr} with field type 1, S-box code 1, n = 255, and the Cauchy MDS
 * matrix {@code M[i][j] = 1/(x_i + y_j)} with {@code x_i = i}, {@code y_j = t + j}, i.e. {@code 1/(i + j + t)}. The
 * first state element holds the domain tag 2^arity − 1; the hash is state element 1 after the permutation.
 * <p>
 * Elements are Fr limbs in Montgomery form, back to back: {@link #roundConstants()} is round-major
 * ({@code (round·t + i)·4}), {@link #mds()} row-major ({@code (i·t + j)·4}). Instances are immutable and cached.
 * <p>
 * With them, what neptune's {@code PoseidonConstants::new()} derives ({@link PoseidonPreprocessing}): the compressed
 * round constants ({@code R_F·t + R_P}: t before the first round, then t after each full round but the last and one
 * after each partial round), the pre-sparse matrix (the linear layer of the last round of the first half) and one
 * sparse matrix per partial round, given as its first column ŵ (t entries) and the rest of its first row v (t − 1);
 * elsewhere 1 on the diagonal.
 */
public final class PoseidonParameters
{
    /** Full rounds, half before and half after the partial rounds. */
    public static final int FULL_ROUNDS = 8;

    /** Neptune's {@code HashType::Custom(CType::Arbitrary(id))} tag is {@code id·2^40}. */
    private static final int CUSTOM_TAG_SHIFT = 40;

    private static final ConcurrentHashMap<Integer, PoseidonParameters> CACHE = new ConcurrentHashMap<>();
    private static final ConcurrentHashMap<Long, PoseidonParameters> CUSTOM = new ConcurrentHashMap<>();

    private final int arity;
    private final int width;
    private final int partialRounds;
    private final long[] roundConstants;
    private final long[] mds;
    private final long[] domainTag;
    private final long[] compressedRoundConstants;
    private final long[] preSparseMatrix;
    private final long[] sparseWHat;
    private final long[] sparseVRest;

    private PoseidonParameters(final int arity, final int partialRounds)
    {
        this.arity = arity;
        this.width = arity + 1;
        this.partialRounds = partialRounds;
        final int count = width * (FULL_ROUNDS + partialRounds);
        this.roundConstants = new long[count * Fr.LIMBS];
        final GrainLfsr grain = new GrainLfsr(1, 1, 255, width, FULL_ROUNDS, partialRounds);
        for (int i = 0; i < count; i++)
        {
            Fr.FIELD.fromBigInteger(grain.nextBelow(Fr.MODULUS, 255), roundConstants, i * Fr.LIMBS);
        }
        this.mds = new long[width * width * Fr.LIMBS];
        final BigInteger[][] m = new BigInteger[width][width];
        for (int i = 0; i < width; i++)
        {
            for (int j = 0; j < width; j++)
            {
                m[i][j] = BigInteger.valueOf(i + j + width).modInverse(Fr.MODULUS);
                Fr.FIELD.fromBigInteger(m[i][j], mds, (i * width + j) * Fr.LIMBS);
            }
        }
        this.domainTag = Fr.of((1L << arity) - 1);
        final BigInteger[] constants = new BigInteger[count];
        for (int i = 0; i < count; i++)
        {
            constants[i] = Fr.toBigInteger(roundConstants, i * Fr.LIMBS);
        }
        final PoseidonPreprocessing pre = new PoseidonPreprocessing(m);
        this.compressedRoundConstants = limbs(pre.compressRoundConstants(constants, FULL_ROUNDS, partialRounds));
        final BigInteger[][][] factors = pre.factorToSparseMatrices(partialRounds);
        this.preSparseMatrix = new long[width * width * Fr.LIMBS];
        for (int i = 0; i < width; i++)
        {
            for (int j = 0; j < width; j++)
            {
                Fr.FIELD.fromBigInteger(factors[0][i][j], preSparseMatrix, (i * width + j) * Fr.LIMBS);
            }
        }
        this.sparseWHat = new long[partialRounds * width * Fr.LIMBS];
        this.sparseVRest = new long[partialRounds * (width - 1) * Fr.LIMBS];
        for (int r = 0; r < partialRounds; r++)
        {
            final BigInteger[][] sparse = factors[r + 1];
            for (int i = 0; i < width; i++)
            {
                Fr.FIELD.fromBigInteger(sparse[i][0], sparseWHat, (r * width + i) * Fr.LIMBS);
            }
            for (int j = 1; j < width; j++)
            {
                Fr.FIELD.fromBigInteger(sparse[0][j], sparseVRest, (r * (width - 1) + j - 1) * Fr.LIMBS);
            }
        }
    }

    /** The same constants under another domain tag. */
    private PoseidonParameters(final PoseidonParameters base, final long[] domainTag)
    {
        this.arity = base.arity;
        this.width = base.width;
        this.partialRounds = base.partialRounds;
        this.roundConstants = base.roundConstants;
        this.mds = base.mds;
        this.domainTag = domainTag;
        this.compressedRoundConstants = base.compressedRoundConstants;
        this.preSparseMatrix = base.preSparseMatrix;
        this.sparseWHat = base.sparseWHat;
        this.sparseVRest = base.sparseVRest;
    }

    private static long[] limbs(final BigInteger[] values)
    {
        final long[] out = new long[values.length * Fr.LIMBS];
        for (int i = 0; i < values.length; i++)
        {
            Fr.FIELD.fromBigInteger(values[i], out, i * Fr.LIMBS);
        }
        return out;
    }

    /**
     * @return the parameters for a supported arity (2, 4, 8 or 11: the shapes Filecoin's trees and columns use).
     * @throws IllegalArgumentException for any other arity.
     */
    public static PoseidonParameters forArity(final int arity)
    {
        final int partialRounds = switch (arity)
        {
            case 2 -> 55;
            case 4 -> 56;
            case 8 -> 57;
            case 11 -> 57;
            default -> throw new IllegalArgumentException(
                "Poseidon arity " + arity + " not supported (supported: 2, 4, 8, 11)");
        };
        return CACHE.computeIfAbsent(arity, a -> new PoseidonParameters(a, partialRounds));
    }

    /**
     * neptune's {@code PoseidonConstants::new_with_strength_and_type(Standard, HashType::Custom(Arbitrary(id)))}: the
     * constants of {@link #forArity} (neither the round constants nor the matrices depend on the hash type) with the
     * domain tag {@code id·2^40}. storage-proofs-update derives its challenges and rho with arity 2, id 1.
     *
     * @param id 1 to 256, as neptune allows
     */
    public static PoseidonParameters custom(final int arity, final int id)
    {
        if (id < 1 || id > 256)
        {
            throw new IllegalArgumentException("a custom Poseidon domain id is 1 to 256, got " + id);
        }
        final PoseidonParameters base = forArity(arity);
        return CUSTOM.computeIfAbsent((long)arity << 32 | id, k -> new PoseidonParameters(base,
            Fr.of(BigInteger.valueOf(id).shiftLeft(CUSTOM_TAG_SHIFT))));
    }

    /** @return the number of preimage elements, t − 1. */
    public int arity()
    {
        return arity;
    }

    /** @return the state width t. */
    public int width()
    {
        return width;
    }

    /** @return R_P. */
    public int partialRounds()
    {
        return partialRounds;
    }

    /** @return R_F + R_P. */
    public int rounds()
    {
        return FULL_ROUNDS + partialRounds;
    }

    /** @return a copy of the round constants, round-major, t per round. */
    public long[] roundConstants()
    {
        return roundConstants.clone();
    }

    /** @return a copy of the MDS matrix, row-major. */
    public long[] mds()
    {
        return mds.clone();
    }

    /** @return a copy of the domain tag: 2^arity − 1 (Merkle trees), or a custom one. */
    public long[] domainTag()
    {
        return domainTag.clone();
    }

    /** Copies round constant {@code index} (round-major) into {@code r}. */
    public void roundConstant(final int index, final long[] r, final int ro)
    {
        System.arraycopy(roundConstants, index * Fr.LIMBS, r, ro, Fr.LIMBS);
    }

    /** @return R_F·t + R_P, the number of compressed round constants. */
    public int compressedRoundConstantCount()
    {
        return compressedRoundConstants.length / Fr.LIMBS;
    }

    /** Copies compressed round constant {@code index} into {@code r}. */
    public void compressedRoundConstant(final int index, final long[] r, final int ro)
    {
        System.arraycopy(compressedRoundConstants, index * Fr.LIMBS, r, ro, Fr.LIMBS);
    }

    /** Copies entry {@code (row, column)} of the pre-sparse matrix into {@code r}. */
    public void preSparseEntry(final int row, final int column, final long[] r, final int ro)
    {
        System.arraycopy(preSparseMatrix, (row * width + column) * Fr.LIMBS, r, ro, Fr.LIMBS);
    }

    /** Copies ŵ[i] (column 0, row i) of partial round {@code round}'s sparse matrix into {@code r}. */
    public void sparseWHat(final int round, final int i, final long[] r, final int ro)
    {
        System.arraycopy(sparseWHat, (round * width + i) * Fr.LIMBS, r, ro, Fr.LIMBS);
    }

    /** Copies v[j − 1] (row 0, column j ≥ 1) of partial round {@code round}'s sparse matrix into {@code r}. */
    public void sparseVRest(final int round, final int j, final long[] r, final int ro)
    {
        System.arraycopy(sparseVRest, (round * (width - 1) + j - 1) * Fr.LIMBS, r, ro, Fr.LIMBS);
    }

    /** Copies MDS entry {@code (row, column)} into {@code r}. */
    public void mdsEntry(final int row, final int column, final long[] r, final int ro)
    {
        System.arraycopy(mds, (row * width + column) * Fr.LIMBS, r, ro, Fr.LIMBS);
    }
}
