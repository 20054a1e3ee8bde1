package io.jprove.engine.porep.synthesis;

import io.jprove.engine.gadgets.hash.Sha256;

/**
 * The values {@link io.jprove.engine.gadgets.Sha256Gadget} allocates, computed natively and written in its allocation
 * order: the message schedule and rounds on 32-bit words, each XOR, ch, maj and addition writing the bits the gadget
 * would allocate for it.
 * <p>
 * A word is three ints: its value, a mask of the bits that are constants, and a mask of the bits that are the
 * negation of their allocated bit (bellperson's {@code Boolean::Not}). Which bits a gadget step allocates, and what
 * value an allocated bit holds, depend on those masks exactly as {@link io.jprove.engine.gadgets.Boolean}'s cases
 * decide: a XOR with a constant is free (negating when the constant is one); an AND with a constant is free; ch and maj
 * reduce to one AND when an operand is constant, in the gadget's order of cases; an addition of words that are all
 * constant is a constant, otherwise it allocates every bit of the full sum. Words without constants take the word-wide
 * path; only words with constants go bit by bit. Masks depend on the circuit's constants (padding, a layer's index),
 * never on the witness, so every challenge of a shape allocates the same count.
 * <p>
 * The message is set word by word ({@link #message}); {@link #hash} compresses it from the constant IV. One instance
 * per thread: it holds scratch state.
 */
final class Sha256Witness
{
    /** Words in a message of up to 20 blocks (a label's 1,248 bytes padded). */
    static final int MAX_WORDS = 20 * 16;

    private static final int[] K = Sha256.roundConstants();
    private static final int[] IV = Sha256.iv();
    /** Bit states of the per-bit path: value in bit 0, constant in bit 1, negated in bit 2. */
    private static final int VALUE = 1;
    private static final int CONSTANT = 2;
    private static final int NEGATED = 4;
    private static final int FALSE = CONSTANT;

    private final int[] mv = new int[MAX_WORDS];
    private final int[] mc = new int[MAX_WORDS];
    private final int[] mn = new int[MAX_WORDS];
    private final int[] wv = new int[64];
    private final int[] wc = new int[64];
    private final int[] wn = new int[64];
    private final int[] sv = new int[8];
    private final int[] sc = new int[8];
    private final int[] sn = new int[8];
    /** The deferred sums: e's six terms (and state[4] at the end), a's seven (and state[0]). */
    private final int[] eTermV = new int[7];
    private final int[] eTermC = new int[7];
    private final int[] aTermV = new int[8];
    private final int[] aTermC = new int[8];
    /** The operands of the schedule's and the final additions. */
    private final int[] sumV = new int[4];
    private final int[] sumC = new int[4];
    /** The registers a..h of the rounds. */
    private final int[] regV = new int[8];
    private final int[] regC = new int[8];
    private final int[] regN = new int[8];
    private AuxWriter out;
    /** The last step's result word. */
    private int rv;
    private int rc;
    private int rn;

    /**
     * Sets message word {@code i}: its value and which of its bits are constants (the others are allocated bits,
     * not negated).
     */
    void message(final int i, final int value, final int constants)
    {
        mv[i] = value;
        mc[i] = constants;
        mn[i] = 0;
    }

    /** Copies message word {@code from} to word {@code to} (a parent repeated in a label's input). */
    void copyWord(final int from, final int to)
    {
        mv[to] = mv[from];
        mc[to] = mc[from];
        mn[to] = mn[from];
    }

    /** Sets message words {@code [from, from + count)} to the constant {@code value}. */
    void constantWords(final int from, final int count, final int value)
    {
        for (int i = from; i < from + count; i++)
        {
            message(i, value, -1);
        }
    }

    /**
     * Pads a message of {@code bytes} (whole words already set) as SHA-256 does, with constants.
     *
     * @return the blocks to hash.
     */
    int pad(final int bytes)
    {
        if (bytes % 4 != 0)
        {
            throw new IllegalArgumentException("the native SHA-256 witness pads whole words, got " + bytes + " bytes");
        }
        final int words = bytes / 4;
        final int blocks = (bytes + 8) / 64 + 1;
        message(words, 0x80000000, -1);
        constantWords(words + 1, blocks * 16 - words - 3, 0);
        final long bits = 8L * bytes;
        message(blocks * 16 - 2, (int)(bits >>> 32), -1);
        message(blocks * 16 - 1, (int)bits, -1);
        return blocks;
    }

    /**
     * Compresses {@code blocks} blocks of the message from the IV, writing the allocated values to {@code writer}.
     * The digest's words are then {@link #digestWord}.
     */
    void hash(final AuxWriter writer, final int blocks)
    {
        out = writer;
        for (int i = 0; i < 8; i++)
        {
            sv[i] = IV[i];
            sc[i] = -1;
            sn[i] = 0;
        }
        for (int b = 0; b < blocks; b++)
        {
            compress(16 * b);
        }
        out = null;
    }

    /** @return word {@code i} of the digest's value. */
    int digestWord(final int i)
    {
        return sv[i];
    }

    /** @return the constant mask of digest word {@code i}. */
    int digestConstants(final int i)
    {
        return sc[i];
    }

    private void compress(final int offset)
    {
        schedule(offset);
        System.arraycopy(sv, 0, regV, 0, 8);
        System.arraycopy(sc, 0, regC, 0, 8);
        System.arraycopy(sn, 0, regN, 0, 8);
        for (int i = 0; i < 64; i++)
        {
            round(i);
        }
        finish();
    }

    /**
     * One round on the registers a..h: from the second round on, a and e are first summed from their deferred terms
     * (as the gadget sums them when they are next read); then Σ1 and ch of e, Σ0 and maj of a; the new a and e are
     * left as terms, and the registers shift.
     */
    private void round(final int i)
    {
        if (i > 0)
        {
            addMany(eTermV, eTermC, 6);
            setRegister(4);
        }
        final int ev = regV[4];
        final int ec = regC[4];
        final int en = regN[4];
        sigma(ev, ec, en, 6, 11, 25);
        final int s1v = rv;
        final int s1c = rc;
        ch(ev, ec, en, regV[5], regC[5], regN[5], regV[6], regC[6], regN[6]);
        final int chv = rv;
        final int chc = rc;
        if (i > 0)
        {
            addMany(aTermV, aTermC, 7);
            setRegister(0);
        }
        final int av = regV[0];
        final int ac = regC[0];
        final int an = regN[0];
        sigma(av, ac, an, 2, 13, 22);
        final int s0v = rv;
        final int s0c = rc;
        maj(av, ac, an, regV[1], regC[1], regN[1], regV[2], regC[2], regN[2]);
        // temp1 = h + S1 + ch + K[i] + w[i]; e = d + temp1; a = temp1 + S0 + maj: summed when next read
        terms(eTermV, eTermC, regV[7], regC[7], s1v, s1c, chv, chc, K[i], wv[i], wc[i]);
        eTermV[5] = regV[3];
        eTermC[5] = regC[3];
        terms(aTermV, aTermC, regV[7], regC[7], s1v, s1c, chv, chc, K[i], wv[i], wc[i]);
        aTermV[5] = s0v;
        aTermC[5] = s0c;
        aTermV[6] = rv;
        aTermC[6] = rc;
        // h = g, g = f, f = e, d = c, c = b, b = a; the new e and a are the terms above
        System.arraycopy(regV, 0, regV, 1, 7);
        System.arraycopy(regC, 0, regC, 1, 7);
        System.arraycopy(regN, 0, regN, 1, 7);
    }

    private void setRegister(final int i)
    {
        regV[i] = rv;
        regC[i] = rc;
        regN[i] = rn;
    }

    /** The new state: each word plus the last round's, a and e from their deferred terms, in word order. */
    private void finish()
    {
        for (int i = 0; i < 8; i++)
        {
            if (i == 0 || i == 4)
            {
                final int[] v = i == 0 ? aTermV : eTermV;
                final int[] c = i == 0 ? aTermC : eTermC;
                final int n = i == 0 ? 7 : 6;
                v[n] = sv[i];
                c[n] = sc[i];
                addMany(v, c, n + 1);
            }
            else
            {
                sumV[0] = sv[i];
                sumC[0] = sc[i];
                sumV[1] = regV[i];
                sumC[1] = regC[i];
                addMany(sumV, sumC, 2);
            }
            sv[i] = rv;
            sc[i] = rc;
            sn[i] = rn;
        }
    }

    private static void terms(final int[] v, final int[] c, final int hv, final int hc, final int s1v, final int s1c,
        final int chv, final int chc, final int k, final int w, final int wcon)
    {
        v[0] = hv;
        c[0] = hc;
        v[1] = s1v;
        c[1] = s1c;
        v[2] = chv;
        c[2] = chc;
        v[3] = k;
        c[3] = -1;
        v[4] = w;
        c[4] = wcon;
    }

    private void schedule(final int offset)
    {
        System.arraycopy(mv, offset, wv, 0, 16);
        System.arraycopy(mc, offset, wc, 0, 16);
        System.arraycopy(mn, offset, wn, 0, 16);
        for (int i = 16; i < 64; i++)
        {
            final int xv = wv[i - 15];
            final int xc = wc[i - 15];
            final int xn = wn[i - 15];
            xor(Integer.rotateRight(xv, 7), Integer.rotateRight(xc, 7), Integer.rotateRight(xn, 7),
                Integer.rotateRight(xv, 18), Integer.rotateRight(xc, 18), Integer.rotateRight(xn, 18));
            xor(rv, rc, rn, xv >>> 3, xc >>> 3 | 0xe0000000, xn >>> 3);
            final int s0v = rv;
            final int s0c = rc;
            final int yv = wv[i - 2];
            final int yc = wc[i - 2];
            final int yn = wn[i - 2];
            xor(Integer.rotateRight(yv, 17), Integer.rotateRight(yc, 17), Integer.rotateRight(yn, 17),
                Integer.rotateRight(yv, 19), Integer.rotateRight(yc, 19), Integer.rotateRight(yn, 19));
            xor(rv, rc, rn, yv >>> 10, yc >>> 10 | 0xffc00000, yn >>> 10);
            sumV[0] = wv[i - 16];
            sumC[0] = wc[i - 16];
            sumV[1] = s0v;
            sumC[1] = s0c;
            sumV[2] = wv[i - 7];
            sumC[2] = wc[i - 7];
            sumV[3] = rv;
            sumC[3] = rc;
            addMany(sumV, sumC, 4);
            wv[i] = rv;
            wc[i] = rc;
            wn[i] = rn;
        }
    }

    /** Σ: x.rotr(r1) ⊕ x.rotr(r2) ⊕ x.rotr(r3), two XORs in that order. */
    private void sigma(final int v, final int c, final int n, final int r1, final int r2, final int r3)
    {
        xor(Integer.rotateRight(v, r1), Integer.rotateRight(c, r1), Integer.rotateRight(n, r1),
            Integer.rotateRight(v, r2), Integer.rotateRight(c, r2), Integer.rotateRight(n, r2));
        xor(rv, rc, rn, Integer.rotateRight(v, r3), Integer.rotateRight(c, r3), Integer.rotateRight(n, r3));
    }

    /**
     * Bitwise XOR: a bit pair that are both allocated allocates their XOR (of the allocated bits, so negations
     * cancel), negated if exactly one was; a constant one negates the other bit; two constants make a constant.
     */
    private void xor(final int av, final int ac, final int an, final int bv, final int bc, final int bn)
    {
        final int alloc = ~ac & ~bc;
        if (alloc == -1)
        {
            out.word(av ^ an ^ bv ^ bn);
        }
        else if (alloc != 0)
        {
            out.bits(av ^ an ^ bv ^ bn, alloc);
        }
        rv = av ^ bv;
        rc = ac & bc;
        rn = (an ^ bn ^ ac & av ^ bc & bv) & ~rc;
    }

    /**
     * The sum of {@code count} words modulo 2^32: a constant if every bit of every term is one, else all the bits
     * of the full sum, allocated least significant first (their number the bit length of count·(2^32 − 1)).
     */
    private void addMany(final int[] v, final int[] c, final int count)
    {
        long sum = 0;
        int constant = -1;
        for (int k = 0; k < count; k++)
        {
            sum += v[k] & 0xffffffffL;
            constant &= c[k];
        }
        rv = (int)sum;
        rn = 0;
        if (constant == -1)
        {
            rc = -1;
            return;
        }
        rc = 0;
        out.low(sum, 64 - Long.numberOfLeadingZeros(count * 0xffffffffL));
    }

    /** SHA-256's ch = (a ∧ b) ⊕ (¬a ∧ c), bit by bit as the gadget decides. */
    private void ch(final int av, final int ac, final int an, final int bv, final int bc, final int bn, final int cv,
        final int cc, final int cn)
    {
        final int value = av & bv ^ ~av & cv;
        // the general case: b and c allocated, a allocated or the constant one
        if ((bc | cc | ac & ~av) == 0)
        {
            out.word(value);
            rv = value;
            rc = 0;
            rn = 0;
            return;
        }
        int resultC = 0;
        int resultN = 0;
        for (int i = 0; i < 32; i++)
        {
            final int a = state(av, ac, an, i);
            final int b = state(bv, bc, bn, i);
            final int c = state(cv, cc, cn, i);
            final int r;
            if ((a & b & c & CONSTANT) != 0)
            {
                r = CONSTANT | (a & b ^ ~a & c) & VALUE;
            }
            else if (a == FALSE)
            {
                r = c;
            }
            else if (b == FALSE)
            {
                r = and(not(a), c);
            }
            else if (c == FALSE)
            {
                r = and(a, b);
            }
            else if ((c & CONSTANT) != 0)
            {
                r = not(and(a, not(b)));
            }
            else if ((b & CONSTANT) != 0)
            {
                r = not(and(not(a), not(c)));
            }
            else
            {
                out.bit((value >>> i & 1) != 0);
                r = value >>> i & 1;
            }
            resultC |= (r >>> 1 & 1) << i;
            resultN |= (r >>> 2 & 1) << i;
        }
        rv = value;
        rc = resultC;
        rn = resultN;
    }

    /** SHA-256's maj = (a ∧ b) ⊕ (a ∧ c) ⊕ (b ∧ c), bit by bit as the gadget decides. */
    private void maj(final int av, final int ac, final int an, final int bv, final int bc, final int bn,
        final int cv, final int cc, final int cn)
    {
        if ((ac | bc | cc) == 0)
        {
            // the general case: the maj bit, then b ∧ c
            out.bitPairs(av & bv ^ av & cv ^ bv & cv, bv & cv, -1);
            rv = av & bv ^ av & cv ^ bv & cv;
            rc = 0;
            rn = 0;
            return;
        }
        final int majority = av & bv ^ av & cv ^ bv & cv;
        int resultC = 0;
        int resultN = 0;
        for (int i = 0; i < 32; i++)
        {
            final int a = state(av, ac, an, i);
            final int b = state(bv, bc, bn, i);
            final int c = state(cv, cc, cn, i);
            final int r;
            if ((a & b & c & CONSTANT) != 0)
            {
                r = CONSTANT | (majority >>> i & 1);
            }
            else if (a == FALSE)
            {
                r = and(b, c);
            }
            else if (b == FALSE)
            {
                r = and(a, c);
            }
            else if (c == FALSE)
            {
                r = and(a, b);
            }
            else if ((c & CONSTANT) != 0)
            {
                r = not(and(not(a), not(b)));
            }
            else if ((b & CONSTANT) != 0)
            {
                r = not(and(not(a), not(c)));
            }
            else if ((a & CONSTANT) != 0)
            {
                r = not(and(not(b), not(c)));
            }
            else
            {
                out.bit((majority >>> i & 1) != 0);
                out.bit((b & c & VALUE) != 0);
                r = majority >>> i & 1;
            }
            resultC |= (r >>> 1 & 1) << i;
            resultN |= (r >>> 2 & 1) << i;
        }
        rv = majority;
        rc = resultC;
        rn = resultN;
    }

    /** @return bit i of a word as a bit state. */
    private static int state(final int v, final int c, final int n, final int i)
    {
        return (v >>> i & 1) | (c >>> i & 1) << 1 | (n >>> i & 1) << 2;
    }

    /** @return the negation: free; a constant flips, an allocated bit toggles its negation. */
    private static int not(final int s)
    {
        return (s & CONSTANT) != 0 ? s ^ VALUE : s ^ (VALUE | NEGATED);
    }

    /** Boolean AND: free with a constant; else one allocated bit holding the AND of the values, not negated. */
    private int and(final int a, final int b)
    {
        if ((a & CONSTANT) != 0)
        {
            return (a & VALUE) != 0 ? b : FALSE;
        }
        if ((b & CONSTANT) != 0)
        {
            return (b & VALUE) != 0 ? a : FALSE;
        }
        final int v = a & b & VALUE;
        out.bit(v != 0);
        return v;
    }
}
