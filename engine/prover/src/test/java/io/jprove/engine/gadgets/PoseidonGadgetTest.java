package io.jprove.engine.gadgets;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Arrays;
import java.util.SplittableRandom;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import io.jprove.engine.gadgets.hash.Poseidon;
import io.jprove.engine.gadgets.hash.PoseidonParameters;
import io.jprove.engine.r1cs.Circuit;
import io.jprove.field.Fr;

/**
 * The Poseidon gadget: neptune's legacy-circuit counts, satisfied by the native hash's intermediates (built apart from
 * the constraints), and equal to the native hash. Its rows and witness are checked against neptune's own circuit by
 * the reference circuits' test.
 */
class PoseidonGadgetTest
{
    @ParameterizedTest
    @CsvSource({"2, 311", "4, 377", "8, 505", "11, 598"})
    void shouldHaveNeptunesCountAndMatchTheNativeHash(final int arity, final long constraints)
    {
        final PoseidonParameters p = PoseidonParameters.forArity(arity);
        final SplittableRandom rng = new SplittableRandom(arity);
        final long[] preimage = new long[arity * Fr.LIMBS];
        for (int i = 0; i < arity; i++)
        {
            System.arraycopy(Fr.random(rng), 0, preimage, i * Fr.LIMBS, Fr.LIMBS);
        }
        final long[][] out = new long[1][];
        final Circuit circuit = cs ->
        {
            final AllocatedNum[] in = new AllocatedNum[arity];
            for (int i = 0; i < arity; i++)
            {
                in[i] = AllocatedNum.alloc(cs, "preimage", Arrays.copyOfRange(preimage, i * 4, i * 4 + 4));
            }
            out[0] = PoseidonGadget.hash(cs, p, in).value();
        };
        assertEquals(constraints, Circuits.count(circuit));
        assertEquals(constraints, Circuits.proveSatisfied(circuit));
        assertArrayEquals(new Poseidon(p).hash(preimage), out[0]);
    }

    @ParameterizedTest
    @CsvSource({"2, 1", "8, 9"})
    void shouldRejectAPreimageOfTheWrongLength(final int arity, final int given)
    {
        assertThrows(IllegalArgumentException.class, () -> Circuits.count(cs ->
            PoseidonGadget.hash(cs, PoseidonParameters.forArity(arity), new AllocatedNum[given])));
    }
}
