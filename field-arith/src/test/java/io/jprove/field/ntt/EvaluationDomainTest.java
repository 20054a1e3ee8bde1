package io.jprove.field.ntt;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigInteger;

import org.junit.jupiter.api.Test;

import io.jprove.field.Fr;

/** The domain's constants, each recomputed with BigInteger, and its size checks. */
class EvaluationDomainTest
{
    private static final BigInteger R = Fr.MODULUS;
    private static final BigInteger SEVEN = BigInteger.valueOf(7);

    @Test
    void shouldHoldTheGroth16DomainConstantsForEverySize()
    {
        for (int k = 0; k <= EvaluationDomain.MAX_LOG_SIZE; k++)
        {
            final EvaluationDomain domain = EvaluationDomain.ofLogSize(k);
            final BigInteger m = BigInteger.ONE.shiftLeft(k);
            assertEquals(k, domain.logSize());
            assertEquals(1L << k, domain.size());
            final BigInteger omega = SEVEN.modPow(R.subtract(BigInteger.ONE).shiftRight(k), R);
            assertEquals(omega, Fr.toBigInteger(domain.omega()), "ω at 2^" + k);
            assertEquals(BigInteger.ONE, omega.modPow(m, R));
            if (k > 0)
            {
                assertEquals(R.subtract(BigInteger.ONE), omega.modPow(m.shiftRight(1), R), "ω primitive at 2^" + k);
            }
            assertEquals(omega.modInverse(R), Fr.toBigInteger(domain.omegaInverse()));
            assertEquals(m.modInverse(R), Fr.toBigInteger(domain.sizeInverse()));
            assertEquals(SEVEN, Fr.toBigInteger(domain.cosetGenerator()));
            assertEquals(SEVEN.modInverse(R), Fr.toBigInteger(domain.cosetGeneratorInverse()));
            final BigInteger vanishing = SEVEN.modPow(m, R).subtract(BigInteger.ONE).mod(R);
            assertEquals(vanishing.modInverse(R), Fr.toBigInteger(domain.vanishingInverseOnCoset()));
        }
    }

    @Test
    void shouldMatchBellpersonsOmegaAsAPowerOfTheTwoAdicRoot()
    {
        final BigInteger root32 =
            new BigInteger("16a2a19edfe81f20d09b681922c813b4b63683508c2280b93829971f439f0d2b", 16);
        for (final int k : new int[] {1, 10, 20, 27})
        {
            assertEquals(root32.modPow(BigInteger.ONE.shiftLeft(32 - k), R),
                Fr.toBigInteger(EvaluationDomain.ofLogSize(k).omega()));
        }
    }

    @Test
    void shouldCacheOneDomainPerSizeAndHandOutCopies()
    {
        assertSame(EvaluationDomain.ofLogSize(9), EvaluationDomain.ofSize(512));
        final EvaluationDomain domain = EvaluationDomain.ofLogSize(9);
        domain.omega()[0] ^= 1;
        assertEquals(SEVEN.modPow(R.subtract(BigInteger.ONE).shiftRight(9), R), Fr.toBigInteger(domain.omega()));
    }

    @Test
    void shouldPickTheLeastDomainHoldingACount()
    {
        assertEquals(0, EvaluationDomain.atLeast(1).logSize());
        assertEquals(1, EvaluationDomain.atLeast(2).logSize());
        assertEquals(3, EvaluationDomain.atLeast(5).logSize());
        assertEquals(27, EvaluationDomain.atLeast(130_278_541L + 328).logSize());
        assertEquals(32, EvaluationDomain.atLeast(1L << 32).logSize());
        assertThrows(IllegalArgumentException.class, () -> EvaluationDomain.atLeast(0));
        assertThrows(IllegalArgumentException.class, () -> EvaluationDomain.atLeast((1L << 32) + 1));
    }

    @Test
    void shouldRejectSizesThatAreNotPowersOfTwoUpTo2To32()
    {
        for (final long bad : new long[] {0, -4, 3, 6, 1000, (1L << 32) + 2})
        {
            final IllegalArgumentException e =
                assertThrows(IllegalArgumentException.class, () -> EvaluationDomain.ofSize(bad));
            assertTrue(e.getMessage().contains(Long.toString(bad)), e.getMessage());
        }
        final IllegalArgumentException tooBig =
            assertThrows(IllegalArgumentException.class, () -> EvaluationDomain.ofSize(1L << 33));
        assertTrue(tooBig.getMessage().contains("exceeds 2^32"), tooBig.getMessage());
        assertThrows(IllegalArgumentException.class, () -> EvaluationDomain.ofLogSize(33));
        assertThrows(IllegalArgumentException.class, () -> EvaluationDomain.ofLogSize(-1));
    }
}
