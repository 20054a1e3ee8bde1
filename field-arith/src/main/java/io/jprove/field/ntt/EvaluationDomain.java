package io.jprove.field.ntt;

import java.math.BigInteger;
import java.util.concurrent.atomic.AtomicReferenceArray;

import io.jprove.field.Fr;

/**
 * The multiplicative subgroup of Fr of size m = 2^k that the Groth16 prover evaluates on, with its coset by the
 * generator g = 7, and the twiddle tables of {@link Ntt} for that size. Domains are immutable and cached per size
 * ({@link #ofLogSize}); the tables hold O(√m) elements (under 4 MiB at m = 2^27).
 * <p>
 * The transform splits m = rows × columns with rows = 2^⌊k/2⌋ and columns = 2^⌈k/2⌉ (the four-step method), so every
 * table below is indexed by a row or a column, never by a full index.
 */
public final class EvaluationDomain
{
    /** Largest supported log size: Fr's 2-adicity. */
    public static final int MAX_LOG_SIZE = Fr.TWO_ADICITY;

    private static final AtomicReferenceArray<EvaluationDomain> CACHE = new AtomicReferenceArray<>(MAX_LOG_SIZE + 1);

    private final int logSize;
    private final int logRows;
    private final int logColumns;
    private final long[] omega;
    private final long[] omegaInverse;
    /** m⁻¹; the transform reads it. */
    final long[] sizeInverse;
    private final long[] cosetGenerator;
    private final long[] cosetGeneratorInverse;
    private final long[] vanishingInverseOnCoset;

    /** ω_columns^j = ω^(rows·j), j < columns/2; the sub-transforms of both phases read it (rows use a stride). */
    final long[] columnRoots;
    /** The same with ω⁻¹. */
    final long[] columnRootsInverse;
    /** ω^i, i < rows: the four-step twiddle of row i is (ω^i)^j at column j. */
    final long[] rowTwiddleBase;
    /** The same with ω⁻¹. */
    final long[] rowTwiddleBaseInverse;
    /** g^(columns·i), i < rows: with {@link #cosetColumn}, g^(columns·i + j) = g^index before a coset transform. */
    final long[] cosetRow;
    /** g^j, j < columns. */
    final long[] cosetColumn;
    /** m⁻¹·g^(−i), i < rows: with {@link #cosetInverseColumn}, m⁻¹·g^(−i − rows·j) = m⁻¹·g^(−output index). */
    final long[] cosetInverseRow;
    /** g^(−rows·j), j < columns. */
    final long[] cosetInverseColumn;
    /** g^(rows·j), j < columns: with {@link #cosetColumn} (g^i, i < rows), g^(i + rows·j) for bit-reversed input. */
    final long[] ditCosetColumn;
    /** m⁻¹·g^(−columns·i), i < rows: with {@link #ditCosetInverseColumn}, m⁻¹·g^(−index) after decimation in time. */
    final long[] ditCosetInverseRow;
    /** g^(−j), j < columns. */
    final long[] ditCosetInverseColumn;

    private EvaluationDomain(final int logSize)
    {
        this.logSize = logSize;
        this.logRows = logSize / 2;
        this.logColumns = logSize - logRows;
        final long rows = 1L << logRows;
        final long columns = 1L << logColumns;
        final BigInteger size = BigInteger.ONE.shiftLeft(logSize);
        omega = Fr.rootOfUnity(logSize);
        omegaInverse = new long[Fr.LIMBS];
        Fr.inverse(omegaInverse, 0, omega, 0);
        sizeInverse = Fr.of(size.modInverse(Fr.MODULUS));
        cosetGenerator = Fr.of(Fr.GENERATOR);
        cosetGeneratorInverse = new long[Fr.LIMBS];
        Fr.inverse(cosetGeneratorInverse, 0, cosetGenerator, 0);
        vanishingInverseOnCoset = new long[Fr.LIMBS];
        Fr.pow(vanishingInverseOnCoset, 0, cosetGenerator, 0, size);
        Fr.sub(vanishingInverseOnCoset, vanishingInverseOnCoset, Fr.one());
        Fr.inverse(vanishingInverseOnCoset, 0, vanishingInverseOnCoset, 0);

        final long[] t = new long[Fr.LIMBS];
        Fr.pow(t, 0, omega, 0, BigInteger.valueOf(rows));
        columnRoots = powers(Fr.one(), t, (int)Math.max(1, columns / 2));
        Fr.pow(t, 0, omegaInverse, 0, BigInteger.valueOf(rows));
        columnRootsInverse = powers(Fr.one(), t, (int)Math.max(1, columns / 2));
        rowTwiddleBase = powers(Fr.one(), omega, (int)rows);
        rowTwiddleBaseInverse = powers(Fr.one(), omegaInverse, (int)rows);
        Fr.pow(t, 0, cosetGenerator, 0, BigInteger.valueOf(columns));
        cosetRow = powers(Fr.one(), t, (int)rows);
        cosetColumn = powers(Fr.one(), cosetGenerator, (int)columns);
        cosetInverseRow = powers(sizeInverse, cosetGeneratorInverse, (int)rows);
        Fr.pow(t, 0, cosetGeneratorInverse, 0, BigInteger.valueOf(rows));
        cosetInverseColumn = powers(Fr.one(), t, (int)columns);
        Fr.pow(t, 0, cosetGenerator, 0, BigInteger.valueOf(rows));
        ditCosetColumn = powers(Fr.one(), t, (int)columns);
        Fr.pow(t, 0, cosetGeneratorInverse, 0, BigInteger.valueOf(columns));
        ditCosetInverseRow = powers(sizeInverse, t, (int)rows);
        ditCosetInverseColumn = powers(Fr.one(), cosetGeneratorInverse, (int)columns);
    }

    /**
     * @param logSize k, for the domain of size 2^k.
     * @return the cached domain of that size.
     * @throws IllegalArgumentException unless 0 ≤ k ≤ 32.
     */
    public static EvaluationDomain ofLogSize(final int logSize)
    {
        if (logSize < 0 || logSize > MAX_LOG_SIZE)
        {
            throw new IllegalArgumentException(
                "NTT domain log size " + logSize + " out of range [0, " + MAX_LOG_SIZE + "] (Fr has 2-adicity 32)");
        }
        final EvaluationDomain cached = CACHE.get(logSize);
        if (cached != null)
        {
            return cached;
        }
        final EvaluationDomain fresh = new EvaluationDomain(logSize);
        return CACHE.compareAndExchange(logSize, null, fresh) == null ? fresh : CACHE.get(logSize);
    }

    /**
     * @param size m, a power of two from 1 to 2^32.
     * @return the cached domain of that size.
     * @throws IllegalArgumentException if m is not a power of two or is above 2^32.
     */
    public static EvaluationDomain ofSize(final long size)
    {
        if (size <= 0 || Long.bitCount(size) != 1)
        {
            throw new IllegalArgumentException("NTT domain size " + size + " is not a positive power of two");
        }
        if (size > 1L << MAX_LOG_SIZE)
        {
            throw new IllegalArgumentException(
                "NTT domain size " + size + " exceeds 2^" + MAX_LOG_SIZE + " (Fr has 2-adicity 32)");
        }
        return ofLogSize(Long.numberOfTrailingZeros(size));
    }

    /**
     * @param count at least 1.
     * @return the least domain with at least {@code count} elements (bellperson's choice of m).
     * @throws IllegalArgumentException if no domain is large enough.
     */
    public static EvaluationDomain atLeast(final long count)
    {
        if (count <= 0 || count > 1L << MAX_LOG_SIZE)
        {
            throw new IllegalArgumentException("no NTT domain holds " + count + " elements (1 to 2^32)");
        }
        return ofLogSize(64 - Long.numberOfLeadingZeros(count - 1));
    }

    /** @return m. */
    public long size()
    {
        return 1L << logSize;
    }

    /** @return k = log₂ m. */
    public int logSize()
    {
        return logSize;
    }

    /** @return ω = {@code Fr.rootOfUnity(k)}, a primitive m-th root of unity (a fresh copy). */
    public long[] omega()
    {
        return omega.clone();
    }

    /** @return ω⁻¹ (a fresh copy). */
    public long[] omegaInverse()
    {
        return omegaInverse.clone();
    }

    /** @return m⁻¹ (a fresh copy). */
    public long[] sizeInverse()
    {
        return sizeInverse.clone();
    }

    /** @return the coset generator g = 7 (a fresh copy). */
    public long[] cosetGenerator()
    {
        return cosetGenerator.clone();
    }

    /** @return g⁻¹ (a fresh copy). */
    public long[] cosetGeneratorInverse()
    {
        return cosetGeneratorInverse.clone();
    }

    /**
     * @return (g^m − 1)⁻¹: the inverse of the vanishing polynomial Z(x) = x^m − 1, which is the constant g^m − 1 on
     * every point g·ω^i of the coset (a fresh copy).
     */
    public long[] vanishingInverseOnCoset()
    {
        return vanishingInverseOnCoset.clone();
    }

    int logRows()
    {
        return logRows;
    }

    int logColumns()
    {
        return logColumns;
    }

    @Override
    public String toString()
    {
        return "EvaluationDomain[2^" + logSize + "]";
    }

    /** @return {@code first·base^i} for i < count, back to back. */
    private static long[] powers(final long[] first, final long[] base, final int count)
    {
        final long[] out = new long[count * Fr.LIMBS];
        Fr.copy(out, 0, first, 0);
        for (int i = 1; i < count; i++)
        {
            Fr.mul(out, i * Fr.LIMBS, out, (i - 1) * Fr.LIMBS, base, 0);
        }
        return out;
    }
}
