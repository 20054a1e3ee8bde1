package io.jprove.engine.gadgets.hash;

import java.math.BigInteger;

import io.jprove.field.Fr;

/**
 * Neptune's preprocessing of Poseidon's constants ({@code PoseidonConstants::new()}): the round constants compressed
 * so that one constant per partial round (and t per full round) is added after each S-box
 * ({@code compress_round_constants}), and the MDS matrix of the partial rounds factored into a pre-sparse matrix and
 * one sparse matrix per partial round ({@code factor_to_sparse_matrixes}). The optimised permutation and neptune's
 * legacy circuit, the one Filecoin's parameters were made from, both use them; the values are neptune's exactly
 * (every derived matrix is unique, so the arithmetic here, over BigInteger, need only be exact).
 * <p>
 * Conventions as neptune's: a matrix is {@code m[row][column]}, and applying it to a state is the vector–matrix
 * product {@code out[j] = Σ_i m[i][j]·v[i]}.
 */
final class PoseidonPreprocessing
{
    private static final BigInteger R = Fr.MODULUS;

    private final int t;
    private final BigInteger[][] m;
    private final BigInteger[][] mInverse;

    /** @param mds the MDS matrix, t × t. */
    PoseidonPreprocessing(final BigInteger[][] mds)
    {
        this.t = mds.length;
        this.m = mds;
        this.mInverse = invert(mds);
    }

    /**
     * {@code compress_round_constants} with every partial round preprocessed: the first round's t constants, then per
     * round of the first half (but its last) the next round's constants through M⁻¹, then the accumulated partial
     * rounds' residue through M⁻¹, then one constant per partial round, then the last half's constants through M⁻¹
     * (none after the final round).
     *
     * @param roundConstants t per round, round-major, full and partial rounds in order
     * @return {@code R_F·t + R_P} constants
     */
    BigInteger[] compressRoundConstants(final BigInteger[] roundConstants, final int fullRounds,
        final int partialRounds)
    {
        final int half = fullRounds / 2;
        final BigInteger[] out = new BigInteger[fullRounds * t + partialRounds];
        int at = 0;
        for (int i = 0; i < t; i++)
        {
            out[at++] = roundConstants[i];
        }
        for (int round = 1; round < half; round++)
        {
            for (final BigInteger x : apply(mInverse, roundKeys(roundConstants, round)))
            {
                out[at++] = x;
            }
        }
        final int finalRound = half + partialRounds;
        BigInteger[] acc = roundKeys(roundConstants, finalRound);
        final BigInteger[] partialKeys = new BigInteger[partialRounds];
        for (int i = 0; i < partialRounds; i++)
        {
            final BigInteger[] inverted = apply(mInverse, acc);
            partialKeys[i] = inverted[0];
            inverted[0] = BigInteger.ZERO;
            final BigInteger[] previous = roundKeys(roundConstants, finalRound - i - 1);
            acc = new BigInteger[t];
            for (int j = 0; j < t; j++)
            {
                acc[j] = previous[j].add(inverted[j]).mod(R);
            }
        }
        for (final BigInteger x : apply(mInverse, acc))
        {
            out[at++] = x;
        }
        for (int i = partialRounds - 1; i >= 0; i--)
        {
            out[at++] = partialKeys[i];
        }
        for (int round = 1; round < half; round++)
        {
            for (final BigInteger x : apply(mInverse, roundKeys(roundConstants, finalRound + round)))
            {
                out[at++] = x;
            }
        }
        if (at != out.length)
        {
            throw new IllegalStateException("compressed " + at + " round constants, expected " + out.length);
        }
        return out;
    }

    /**
     * {@code factor_to_sparse_matrices(M, n)}: n times, the current matrix is split as M' × M'' and replaced by
     * M × M'; the M'' are the sparse matrices, last split first.
     *
     * @return the pre-sparse matrix at [0], then the n sparse matrices in the order the partial rounds use them.
     */
    BigInteger[][][] factorToSparseMatrices(final int n)
    {
        final BigInteger[][][] out = new BigInteger[n + 1][][];
        BigInteger[][] current = m;
        for (int k = 0; k < n; k++)
        {
            final BigInteger[][] mHatInverse = invert(minor(current));
            out[n - k] = doublePrime(current, mHatInverse);
            current = multiply(m, prime(current));
        }
        out[0] = current;
        return out;
    }

    /** M': row 0 is (1, 0, …, 0); row i > 0 is (0, m[i][1..]). */
    private BigInteger[][] prime(final BigInteger[][] a)
    {
        final BigInteger[][] p = zero();
        p[0][0] = BigInteger.ONE;
        for (int i = 1; i < t; i++)
        {
            System.arraycopy(a[i], 1, p[i], 1, t - 1);
        }
        return p;
    }

    /** M'': row 0 is (m[0][0], v) with v = m[0][1..]; row i > 0 is ŵ[i−1] in column 0 and 1 on the diagonal. */
    private BigInteger[][] doublePrime(final BigInteger[][] a, final BigInteger[][] mHatInverse)
    {
        final BigInteger[] w = new BigInteger[t - 1];
        for (int i = 1; i < t; i++)
        {
            w[i - 1] = a[i][0];
        }
        final BigInteger[] wHat = apply(mHatInverse, w);
        final BigInteger[][] d = zero();
        System.arraycopy(a[0], 0, d[0], 0, t);
        for (int i = 1; i < t; i++)
        {
            d[i][0] = wHat[i - 1];
            d[i][i] = BigInteger.ONE;
        }
        return d;
    }

    private BigInteger[] roundKeys(final BigInteger[] roundConstants, final int round)
    {
        final BigInteger[] keys = new BigInteger[t];
        System.arraycopy(roundConstants, round * t, keys, 0, t);
        return keys;
    }

    private BigInteger[][] zero()
    {
        final BigInteger[][] z = new BigInteger[t][t];
        for (final BigInteger[] row : z)
        {
            java.util.Arrays.fill(row, BigInteger.ZERO);
        }
        return z;
    }

    /** @return {@code out[j] = Σ_i a[i][j]·v[i]}. */
    static BigInteger[] apply(final BigInteger[][] a, final BigInteger[] v)
    {
        final int n = v.length;
        final BigInteger[] out = new BigInteger[n];
        for (int j = 0; j < n; j++)
        {
            BigInteger acc = BigInteger.ZERO;
            for (int i = 0; i < n; i++)
            {
                acc = acc.add(a[i][j].multiply(v[i]));
            }
            out[j] = acc.mod(R);
        }
        return out;
    }

    /** @return the matrix product a·b. */
    static BigInteger[][] multiply(final BigInteger[][] a, final BigInteger[][] b)
    {
        final int n = a.length;
        final BigInteger[][] out = new BigInteger[n][n];
        for (int i = 0; i < n; i++)
        {
            for (int j = 0; j < n; j++)
            {
                BigInteger acc = BigInteger.ZERO;
                for (int k = 0; k < n; k++)
                {
                    acc = acc.add(a[i][k].multiply(b[k][j]));
                }
                out[i][j] = acc.mod(R);
            }
        }
        return out;
    }

    /** @return the matrix without row 0 and column 0. */
    static BigInteger[][] minor(final BigInteger[][] a)
    {
        final int n = a.length - 1;
        final BigInteger[][] out = new BigInteger[n][n];
        for (int i = 0; i < n; i++)
        {
            System.arraycopy(a[i + 1], 1, out[i], 0, n);
        }
        return out;
    }

    /**
     * @return the inverse modulo r, by Gauss–Jordan elimination.
     * @throws IllegalArgumentException if the matrix is singular.
     */
    static BigInteger[][] invert(final BigInteger[][] a)
    {
        final int n = a.length;
        final BigInteger[][] w = new BigInteger[n][2 * n];
        for (int i = 0; i < n; i++)
        {
            for (int j = 0; j < n; j++)
            {
                w[i][j] = a[i][j].mod(R);
                w[i][n + j] = i == j ? BigInteger.ONE : BigInteger.ZERO;
            }
        }
        for (int col = 0; col < n; col++)
        {
            int pivot = col;
            while (pivot < n && w[pivot][col].signum() == 0)
            {
                pivot++;
            }
            if (pivot == n)
            {
                throw new IllegalArgumentException("singular matrix");
            }
            final BigInteger[] swap = w[pivot];
            w[pivot] = w[col];
            w[col] = swap;
            final BigInteger inverse = w[col][col].modInverse(R);
            for (int j = 0; j < 2 * n; j++)
            {
                w[col][j] = w[col][j].multiply(inverse).mod(R);
            }
            for (int i = 0; i < n; i++)
            {
                if (i != col && w[i][col].signum() != 0)
                {
                    final BigInteger factor = w[i][col];
                    for (int j = 0; j < 2 * n; j++)
                    {
                        w[i][j] = w[i][j].subtract(factor.multiply(w[col][j])).mod(R);
                    }
                }
            }
        }
        final BigInteger[][] out = new BigInteger[n][n];
        for (int i = 0; i < n; i++)
        {
            System.arraycopy(w[i], n, out[i], 0, n);
        }
        return out;
    }
}
