package io.jprove.engine.porep.tree;

import java.io.ByteArrayOutputStream;
import java.util.Arrays;

/**
 * Filecoin's commitment CIDs (go-fil-commcid): CIDv1 of a 32-byte commitment, written in multibase base32 (lowercase,
 * no padding, prefix {@code b}). comm_d is {@code fil-commitment-unsealed} (0xf101) with the multihash
 * {@code sha2-256-trunc254-padded} (0x1012), the "baga6ea4sea…" strings; comm_r is {@code fil-commitment-sealed}
 * (0xf102) with {@code poseidon-bls12_381-a2-fc1} (0xb401), "bagboea4b5abc…".
 */
public enum CommitmentCid
{
    /** comm_d (and piece commitments). */
    UNSEALED(0xf101, 0x1012),
    /** comm_r. */
    SEALED(0xf102, 0xb401);

    private static final String ALPHABET = "abcdefghijklmnopqrstuvwxyz234567";
    private static final int DIGEST_BYTES = 32;

    private final int codec;
    private final int multihash;

    CommitmentCid(final int codec, final int multihash)
    {
        this.codec = codec;
        this.multihash = multihash;
    }

    /** @return the CID string of a 32-byte commitment. */
    public String encode(final byte[] commitment)
    {
        if (commitment.length != DIGEST_BYTES)
        {
            throw new IllegalArgumentException("a commitment is 32 bytes, got " + commitment.length);
        }
        final ByteArrayOutputStream cid = new ByteArrayOutputStream();
        cid.writeBytes(encodePrefix());
        cid.writeBytes(commitment);
        return "b" + base32(cid.toByteArray());
    }

    /**
     * @return the 32-byte commitment a CID string holds.
     * @throws IllegalArgumentException when it is not a CID of this kind.
     */
    public byte[] decode(final String text)
    {
        if (text.isEmpty() || text.charAt(0) != 'b')
        {
            throw new IllegalArgumentException("'" + text + "' is not a base32 multibase CID (it must start with b)");
        }
        final byte[] cid = unbase32(text.substring(1));
        final byte[] expected = encodePrefix();
        if (cid.length != expected.length + DIGEST_BYTES
            || !Arrays.equals(cid, 0, expected.length, expected, 0, expected.length))
        {
            throw new IllegalArgumentException("'" + text + "' is not a CIDv1 of " + this + " (codec 0x"
                + Integer.toHexString(codec) + ", multihash 0x" + Integer.toHexString(multihash) + ", 32 bytes)");
        }
        return Arrays.copyOfRange(cid, expected.length, cid.length);
    }

    private byte[] encodePrefix()
    {
        final ByteArrayOutputStream prefix = new ByteArrayOutputStream();
        prefix.write(1);
        varint(prefix, codec);
        varint(prefix, multihash);
        prefix.write(DIGEST_BYTES);
        return prefix.toByteArray();
    }

    private static void varint(final ByteArrayOutputStream out, final int value)
    {
        int v = value;
        while (v >= 0x80)
        {
            out.write(v & 0x7f | 0x80);
            v >>>= 7;
        }
        out.write(v);
    }

    private static String base32(final byte[] bytes)
    {
        final StringBuilder s = new StringBuilder();
        int buffer = 0;
        int bits = 0;
        for (final byte b : bytes)
        {
            buffer = buffer << 8 | b & 0xff;
            bits += 8;
            while (bits >= 5)
            {
                s.append(ALPHABET.charAt(buffer >>> (bits - 5) & 31));
                bits -= 5;
            }
        }
        if (bits > 0)
        {
            s.append(ALPHABET.charAt(buffer << (5 - bits) & 31));
        }
        return s.toString();
    }

    private static byte[] unbase32(final String text)
    {
        final ByteArrayOutputStream out = new ByteArrayOutputStream();
        int buffer = 0;
        int bits = 0;
        for (int i = 0; i < text.length(); i++)
        {
            final int v = ALPHABET.indexOf(text.charAt(i));
            if (v < 0)
            {
                throw new IllegalArgumentException("'" + text.charAt(i) + "' at " + (i + 1) + " is not base32");
            }
            buffer = buffer << 5 | v;
            bits += 5;
            if (bits >= 8)
            {
                out.write(buffer >>> (bits - 8) & 0xff);
                bits -= 8;
            }
        }
        return out.toByteArray();
    }
}
