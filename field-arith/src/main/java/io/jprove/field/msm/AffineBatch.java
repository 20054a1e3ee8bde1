package io.jprove.field.msm;

import java.util.Arrays;

import io.jprove.field.CurveField;

/**
 * Up to {@code capacity} independent affine additions {@code dst[tₖ] += qₖ} done together with one shared field
 * inversion (Montgomery's trick): each costs 6M (3 for the shared inversion, then λ = Δy·Δx⁻¹, λ², λ·(x₁ − x₃))
 * against 10M for an XYZZ mixed addition.
 * <p>
 * Use: write the second operand into {@link #second()} at {@link #nextSlot()}, then {@link #commit} the offset of
 * the first operand in the destination array; {@link #flush} when {@link #isFull()} and at the end. Within one batch
 * the targets must be distinct. Any inputs work: infinity on either side, equal points (the tangent, λ = 3x²/2y) and
 * opposite points (infinity) are resolved per entry.
 */
final class AffineBatch
{
    private static final byte ADD = 0;
    private static final byte DOUBLE = 1;
    private static final byte TO_INFINITY = 2;
    private static final byte COPY_SECOND = 3;
    private static final byte KEEP = 4;

    private final MsmGroup g;
    private final CurveField field;
    private final int fl;
    private final int al;
    private final int capacity;
    private final long[] second;
    private final int[] target;
    private final byte[] kind;
    private final long[] num;
    private final long[] den;
    private final long[] prefix;
    private final long[] acc;
    private final long[] t;
    private int size;

    AffineBatch(final MsmGroup g, final int capacity)
    {
        this.g = g;
        this.field = g.field();
        this.fl = g.fieldLimbs();
        this.al = g.affineLimbs();
        this.capacity = capacity;
        this.second = new long[capacity * al];
        this.target = new int[capacity];
        this.kind = new byte[capacity];
        this.num = new long[capacity * fl];
        this.den = new long[capacity * fl];
        this.prefix = new long[capacity * fl];
        this.acc = new long[3 * fl];
        this.t = new long[2 * fl];
    }

    /** @return the array holding second operands. */
    long[] second()
    {
        return second;
    }

    /** @return where the next second operand goes in {@link #second()}. */
    int nextSlot()
    {
        return size * al;
    }

    /** Queues {@code dst[targetOffset] += second[nextSlot()]}. */
    void commit(final int targetOffset)
    {
        target[size++] = targetOffset;
    }

    boolean isFull()
    {
        return size == capacity;
    }

    boolean isEmpty()
    {
        return size == 0;
    }

    /** Performs the queued additions into {@code dst} and empties the batch. */
    void flush(final long[] dst)
    {
        if (size == 0)
        {
            return;
        }
        final int one = 0;
        final int inv = fl;
        final int cur = 2 * fl;
        field.setOne(acc, one);
        for (int k = 0; k < size; k++)
        {
            final int p = target[k];
            final int q = k * al;
            final int f = k * fl;
            final byte kd = classify(dst, p, q);
            kind[k] = kd;
            System.arraycopy(acc, one, prefix, f, fl);
            if (kd == ADD)
            {
                field.sub(den, f, second, q, dst, p);
                field.sub(num, f, second, q + fl, dst, p + fl);
            }
            else if (kd == DOUBLE)
            {
                field.add(den, f, dst, p + fl, dst, p + fl);
                field.square(num, f, dst, p);
                field.add(t, 0, num, f, num, f);
                field.add(num, f, t, 0, num, f);
            }
            else
            {
                continue;
            }
            field.mul(acc, one, acc, one, den, f);
        }
        field.inverse(acc, inv, acc, one);
        for (int k = size - 1; k >= 0; k--)
        {
            final int p = target[k];
            final int q = k * al;
            final int f = k * fl;
            switch (kind[k])
            {
                case ADD, DOUBLE ->
                {
                    field.mul(acc, cur, acc, inv, prefix, f);
                    field.mul(acc, inv, acc, inv, den, f);
                    // λ = num / den into num; x3 = λ² − x1 − x2; y3 = λ(x1 − x3) − y1
                    field.mul(num, f, num, f, acc, cur);
                    field.square(t, 0, num, f);
                    field.sub(t, 0, t, 0, dst, p);
                    field.sub(t, 0, t, 0, second, q);
                    field.sub(t, fl, dst, p, t, 0);
                    field.mul(t, fl, t, fl, num, f);
                    field.sub(dst, p + fl, t, fl, dst, p + fl);
                    System.arraycopy(t, 0, dst, p, fl);
                }
                case TO_INFINITY -> Arrays.fill(dst, p, p + al, 0L);
                case COPY_SECOND -> System.arraycopy(second, q, dst, p, al);
                default ->
                {
                }
            }
        }
        size = 0;
    }

    private byte classify(final long[] dst, final int p, final int q)
    {
        if (g.isInfinity(second, q))
        {
            return KEEP;
        }
        if (g.isInfinity(dst, p))
        {
            return COPY_SECOND;
        }
        if (!field.equal(dst, p, second, q))
        {
            return ADD;
        }
        return field.equal(dst, p + fl, second, q + fl) ? DOUBLE : TO_INFINITY;
    }
}
