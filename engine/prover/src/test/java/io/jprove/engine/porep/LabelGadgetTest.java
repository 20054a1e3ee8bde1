package io.jprove.engine.porep;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.SplittableRandom;

import org.junit.jupiter.api.Test;

import io.jprove.engine.gadgets.AllocatedNum;
import io.jprove.engine.gadgets.Boolean;
import io.jprove.engine.gadgets.Circuits;
import io.jprove.engine.gadgets.hash.Fr32;
import io.jprove.engine.r1cs.Circuit;

/** The label circuit: rust-fil-proofs' constraint count, and the native label as its witness. */
class LabelGadgetTest
{
    @Test
    void shouldCostWhatRustFilProofsAssertsAndEqualTheNativeLabel()
    {
        final SplittableRandom rng = new SplittableRandom(9);
        final byte[] id = new byte[32];
        rng.nextBytes(id);
        id[31] &= 0x3f;
        final byte[][] parents = new byte[14][32];
        for (final byte[] p : parents)
        {
            rng.nextBytes(p);
            p[31] &= 0x3f;
        }
        final long[][] out = new long[1][];
        final Circuit circuit = cs ->
        {
            final Boolean[][] parentBits = new Boolean[SdrLabel.TOTAL_PARENTS][];
            for (int k = 0; k < SdrLabel.TOTAL_PARENTS; k++)
            {
                parentBits[k] = Circuits.allocBits(cs, parents[k % 14]);
            }
            final AllocatedNum label = LabelGadget.createLabel(cs, Circuits.allocBits(cs, id), 3, 22, parentBits);
            out[0] = label.value();
        };
        assertEquals(532_025, Circuits.count(circuit));
        Circuits.proveSatisfied(circuit);
        assertArrayEquals(Fr32.toFr(SdrLabel.label(id, 3, 22, parents)), out[0]);
    }
}
