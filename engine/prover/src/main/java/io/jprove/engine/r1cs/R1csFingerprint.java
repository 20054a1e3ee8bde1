package io.jprove.engine.r1cs;

/**
 * What identifies a circuit's matrices A, B, C: its counts, the number of terms of each matrix, the densities the
 * prover's MSMs are sized by, and bellpepper's {@code TestConstraintSystem::hash()} — all over the canonical form of
 * each combination ({@link LinearCombination#normalizeInto}), and without the {@code input × 0 = 0} rows the prover
 * appends (the {@code withProverRows} methods add them).
 * <p>
 * The hash is BLAKE2s-256 over {@code u64be(inputs) u64be(aux) u64be(constraints)} then, per constraint and per A,
 * B, C, {@code u64be(terms)} and per term {@code 'I'|'A'}, {@code u64be(index)} and the coefficient as 32 bytes
 * big-endian; inputs include ONE. {@link #toString()} prints the figures as Filecoin's reference dumps list them.
 *
 * @param numInputs      public inputs, ONE included
 * @param numAux         aux variables
 * @param numConstraints constraints as synthesized
 * @param nnzA           terms of A
 * @param nnzB           terms of B
 * @param nnzC           terms of C
 * @param aAux           aux variables with a term in some A row (the A query's aux density)
 * @param bAux           aux variables with a term in some B row
 * @param bInputs        inputs with a term in some B row
 * @param cAux           aux variables with a term in some C row
 * @param aInputs        inputs with a term in some A row, before the prover's rows (which add every input)
 * @param cInputs        inputs with a term in some C row
 * @param hash           {@code TestConstraintSystem::hash()}, 64 lower-case hex digits
 */
public record R1csFingerprint(int numInputs, int numAux, long numConstraints, long nnzA, long nnzB, long nnzC,
    long aAux, long bAux, long bInputs, long cAux, long aInputs, long cInputs, String hash)
{
    /** @return constraints plus the prover's {@code input × 0 = 0} row per input. */
    public long constraintsWithProverRows()
    {
        return numConstraints + numInputs;
    }

    /** @return terms of A with the prover's rows, one per input. */
    public long nnzAWithProverRows()
    {
        return nnzA + numInputs;
    }

    /** @return the counts. */
    public ConstraintCounts counts()
    {
        return new ConstraintCounts(numInputs, numAux, numConstraints);
    }

    /**
     * @return e.g. {@code inputs=40 aux=2685673 constraints=2687921 nnzA=… | prover_rows(+1 per input, A=input):
     *         constraints=… nnzA=… | density: A_aux=… B_aux=… B_inputs=… (C_aux=… A_inputs=… C_inputs=…; with prover
     *         rows A_inputs=…) | hash=…}, the layout of the reference's fingerprint lines.
     */
    @Override
    public String toString()
    {
        return "inputs=" + numInputs + " aux=" + numAux + " constraints=" + numConstraints + " nnzA=" + nnzA + " nnzB="
            + nnzB + " nnzC=" + nnzC + " | prover_rows(+1 per input, A=input): constraints="
            + constraintsWithProverRows() + " nnzA=" + nnzAWithProverRows() + " | density: A_aux=" + aAux
            + " B_aux=" + bAux + " B_inputs=" + bInputs
            + " (C_aux=" + cAux + " A_inputs=" + aInputs + " C_inputs=" + cInputs + "; with prover rows A_inputs="
            + numInputs + ") | hash=" + hash;
    }
}
