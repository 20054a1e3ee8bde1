package io.jprove.engine.gadgets;

import java.util.ArrayList;
import java.util.List;

import io.jprove.engine.gadgets.hash.Sha256;
import io.jprove.engine.r1cs.ConstraintSystem;

/**
 * SHA-256 in a circuit, constraint for constraint as bellperson's {@code sha256} gadget: message schedule and rounds
 * on {@link UInt32}s; the additions of a round are deferred and merged ({@code e = d + temp1} and
 * {@code a = temp1 + temp2} become one {@link UInt32#addMany} each when next read); the carries of each compression
 * are checked in {@link MultiEq} batches. Bits are big-endian within each 32-bit word, words in message order, as
 * the standard reads bytes.
 * <p>
 * Costs (constraints, input bits' own booleanity constraints not included): one compression from the IV on 512
 * allocated bits 25,840; {@link #hash} of 512 allocated bits (two compressions, the second on constant padding)
 * 44,874.
 */
public final class Sha256Gadget
{
    private static final int[] K = Sha256.roundConstants();

    private Sha256Gadget()
    {
    }

    /** @return the initial hash value H(0) as constant words. */
    public static UInt32[] iv()
    {
        final int[] iv = Sha256.iv();
        final UInt32[] words = new UInt32[8];
        for (int i = 0; i < 8; i++)
        {
            words[i] = UInt32.constant(iv[i]);
        }
        return words;
    }

    /** @return the 256 digest bits of one compression of a 512-bit block from the IV, with no padding. */
    public static Boolean[] compressBlockFromIv(final ConstraintSystem cs, final Boolean[] block)
    {
        return toBits(compress(cs, block, 0, iv()));
    }

    /**
     * @return the 256 bits of SHA-256 of {@code input} (a whole number of bytes), padded with constants.
     * @throws IllegalArgumentException if the length is not a multiple of 8 bits.
     */
    public static Boolean[] hash(final ConstraintSystem cs, final Boolean[] input)
    {
        if (input.length % 8 != 0)
        {
            throw new IllegalArgumentException("SHA-256 gadget input must be whole bytes, got " + input.length
                + " bits");
        }
        final List<Boolean> padded = new ArrayList<>(input.length + 576);
        padded.addAll(List.of(input));
        padded.add(Boolean.TRUE);
        while ((padded.size() + 64) % 512 != 0)
        {
            padded.add(Boolean.FALSE);
        }
        final long length = input.length;
        for (int i = 63; i >= 0; i--)
        {
            padded.add(Boolean.constant((length >>> i & 1) != 0));
        }
        final Boolean[] bits = padded.toArray(new Boolean[0]);
        UInt32[] state = iv();
        for (int at = 0; at < bits.length; at += 512)
        {
            state = compress(cs, bits, at, state);
        }
        return toBits(state);
    }

    /**
     * The compression function on {@code block[offset..offset+512)} from {@code state} (8 words).
     *
     * @return the new state.
     */
    public static UInt32[] compress(final ConstraintSystem cs, final Boolean[] block, final int offset,
        final UInt32[] state)
    {
        if (offset < 0 || offset + 512 > block.length || state.length != 8)
        {
            throw new IllegalArgumentException("SHA-256 compression needs 512 bits at " + offset + " of "
                + block.length + " and 8 state words, got " + state.length);
        }
        try (MultiEq eq = new MultiEq(cs))
        {
            final UInt32[] w = schedule(cs, eq, block, offset);
            // a and e are read one round after they are defined; until then they are lists of words to add
            final UInt32 a = state[0];
            UInt32[] aTerms = null;
            UInt32 b = state[1];
            UInt32 c = state[2];
            UInt32 d = state[3];
            final UInt32 e = state[4];
            UInt32[] eTerms = null;
            UInt32 f = state[5];
            UInt32 g = state[6];
            UInt32 h = state[7];
            for (int i = 0; i < 64; i++)
            {
                final UInt32 newE = eTerms == null ? e : UInt32.addMany(eq, eTerms);
                final UInt32 s1 = newE.rotr(6).xor(cs, newE.rotr(11)).xor(cs, newE.rotr(25));
                final UInt32 ch = UInt32.sha256Ch(cs, newE, f, g);
                final UInt32 k = UInt32.constant(K[i]);
                final UInt32 newA = aTerms == null ? a : UInt32.addMany(eq, aTerms);
                final UInt32 s0 = newA.rotr(2).xor(cs, newA.rotr(13)).xor(cs, newA.rotr(22));
                final UInt32 maj = UInt32.sha256Maj(cs, newA, b, c);
                // temp1 = h + S1 + ch + K[i] + w[i]; e = d + temp1; a = temp1 + S0 + maj
                eTerms = new UInt32[] {h, s1, ch, k, w[i], d};
                aTerms = new UInt32[] {h, s1, ch, k, w[i], s0, maj};
                h = g;
                g = f;
                f = newE;
                d = c;
                c = b;
                b = newA;
            }
            final UInt32[] next = new UInt32[8];
            next[0] = UInt32.addMany(eq, append(aTerms, state[0]));
            next[1] = UInt32.addMany(eq, state[1], b);
            next[2] = UInt32.addMany(eq, state[2], c);
            next[3] = UInt32.addMany(eq, state[3], d);
            next[4] = UInt32.addMany(eq, append(eTerms, state[4]));
            next[5] = UInt32.addMany(eq, state[5], f);
            next[6] = UInt32.addMany(eq, state[6], g);
            next[7] = UInt32.addMany(eq, state[7], h);
            return next;
        }
    }

    private static UInt32[] append(final UInt32[] terms, final UInt32 last)
    {
        final UInt32[] all = java.util.Arrays.copyOf(terms, terms.length + 1);
        all[terms.length] = last;
        return all;
    }

    private static UInt32[] schedule(final ConstraintSystem cs, final MultiEq eq, final Boolean[] block,
        final int offset)
    {
        final UInt32[] w = new UInt32[64];
        for (int i = 0; i < 16; i++)
        {
            w[i] = UInt32.fromBitsBigEndian(block, offset + 32 * i);
        }
        for (int i = 16; i < 64; i++)
        {
            final UInt32 s0 = w[i - 15].rotr(7).xor(cs, w[i - 15].rotr(18)).xor(cs, w[i - 15].shr(3));
            final UInt32 s1 = w[i - 2].rotr(17).xor(cs, w[i - 2].rotr(19)).xor(cs, w[i - 2].shr(10));
            w[i] = UInt32.addMany(eq, w[i - 16], s0, w[i - 7], s1);
        }
        return w;
    }

    private static Boolean[] toBits(final UInt32[] state)
    {
        final Boolean[] out = new Boolean[256];
        for (int i = 0; i < 8; i++)
        {
            state[i].toBitsBigEndian(out, 32 * i);
        }
        return out;
    }
}
