package io.jprove.field;

import static io.jprove.field.CurveOracles.fromBlst;
import static io.jprove.field.CurveOracles.toBlst;
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
import supranational.blst.P1;
import supranational.blst.P1_Affine;

/** G1's compressed and uncompressed encodings byte-for-byte against blst, and every rejection rule against blst's. */
class G1EncodingTest
{
    private static List<P1> blstPoints(final SplittableRandom rng, final int count)
    {
        final List<P1> points = new ArrayList<>(List.of(P1.generator(), new P1(), P1.generator().neg()));
        for (int i = 0; i < count; i++)
        {
            points.add(CurveOracles.blstMultipleOfGenerator(CurveOracles.randomScalar(rng)));
        }
        return points;
    }

    @Test
    void shouldEncodeExactlyTheBytesBlstWritesAndDecodeThemBack()
    {
        final SplittableRandom rng = new SplittableRandom(41);
        final long[] back = new long[G1.AFFINE_LIMBS];
        for (final P1 point : blstPoints(rng, 40))
        {
            final long[] a = fromBlst(point);
            assertArrayEquals(point.compress(), G1Encoding.compress(a, 0));
            assertArrayEquals(point.serialize(), G1Encoding.serialize(a, 0));
            assertArrayEquals(a, G1Encoding.decode(point.compress()));
            assertArrayEquals(a, G1Encoding.decode(point.serialize()));
            G1Encoding.decompressUnchecked(point.compress(), 0, back, 0);
            assertArrayEquals(a, back);
            G1Encoding.deserializeUnchecked(point.serialize(), 0, back, 0);
            assertArrayEquals(a, back);
        }
    }

    @Test
    void shouldDecodeAtOffsets()
    {
        final long[] g = G1.generator();
        final byte[] buffer = new byte[200];
        G1Encoding.compress(g, 0, buffer, 7);
        G1Encoding.serialize(g, 0, buffer, 60);
        final long[] r = new long[G1.AFFINE_LIMBS + 5];
        G1Encoding.decompress(buffer, 7, r, 5);
        assertArrayEquals(g, java.util.Arrays.copyOfRange(r, 5, 17));
        G1Encoding.deserialize(buffer, 60, r, 5);
        assertArrayEquals(g, java.util.Arrays.copyOfRange(r, 5, 17));
    }

    @Test
    void shouldRejectPointsOutsideG1UnlessUncheckedLikeBlstsGroupTest()
    {
        final SplittableRandom rng = new SplittableRandom(42);
        final long[] back = new long[G1.AFFINE_LIMBS];
        for (int i = 0; i < 10; i++)
        {
            final long[] outside = CurveOracles.randomCurvePoint(rng);
            final P1_Affine blst = new P1_Affine(G1Encoding.serialize(outside, 0));
            assertFalse(blst.in_group());
            final byte[] compressed = G1Encoding.compress(outside, 0);
            final P1_Affine blstCompressed = new P1_Affine(compressed);
            assertTrue(blstCompressed.is_equal(blst), "blst decompresses to the same point");
            assertArrayEquals(blst.compress(), compressed);
            expectReason(Reason.NOT_IN_SUBGROUP, compressed);
            expectReason(Reason.NOT_IN_SUBGROUP, blst.serialize());
            G1Encoding.decompressUnchecked(compressed, 0, back, 0);
            assertArrayEquals(outside, back);
            G1Encoding.deserializeUnchecked(blst.serialize(), 0, back, 0);
            assertArrayEquals(outside, back);
        }
    }

    @Test
    void shouldRejectBadFlagsLengthsAndCoordinatesForTheReasonBlstRejectsThem()
    {
        final byte[] c = P1.generator().compress();
        final byte[] u = P1.generator().serialize();
        final List<Object[]> cases = new ArrayList<>();
        cases.add(new Object[] {Reason.LENGTH, new byte[50]});
        cases.add(new Object[] {Reason.COMPRESSION_FLAG, with(c, 0, c[0] & 0x7f)});
        cases.add(new Object[] {Reason.COMPRESSION_FLAG, with(u, 0, u[0] | 0x80)});
        cases.add(new Object[] {Reason.COMPRESSION_FLAG, new byte[48]});
        cases.add(new Object[] {Reason.SIGN_FLAG, with(u, 0, u[0] | 0x20)});
        cases.add(new Object[] {Reason.INFINITY_FLAG, with(new byte[48], 0, 0xe0)});
        cases.add(new Object[] {Reason.INFINITY_FLAG, with(with(new byte[48], 0, 0xc0), 47, 1)});
        cases.add(new Object[] {Reason.INFINITY_FLAG, with(with(new byte[96], 0, 0x40), 95, 1)});
        cases.add(new Object[] {Reason.INFINITY_FLAG, with(u, 0, u[0] | 0x40)});
        cases.add(new Object[] {Reason.NOT_ON_CURVE, new byte[96]});
        // x = p compressed, x = p with the generator's y, y + p: each not below p
        final byte[] xp = CurveOracles.be48(Fq.MODULUS);
        cases.add(new Object[] {Reason.NON_CANONICAL, with(xp, 0, xp[0] | 0x80)});
        final byte[] big = u.clone();
        System.arraycopy(CurveOracles.be48(Fq.MODULUS), 0, big, 0, 48);
        cases.add(new Object[] {Reason.NON_CANONICAL, big});
        final byte[] bigY = u.clone();
        System.arraycopy(CurveOracles.be48(CurveOracles.y(G1.generator()).add(Fq.MODULUS)), 0, bigY, 48, 48);
        cases.add(new Object[] {Reason.NON_CANONICAL, bigY});
        // off the curve: y + 1; an x whose x³ + 4 is not a square
        final byte[] offCurve = u.clone();
        offCurve[95]++;
        cases.add(new Object[] {Reason.NOT_ON_CURVE, offCurve});
        cases.add(new Object[] {Reason.NOT_ON_CURVE, compressedNonSquareX()});
        for (final Object[] bad : cases)
        {
            final Reason reason = (Reason)bad[0];
            final byte[] bytes = (byte[])bad[1];
            expectReason(reason, bytes);
            assertThrows(RuntimeException.class, () -> new P1_Affine(bytes), "blst also rejects " + reason);
        }
    }

    private static byte[] compressedNonSquareX()
    {
        final BigInteger p = Fq.MODULUS;
        BigInteger x = BigInteger.ONE;
        while (x.pow(3).add(BigInteger.valueOf(4)).mod(p).modPow(p.shiftRight(1), p).equals(BigInteger.ONE))
        {
            x = x.add(BigInteger.ONE);
        }
        final byte[] b = CurveOracles.be48(x);
        b[0] |= (byte)0x80;
        return b;
    }

    private static byte[] with(final byte[] bytes, final int index, final int value)
    {
        final byte[] copy = bytes.clone();
        copy[index] = (byte)value;
        return copy;
    }

    private static void expectReason(final Reason reason, final byte[] bytes)
    {
        final InvalidEncodingException e = assertThrows(InvalidEncodingException.class, () -> G1Encoding.decode(bytes),
            () -> "expected " + reason);
        assertEquals(reason, e.reason(), e.getMessage());
    }

    @Test
    void shouldRoundTripThroughBlstForRandomPoints()
    {
        final SplittableRandom rng = new SplittableRandom(43);
        for (int i = 0; i < 10; i++)
        {
            final long[] a = CurveOracles.affineOf(jacobianOf(CurveOracles.randomScalar(rng)));
            assertTrue(toBlst(a).is_equal(new P1(new P1_Affine(G1Encoding.compress(a, 0)))));
        }
    }

    private static long[] jacobianOf(final BigInteger k)
    {
        final long[] r = new long[G1.JACOBIAN_LIMBS];
        G1.mul(r, 0, G1.generator(), 0, k);
        return r;
    }
}
