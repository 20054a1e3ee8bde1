package io.jprove.field;

import java.math.BigInteger;

/**
 * Variable-time inversion modulo an odd prime by Bernstein–Yang division steps ("safegcd", Fast constant-time gcd
 * computation and modular inversion, 2019), 62 steps per round.
 * <p>
 * A divstep maps {@code (δ, f, g)} with {@code f} odd to {@code (1 − δ, g, (g − f)/2)} when {@code δ > 0} and
 * {@code g} is odd, else to {@code (1 + δ, f, (g + (g mod 2)·f)/2)}; from {@code f = p, g = x} it reaches
 * {@code g = 0, f = ±gcd}. Which steps happen depends only on the low bits, so each round runs 62 of them on the low
 * 64-bit words alone (skipping runs of zeros with one trailing-zero count, and clearing up to six low bits of
 * {@code g} with one multiplication) and records them as a 2×2 matrix {@code [u v; q r]} scaled by 2^62. The round
 * then applies the matrix once to the full {@code f, g} and, alongside, to {@code d, e} with {@code f ≡ d·x/c} and
 * {@code g ≡ e·x/c (mod p)}: {@code d' = (u·d + v·e + m·p)/2^62}, where {@code m} makes the low 62 bits vanish (the
 * Montgomery trick) and also folds in {@code p} for negative inputs so that {@code d, e} stay in {@code (−2p, p)}.
 * Starting from {@code d = 0, e = c}, when {@code g} reaches zero {@code f = ±1} and {@code ±d} is
 * {@code c·x⁻¹ mod p}.
 * <p>
 * Big values are signed and held in 62-bit limbs (the low limbs in [0, 2^62), the top one signed), so that a row of
 * the matrix times a limb, plus the carry, fits a 128-bit accumulator. Entries of the scaled matrix satisfy
 * {@code |u| + |v| ≤ 2^62}. The loop stops as soon as {@code g = 0} (fewer rounds than the constant-time bound), and
 * drops the top limb of {@code f, g} once both shrink below it. State lives in a per-thread scratch array: nothing is
 * allocated per call.
 */
final class SafeGcd
{
    /** Divsteps per round: the low word must still decide every step, and the matrix entries must fit 63 bits. */
    private static final int STEPS = 62;
    private static final long MASK = (1L << STEPS) - 1;
    /**
     * Rounds allowed per limb before giving up (against looping forever on a bug): 248 steps per 62 bits, far above
     * the ≈ 2.9 steps per bit of Bernstein–Yang's bound.
     */
    private static final int MAX_ROUNDS_PER_LIMB = 4;

    private final String name;
    /** Signed 62-bit limbs per value: enough for values in (−2p, 2p). */
    private final int n;
    /** 64-bit limbs of the field elements this inverts. */
    private final int words;
    /** The modulus in 62-bit limbs. */
    private final long[] modulus;
    /** c in 62-bit limbs: the start value of e, so that the result is c·x⁻¹. */
    private final long[] numerator;
    /** p⁻¹ mod 2^62. */
    private final long modulusInverse;
    /** f, g, d, e (n limbs each) and the round's matrix (4). */
    private final ThreadLocal<long[]> scratch;

    /**
     * @param name      the field's name, for error messages.
     * @param p         an odd prime.
     * @param words     64-bit limbs of the values to invert ({@code p < 2^(64·words)}).
     * @param numerator c in [0, p): {@link #inverse} yields {@code c·x⁻¹}, which folds a Montgomery correction in
     *                  for free (c = R² turns the inverse of {@code aR} into {@code a⁻¹R}).
     */
    SafeGcd(final String name, final BigInteger p, final int words, final BigInteger numerator)
    {
        if (!p.testBit(0) || p.bitLength() > 64 * words)
        {
            throw new IllegalArgumentException(name + ": modulus must be odd and fit " + words + " limbs");
        }
        if (numerator.signum() < 0 || numerator.compareTo(p) >= 0)
        {
            throw new IllegalArgumentException(name + ": numerator must be in [0, p)");
        }
        this.name = name;
        this.words = words;
        this.n = (p.bitLength() + 2 + STEPS - 1) / STEPS;
        this.modulus = signed62(p);
        this.numerator = signed62(numerator);
        this.modulusInverse = p.modInverse(BigInteger.ONE.shiftLeft(STEPS)).longValue();
        final int size = 4 * n + 4;
        this.scratch = ThreadLocal.withInitial(() -> new long[size]);
    }

    private long[] signed62(final BigInteger value)
    {
        final long[] limbs = new long[n];
        for (int i = 0; i < n; i++)
        {
            limbs[i] = value.shiftRight(STEPS * i).longValue() & MASK;
        }
        return limbs;
    }

    /**
     * Writes {@code c·x⁻¹ mod p} (c the numerator) as {@code words} 64-bit limbs into {@code r}; {@code r} may alias
     * {@code x}.
     *
     * @param x {@code words} limbs holding an integer in [1, p).
     * @return the number of rounds of 62 divsteps it took (for tests of the iteration bound).
     * @throws ArithmeticException if {@code x} has no inverse (it is a multiple of p).
     */
    int inverse(final long[] r, final int ro, final long[] x, final int xo)
    {
        final long[] s = scratch.get();
        final int f = 0;
        final int g = n;
        final int d = 2 * n;
        final int e = 3 * n;
        final int matrix = 4 * n;
        System.arraycopy(modulus, 0, s, f, n);
        toSigned62(s, g, x, xo);
        java.util.Arrays.fill(s, d, e, 0L);
        System.arraycopy(numerator, 0, s, e, n);
        long eta = -1;
        int len = n;
        int rounds = 0;
        while (true)
        {
            rounds++;
            eta = divsteps(eta, s[f], s[g], s, matrix);
            final long u = s[matrix];
            final long v = s[matrix + 1];
            final long q = s[matrix + 2];
            final long w = s[matrix + 3];
            updateDe(s, d, e, u, v, q, w);
            updateFg(s, f, g, len, u, v, q, w);
            long any = 0;
            for (int i = 0; i < len; i++)
            {
                any |= s[g + i];
            }
            if (any == 0)
            {
                break;
            }
            if (rounds >= MAX_ROUNDS_PER_LIMB * n)
            {
                throw new IllegalStateException(name + ": inversion did not converge");
            }
            final long fTop = s[f + len - 1];
            final long gTop = s[g + len - 1];
            // Both top limbs are pure sign (0 or −1): fold them into the limb below, which then carries the sign.
            if (len > 1 && ((fTop ^ (fTop >> 63)) | (gTop ^ (gTop >> 63))) == 0)
            {
                s[f + len - 2] += fTop << STEPS;
                s[g + len - 2] += gTop << STEPS;
                len--;
            }
        }
        finish(r, ro, s, f, d, len);
        return rounds;
    }

    /** Checks {@code f = ±1}, turns {@code d} into {@code c·x⁻¹} in [0, p) and writes it as 64-bit limbs. */
    private void finish(final long[] r, final int ro, final long[] s, final int f, final int d, final int len)
    {
        // In limbs, 1 is (1, 0, …, 0) and −1 is (2^62 − 1, …, 2^62 − 1, −1), or the single limb ±1.
        final long sign = s[f + len - 1] >> 63;
        boolean unit;
        if (len == 1)
        {
            unit = s[f] == 1 || s[f] == -1;
        }
        else
        {
            unit = s[f] == (sign == 0 ? 1 : MASK) && s[f + len - 1] == sign;
            for (int i = 1; i < len - 1; i++)
            {
                unit &= s[f + i] == (sign & MASK);
            }
        }
        if (!unit)
        {
            throw new ArithmeticException(name + ": inverse of zero");
        }
        // d is in (−2p, p): bring it into (−p, p), apply f's sign, then into [0, p).
        addModulusIfNegative(s, d);
        if (sign != 0)
        {
            negate(s, d);
        }
        addModulusIfNegative(s, d);
        fromSigned62(r, ro, s, d);
    }

    /**
     * Runs 62 divsteps on the low words of {@code f} and {@code g}, writes the scaled matrix {@code u, v, q, r} at
     * {@code t[to..to+3]} and returns the new {@code η = −δ}. Package-private for tests.
     */
    static long divsteps(final long eta0, final long f0, final long g0, final long[] t, final int to)
    {
        long eta = eta0;
        long f = f0;
        long g = g0;
        long u = 1;
        long v = 0;
        long q = 0;
        long r = 1;
        int left = STEPS;
        while (true)
        {
            // Halving steps: strip the zeros of g (at most the steps left); f's row doubles in scaled terms.
            final int zeros = Long.numberOfTrailingZeros(g | (-1L << left));
            g >>= zeros;
            u <<= zeros;
            v <<= zeros;
            eta -= zeros;
            left -= zeros;
            if (left == 0)
            {
                break;
            }
            // g is odd: with δ > 0 (η < 0) the step swaps, (f, g) ← (g, −f); the g − f it halves comes below.
            if (eta < 0)
            {
                eta = -eta;
                final long tf = f;
                f = g;
                g = -tf;
                final long tu = u;
                u = q;
                q = -tu;
                final long tv = v;
                v = r;
                r = -tv;
            }
            // The next η + 1 steps cannot swap, so together they add w·f with w = −g/f mod 2^k, clearing k low bits
            // of g at once. One Newton step from f (its own inverse mod 8) gives f⁻¹ = f·(2 − f²) mod 64: k ≤ 6.
            final int k = (int)Math.min(Math.min(eta + 1, left), 6);
            final long w = (f * g * (f * f - 2)) & (-1L >>> (64 - k));
            g += f * w;
            q += u * w;
            r += v * w;
        }
        t[to] = u;
        t[to + 1] = v;
        t[to + 2] = q;
        t[to + 3] = r;
        return eta;
    }

    /** {@code (f, g) ← ((u·f + v·g)/2^62, (q·f + r·g)/2^62)} over {@code len} limbs (the divisions are exact). */
    private static void updateFg(final long[] s, final int f, final int g, final int len, final long u, final long v,
        final long q, final long r)
    {
        long fi = s[f];
        long gi = s[g];
        long fLo = u * fi;
        long fHi = Math.multiplyHigh(u, fi);
        long p = v * gi;
        fLo += p;
        fHi += Math.multiplyHigh(v, gi) + (Long.compareUnsigned(fLo, p) < 0 ? 1L : 0L);
        long gLo = q * fi;
        long gHi = Math.multiplyHigh(q, fi);
        p = r * gi;
        gLo += p;
        gHi += Math.multiplyHigh(r, gi) + (Long.compareUnsigned(gLo, p) < 0 ? 1L : 0L);
        fLo = (fLo >>> STEPS) | (fHi << (64 - STEPS));
        fHi >>= STEPS;
        gLo = (gLo >>> STEPS) | (gHi << (64 - STEPS));
        gHi >>= STEPS;
        for (int i = 1; i < len; i++)
        {
            fi = s[f + i];
            gi = s[g + i];
            p = u * fi;
            fLo += p;
            fHi += Math.multiplyHigh(u, fi) + (Long.compareUnsigned(fLo, p) < 0 ? 1L : 0L);
            p = v * gi;
            fLo += p;
            fHi += Math.multiplyHigh(v, gi) + (Long.compareUnsigned(fLo, p) < 0 ? 1L : 0L);
            p = q * fi;
            gLo += p;
            gHi += Math.multiplyHigh(q, fi) + (Long.compareUnsigned(gLo, p) < 0 ? 1L : 0L);
            p = r * gi;
            gLo += p;
            gHi += Math.multiplyHigh(r, gi) + (Long.compareUnsigned(gLo, p) < 0 ? 1L : 0L);
            s[f + i - 1] = fLo & MASK;
            s[g + i - 1] = gLo & MASK;
            fLo = (fLo >>> STEPS) | (fHi << (64 - STEPS));
            fHi >>= STEPS;
            gLo = (gLo >>> STEPS) | (gHi << (64 - STEPS));
            gHi >>= STEPS;
        }
        s[f + len - 1] = fLo;
        s[g + len - 1] = gLo;
    }

    /**
     * {@code (d, e) ← ((u·d + v·e + md·p)/2^62, (q·d + r·e + me·p)/2^62)}. Adding {@code p} times {@code u} (resp.
     * {@code q}) when {@code d < 0}, and likewise for {@code e}, works as if the inputs were in (−p, p); the low-bit
     * correction in [0, 2^62) then keeps the results in (−2p, p).
     */
    private void updateDe(final long[] s, final int d, final int e, final long u, final long v, final long q,
        final long r)
    {
        final long d0 = s[d];
        final long e0 = s[e];
        final long sd = s[d + n - 1] >> 63;
        final long se = s[e + n - 1] >> 63;
        long md = (u & sd) + (v & se);
        long me = (q & sd) + (r & se);
        md -= (modulusInverse * (u * d0 + v * e0) + md) & MASK;
        me -= (modulusInverse * (q * d0 + r * e0) + me) & MASK;
        // Limb 0: the low 62 bits cancel by the choice of md, me; only the carries go on.
        final long p0 = modulus[0];
        long dLo = u * d0;
        long dHi = Math.multiplyHigh(u, d0);
        long eLo = q * d0;
        long eHi = Math.multiplyHigh(q, d0);
        long p = v * e0;
        dLo += p;
        dHi += Math.multiplyHigh(v, e0) + (Long.compareUnsigned(dLo, p) < 0 ? 1L : 0L);
        p = md * p0;
        dLo += p;
        dHi += Math.multiplyHigh(md, p0) + (Long.compareUnsigned(dLo, p) < 0 ? 1L : 0L);
        p = r * e0;
        eLo += p;
        eHi += Math.multiplyHigh(r, e0) + (Long.compareUnsigned(eLo, p) < 0 ? 1L : 0L);
        p = me * p0;
        eLo += p;
        eHi += Math.multiplyHigh(me, p0) + (Long.compareUnsigned(eLo, p) < 0 ? 1L : 0L);
        dLo = (dLo >>> STEPS) | (dHi << (64 - STEPS));
        dHi >>= STEPS;
        eLo = (eLo >>> STEPS) | (eHi << (64 - STEPS));
        eHi >>= STEPS;
        for (int i = 1; i < n; i++)
        {
            final long di = s[d + i];
            final long ei = s[e + i];
            final long pi = modulus[i];
            p = u * di;
            dLo += p;
            dHi += Math.multiplyHigh(u, di) + (Long.compareUnsigned(dLo, p) < 0 ? 1L : 0L);
            p = v * ei;
            dLo += p;
            dHi += Math.multiplyHigh(v, ei) + (Long.compareUnsigned(dLo, p) < 0 ? 1L : 0L);
            p = md * pi;
            dLo += p;
            dHi += Math.multiplyHigh(md, pi) + (Long.compareUnsigned(dLo, p) < 0 ? 1L : 0L);
            p = q * di;
            eLo += p;
            eHi += Math.multiplyHigh(q, di) + (Long.compareUnsigned(eLo, p) < 0 ? 1L : 0L);
            p = r * ei;
            eLo += p;
            eHi += Math.multiplyHigh(r, ei) + (Long.compareUnsigned(eLo, p) < 0 ? 1L : 0L);
            p = me * pi;
            eLo += p;
            eHi += Math.multiplyHigh(me, pi) + (Long.compareUnsigned(eLo, p) < 0 ? 1L : 0L);
            s[d + i - 1] = dLo & MASK;
            s[e + i - 1] = eLo & MASK;
            dLo = (dLo >>> STEPS) | (dHi << (64 - STEPS));
            dHi >>= STEPS;
            eLo = (eLo >>> STEPS) | (eHi << (64 - STEPS));
            eHi >>= STEPS;
        }
        s[d + n - 1] = dLo;
        s[e + n - 1] = eLo;
    }

    /** {@code a += p} when {@code a < 0}, renormalising the limbs. */
    private void addModulusIfNegative(final long[] s, final int a)
    {
        if (s[a + n - 1] >= 0)
        {
            return;
        }
        long carry = 0;
        for (int i = 0; i < n - 1; i++)
        {
            final long t = s[a + i] + modulus[i] + carry;
            s[a + i] = t & MASK;
            carry = t >> STEPS;
        }
        s[a + n - 1] += modulus[n - 1] + carry;
    }

    /** {@code a = −a}, renormalising the limbs. */
    private void negate(final long[] s, final int a)
    {
        long carry = 0;
        for (int i = 0; i < n - 1; i++)
        {
            final long t = carry - s[a + i];
            s[a + i] = t & MASK;
            carry = t >> STEPS;
        }
        s[a + n - 1] = carry - s[a + n - 1];
    }

    /** Reads {@code words} 64-bit limbs as 62-bit limbs ({@code n} of them, all non-negative). */
    private void toSigned62(final long[] s, final int to, final long[] x, final int xo)
    {
        for (int j = 0; j < n; j++)
        {
            final int bit = STEPS * j;
            final int word = bit >>> 6;
            final int shift = bit & 63;
            long limb = word < words ? x[xo + word] >>> shift : 0;
            if (shift > 64 - STEPS && word + 1 < words)
            {
                limb |= x[xo + word + 1] << (64 - shift);
            }
            s[to + j] = limb & MASK;
        }
    }

    /** Writes non-negative 62-bit limbs (value below 2^(64·words)) as {@code words} 64-bit limbs. */
    private void fromSigned62(final long[] r, final int ro, final long[] s, final int from)
    {
        for (int k = 0; k < words; k++)
        {
            final int bit = 64 * k;
            final int limb = bit / STEPS;
            final int shift = bit % STEPS;
            long word = s[from + limb] >>> shift;
            if (limb + 1 < n)
            {
                word |= s[from + limb + 1] << (STEPS - shift);
            }
            if (shift > 2 * STEPS - 64 && limb + 2 < n)
            {
                word |= s[from + limb + 2] << (2 * STEPS - shift);
            }
            r[ro + k] = word;
        }
    }
}
