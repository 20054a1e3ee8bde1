package io.jprove.engine.porep.synthesis;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteOrder;

import io.jprove.engine.r1cs.SynthesisException;
import io.jprove.engine.r1cs.Witness;
import io.jprove.field.Fr;

/**
 * Writes a run of consecutive aux values, in allocation order, into off-heap memory in the FrVector layout (32 bytes
 * per element, Montgomery form, four little-endian limbs): the cursor of one task of {@link PartitionSynthesizer}.
 * Bits are written as 0 or Montgomery one; a whole word's bits in one call, least significant first.
 * <p>
 * A writer without memory only counts, which is how {@link PartitionLayout} measures each task once per shape. A
 * writer never writes outside {@code [start, end)} of its segment: the task that would is named instead. One thread.
 */
final class AuxWriter
{
    private static final ValueLayout.OfLong LIMB = ValueLayout.JAVA_LONG.withOrder(ByteOrder.LITTLE_ENDIAN);
    private static final long BYTES = Fr.LIMBS * Long.BYTES;
    private static final long[] ONE = Fr.one();
    private static final long ONE0 = ONE[0];
    private static final long ONE1 = ONE[1];
    private static final long ONE2 = ONE[2];
    private static final long ONE3 = ONE[3];

    private final MemorySegment aux;
    /** Per variable (inputs first), the kind of its value, as the sparse product reads them; or null. */
    private final byte[] kinds;
    /** The index in {@link #kinds} of aux variable 0: the number of inputs. */
    private final int kindBase;
    private long at;
    private long end;
    private String task;

    private AuxWriter(final MemorySegment aux, final byte[] kinds, final int kindBase)
    {
        this.aux = aux;
        this.kinds = kinds;
        this.kindBase = kindBase;
    }

    /**
     * @param kinds    receives each value's kind ({@link Witness#KIND_ZERO} …) at {@code numInputs} + its index
     * @return a writer into {@code aux}; {@link #reset} places it.
     */
    static AuxWriter into(final MemorySegment aux, final byte[] kinds, final int numInputs)
    {
        return new AuxWriter(aux, kinds, numInputs);
    }

    /** @return a writer that only counts the values it is given. */
    static AuxWriter counting()
    {
        final AuxWriter w = new AuxWriter(null, null, 0);
        w.end = Long.MAX_VALUE;
        return w;
    }

    /**
     * Places the cursor at aux variable {@code first}, allowing {@code count} values.
     *
     * @param task names the task in an error
     */
    void reset(final long first, final long count, final String task)
    {
        at = first * BYTES;
        end = (first + count) * BYTES;
        this.task = task;
    }

    /** @return the aux index the next value goes to. */
    long position()
    {
        return at / BYTES;
    }

    /**
     * @throws SynthesisException unless exactly the allowed values were written: the native synthesis and the
     *     recorded shape disagree.
     */
    void finish()
    {
        if (at != end)
        {
            throw new SynthesisException(task + " wrote " + (at / BYTES) + " values where its layout ends at "
                + end / BYTES + ": the native synthesis does not fit this circuit shape");
        }
    }

    /** Writes one bit. */
    void bit(final boolean b)
    {
        final long p = room(1);
        if (aux != null)
        {
            put(p, b ? 1 : 0);
        }
    }

    /** Writes the bits of {@code word} selected by {@code mask}, least significant first. */
    void bits(final int word, final int mask)
    {
        final int n = Integer.bitCount(mask);
        final long p0 = room(n);
        if (aux == null)
        {
            return;
        }
        long p = p0;
        int m = mask;
        while (m != 0)
        {
            final int i = Integer.numberOfTrailingZeros(m);
            put(p, word >>> i);
            p += BYTES;
            m &= m - 1;
        }
    }

    /** Writes all 32 bits of {@code word}, least significant first. */
    void word(final int word)
    {
        final long p0 = room(32);
        if (aux == null)
        {
            return;
        }
        long p = p0;
        for (int i = 0; i < 32; i++)
        {
            put(p, word >>> i);
            p += BYTES;
        }
    }

    /** Writes, for each bit i selected by {@code mask} (least significant first), bit i of {@code x}, then of y. */
    void bitPairs(final int x, final int y, final int mask)
    {
        final long p0 = room(2L * Integer.bitCount(mask));
        if (aux == null)
        {
            return;
        }
        long p = p0;
        int m = mask;
        while (m != 0)
        {
            final int i = Integer.numberOfTrailingZeros(m);
            put(p, x >>> i);
            put(p + BYTES, y >>> i);
            p += 2 * BYTES;
            m &= m - 1;
        }
    }

    /** Writes the {@code count} low bits of {@code value}, least significant first. */
    void low(final long value, final int count)
    {
        final long p0 = room(count);
        if (aux == null)
        {
            return;
        }
        long p = p0;
        for (int i = 0; i < count; i++)
        {
            put(p, (int)(value >>> i));
            p += BYTES;
        }
    }

    /** Writes {@code count} elements from {@code limbs} at {@code offset} (Montgomery form). */
    void elements(final long[] limbs, final int offset, final int count)
    {
        final long p = room(count);
        if (aux != null)
        {
            MemorySegment.copy(limbs, offset, aux, LIMB, p, count * Fr.LIMBS);
            int k = kindIndex(p);
            for (int i = offset; i < offset + count * Fr.LIMBS; i += Fr.LIMBS)
            {
                final long v0 = limbs[i];
                final long v1 = limbs[i + 1];
                final long v2 = limbs[i + 2];
                final long v3 = limbs[i + 3];
                kinds[k++] = (v0 | v1 | v2 | v3) == 0 ? Witness.KIND_ZERO
                    : v0 == ONE0 && v1 == ONE1 && v2 == ONE2 && v3 == ONE3 ? Witness.KIND_ONE : Witness.KIND_OTHER;
            }
        }
    }

    private int kindIndex(final long p)
    {
        return (int)(kindBase + p / BYTES);
    }

    /** Writes one element. */
    void element(final long[] limbs, final int offset)
    {
        elements(limbs, offset, 1);
    }

    private long room(final long count)
    {
        final long p = at;
        final long next = p + count * BYTES;
        if (next > end)
        {
            throw new SynthesisException(task + " writes past its layout's end, aux " + end / BYTES
                + ": the native synthesis does not fit this circuit shape");
        }
        at = next;
        return p;
    }

    /** Writes 0 or one for the low bit of {@code bit}; without a branch, as hash bits are unpredictable. */
    private void put(final long p, final int bit)
    {
        final long m = -(long)(bit & 1);
        kinds[kindIndex(p)] = (byte)(bit & 1);
        aux.set(LIMB, p, ONE0 & m);
        aux.set(LIMB, p + 8, ONE1 & m);
        aux.set(LIMB, p + 16, ONE2 & m);
        aux.set(LIMB, p + 24, ONE3 & m);
    }
}
