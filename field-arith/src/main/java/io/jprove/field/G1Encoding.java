package io.jprove.field;

import io.jprove.field.InvalidEncodingException.Reason;

/**
 * The zcash/blst encodings of G1 points (what bellperson and Filecoin write): compressed 48 bytes (x) and
 * uncompressed 96 bytes (x ‖ y), each coordinate as {@link Fq#toBytes} writes it (big-endian; an Fq2 one as c1 ‖ c0).
 * The top three bits of byte 0 are flags: 0x80 compressed, 0x40 infinity (then every other bit is zero), 0x20
 * (compressed only) y is the lexicographically larger of ±y ({@link Fq#isLexicographicallyLargest}).
 * <p>
 * G2Encoding is written from this file by the build (field-arith/pom.xml): edit this one.
 * <p>
 * Decoding rejects, with an {@link InvalidEncodingException} naming the rule: a wrong length, a compression flag that
 * does not match the length, an infinity flag with other bits set, a sign flag on an uncompressed point, a coordinate
 * not below p, a point off the curve, and (unless the {@code Unchecked} variant is called, for trusted inputs such as
 * parameter files) a point outside G1. Points decode to affine limbs, infinity to all-zero limbs.
 */
public final class G1Encoding
{
    /** Bytes of a compressed point. */
    public static final int COMPRESSED_BYTES = Fq.BYTES;
    /** Bytes of an uncompressed point. */
    public static final int UNCOMPRESSED_BYTES = 2 * Fq.BYTES;

    static final int FLAG_COMPRESSED = 0x80;
    static final int FLAG_INFINITY = 0x40;
    static final int FLAG_SIGN = 0x20;
    static final int COORDINATE_MASK = 0x1f;

    private G1Encoding()
    {
    }

    /** Writes the 48-byte compressed encoding of an affine point at {@code out[off]}. */
    public static void compress(final long[] a, final int ao, final byte[] out, final int off)
    {
        if (G1.isInfinity(a, ao))
        {
            java.util.Arrays.fill(out, off, off + COMPRESSED_BYTES, (byte)0);
            out[off] = (byte)(FLAG_COMPRESSED | FLAG_INFINITY);
            return;
        }
        Fq.toBytes(a, ao, out, off);
        out[off] |= (byte)(FLAG_COMPRESSED | (Fq.isLexicographicallyLargest(a, ao + Fq.LIMBS) ? FLAG_SIGN : 0));
    }

    /** @return the 48-byte compressed encoding of an affine point. */
    public static byte[] compress(final long[] a, final int ao)
    {
        final byte[] out = new byte[COMPRESSED_BYTES];
        compress(a, ao, out, 0);
        return out;
    }

    /** Writes the 96-byte uncompressed encoding of an affine point at {@code out[off]}. */
    public static void serialize(final long[] a, final int ao, final byte[] out, final int off)
    {
        if (G1.isInfinity(a, ao))
        {
            java.util.Arrays.fill(out, off, off + UNCOMPRESSED_BYTES, (byte)0);
            out[off] = (byte)FLAG_INFINITY;
            return;
        }
        Fq.toBytes(a, ao, out, off);
        Fq.toBytes(a, ao + Fq.LIMBS, out, off + Fq.BYTES);
    }

    /** @return the 96-byte uncompressed encoding of an affine point. */
    public static byte[] serialize(final long[] a, final int ao)
    {
        final byte[] out = new byte[UNCOMPRESSED_BYTES];
        serialize(a, ao, out, 0);
        return out;
    }

    /**
     * Decodes either encoding, told apart by length, with every check.
     *
     * @return a new affine point.
     * @throws InvalidEncodingException naming the broken rule.
     */
    public static long[] decode(final byte[] in)
    {
        final long[] r = new long[G1.AFFINE_LIMBS];
        if (in.length == COMPRESSED_BYTES)
        {
            decompress(in, 0, r, 0);
        }
        else if (in.length == UNCOMPRESSED_BYTES)
        {
            deserialize(in, 0, r, 0);
        }
        else
        {
            throw new InvalidEncodingException(Reason.LENGTH, "G1 point of " + in.length + " bytes (48 or 96)");
        }
        return r;
    }

    /** Decodes 48 compressed bytes at {@code in[off]} into affine {@code (r, ro)}, with every check. */
    public static void decompress(final byte[] in, final int off, final long[] r, final int ro)
    {
        decompressUnchecked(in, off, r, ro);
        requireSubgroup(r, ro, "compressed");
    }

    /** As {@link #decompress} but without the subgroup check: only for trusted bytes. */
    public static void decompressUnchecked(final byte[] in, final int off, final long[] r, final int ro)
    {
        final int flags = in[off] & 0xe0;
        if ((flags & FLAG_COMPRESSED) == 0)
        {
            throw new InvalidEncodingException(Reason.COMPRESSION_FLAG, "48-byte G1 point without the compressed flag");
        }
        if ((flags & FLAG_INFINITY) != 0)
        {
            requireBareInfinity(in, off, COMPRESSED_BYTES, flags & ~FLAG_COMPRESSED);
            G1.setInfinity(r, ro);
            return;
        }
        if (!Fq.fromBytes(in, off, COORDINATE_MASK, r, ro))
        {
            throw new InvalidEncodingException(Reason.NON_CANONICAL, "G1 x is not below p");
        }
        final long[] t = new long[G1.SCRATCH_LIMBS];
        G1.CURVE.rightHandSide(t, 0, r, ro, t);
        if (!FqRoots.sqrt(r, ro + Fq.LIMBS, t, 0))
        {
            throw new InvalidEncodingException(Reason.NOT_ON_CURVE, "G1 x has no y: x³ + 4 is not a square");
        }
        if (Fq.isLexicographicallyLargest(r, ro + Fq.LIMBS) != ((flags & FLAG_SIGN) != 0))
        {
            Fq.neg(r, ro + Fq.LIMBS, r, ro + Fq.LIMBS);
        }
    }

    /** Decodes 96 uncompressed bytes at {@code in[off]} into affine {@code (r, ro)}, with every check. */
    public static void deserialize(final byte[] in, final int off, final long[] r, final int ro)
    {
        deserializeUnchecked(in, off, r, ro);
        requireSubgroup(r, ro, "uncompressed");
    }

    /** As {@link #deserialize} but without the subgroup check: only for trusted bytes. */
    public static void deserializeUnchecked(final byte[] in, final int off, final long[] r, final int ro)
    {
        final int flags = in[off] & 0xe0;
        if ((flags & FLAG_COMPRESSED) != 0)
        {
            throw new InvalidEncodingException(Reason.COMPRESSION_FLAG, "96-byte G1 point with the compressed flag");
        }
        if ((flags & FLAG_INFINITY) != 0)
        {
            requireBareInfinity(in, off, UNCOMPRESSED_BYTES, flags);
            G1.setInfinity(r, ro);
            return;
        }
        if ((flags & FLAG_SIGN) != 0)
        {
            throw new InvalidEncodingException(Reason.SIGN_FLAG, "uncompressed G1 point with the sign flag");
        }
        if (!Fq.fromBytes(in, off, COORDINATE_MASK, r, ro))
        {
            throw new InvalidEncodingException(Reason.NON_CANONICAL, "G1 x is not below p");
        }
        if (!Fq.fromBytes(in, off + Fq.BYTES, 0xff, r, ro + Fq.LIMBS))
        {
            throw new InvalidEncodingException(Reason.NON_CANONICAL, "G1 y is not below p");
        }
        if (G1.isInfinity(r, ro) || !G1.isOnCurve(r, ro))
        {
            throw new InvalidEncodingException(Reason.NOT_ON_CURVE, "G1 point is not on y² = x³ + 4");
        }
    }

    /** Infinity: byte 0 must be the flags given (infinity, plus compressed where the form has it), the rest zero. */
    static void requireBareInfinity(final byte[] in, final int off, final int length, final int flagsBesides)
    {
        boolean clean = (in[off] & 0xff & ~(FLAG_COMPRESSED | FLAG_INFINITY)) == 0 && flagsBesides == FLAG_INFINITY;
        for (int i = 1; i < length && clean; i++)
        {
            clean = in[off + i] == 0;
        }
        if (!clean)
        {
            throw new InvalidEncodingException(Reason.INFINITY_FLAG, "point with the infinity flag has other bits set");
        }
    }

    private static void requireSubgroup(final long[] r, final int ro, final String form)
    {
        if (!G1.isInSubgroup(r, ro))
        {
            throw new InvalidEncodingException(Reason.NOT_IN_SUBGROUP,
                form + " G1 point is on the curve but not in G1");
        }
    }
}
