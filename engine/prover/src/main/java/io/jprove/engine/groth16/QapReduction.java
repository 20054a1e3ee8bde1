package io.jprove.engine.groth16;

import io.jprove.field.ntt.EvaluationDomain;

/**
 * The R1CS-to-QAP reduction a proving key was made for (arkworks' {@code R1CSToQAP}): how a partition's a, b, c
 * become the h scalars that pair with the key's h query. Everything else in a Groth16 proof (the four other MSMs,
 * the assembly of A, B, C, the verification) is the same for every reduction, so one {@link Groth16Prover} serves
 * them all.
 * <p>
 * Two exist: {@link BellpersonReduction} (bellperson, Filecoin, jprove's own setup) and {@link SnarkjsReduction}
 * (snarkjs's {@code .zkey}).
 */
public interface QapReduction
{
    /** @return a short name for messages ("bellperson", "snarkjs"). */
    String name();

    /**
     * @param domain the partition's NTT domain.
     * @return the H chain that yields this reduction's h scalars on that domain.
     */
    HChainSpec hChain(EvaluationDomain domain);

    /**
     * @param hQueryPoints the length of a key's h query.
     * @return the domain size m that such a key was made for.
     */
    long domainSizeOf(long hQueryPoints);
}
