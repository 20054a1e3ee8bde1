package io.jprove.engine.r1cs;

import java.util.Arrays;

/**
 * Which variables of one kind (inputs or aux) have a set bit, e.g. "appears in some A linear combination"; the MSMs
 * take the bases of exactly those variables. A growable bitset over {@code long[]}; bit i of word i/64 is variable i.
 */
public final class DensityBitmap
{
    private long[] words;
    private int size;

    /** An empty bitmap. */
    public DensityBitmap()
    {
        this(0);
    }

    /** @param size variables, all clear. */
    public DensityBitmap(final int size)
    {
        words = new long[Math.max(1, (size + 63) >>> 6)];
        this.size = size;
    }

    /** @param other a bitmap to copy. */
    public DensityBitmap(final DensityBitmap other)
    {
        words = other.words.clone();
        size = other.size;
    }

    /** Appends one clear bit for a newly allocated variable. */
    public void addElement()
    {
        if ((size >>> 6) == words.length)
        {
            words = Arrays.copyOf(words, words.length * 2);
        }
        size++;
    }

    /** Sets bit {@code index}. */
    public void set(final int index)
    {
        if (index >= size || index < 0)
        {
            throw new IndexOutOfBoundsException("density index " + index + " outside [0, " + size + ")");
        }
        words[index >>> 6] |= 1L << index;
    }

    /** @return bit {@code index}. */
    public boolean get(final int index)
    {
        if (index >= size || index < 0)
        {
            throw new IndexOutOfBoundsException("density index " + index + " outside [0, " + size + ")");
        }
        return (words[index >>> 6] & (1L << index)) != 0;
    }

    /** @return the number of variables covered. */
    public int size()
    {
        return size;
    }

    /** @return the number of set bits. */
    public int cardinality()
    {
        int n = 0;
        for (final long w : words)
        {
            n += Long.bitCount(w);
        }
        return n;
    }

    /** @return a copy of the words; bit i of word i/64 is variable i, bits past {@link #size()} are clear. */
    public long[] toWords()
    {
        return Arrays.copyOf(words, (size + 63) >>> 6);
    }

    @Override
    public boolean equals(final Object o)
    {
        return o instanceof final DensityBitmap other && other.size == size
            && Arrays.equals(words, 0, (size + 63) >>> 6, other.words, 0, (size + 63) >>> 6);
    }

    @Override
    public int hashCode()
    {
        return Arrays.hashCode(toWords()) * 31 + size;
    }

    @Override
    public String toString()
    {
        return "DensityBitmap[" + cardinality() + " of " + size + "]";
    }
}
