package io.jprove.engine.porep.sdr;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.HexFormat;

import org.junit.jupiter.api.Test;

/** The ChaCha block function, rand_chacha's word stream and the RFC 8439 keystream against published vectors. */
class ChaChaTest
{
    @Test
    void shouldMatchTheRfc8439BlockFunctionExample()
    {
        final byte[] key = new byte[32];
        for (int i = 0; i < 32; i++)
        {
            key[i] = (byte)i;
        }
        final int[] state = ChaCha.initialState(key);
        state[12] = 1;
        state[13] = 0x09000000;
        state[14] = 0x4a000000;
        final int[] out = new int[16];
        ChaCha.block(state, 10, out);
        assertArrayEquals(new int[] {
            0xe4e7f110, 0x15593bd1, 0x1fdd0f50, 0xc47120a3, 0xc7f4d1c7, 0x0368c033, 0x9aaa2204, 0x4e6cd4c3,
            0x466482d2, 0x09aa9f07, 0x05d7c214, 0xa2028bd9, 0xd19c12b5, 0xb94e16de, 0xe883d0cb, 0x4e3c50a2}, out);
    }

    @Test
    void shouldMatchRandChachasTrueValuesForTheZeroSeed()
    {
        // rand_chacha chacha.rs test_chacha_true_values_a: ChaCha20 from seed 0, words 0..15 then 16..31.
        final int[] state = ChaCha.initialState(new byte[32]);
        final int[] out = new int[16];
        ChaCha.block(state, 10, out);
        assertEquals(0xade0b876, out[0]);
        assertEquals(0x8665eeb2, out[15]);
        state[12] = 1;
        ChaCha.block(state, 10, out);
        assertEquals(0xbee7079f, out[0]);
        assertEquals(0x6f4d794b, out[15]);
    }

    @Test
    void shouldMatchTheChaCha8ZeroKeyVectorAsAWordStream()
    {
        // ChaCha8, key 0, IV 0 (draft-strombergson-chacha-test-vectors TC1, 8 rounds): the first block's bytes.
        final byte[] expected = HexFormat.of().parseHex(
            "3e00ef2f895f40d67f5bb8e81f09a5a12c840ec3ce9a7f3b181be188ef711a1e"
                + "984ce172b9216f419f445367456d5619314a42a3da86b001387bfdb80e0cfe42");
        final ChaCha8Rng rng = new ChaCha8Rng(new byte[32]);
        for (int w = 0; w < 8; w++)
        {
            assertEquals(ChaCha.littleEndianInt(expected, 8 * w) & 0xffffffffL
                | (ChaCha.littleEndianInt(expected, 8 * w + 4) & 0xffffffffL) << 32, rng.nextU64(), "u64 " + w);
        }
        // The stream continues into the next block, counter 1.
        final int[] state = ChaCha.initialState(new byte[32]);
        state[12] = 1;
        final int[] next = new int[16];
        ChaCha.block(state, 4, next);
        assertEquals(next[0], rng.nextU32());
        assertEquals((next[2] & 0xffffffffL) << 32 | next[1] & 0xffffffffL, rng.nextU64());
    }

    @Test
    void shouldSeekTheKeystreamByBytes()
    {
        final byte[] key = new byte[32];
        key[5] = 9;
        final byte[] nonce = "synth-porep\0".getBytes(StandardCharsets.US_ASCII);
        final ChaCha20Stream whole = new ChaCha20Stream(key, nonce);
        final byte[] all = new byte[200];
        whole.keystream(all);
        final ChaCha20Stream seeking = new ChaCha20Stream(key, nonce);
        seeking.seek(61);
        final byte[] part = new byte[100];
        seeking.keystream(part);
        assertArrayEquals(Arrays.copyOfRange(all, 61, 161), part);
    }
}
