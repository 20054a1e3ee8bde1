package io.jprove.field;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.SplittableRandom;

import org.junit.jupiter.api.Test;

import io.jprove.field.InvalidEncodingException.Reason;
import supranational.blst.P1;
import supranational.blst.P2;

/** G1AffineVector and G2AffineVector: the off-heap layout, element access, and bulk conversion against blst bytes. */
class AffineVectorTest
{
    @Test
    void shouldLayG1PointsOutAsLittleEndianMontgomeryLimbsWithZeroInfinity()
    {
        final SplittableRandom rng = new SplittableRandom(71);
        try (Arena arena = Arena.ofConfined())
        {
            final G1AffineVector v = G1AffineVector.allocate(arena, 5);
            assertEquals(5 * 96, v.segment().byteSize());
            final long[] p = CurveOracles.randomCurvePoint(rng);
            v.set(3, p, 0);
            for (int k = 0; k < G1.AFFINE_LIMBS; k++)
            {
                for (int b = 0; b < 8; b++)
                {
                    assertEquals((byte)(p[k] >>> (8 * b)), v.segment().get(ValueLayout.JAVA_BYTE, 3 * 96 + 8 * k + b));
                }
            }
            final long[] back = new long[G1.AFFINE_LIMBS + 1];
            v.get(3, back, 1);
            assertArrayEquals(p, java.util.Arrays.copyOfRange(back, 1, 13));
            v.get(0, back, 0);
            assertTrue(G1.isInfinity(back, 0), "a fresh vector holds infinities");
            assertThrows(IndexOutOfBoundsException.class, () -> v.get(5, back, 0));
        }
    }

    @Test
    void shouldConvertG1VectorsFromAndToBlstBytes()
    {
        final SplittableRandom rng = new SplittableRandom(72);
        final int n = 12;
        final byte[] compressed = new byte[n * 48];
        final byte[] uncompressed = new byte[n * 96];
        final long[][] expected = new long[n][];
        for (int i = 0; i < n; i++)
        {
            final P1 p = i == 4 ? new P1() : CurveOracles.blstMultipleOfGenerator(CurveOracles.randomScalar(rng));
            expected[i] = CurveOracles.fromBlst(p);
            System.arraycopy(p.compress(), 0, compressed, i * 48, 48);
            System.arraycopy(p.serialize(), 0, uncompressed, i * 96, 96);
        }
        try (Arena arena = Arena.ofConfined())
        {
            final G1AffineVector v = G1AffineVector.allocate(arena, n + 1);
            v.readCompressed(compressed, 1, n, true);
            final long[] point = new long[G1.AFFINE_LIMBS];
            for (int i = 0; i < n; i++)
            {
                v.get(i + 1, point, 0);
                assertArrayEquals(expected[i], point);
            }
            assertArrayEquals(compressed, v.toCompressedBytes(1, n));
            assertArrayEquals(uncompressed, v.toUncompressedBytes(1, n));
            final G1AffineVector w = G1AffineVector.wrap(arena.allocate(n * 96L));
            w.readUncompressed(MemorySegment.ofArray(uncompressed), 0, n, false);
            assertEquals(v.segment().asSlice(96).mismatch(w.segment()), -1L, "same bytes off-heap");
            final MemorySegment out = arena.allocate(n * 48L);
            w.writeCompressed(0, n, out);
            assertArrayEquals(compressed, out.toArray(ValueLayout.JAVA_BYTE));
        }
    }

    @Test
    void shouldNameTheBadPointOfABulkDecode()
    {
        final SplittableRandom rng = new SplittableRandom(73);
        final byte[] compressed = new byte[3 * 48];
        System.arraycopy(P1.generator().compress(), 0, compressed, 0, 48);
        System.arraycopy(G1Encoding.compress(CurveOracles.randomCurvePoint(rng), 0), 0, compressed, 96, 48);
        System.arraycopy(P1.generator().compress(), 0, compressed, 48, 48);
        try (Arena arena = Arena.ofConfined())
        {
            final G1AffineVector v = G1AffineVector.allocate(arena, 3);
            final InvalidEncodingException e =
                assertThrows(InvalidEncodingException.class, () -> v.readCompressed(compressed, 0, 3, true));
            assertEquals(Reason.NOT_IN_SUBGROUP, e.reason());
            assertTrue(e.getMessage().contains("point 2"), e.getMessage());
            v.readCompressed(compressed, 0, 3, false);
            assertEquals(Reason.LENGTH,
                assertThrows(InvalidEncodingException.class, () -> v.readCompressed(new byte[100], 0, 3, true))
                    .reason());
        }
    }

    @Test
    void shouldConvertG2VectorsFromAndToBlstBytes()
    {
        final SplittableRandom rng = new SplittableRandom(74);
        final int n = 5;
        final byte[] compressed = new byte[n * 96];
        final byte[] uncompressed = new byte[n * 192];
        final long[][] expected = new long[n][];
        for (int i = 0; i < n; i++)
        {
            final P2 p = i == 2 ? new P2() : CurveOracles.blstG2Multiple(CurveOracles.randomScalar(rng));
            expected[i] = CurveOracles.fromBlst(p);
            System.arraycopy(p.compress(), 0, compressed, i * 96, 96);
            System.arraycopy(p.serialize(), 0, uncompressed, i * 192, 192);
        }
        try (Arena arena = Arena.ofConfined())
        {
            final G2AffineVector v = G2AffineVector.allocate(arena, n);
            assertEquals(n * 192, v.segment().byteSize());
            v.readUncompressed(uncompressed, 0, n, true);
            final long[] point = new long[G2.AFFINE_LIMBS];
            for (int i = 0; i < n; i++)
            {
                v.get(i, point, 0);
                assertArrayEquals(expected[i], point);
            }
            assertArrayEquals(compressed, v.toCompressedBytes(0, n));
            final G2AffineVector w = G2AffineVector.allocate(arena, n);
            w.readCompressed(MemorySegment.ofArray(compressed), 0, n, true);
            assertArrayEquals(uncompressed, w.toUncompressedBytes(0, n));
            // the design's layout: x.c0 ‖ x.c1 ‖ y.c0 ‖ y.c1, each six little-endian limbs
            w.get(0, point, 0);
            assertEquals(point[6], w.segment().get(FrVector.LIMB, 48));
            assertEquals(point[18], w.segment().get(FrVector.LIMB, 144));
        }
    }
}
