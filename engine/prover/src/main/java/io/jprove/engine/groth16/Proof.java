package io.jprove.engine.groth16;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import io.jprove.field.G1;
import io.jprove.field.G1Encoding;
import io.jprove.field.G2;
import io.jprove.field.G2Encoding;
import io.jprove.field.InvalidEncodingException;

/**
 * A Groth16 proof (A ∈ G1, B ∈ G2, C ∈ G1), affine limbs. Its bytes are bellperson's: A compressed (48) ‖ B
 * compressed (96) ‖ C compressed (48) = {@value #BYTES}; a multi-partition proof is the concatenation.
 */
public final class Proof
{
    /** Bytes of one encoded proof. */
    public static final int BYTES = 2 * G1Encoding.COMPRESSED_BYTES + G2Encoding.COMPRESSED_BYTES;

    private final long[] a;
    private final long[] b;
    private final long[] c;

    /** @throws IllegalArgumentException if a point has the wrong number of limbs. */
    public Proof(final long[] a, final long[] b, final long[] c)
    {
        if (a.length != G1.AFFINE_LIMBS || b.length != G2.AFFINE_LIMBS || c.length != G1.AFFINE_LIMBS)
        {
            throw new IllegalArgumentException("proof points have " + a.length + ", " + b.length + ", " + c.length
                + " limbs; expected " + G1.AFFINE_LIMBS + ", " + G2.AFFINE_LIMBS + ", " + G1.AFFINE_LIMBS);
        }
        this.a = a.clone();
        this.b = b.clone();
        this.c = c.clone();
    }

    /** @return A (G1, affine limbs). */
    public long[] a()
    {
        return a.clone();
    }

    /** @return B (G2, affine limbs). */
    public long[] b()
    {
        return b.clone();
    }

    /** @return C (G1, affine limbs). */
    public long[] c()
    {
        return c.clone();
    }

    /** @return the {@value #BYTES}-byte encoding. */
    public byte[] toBytes()
    {
        final byte[] out = new byte[BYTES];
        G1Encoding.compress(a, 0, out, 0);
        G2Encoding.compress(b, 0, out, G1Encoding.COMPRESSED_BYTES);
        G1Encoding.compress(c, 0, out, G1Encoding.COMPRESSED_BYTES + G2Encoding.COMPRESSED_BYTES);
        return out;
    }

    /**
     * Decodes one proof, checking that every point is canonical, on its curve and in its subgroup.
     *
     * @throws InvalidEncodingException naming the point (A, B or C) and the byte offset.
     */
    public static Proof fromBytes(final byte[] in, final int offset)
    {
        if (offset < 0 || in.length - offset < BYTES)
        {
            throw new InvalidEncodingException(InvalidEncodingException.Reason.LENGTH, "a proof needs " + BYTES
                + " bytes, " + Math.max(0, in.length - offset) + " remain at byte offset " + offset);
        }
        final long[] a = new long[G1.AFFINE_LIMBS];
        final long[] b = new long[G2.AFFINE_LIMBS];
        final long[] c = new long[G1.AFFINE_LIMBS];
        final int bAt = offset + G1Encoding.COMPRESSED_BYTES;
        final int cAt = bAt + G2Encoding.COMPRESSED_BYTES;
        decode("A", offset, () -> G1Encoding.decompress(in, offset, a, 0));
        decode("B", bAt, () -> G2Encoding.decompress(in, bAt, b, 0));
        decode("C", cAt, () -> G1Encoding.decompress(in, cAt, c, 0));
        return new Proof(a, b, c);
    }

    private static void decode(final String which, final int at, final Runnable decoder)
    {
        try
        {
            decoder.run();
        }
        catch (final InvalidEncodingException e)
        {
            throw new InvalidEncodingException(e.reason(), "proof point " + which + " at byte offset " + at + ": "
                + e.getMessage());
        }
    }

    /** @return the proofs' encodings back to back. */
    public static byte[] concat(final List<Proof> proofs)
    {
        final byte[] out = new byte[proofs.size() * BYTES];
        for (int i = 0; i < proofs.size(); i++)
        {
            System.arraycopy(proofs.get(i).toBytes(), 0, out, i * BYTES, BYTES);
        }
        return out;
    }

    /**
     * Decodes a concatenation of proofs.
     *
     * @throws InvalidEncodingException if the length is not a positive multiple of {@value #BYTES} or a point is
     *                                  invalid (the message names the proof and offset).
     */
    public static List<Proof> splitAll(final byte[] in)
    {
        if (in.length == 0 || in.length % BYTES != 0)
        {
            throw new InvalidEncodingException(InvalidEncodingException.Reason.LENGTH, "proof bytes: " + in.length
                + " is not a positive multiple of " + BYTES);
        }
        final List<Proof> out = new ArrayList<>(in.length / BYTES);
        for (int i = 0; i < in.length; i += BYTES)
        {
            out.add(fromBytes(in, i));
        }
        return out;
    }

    @Override
    public boolean equals(final Object o)
    {
        return o instanceof final Proof p && Arrays.equals(a, p.a) && Arrays.equals(b, p.b) && Arrays.equals(c, p.c);
    }

    @Override
    public int hashCode()
    {
        return Arrays.hashCode(a) * 31 + Arrays.hashCode(c);
    }
}
