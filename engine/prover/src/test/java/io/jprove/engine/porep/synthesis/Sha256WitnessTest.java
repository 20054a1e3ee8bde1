package io.jprove.engine.porep.synthesis;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.SplittableRandom;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import io.jprove.engine.gadgets.Boolean;
import io.jprove.engine.gadgets.Sha256Gadget;
import io.jprove.engine.r1cs.Circuit;
import io.jprove.engine.r1cs.Witness;
import io.jprove.engine.r1cs.WitnessAssignment;

/**
 * The native SHA-256 witness against the gadget's, value for value: messages of allocated bits, with constant words
 * (padding, a layer's index), and with constants scattered bit by bit, which drive every case of XOR, ch, maj and
 * the additions (negated bits included).
 */
class Sha256WitnessTest
{
    @ParameterizedTest
    @ValueSource(ints = {0, 1, 2, 3, 4, 5, 6, 7})
    void shouldWriteTheGadgetsValuesWhateverBitsAreConstant(final int seed)
    {
        final SplittableRandom rng = new SplittableRandom(seed);
        // bytes: one block, two, and a label's 1,248
        final int bytes = new int[] {64, 52, 120, 1248}[seed % 4];
        final int words = bytes / 4;
        final int[] value = new int[words];
        final int[] constant = new int[words];
        for (int i = 0; i < words; i++)
        {
            value[i] = rng.nextInt();
            constant[i] = switch (seed / 4 == 0 ? (int)(i % 3) : 3)
            {
                case 0 -> 0;
                case 1 -> -1;
                case 2 -> 0x80;
                default -> rng.nextInt() & rng.nextInt() & rng.nextInt();
            };
        }
        assertSameWitness(value, constant);
    }

    /** Allocates the message's non-constant bits, hashes it in the gadget, and compares the values after them. */
    private static void assertSameWitness(final int[] value, final int[] constant)
    {
        final int allocated = countAllocated(constant);
        final Circuit circuit = cs ->
        {
            final Boolean[] bits = new Boolean[32 * value.length];
            for (int i = 0; i < value.length; i++)
            {
                for (int b = 0; b < 32; b++)
                {
                    final boolean v = (value[i] >>> (31 - b) & 1) != 0;
                    bits[32 * i + b] = (constant[i] >>> (31 - b) & 1) != 0 ? Boolean.constant(v)
                        : Boolean.alloc(cs, "message bit", v);
                }
            }
            Sha256Gadget.hash(cs, bits);
        };
        try (Witness reference = WitnessAssignment.synthesize(circuit, null); Arena arena = Arena.ofConfined())
        {
            final long count = reference.numAux() - allocated;
            final Sha256Witness sha = new Sha256Witness();
            for (int i = 0; i < value.length; i++)
            {
                sha.message(i, value[i], constant[i]);
            }
            final AuxWriter counter = AuxWriter.counting();
            sha.hash(counter, sha.pad(4 * value.length));
            assertEquals(count, counter.position(), "values allocated");
            final MemorySegment native_ = arena.allocate(count * 32);
            final AuxWriter out = AuxWriter.into(native_, new byte[(int)count], 0);
            out.reset(0, count, "sha");
            sha.hash(out, sha.pad(4 * value.length));
            out.finish();
            final MemorySegment expected = reference.aux().segment().asSlice(allocated * 32L);
            final long mismatch = expected.mismatch(native_);
            assertEquals(-1, mismatch, "first different value: " + mismatch / 32 + " of " + count);
        }
    }

    private static int countAllocated(final int[] constant)
    {
        int n = 0;
        for (final int c : constant)
        {
            n += Integer.bitCount(~c);
        }
        return n;
    }
}
