package io.jprove.kernels.ptx;

import java.math.BigInteger;

import io.jprove.field.FieldDescription;

/**
 * Montgomery arithmetic on 32-bit limbs as PTX carry chains, for a prime modulus of {@code 32·n} bits or fewer with
 * spare top bits (so the CIOS intermediate fits in n + 2 words and the result needs one conditional subtraction).
 *
 * <p>Multiplication is CIOS (coarsely integrated operand scanning): for each word b[i], t += a·b[i] and then t += m·p
 * with m = t[0]·m' mod 2^32, shifted down one word. Each product row is two carry chains, one of low halves
 * ({@code mad.lo.cc}/{@code madc.lo.cc}) into t[j] and one of high halves ({@code mad.hi.cc}/{@code madc.hi.cc}) into
 * t[j+1]. Operands are canonical (below p); results are canonical, so any correct algorithm gives the same bits.
 *
 * <p>The field comes from its {@link FieldDescription}, the description the CPU limb code ({@code FqMontgomery},
 * {@code FrMontgomery}) is generated from, so the two cannot disagree about p or m'. The chains themselves stay a
 * generator of their own, emitted per call: they work on 32-bit words with PTX carry flags and lay out CIOS
 * differently (even/odd accumulators), a shape measured on the H200 that the 64-bit Java does not share.
 */
final class MontgomeryChains
{
    final String name;
    final BigInteger modulus;
    final int words;
    final int limbs;
    private final int[] p;
    private final int mPrime;

    /**
     * Chains for one field, from the same {@link FieldDescription} the CPU field code is generated from: its
     * modulus, its limb count (two 32-bit words per 64-bit limb) and its −p⁻¹, whose low word is m'.
     *
     * @param field the field, with at least one spare bit in its {@code limbs · 64} bits.
     */
    MontgomeryChains(final FieldDescription field)
    {
        this.name = field.name();
        this.modulus = field.modulus();
        this.words = 2 * field.limbs();
        this.limbs = field.limbs();
        if (modulus.bitLength() >= words * 32)
        {
            throw new IllegalArgumentException(name + ": modulus must have a spare top bit in " + words + " words");
        }
        this.p = new int[words];
        for (int i = 0; i < words; i++)
        {
            p[i] = modulus.shiftRight(32 * i).intValue();
        }
        this.mPrime = field.inverse32();
    }

    /** @return −p⁻¹ mod 2^32. */
    int mPrime()
    {
        return mPrime;
    }

    /** @return r = a·b·R⁻¹ mod p, words little-endian. */
    String[] mul(final WordOps ops, final String[] a, final String[] b)
    {
        final int n = words;
        final String zero = ops.constant(0);
        final String[] pw = new String[n];
        for (int j = 0; j < n; j++)
        {
            pw[j] = ops.constant(p[j]);
        }
        final String mp = ops.constant(mPrime);
        String[] t = new String[n + 2];
        for (int i = 0; i < n; i++)
        {
            if (i == 0)
            {
                for (int j = 0; j < n; j++)
                {
                    t[j] = mulLo(ops, a[j], b[0]);
                }
                t[n] = zero;
                t[n + 1] = zero;
                hiRow(ops, t, a, b[0], zero);
            }
            else
            {
                row(ops, t, a, b[i], zero);
            }
            final String m = mulLo(ops, t[0], mp);
            row(ops, t, pw, m, zero);
            final String[] shifted = new String[n + 2];
            System.arraycopy(t, 1, shifted, 0, n + 1);
            shifted[n + 1] = zero;
            t = shifted;
        }
        return reduceOnce(ops, t, pw, n);
    }

    /**
     * @return r = a·b·R⁻¹ mod p by CIOS with the accumulator kept as two numbers, T = E + O·2^32: E collects the
     *         products of the even-indexed words of a (low and high halves land in adjacent words, so one carry chain
     *         covers a whole row and the two halves of one product sit side by side, which lets ptxas pair them) and
     *         O those of the odd-indexed words. Each step adds a·b[i] and m·p to both, and the one-word shift is a
     *         swap of the two arrays plus one addition, so no separate carry-propagation row is needed.
     */
    String[] mulEvenOdd(final WordOps ops, final String[] a, final String[] b)
    {
        final int n = words;
        final String zero = ops.constant(0);
        final String[] pw = new String[n];
        for (int j = 0; j < n; j++)
        {
            pw[j] = ops.constant(p[j]);
        }
        final String mp = ops.constant(mPrime);
        String[] even = new String[n];
        String[] odd = new String[n];
        for (int k = 0; k < n; k += 2)
        {
            even[k] = op(ops, "mul.lo.u32", a[k], b[0]);
            even[k + 1] = op(ops, "mul.hi.u32", a[k], b[0]);
            odd[k] = op(ops, "mul.lo.u32", a[k + 1], b[0]);
            odd[k + 1] = op(ops, "mul.hi.u32", a[k + 1], b[0]);
        }
        reduceStep(ops, even, odd, pw, mp, zero);
        for (int i = 1; i < n; i++)
        {
            // shift T = E + O·2^32 (E[0] is zero) down one word: the new E is the old O plus E[1] in its low word,
            // the new O is E[2..]; the carry out of that low word enters O's chain, which also adds the odd products
            final String[] nextEven = odd;
            final String[] nextOdd = new String[n];
            nextEven[0] = op(ops, "add.cc.u32", nextEven[0], even[1]);
            for (int k = 0; k < n - 2; k += 2)
            {
                nextOdd[k] = op(ops, "madc.lo.cc.u32", a[k + 1], b[i], even[k + 2]);
                nextOdd[k + 1] = op(ops, "madc.hi.cc.u32", a[k + 1], b[i], even[k + 3]);
            }
            nextOdd[n - 2] = op(ops, "madc.lo.cc.u32", a[n - 1], b[i], zero);
            nextOdd[n - 1] = op(ops, "madc.hi.u32", a[n - 1], b[i], zero);
            even = nextEven;
            odd = nextOdd;
            evenRow(ops, even, odd, a, b[i], zero);
            reduceStep(ops, even, odd, pw, mp, zero);
        }
        // final shift: r = (E >> 32) + O
        final String[] r = new String[n + 1];
        r[0] = op(ops, "add.cc.u32", odd[0], even[1]);
        for (int j = 1; j < n - 1; j++)
        {
            r[j] = op(ops, "addc.cc.u32", odd[j], even[j + 1]);
        }
        r[n - 1] = op(ops, "addc.u32", odd[n - 1], zero);
        r[n] = zero;
        return reduceOnce(ops, r, pw, n);
    }

    /** m = E[0]·m'; O += odd words of m·p; E += even words of m·p (E[0] becomes 0); E's carry goes to O's top. */
    private static void reduceStep(final WordOps ops, final String[] even, final String[] odd, final String[] pw,
        final String mp, final String zero)
    {
        final String m = mulLo(ops, even[0], mp);
        final int n = even.length;
        // the O chain cannot carry out: O·2^32 never exceeds T, which stays below 2^(32n + 32)
        for (int k = 0; k < n; k += 2)
        {
            odd[k] = op(ops, k == 0 ? "mad.lo.cc.u32" : "madc.lo.cc.u32", pw[k + 1], m, odd[k]);
            odd[k + 1] = op(ops, "madc.hi.cc.u32", pw[k + 1], m, odd[k + 1]);
        }
        evenRow(ops, even, odd, pw, m, zero);
    }

    /** E += even-indexed words of x times y (lo at 2k, hi at 2k+1) in one chain; the carry out goes to O's top. */
    private static void evenRow(final WordOps ops, final String[] even, final String[] odd, final String[] x,
        final String y, final String zero)
    {
        final int n = even.length;
        for (int k = 0; k < n; k += 2)
        {
            even[k] = op(ops, k == 0 ? "mad.lo.cc.u32" : "madc.lo.cc.u32", x[k], y, even[k]);
            even[k + 1] = op(ops, "madc.hi.cc.u32", x[k], y, even[k + 1]);
        }
        odd[n - 1] = op(ops, "addc.u32", odd[n - 1], zero);
    }

    /**
     * @return a²·R⁻¹ mod p: the cross products a[i]·a[j] (i &lt; j) once, doubled, plus the squares on the diagonal,
     *         then a word-by-word Montgomery reduction of the 2n-word square (about a quarter fewer multiplies).
     */
    String[] square(final WordOps ops, final String[] a)
    {
        final int n = words;
        final String zero = ops.constant(0);
        final String[] t = new String[2 * n];
        java.util.Arrays.fill(t, zero);
        for (int i = 0; i < n - 1; i++)
        {
            // Row i adds a[i]·a[j], j > i: low halves at i + j, then high halves at i + j + 1.
            for (int j = i + 1; j < n; j++)
            {
                t[i + j] = op(ops, j == i + 1 ? "mad.lo.cc.u32" : "madc.lo.cc.u32", a[i], a[j], t[i + j]);
            }
            t[i + n] = op(ops, "addc.u32", t[i + n], zero);
            for (int j = i + 1; j < n; j++)
            {
                t[i + j + 1] = op(ops, j == i + 1 ? "mad.hi.cc.u32" : "madc.hi.cc.u32", a[i], a[j], t[i + j + 1]);
            }
            if (i + n + 1 < 2 * n)
            {
                t[i + n + 1] = op(ops, "addc.u32", t[i + n + 1], zero);
            }
        }
        for (int k = 0; k < 2 * n; k++)
        {
            t[k] = op(ops, k == 0 ? "add.cc.u32" : k == 2 * n - 1 ? "addc.u32" : "addc.cc.u32", t[k], t[k]);
        }
        for (int i = 0; i < n; i++)
        {
            t[2 * i] = op(ops, i == 0 ? "mad.lo.cc.u32" : "madc.lo.cc.u32", a[i], a[i], t[2 * i]);
            t[2 * i + 1] = op(ops, i == n - 1 ? "madc.hi.u32" : "madc.hi.cc.u32", a[i], a[i], t[2 * i + 1]);
        }
        return reduceWide(ops, t, zero);
    }

    /** t (2n words, below p·R) → t·R⁻¹ mod p, with an (n + 2)-word window sliding up t. */
    private String[] reduceWide(final WordOps ops, final String[] t, final String zero)
    {
        final int n = words;
        final String[] pw = new String[n];
        for (int j = 0; j < n; j++)
        {
            pw[j] = ops.constant(p[j]);
        }
        final String mp = ops.constant(mPrime);
        String[] w = new String[n + 2];
        System.arraycopy(t, 0, w, 0, n + 1);
        w[n + 1] = zero;
        for (int i = 0; i < n; i++)
        {
            final String m = mulLo(ops, w[0], mp);
            row(ops, w, pw, m, zero);
            final String[] shifted = new String[n + 2];
            System.arraycopy(w, 1, shifted, 0, n + 1);
            shifted[n + 1] = zero;
            if (i + n + 1 < 2 * n)
            {
                shifted[n] = op(ops, "add.cc.u32", shifted[n], t[i + n + 1]);
                shifted[n + 1] = op(ops, "addc.u32", zero, zero);
            }
            w = shifted;
        }
        return reduceOnce(ops, w, pw, n);
    }

    private static String op(final WordOps ops, final String mnemonic, final String... srcs)
    {
        final String d = ops.fresh();
        ops.op(mnemonic, d, srcs);
        return d;
    }

    /** @return (a + b) mod p. */
    String[] add(final WordOps ops, final String[] a, final String[] b)
    {
        final int n = words;
        final String zero = ops.constant(0);
        final String[] s = new String[n + 1];
        for (int j = 0; j < n; j++)
        {
            s[j] = ops.fresh();
            ops.op(j == 0 ? "add.cc.u32" : "addc.cc.u32", s[j], a[j], b[j]);
        }
        s[n] = ops.fresh();
        ops.op("addc.u32", s[n], zero, zero);
        final String[] pw = new String[n];
        for (int j = 0; j < n; j++)
        {
            pw[j] = ops.constant(p[j]);
        }
        return reduceOnce(ops, s, pw, n);
    }

    /** @return (a − b) mod p. */
    String[] sub(final WordOps ops, final String[] a, final String[] b)
    {
        final int n = words;
        final String zero = ops.constant(0);
        final String[] d = new String[n];
        for (int j = 0; j < n; j++)
        {
            d[j] = ops.fresh();
            ops.op(j == 0 ? "sub.cc.u32" : "subc.cc.u32", d[j], a[j], b[j]);
        }
        final String borrow = ops.fresh();
        ops.op("subc.u32", borrow, zero, zero);
        final String[] r = new String[n];
        for (int j = 0; j < n; j++)
        {
            final String masked = ops.fresh();
            ops.op("and.b32", masked, borrow, ops.constant(p[j]));
            r[j] = ops.fresh();
            ops.op(j == 0 ? "add.cc.u32" : j == n - 1 ? "addc.u32" : "addc.cc.u32", r[j], d[j], masked);
        }
        return r;
    }

    private static String mulLo(final WordOps ops, final String x, final String y)
    {
        final String d = ops.fresh();
        ops.op("mul.lo.u32", d, x, y);
        return d;
    }

    /** t[0..n+1] += x[0..n-1]·y, t[n+1] known to be zero on entry. */
    private static void row(final WordOps ops, final String[] t, final String[] x, final String y, final String zero)
    {
        final int n = x.length;
        for (int j = 0; j < n; j++)
        {
            final String d = ops.fresh();
            ops.op(j == 0 ? "mad.lo.cc.u32" : "madc.lo.cc.u32", d, x[j], y, t[j]);
            t[j] = d;
        }
        final String top = ops.fresh();
        ops.op("addc.cc.u32", top, t[n], zero);
        t[n] = top;
        final String over = ops.fresh();
        ops.op("addc.u32", over, t[n + 1], zero);
        t[n + 1] = over;
        hiRow(ops, t, x, y, zero);
    }

    /** t[1..n+1] += high halves of x[j]·y placed at word j + 1. */
    private static void hiRow(final WordOps ops, final String[] t, final String[] x, final String y,
        final String zero)
    {
        final int n = x.length;
        for (int j = 0; j < n; j++)
        {
            final String d = ops.fresh();
            ops.op(j == 0 ? "mad.hi.cc.u32" : "madc.hi.cc.u32", d, x[j], y, t[j + 1]);
            t[j + 1] = d;
        }
        final String over = ops.fresh();
        ops.op("addc.u32", over, t[n + 1], zero);
        t[n + 1] = over;
    }

    /** t (n words plus a top word of 0 or 1, below 2p) → t mod p. */
    private static String[] reduceOnce(final WordOps ops, final String[] t, final String[] pw, final int n)
    {
        final String[] s = new String[n];
        for (int j = 0; j < n; j++)
        {
            s[j] = ops.fresh();
            ops.op(j == 0 ? "sub.cc.u32" : "subc.cc.u32", s[j], t[j], pw[j]);
        }
        final String top = ops.fresh();
        ops.op("subc.u32", top, t[n], ops.constant(0));
        final String below = ops.freshPredicate();
        ops.op("setp.eq.u32", below, top, ops.constant(-1));
        final String[] r = new String[n];
        for (int j = 0; j < n; j++)
        {
            r[j] = ops.fresh();
            ops.op("selp.b32", r[j], t[j], s[j], below);
        }
        return r;
    }
}
