package io.jprove.engine.formats.circom;

import java.lang.foreign.Arena;

import io.jprove.engine.groth16.ParameterMismatchException;
import io.jprove.engine.groth16.PartitionInputs;
import io.jprove.engine.groth16.SnarkjsReduction;
import io.jprove.field.Fr;
import io.jprove.field.FrVector;

/**
 * snarkjs's witness map: a circom witness and a {@link Zkey} to the vectors jprove's prover takes. As
 * {@code groth16_prove.js}: a = A·w and b = B·w from the zkey's coefficients, c = a·b row by row (snarkjs stores no C
 * matrix, so c is right by construction and a witness that does not satisfy the circuit shows as a proof that fails
 * self-verification). Row i, snarkjs's domain point i, goes to jprove's index k·i mod m ({@link SnarkjsReduction}).
 */
public final class ZkeyWitnessMap
{
    private ZkeyWitnessMap()
    {
    }

    /**
     * @param arena owns the vectors.
     * @return the partition: z = the witness (ONE, the nPublic public signals, the private ones), a, b, c of m rows.
     * @throws ParameterMismatchException if the witness's length differs from the zkey's signals.
     */
    public static PartitionInputs map(final Zkey zkey, final CircomWitness witness, final Arena arena)
    {
        final int nVars = zkey.nVars();
        if (witness.size() != nVars)
        {
            throw new ParameterMismatchException(witness.file() + ": the witness has " + witness.size()
                + " values but the zkey " + zkey.file() + " has " + nVars + " signals");
        }
        final int m = zkey.domainSize();
        final FrVector z = FrVector.allocate(arena, nVars);
        final long[] v = new long[Fr.LIMBS];
        for (int i = 0; i < nVars; i++)
        {
            witness.value(i, v, 0);
            z.set(i, v, 0);
        }
        final FrVector a = FrVector.allocate(arena, m);
        final FrVector b = FrVector.allocate(arena, m);
        final FrVector c = FrVector.allocate(arena, m);
        final FrVector[] ab = {a, b};
        final long[] values = zkey.values();
        final long[] t = new long[Fr.LIMBS];
        for (int i = 0; i < zkey.numCoefficients(); i++)
        {
            z.get(zkey.signal(i), t, 0);
            Fr.mul(t, 0, t, 0, values, i * Fr.LIMBS);
            final FrVector row = ab[zkey.matrix(i)];
            final long at = SnarkjsReduction.jproveIndex(zkey.constraint(i), m);
            row.get(at, v, 0);
            Fr.add(v, 0, v, 0, t, 0);
            row.set(at, v, 0);
        }
        for (int i = 0; i < m; i++)
        {
            a.get(i, v, 0);
            b.get(i, t, 0);
            Fr.mul(v, 0, v, 0, t, 0);
            c.set(i, v, 0);
        }
        return new PartitionInputs(z, zkey.nPublic() + 1, a, b, c, zkey.aDensity(), zkey.bDensity());
    }
}
