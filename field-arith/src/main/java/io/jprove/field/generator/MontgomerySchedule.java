package io.jprove.field.generator;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;

import io.jprove.field.FieldDescription;
import io.jprove.field.generator.Term.Operand;

/**
 * The limb arithmetic of one prime field in Montgomery form, as one algorithm over words of a chosen width: which
 * word products each operation adds, where they land, when a Montgomery factor is formed, and in what order the
 * phases run. Two targets lower it: the build-time Java generator (64-bit limbs, the committed
 * {@code FqMontgomery}, {@code FrMontgomery}, {@code FqWideProduct}) and the GPU kernel compiler (32-bit words as PTX
 * carry chains, at kernel-compile time). What stays with each target is how carries travel ({@link Lowering}).
 * <p>
 * Every operation relies on the modulus leaving its top word a spare bit (R = 2^(w·words) &gt; 2p): a sum of two
 * canonical elements fits the words, and a Montgomery result below 2p needs one conditional subtraction. The
 * {@link FieldDescription} checks the stronger bound the 64-bit CIOS needs to drop its final carry word.
 */
public final class MontgomerySchedule
{
    private final FieldDescription field;
    private final int wordBits;
    private final int words;
    private final long[] modulus;
    private final long factor;

    private MontgomerySchedule(final FieldDescription field, final int wordBits)
    {
        if (wordBits != 32 && wordBits != 64)
        {
            throw new IllegalArgumentException(field.name() + ": words are 32 or 64 bits, not " + wordBits);
        }
        this.field = field;
        this.wordBits = wordBits;
        this.words = field.limbs() * 64 / wordBits;
        if (field.modulus().bitLength() >= words * wordBits)
        {
            throw new IllegalArgumentException(field.name() + ": modulus must have a spare top bit in " + words
                + " words");
        }
        final long mask = wordBits == 64 ? -1L : 0xFFFF_FFFFL;
        this.modulus = new long[words];
        for (int j = 0; j < words; j++)
        {
            modulus[j] = field.modulus().shiftRight(wordBits * j).longValue() & mask;
        }
        this.factor = field.inverse64() & mask;
    }

    /**
     * @param field    the field.
     * @param wordBits 64 (the CPU's limbs) or 32 (the GPU's words).
     * @return the field's schedule on words of that width.
     */
    public static MontgomerySchedule of(final FieldDescription field, final int wordBits)
    {
        return new MontgomerySchedule(field, wordBits);
    }

    /** @return the field this schedules. */
    public FieldDescription field()
    {
        return field;
    }

    /** @return p. */
    public BigInteger modulus()
    {
        return field.modulus();
    }

    /** @return w, the bits of a word. */
    public int wordBits()
    {
        return wordBits;
    }

    /** @return the words of an element (R = 2^(w·words)). */
    public int words()
    {
        return words;
    }

    /** @return word {@code j} of p (least significant first), in the low w bits. */
    public long modulusWord(final int j)
    {
        return modulus[j];
    }

    /** @return m' = −p⁻¹ mod 2^w, in the low w bits. */
    public long factor()
    {
        return factor;
    }

    /**
     * Montgomery multiplication a·b·R⁻¹ by CIOS (coarsely integrated operand scanning): for each word b_i, add a·b_i,
     * form m = t_0·m', add m·p and shift down one word; the window stays below 2p, so one conditional subtraction
     * ends it.
     */
    public void multiply(final Lowering.Multiplication lowering)
    {
        for (int i = 0; i < words; i++)
        {
            lowering.step(i, row(Operand.A, Operand.B, i, 0), row(Operand.MODULUS, Operand.FACTOR, i, 0));
        }
        lowering.subtractOnce();
    }

    /**
     * Montgomery squaring a²·R⁻¹: the cross products a_i·a_j (i &lt; j) once, doubled, plus the squares on the
     * diagonal (words·(words + 1)/2 products instead of words²), then the reduction of the double-width square.
     */
    public void square(final Lowering.Squaring lowering)
    {
        final List<List<Term>> rows = new ArrayList<>();
        for (int i = 0; i < words - 1; i++)
        {
            final List<Term> row = new ArrayList<>();
            for (int j = i + 1; j < words; j++)
            {
                row.add(new Term(Operand.A, i, Operand.A, j, i + j));
            }
            rows.add(List.copyOf(row));
        }
        lowering.crossProducts(List.copyOf(rows));
        lowering.doubleCrossProducts();
        final List<Term> squares = new ArrayList<>();
        for (int i = 0; i < words; i++)
        {
            squares.add(new Term(Operand.A, i, Operand.A, i, 2 * i));
        }
        lowering.diagonal(List.copyOf(squares));
        reduce(lowering);
    }

    /**
     * Montgomery reduction t·R⁻¹ mod p of a double-width t &lt; p·R, word by word (REDC): row i forms m_i = t_i·m'
     * and adds m_i·p at word i, which clears t_i; the upper half, below 2p, takes one conditional subtraction.
     */
    public void reduce(final Lowering.Reduction lowering)
    {
        final List<List<Term>> rows = new ArrayList<>();
        for (int i = 0; i < words; i++)
        {
            rows.add(row(Operand.MODULUS, Operand.FACTOR, i, i));
        }
        lowering.reduce(List.copyOf(rows));
        lowering.subtractOnce();
    }

    /**
     * Product scanning, column by column: column k collects every a_i·b_j with i + j = k; with {@code montgomery}
     * it also collects every m_j·p_(k−j) of the factors formed so far, and each column below {@code words} forms
     * its own factor m_k, which clears it (finely integrated product scanning). Without, the columns are the
     * double-width product a·b.
     */
    public void productScanning(final Lowering.Columns lowering, final boolean montgomery)
    {
        for (int k = 0; k < 2 * words - 1; k++)
        {
            final List<Term> products = new ArrayList<>();
            for (int i = Math.max(0, k - words + 1); i <= Math.min(k, words - 1); i++)
            {
                products.add(new Term(Operand.A, i, Operand.B, k - i, k));
            }
            final List<Term> reductions = new ArrayList<>();
            if (montgomery)
            {
                for (int j = Math.max(0, k - words + 1); j < Math.min(k, words); j++)
                {
                    reductions.add(new Term(Operand.MODULUS, k - j, Operand.FACTOR, j, k));
                }
            }
            lowering.column(k, List.copyOf(products), List.copyOf(reductions), montgomery && k < words);
        }
        if (montgomery)
        {
            lowering.subtractOnce();
        }
    }

    /**
     * Modular addition: one carry chain (a sum of canonical elements stays below 2p &lt; R), then one conditional
     * subtraction.
     */
    public void add(final Lowering.Modular lowering)
    {
        lowering.sum();
        lowering.subtractOnce();
    }

    /**
     * Modular subtraction: one borrow chain, then p added back when it borrowed. Negation is the subtraction from
     * zero (or, for a non-zero element, p − a).
     */
    public void subtract(final Lowering.Modular lowering)
    {
        lowering.difference();
        lowering.addModulusOnBorrow();
    }

    /** @return x_j·y_yi at word base + j, for every word j of an element. */
    private List<Term> row(final Operand x, final Operand y, final int yi, final int base)
    {
        final List<Term> row = new ArrayList<>();
        for (int j = 0; j < words; j++)
        {
            row.add(new Term(x, j, y, yi, base + j));
        }
        return List.copyOf(row);
    }

    @Override
    public String toString()
    {
        return field.name() + " on " + words + " words of " + wordBits + " bits";
    }
}
