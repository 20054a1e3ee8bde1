package io.jprove.engine.gadgets.hash;

/**
 * SHA-256 (FIPS 180-4): the raw compression function on 512-bit blocks, as the circuit gadget computes it, and the
 * padded hash of a byte string. Words are big-endian 32-bit integers.
 */
public final class Sha256
{
    /** Bytes in a block. */
    public static final int BLOCK_BYTES = 64;
    /** Bytes in a digest. */
    public static final int DIGEST_BYTES = 32;

    /** H(0): the first 32 bits of the fractional parts of the square roots of the first eight primes. */
    private static final int[] IV = {
        0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19,
    };

    /** K: the first 32 bits of the fractional parts of the cube roots of the first 64 primes. */
    private static final int[] K = {
        0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
        0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
        0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
        0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
        0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
        0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
        0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
        0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
    };

    private Sha256()
    {
    }

    /** @return a fresh copy of the initial hash value H(0). */
    public static int[] iv()
    {
        return IV.clone();
    }

    /** @return a copy of the 64 round constants K. */
    public static int[] roundConstants()
    {
        return K.clone();
    }

    /** Applies the compression function to {@code state} (8 words, updated in place) and one 64-byte block. */
    public static void compress(final int[] state, final byte[] block, final int offset)
    {
        if (offset < 0 || offset + BLOCK_BYTES > block.length)
        {
            throw new IllegalArgumentException("SHA-256 block needs 64 bytes at offset " + offset + " of "
                + block.length);
        }
        final int[] w = new int[64];
        for (int i = 0; i < 16; i++)
        {
            final int at = offset + 4 * i;
            w[i] = (block[at] & 0xff) << 24 | (block[at + 1] & 0xff) << 16 | (block[at + 2] & 0xff) << 8
                | block[at + 3] & 0xff;
        }
        for (int i = 16; i < 64; i++)
        {
            final int s0 = Integer.rotateRight(w[i - 15], 7) ^ Integer.rotateRight(w[i - 15], 18) ^ w[i - 15] >>> 3;
            final int s1 = Integer.rotateRight(w[i - 2], 17) ^ Integer.rotateRight(w[i - 2], 19) ^ w[i - 2] >>> 10;
            w[i] = w[i - 16] + s0 + w[i - 7] + s1;
        }
        int a = state[0];
        int b = state[1];
        int c = state[2];
        int d = state[3];
        int e = state[4];
        int f = state[5];
        int g = state[6];
        int h = state[7];
        for (int i = 0; i < 64; i++)
        {
            final int s1 = Integer.rotateRight(e, 6) ^ Integer.rotateRight(e, 11) ^ Integer.rotateRight(e, 25);
            final int ch = e & f ^ ~e & g;
            final int t1 = h + s1 + ch + K[i] + w[i];
            final int s0 = Integer.rotateRight(a, 2) ^ Integer.rotateRight(a, 13) ^ Integer.rotateRight(a, 22);
            final int maj = a & b ^ a & c ^ b & c;
            final int t2 = s0 + maj;
            h = g;
            g = f;
            f = e;
            e = d + t1;
            d = c;
            c = b;
            b = a;
            a = t1 + t2;
        }
        state[0] += a;
        state[1] += b;
        state[2] += c;
        state[3] += d;
        state[4] += e;
        state[5] += f;
        state[6] += g;
        state[7] += h;
    }

    /**
     * @return the compression of whole blocks from H(0) with no padding, as 32 big-endian bytes.
     * @throws IllegalArgumentException unless the input is a non-zero multiple of 64 bytes.
     */
    public static byte[] compressBlocks(final byte[] blocks)
    {
        if (blocks.length == 0 || blocks.length % BLOCK_BYTES != 0)
        {
            throw new IllegalArgumentException("unpadded SHA-256 input must be whole 64-byte blocks, got "
                + blocks.length + " bytes");
        }
        final int[] state = iv();
        for (int at = 0; at < blocks.length; at += BLOCK_BYTES)
        {
            compress(state, blocks, at);
        }
        return toBytes(state);
    }

    /** @return SHA-256 of {@code message}: Merkle–Damgård padding (0x80, zeros, 64-bit bit length) then blocks. */
    public static byte[] digest(final byte[] message)
    {
        final int padded = (message.length + 8) / BLOCK_BYTES * BLOCK_BYTES + BLOCK_BYTES;
        final byte[] data = new byte[padded];
        System.arraycopy(message, 0, data, 0, message.length);
        data[message.length] = (byte)0x80;
        final long bits = (long)message.length * 8;
        for (int i = 0; i < 8; i++)
        {
            data[padded - 1 - i] = (byte)(bits >>> (8 * i));
        }
        return compressBlocks(data);
    }

    /** @return the eight state words as 32 big-endian bytes. */
    public static byte[] toBytes(final int[] state)
    {
        final byte[] out = new byte[DIGEST_BYTES];
        for (int i = 0; i < 8; i++)
        {
            out[4 * i] = (byte)(state[i] >>> 24);
            out[4 * i + 1] = (byte)(state[i] >>> 16);
            out[4 * i + 2] = (byte)(state[i] >>> 8);
            out[4 * i + 3] = (byte)state[i];
        }
        return out;
    }
}
