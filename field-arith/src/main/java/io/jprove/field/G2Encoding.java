package io.jprove.field;

import static io.jprove.field.G1Encoding.COORDINATE_MASK;
import static io.jprove.field.G1Encoding.FLAG_COMPRESSED;
import static io.jprove.field.G1Encoding.FLAG_INFINITY;
import static io.jprove.field.G1Encoding.FLAG_SIGN;

import io.jprove.field.InvalidEncodingException.Reason;

/**
 * The zcash/blst encodings of G2 points: compressed 96 bytes (x as c1 ‖ c0, each big-endian) and uncompressed 192
 * bytes (x ‖ y, each c1 ‖ c0). Flags as in {@link G1Encoding}, on the first byte (that of x.c1); the sign flag says y
 * is the lexicographically larger of ±y, comparing c1 and, when c1 is zero, c0.
 * <p>
 * Decoding rejects every case {@link G1Encoding} does, with the same {@link InvalidEncodingException.Reason}s; the
 * {@code Unchecked} variants skip only the subgroup test, for trusted inputs.
 */
public final class G2Encoding
{
    /** Bytes of a compressed point. */
    public static final int COMPRESSED_BYTES = Fq2.BYTES;
    /** Bytes of an uncompressed point. */
    public static final int UNCOMPRESSED_BYTES = 2 * Fq2.BYTES;

    private G2Encoding()
    {
    }

    /** Writes the 96-byte compressed encoding of an affine point at {@code out[off]}. */
    public static void compress(final long[] a, final int ao, final byte[] out, final int off)
    {
        if (G2.isInfinity(a, ao))
        {
            java.util.Arrays.fill(out, off, off + COMPRESSED_BYTES, (byte)0);
            out[off] = (byte)(FLAG_COMPRESSED | FLAG_INFINITY);
            return;
        }
        Fq2.toBytes(a, ao, out, off);
        out[off] |= (byte)(FLAG_COMPRESSED | (Fq2.isLexicographicallyLargest(a, ao + Fq2.LIMBS) ? FLAG_SIGN : 0));
    }

    /** @return the 96-byte compressed encoding of an affine point. */
    public static byte[] compress(final long[] a, final int ao)
    {
        final byte[] out = new byte[COMPRESSED_BYTES];
        compress(a, ao, out, 0);
        return out;
    }

    /** Writes the 192-byte uncompressed encoding of an affine point at {@code out[off]}. */
    public static void serialize(final long[] a, final int ao, final byte[] out, final int off)
    {
        if (G2.isInfinity(a, ao))
        {
            java.util.Arrays.fill(out, off, off + UNCOMPRESSED_BYTES, (byte)0);
            out[off] = (byte)FLAG_INFINITY;
            return;
        }
        Fq2.toBytes(a, ao, out, off);
        Fq2.toBytes(a, ao + Fq2.LIMBS, out, off + Fq2.BYTES);
    }

    /** @return the 192-byte uncompressed encoding of an affine point. */
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
        final long[] r = new long[G2.AFFINE_LIMBS];
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
            throw new InvalidEncodingException(Reason.LENGTH, "G2 point of " + in.length + " bytes (96 or 192)");
        }
        return r;
    }

    /** Decodes 96 compressed bytes at {@code in[off]} into affine {@code (r, ro)}, with every check. */
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
            throw new InvalidEncodingException(Reason.COMPRESSION_FLAG, "96-byte G2 point without the compressed flag");
        }
        if ((flags & FLAG_INFINITY) != 0)
        {
            G1Encoding.requireBareInfinity(in, off, COMPRESSED_BYTES, flags & ~FLAG_COMPRESSED);
            G2.setInfinity(r, ro);
            return;
        }
        if (!Fq2.fromBytes(in, off, COORDINATE_MASK, r, ro))
        {
            throw new InvalidEncodingException(Reason.NON_CANONICAL, "a G2 x coordinate is not below p");
        }
        final long[] t = new long[G2.SCRATCH_LIMBS];
        G2.CURVE.rightHandSide(t, 0, r, ro, t);
        if (!Fq2.sqrt(r, ro + Fq2.LIMBS, t, 0))
        {
            throw new InvalidEncodingException(Reason.NOT_ON_CURVE, "G2 x has no y: x³ + 4(u + 1) is not a square");
        }
        if (Fq2.isLexicographicallyLargest(r, ro + Fq2.LIMBS) != ((flags & FLAG_SIGN) != 0))
        {
            Fq2.neg(r, ro + Fq2.LIMBS, r, ro + Fq2.LIMBS);
        }
    }

    /** Decodes 192 uncompressed bytes at {@code in[off]} into affine {@code (r, ro)}, with every check. */
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
            throw new InvalidEncodingException(Reason.COMPRESSION_FLAG, "192-byte G2 point with the compressed flag");
        }
        if ((flags & FLAG_INFINITY) != 0)
        {
            G1Encoding.requireBareInfinity(in, off, UNCOMPRESSED_BYTES, flags);
            G2.setInfinity(r, ro);
            return;
        }
        if ((flags & FLAG_SIGN) != 0)
        {
            throw new InvalidEncodingException(Reason.SIGN_FLAG, "uncompressed G2 point with the sign flag");
        }
        if (!Fq2.fromBytes(in, off, COORDINATE_MASK, r, ro))
        {
            throw new InvalidEncodingException(Reason.NON_CANONICAL, "a G2 x coordinate is not below p");
        }
        if (!Fq2.fromBytes(in, off + Fq2.BYTES, 0xff, r, ro + Fq2.LIMBS))
        {
            throw new InvalidEncodingException(Reason.NON_CANONICAL, "a G2 y coordinate is not below p");
        }
        if (G2.isInfinity(r, ro) || !G2.isOnCurve(r, ro))
        {
            throw new InvalidEncodingException(Reason.NOT_ON_CURVE, "G2 point is not on y² = x³ + 4(u + 1)");
        }
    }

    private static void requireSubgroup(final long[] r, final int ro, final String form)
    {
        if (!G2.isInSubgroup(r, ro))
        {
            throw new InvalidEncodingException(Reason.NOT_IN_SUBGROUP,
                form + " G2 point is on the curve but not in G2");
        }
    }
}
