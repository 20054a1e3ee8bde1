package io.jprove.field.msm;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.BitSet;

import io.jprove.field.Fr;
import io.jprove.field.FrVector;
import io.jprove.field.G1AffineVector;
import io.jprove.field.G2AffineVector;

/**
 * The Groth16 prover's split of one MSM Σ sᵢ·Pᵢ into a batch-add and a tail MSM: scalars equal to 0 are dropped,
 * those equal to 1 become bits of {@link #ones()} (over base indices, for {@link BatchAdd}), and the rest go, with
 * their bases' indices, to the tail. So Σ sᵢ·Pᵢ = BatchAdd(bases, ones) + Msm(tailBases, tailScalars).
 * <p>
 * Density follows {@link Msm}: with a density bitmap scalar i has a base only when bit i is set (the next one in
 * order); scalars without a base are dropped. One split serves every base vector the same scalars and density pair
 * with (B in G1 and in G2).
 */
public final class ScalarSplit
{
    private static final long[] ONE = Fr.one();

    private final BitSet ones;
    private final int onesCount;
    private final FrVector tailScalars;
    private final int[] tailBaseIndices;

    private ScalarSplit(final BitSet ones, final int onesCount, final FrVector tailScalars,
        final int[] tailBaseIndices)
    {
        this.ones = ones;
        this.onesCount = onesCount;
        this.tailScalars = tailScalars;
        this.tailBaseIndices = tailBaseIndices;
    }

    /**
     * Splits {@code scalars} (Montgomery form, as an {@link FrVector} holds them).
     *
     * @param density   null (scalar i pairs with base i) or the density bitmap.
     * @param baseCount the number of bases the scalars pair with, checked as {@link Msm} checks it.
     * @param arena     owner of the tail scalars.
     * @throws IllegalArgumentException if the base count does not match.
     */
    public static ScalarSplit of(final FrVector scalars, final BitSet density, final long baseCount,
        final Arena arena)
    {
        final long size = scalars.size();
        if (size > Integer.MAX_VALUE)
        {
            throw new IllegalArgumentException("split of " + size + " scalars exceeds the CPU limit");
        }
        final int n = (int)size;
        final long selected = density == null ? n : density.get(0, n).cardinality();
        if (selected != baseCount)
        {
            throw new IllegalArgumentException("scalar split: " + baseCount + " bases for " + selected
                + (density == null ? " scalars" : " scalars whose density bit is set (of " + n + ")"));
        }
        final MemorySegment in = scalars.segment();
        final BitSet ones = new BitSet();
        final int[] tail = new int[n];
        final int[] tailBase = new int[n];
        int tailCount = 0;
        int onesCount = 0;
        int base = 0;
        final long[] k = new long[Fr.LIMBS];
        for (int i = 0; i < n; i++)
        {
            if (density != null && !density.get(i))
            {
                continue;
            }
            scalars.get(i, k, 0);
            if (k[0] == ONE[0] && k[1] == ONE[1] && k[2] == ONE[2] && k[3] == ONE[3])
            {
                ones.set(base);
                onesCount++;
            }
            else if ((k[0] | k[1] | k[2] | k[3]) != 0)
            {
                tail[tailCount] = i;
                tailBase[tailCount++] = base;
            }
            base++;
        }
        final FrVector tailScalars = FrVector.allocate(arena, tailCount);
        for (int j = 0; j < tailCount; j++)
        {
            MemorySegment.copy(in, (long)tail[j] * Fr.BYTES, tailScalars.segment(), (long)j * Fr.BYTES, Fr.BYTES);
        }
        return new ScalarSplit(ones, onesCount, tailScalars, java.util.Arrays.copyOf(tailBase, tailCount));
    }

    /** @return the bases whose scalar is 1, by base index. */
    public BitSet ones()
    {
        return ones;
    }

    /** @return how many scalars equal 1. */
    public int onesCount()
    {
        return onesCount;
    }

    /** @return the scalars other than 0 and 1, in order (Montgomery form). */
    public FrVector tailScalars()
    {
        return tailScalars;
    }

    /** @return for each tail scalar, the index of its base. */
    public int[] tailBaseIndices()
    {
        return tailBaseIndices.clone();
    }

    /** @return the G1 bases of the tail scalars, gathered in their order into a new vector of {@code arena}. */
    public G1AffineVector tailBases(final G1AffineVector bases, final Arena arena)
    {
        final G1AffineVector out = G1AffineVector.allocate(arena, tailBaseIndices.length);
        gather(bases.segment(), G1AffineVector.ELEMENT_BYTES, out.segment());
        return out;
    }

    /** @return the G2 bases of the tail scalars, gathered in their order into a new vector of {@code arena}. */
    public G2AffineVector tailBases(final G2AffineVector bases, final Arena arena)
    {
        final G2AffineVector out = G2AffineVector.allocate(arena, tailBaseIndices.length);
        gather(bases.segment(), G2AffineVector.ELEMENT_BYTES, out.segment());
        return out;
    }

    private void gather(final MemorySegment from, final long bytes, final MemorySegment to)
    {
        for (int j = 0; j < tailBaseIndices.length; j++)
        {
            MemorySegment.copy(from, tailBaseIndices[j] * bytes, to, j * bytes, bytes);
        }
    }
}
