package io.jprove.field;

import static io.jprove.field.CurveOracles.fromBlst;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

import org.junit.jupiter.api.Test;

import io.jprove.field.InvalidEncodingException.Reason;
import supranational.blst.P2;
import supranational.blst.P2_Affine;

/** G2's compressed and uncompressed encodings byte-for-byte against blst, and every rejection rule against blst's. */
class G2EncodingTest
{
    @Test
    void shouldEncodeExactlyTheBytesBlstWritesAndDecodeThemBack()
    {
        final SplittableRandom rng = new SplittableRandom(61);
        final List<P2> points = new ArrayList<>(List.of(P2.generator(), new P2(), P2.generator().neg()));
        for (int i = 0; i < 12; i++)
        {
            points.add(CurveOracles.blstG2Multiple(CurveOracles.randomScalar(rng)));
        }
        final long[] back = new long[G2.AFFINE_LIMBS + 3];
        for (final P2 point : points)
        {
            final long[] a = fromBlst(point);
            assertArrayEquals(point.compress(), G2Encoding.compress(a, 0));
            assertArrayEquals(point.serialize(), G2Encoding.serialize(a, 0));
            assertArrayEquals(a, G2Encoding.decode(point.compress()));
            assertArrayEquals(a, G2Encoding.decode(point.serialize()));
            G2Encoding.decompressUnchecked(point.compress(), 0, back, 3);
            assertArrayEquals(a, java.util.Arrays.copyOfRange(back, 3, 27));
        }
    }

    @Test
    void shouldPickTheSignFromCZeroWhenCOneIsZero()
    {
        // x = a + bu with 3a²b − b³ + 4 = 0 makes x³ + 4(u + 1) real; when that is a square in Fq, y has c1 = 0
        final BigInteger p = Fq.MODULUS;
        final BigInteger sqrtExp = p.add(BigInteger.ONE).shiftRight(2);
        int found = 0;
        for (long bv = 1; found < 3; bv++)
        {
            final BigInteger b = BigInteger.valueOf(bv);
            final BigInteger aa = b.pow(3).subtract(BigInteger.valueOf(4)).multiply(b.multiply(BigInteger.valueOf(3))
                .modInverse(p)).mod(p);
            final BigInteger a = aa.modPow(sqrtExp, p);
            if (!a.multiply(a).mod(p).equals(aa))
            {
                continue;
            }
            final BigInteger re = a.pow(3).subtract(BigInteger.valueOf(3).multiply(a).multiply(b.pow(2)))
                .add(BigInteger.valueOf(4)).mod(p);
            final BigInteger y = re.modPow(sqrtExp, p);
            if (!y.multiply(y).mod(p).equals(re))
            {
                continue;
            }
            for (final BigInteger y0 : List.of(y, p.subtract(y)))
            {
                final long[] point = G2.affine(a, b, y0, BigInteger.ZERO);
                assertTrue(G2.isOnCurve(point, 0));
                final P2_Affine blst = new P2_Affine(CurveOracles.uncompressedG2(point));
                assertArrayEquals(blst.compress(), G2Encoding.compress(point, 0));
                final long[] back = new long[G2.AFFINE_LIMBS];
                G2Encoding.decompressUnchecked(blst.compress(), 0, back, 0);
                assertArrayEquals(point, back);
            }
            found++;
        }
    }

    @Test
    void shouldRejectPointsOutsideG2UnlessUncheckedLikeBlstsGroupTest()
    {
        final SplittableRandom rng = new SplittableRandom(63);
        final long[] back = new long[G2.AFFINE_LIMBS];
        for (int i = 0; i < 4; i++)
        {
            final long[] outside = CurveOracles.randomG2CurvePoint(rng);
            final P2_Affine blst = new P2_Affine(CurveOracles.uncompressedG2(outside));
            assertFalse(blst.in_group());
            final byte[] compressed = G2Encoding.compress(outside, 0);
            assertArrayEquals(blst.compress(), compressed);
            assertArrayEquals(blst.serialize(), G2Encoding.serialize(outside, 0));
            expectReason(Reason.NOT_IN_SUBGROUP, compressed);
            expectReason(Reason.NOT_IN_SUBGROUP, blst.serialize());
            G2Encoding.decompressUnchecked(compressed, 0, back, 0);
            assertArrayEquals(outside, back);
            G2Encoding.deserializeUnchecked(blst.serialize(), 0, back, 0);
            assertArrayEquals(outside, back);
        }
    }

    @Test
    void shouldRejectBadFlagsLengthsAndCoordinatesForTheReasonBlstRejectsThem()
    {
        final byte[] c = P2.generator().compress();
        final byte[] u = P2.generator().serialize();
        final byte[] p = CurveOracles.be48(Fq.MODULUS);
        final List<Object[]> cases = new ArrayList<>();
        cases.add(new Object[] {Reason.LENGTH, new byte[97]});
        cases.add(new Object[] {Reason.COMPRESSION_FLAG, with(c, 0, c[0] & 0x7f)});
        cases.add(new Object[] {Reason.COMPRESSION_FLAG, with(u, 0, u[0] | 0x80)});
        cases.add(new Object[] {Reason.SIGN_FLAG, with(u, 0, u[0] | 0x20)});
        cases.add(new Object[] {Reason.INFINITY_FLAG, with(new byte[96], 0, 0xe0)});
        cases.add(new Object[] {Reason.INFINITY_FLAG, with(with(new byte[96], 0, 0xc0), 95, 1)});
        cases.add(new Object[] {Reason.INFINITY_FLAG, with(with(new byte[192], 0, 0x40), 100, 1)});
        cases.add(new Object[] {Reason.NOT_ON_CURVE, new byte[192]});
        final byte[] c1p = c.clone();
        System.arraycopy(p, 0, c1p, 0, 48);
        c1p[0] |= (byte)0x80;
        cases.add(new Object[] {Reason.NON_CANONICAL, c1p});
        final byte[] c0p = c.clone();
        System.arraycopy(p, 0, c0p, 48, 48);
        cases.add(new Object[] {Reason.NON_CANONICAL, c0p});
        final byte[] y0p = u.clone();
        System.arraycopy(p, 0, y0p, 144, 48);
        cases.add(new Object[] {Reason.NON_CANONICAL, y0p});
        final byte[] offCurve = u.clone();
        offCurve[191]++;
        cases.add(new Object[] {Reason.NOT_ON_CURVE, offCurve});
        cases.add(new Object[] {Reason.NOT_ON_CURVE, compressedNonSquareX()});
        for (final Object[] bad : cases)
        {
            final Reason reason = (Reason)bad[0];
            final byte[] bytes = (byte[])bad[1];
            expectReason(reason, bytes);
            assertThrows(RuntimeException.class, () -> new P2_Affine(bytes), "blst also rejects " + reason);
        }
    }

    private static byte[] compressedNonSquareX()
    {
        final long[] four = Fq2.of(BigInteger.valueOf(4), BigInteger.valueOf(4));
        final long[] rhs = new long[Fq2.LIMBS];
        for (long k = 1;; k++)
        {
            final long[] x = Fq2.of(BigInteger.valueOf(k), BigInteger.ONE);
            Fq2.square(rhs, 0, x, 0);
            Fq2.mul(rhs, 0, rhs, 0, x, 0);
            Fq2.add(rhs, 0, rhs, 0, four, 0);
            final BigInteger[] v = Fq2.toBigIntegers(rhs, 0);
            final BigInteger norm = v[0].pow(2).add(v[1].pow(2)).mod(Fq.MODULUS);
            if (!norm.modPow(Fq.MODULUS.shiftRight(1), Fq.MODULUS).equals(BigInteger.ONE))
            {
                final byte[] b = new byte[96];
                Fq2.toBytes(x, 0, b, 0);
                b[0] |= (byte)0x80;
                return b;
            }
        }
    }

    private static byte[] with(final byte[] bytes, final int index, final int value)
    {
        final byte[] copy = bytes.clone();
        copy[index] = (byte)value;
        return copy;
    }

    private static void expectReason(final Reason reason, final byte[] bytes)
    {
        final InvalidEncodingException e = assertThrows(InvalidEncodingException.class, () -> G2Encoding.decode(bytes),
            () -> "expected " + reason);
        assertEquals(reason, e.reason(), e.getMessage());
    }
}
