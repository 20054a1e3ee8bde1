package io.jprove.field.generator;

import io.jprove.field.FieldDescription;

/**
 * The body of a Montgomery multiplication on 55-bit digits by finely integrated product scanning (FIPS), for
 * elements stored as 64-bit limbs with R = 2^(64n). With d = ⌈64n/55⌉ digits the digit radix gives R' = 2^(55d) =
 * 2^k·R; taking the digits of 2^k·a instead of a (a shift while splitting) makes the result a·b·R⁻¹. Each product
 * of two digits is below 2^110 and is taken apart at bit 55 ({@code Math.multiplyHigh} is exact here: both factors
 * are non-negative), its low part added into its column and its high part into the next; a column then sums at
 * most 4d terms below 2^55, so a 64-bit accumulator holds it with no carry detection.
 */
final class Split55
{
    private static final int BITS = 55;
    private static final long MASK = (1L << BITS) - 1;

    final int digits;
    private final FieldDescription field;
    private final int n;
    /** k in R' = 2^k·R. */
    final int shift;

    Split55(final FieldDescription field)
    {
        this.field = field;
        this.n = field.limbs();
        this.digits = (64 * n + BITS - 1) / BITS;
        this.shift = BITS * digits - 64 * n;
        // 2^k·a < 2^k·p must fit the digits, and 2^k·p < R' keeps the result below 2p; 4d column terms below 2^55
        // must fit a signed 64-bit accumulator
        if (field.modulus().shiftLeft(shift).bitLength() >= BITS * digits || 4 * digits >= 1 << (63 - BITS))
        {
            throw new IllegalArgumentException(field.name() + ": 55-bit digits do not fit this modulus");
        }
    }

    void emit(final SourceWriter w)
    {
        w.line("final long mask = " + MontgomeryGenerator.hex(MASK) + ";");
        digitsOf(w, "x", "a", "ao", -shift);
        digitsOf(w, "y", "b", "bo", 0);
        final long pInverse = field.inverse64() & MASK;
        w.line("long cur = 0;");
        w.line("long nxt = 0;");
        w.line("long lo;");
        w.line("long hi;");
        for (int k = 0; k < 2 * digits - 1; k++)
        {
            for (int i = Math.max(0, k - digits + 1); i <= Math.min(k, digits - 1); i++)
            {
                product(w, "x" + i, "y" + (k - i));
            }
            for (int j = Math.max(0, k - digits + 1); j < Math.min(k, digits); j++)
            {
                product(w, "m" + j, pDigit(k - j));
            }
            if (k < digits)
            {
                w.line("final long m" + k + " = ((cur & mask) * " + MontgomeryGenerator.hex(pInverse) + ") & mask;");
                product(w, "m" + k, pDigit(0));
                w.line("cur = nxt + (cur >>> " + BITS + ");");
            }
            else
            {
                w.line("final long r" + (k - digits) + " = cur & mask;");
                w.line("cur = nxt + (cur >>> " + BITS + ");");
            }
            w.line("nxt = 0;");
        }
        w.line("final long r" + (digits - 1) + " = cur;");
        pack(w);
    }

    private String pDigit(final int i)
    {
        return MontgomeryGenerator.hex(field.modulus().shiftRight(BITS * i).longValue() & MASK);
    }

    private static void product(final SourceWriter w, final String x, final String y)
    {
        w.line("lo = " + x + " * " + y + ";");
        w.line("hi = Math.multiplyHigh(" + x + ", " + y + ");");
        w.line("cur += lo & mask;");
        w.line("nxt += (lo >>> " + BITS + ") | (hi << " + (64 - BITS) + ");");
    }

    /** Declares the digits {@code name0…} of {@code 2^(−from)·array}: digit i is bits [55i + from, 55i + from + 55). */
    private void digitsOf(final SourceWriter w, final String name, final String array, final String offset,
        final int from)
    {
        for (int i = 0; i < digits; i++)
        {
            final int start = BITS * i + from;
            final StringBuilder e = new StringBuilder();
            for (int limb = 0; limb < n; limb++)
            {
                final int lo = 64 * limb;
                if (lo + 64 <= start || lo >= start + BITS)
                {
                    continue;
                }
                final String v = array + "[" + SourceWriter.at(offset, limb) + "]";
                final String term = lo < start ? "(" + v + " >>> " + (start - lo) + ")"
                    : lo == start ? v : "(" + v + " << " + (lo - start) + ")";
                e.append(e.isEmpty() ? "" : " | ").append(term);
            }
            final boolean single = e.indexOf(" | ") < 0 && e.charAt(0) == '(';
            final String bits = single ? e.substring(1, e.length() - 1) : e.toString();
            w.line("final long " + name + i + " = (" + bits + ") & mask;");
        }
    }

    /** Writes the digits r0… back as 64-bit limbs and finishes with the conditional subtraction. */
    private void pack(final SourceWriter w)
    {
        final StringBuilder args = new StringBuilder();
        for (int limb = 0; limb < n; limb++)
        {
            final int lo = 64 * limb;
            final StringBuilder e = new StringBuilder();
            for (int d = 0; d < digits; d++)
            {
                final int start = BITS * d;
                if (start + BITS <= lo || start >= lo + 64)
                {
                    continue;
                }
                final String term = start < lo ? "(r" + d + " >>> " + (lo - start) + ")"
                    : start == lo ? "r" + d : "(r" + d + " << " + (start - lo) + ")";
                e.append(e.isEmpty() ? "" : " | ").append(term);
            }
            w.line("final long t" + limb + " = " + e + ";");
            args.append(", t").append(limb);
        }
        w.line("reduceOnce(r, ro" + args + ");");
    }
}
