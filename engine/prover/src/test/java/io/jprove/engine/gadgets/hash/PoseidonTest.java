package io.jprove.engine.gadgets.hash;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.math.BigInteger;
import java.util.SplittableRandom;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import io.jprove.field.Fr;

/** Neptune's Poseidon: published answers, and agreement with a BigInteger restatement of the permutation. */
class PoseidonTest
{
    private static final BigInteger R = Fr.MODULUS;

    @Test
    void shouldGiveNeptunesFirstRoundConstantForWidthNine()
    {
        final long[] c = PoseidonParameters.forArity(8).roundConstants();
        assertEquals(new BigInteger("6ce90d12c4045fe08c3caddb776dd84ac52b4ae7e48cd49443984154f2f4c2f9", 16),
            Fr.toBigInteger(c, 0));
        assertEquals(9 * (8 + 57) * Fr.LIMBS, c.length);
    }

    @Test
    void shouldGiveNeptunesKnownAnswerForArityTwo()
    {
        assertEquals(new BigInteger("396508d75e76a56b739e0fd902efe161a6fba9339d05a69d2e203c369a02e7ff", 16),
            hashOfCountingPreimage(2));
    }

    @Test
    void shouldGiveNeptunesKnownAnswerForArityEight()
    {
        assertEquals(new BigInteger("2394611da3a5de5512010042116770774b682e9d9cc4aed92a9934f56d38a5e6", 16),
            hashOfCountingPreimage(8));
    }

    @Test
    void shouldBuildTheCauchyMatrixFromIPlusJPlusWidth()
    {
        final PoseidonParameters p = PoseidonParameters.forArity(4);
        final long[] entry = new long[Fr.LIMBS];
        for (int i = 0; i < p.width(); i++)
        {
            for (int j = 0; j < p.width(); j++)
            {
                p.mdsEntry(i, j, entry, 0);
                assertEquals(BigInteger.ONE,
                    Fr.toBigInteger(entry).multiply(BigInteger.valueOf(i + j + p.width())).mod(R));
            }
        }
    }

    @ParameterizedTest
    @ValueSource(ints = {2, 4, 8, 11})
    void shouldAgreeWithABigIntegerPermutationOnRandomPreimages(final int arity)
    {
        final PoseidonParameters p = PoseidonParameters.forArity(arity);
        final Poseidon poseidon = new Poseidon(p);
        final SplittableRandom rng = new SplittableRandom(arity);
        for (int trial = 0; trial < 3; trial++)
        {
            final long[] preimage = new long[arity * Fr.LIMBS];
            final BigInteger[] state = new BigInteger[arity + 1];
            state[0] = BigInteger.ONE.shiftLeft(arity).subtract(BigInteger.ONE);
            for (int i = 0; i < arity; i++)
            {
                final long[] e = trial == 0 && i == 0 ? Fr.of(R.subtract(BigInteger.ONE)) : Fr.random(rng);
                System.arraycopy(e, 0, preimage, i * Fr.LIMBS, Fr.LIMBS);
                state[i + 1] = Fr.toBigInteger(e);
            }
            assertEquals(referencePermutation(p, state)[1], Fr.toBigInteger(poseidon.hash(preimage)));
        }
    }

    @Test
    void shouldRejectUnsupportedAritiesAndWrongPreimageLengths()
    {
        assertThrows(IllegalArgumentException.class, () -> PoseidonParameters.forArity(3));
        assertThrows(IllegalArgumentException.class, () -> Poseidon.forArity(2).hash(new long[3 * Fr.LIMBS]));
    }

    private static BigInteger hashOfCountingPreimage(final int arity)
    {
        final long[] preimage = new long[arity * Fr.LIMBS];
        for (int i = 0; i < arity; i++)
        {
            System.arraycopy(Fr.of(i), 0, preimage, i * Fr.LIMBS, Fr.LIMBS);
        }
        return Fr.toBigInteger(Poseidon.forArity(arity).hash(preimage));
    }

    /** The permutation restated over BigInteger, with the matrix recomputed from its formula. */
    static BigInteger[] referencePermutation(final PoseidonParameters p, final BigInteger[] input)
    {
        final int t = p.width();
        final long[] rc = p.roundConstants();
        final BigInteger[][] m = new BigInteger[t][t];
        for (int i = 0; i < t; i++)
        {
            for (int j = 0; j < t; j++)
            {
                m[i][j] = BigInteger.valueOf(i + j + t).modInverse(R);
            }
        }
        BigInteger[] s = input.clone();
        for (int round = 0; round < p.rounds(); round++)
        {
            final boolean full = round < 4 || round >= p.rounds() - 4;
            for (int i = 0; i < t; i++)
            {
                s[i] = s[i].add(Fr.toBigInteger(rc, (round * t + i) * Fr.LIMBS)).mod(R);
                if (full || i == 0)
                {
                    s[i] = s[i].modPow(BigInteger.valueOf(5), R);
                }
            }
            final BigInteger[] next = new BigInteger[t];
            for (int j = 0; j < t; j++)
            {
                BigInteger acc = BigInteger.ZERO;
                for (int i = 0; i < t; i++)
                {
                    acc = acc.add(s[i].multiply(m[i][j]));
                }
                next[j] = acc.mod(R);
            }
            s = next;
        }
        return s;
    }
}
