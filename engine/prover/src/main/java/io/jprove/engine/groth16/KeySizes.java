package io.jprove.engine.groth16;

import io.jprove.engine.r1cs.ConstraintCounts;
import io.jprove.field.ntt.EvaluationDomain;

/**
 * What a proving key serves, as its file's header says (no point read): the partition shape it proves — public
 * inputs (ONE included), aux variables, NTT domain — and the host memory its points take once read. A daemon compares
 * a job with these before it acknowledges the job, so that a circuit the key cannot serve is refused before it is
 * synthesized; the prover makes the same comparison with a loaded key ({@link Groth16Prover#checkSizes}).
 *
 * @param numInputs  public inputs, ONE included (the verifying key's IC points).
 * @param numAux     aux variables (the l query's points).
 * @param domainSize the NTT domain m the key's h query is for.
 * @param hostBytes  the host memory the key's points take once read (0 when not known).
 */
public record KeySizes(int numInputs, long numAux, long domainSize, long hostBytes)
{
    /** @return the sizes of a loaded key (its host memory not counted). */
    public static KeySizes of(final ProvingKey pk)
    {
        return new KeySizes(pk.vk().numInputs(), pk.l().size(), pk.domainSize(), 0);
    }

    /**
     * Checks a circuit's counts against the key.
     *
     * @throws ParameterMismatchException naming what differs, with both numbers.
     */
    public void check(final ConstraintCounts counts)
    {
        check(counts.numInputs(), counts.numAux(), EvaluationDomain.atLeast(counts.rows()).size());
    }

    /**
     * Checks a partition's sizes against the key.
     *
     * @param inputs public inputs, ONE included.
     * @param aux    aux variables.
     * @param domain the NTT domain m.
     * @throws ParameterMismatchException naming what differs, with both numbers.
     */
    public void check(final int inputs, final long aux, final long domain)
    {
        require(numInputs == inputs, "the parameters take " + numInputs + " public inputs (ONE included) but the"
            + " circuit has " + inputs);
        require(domainSize == domain, "the parameters are for an NTT domain of " + domainSize + " but the circuit"
            + " needs " + domain);
        require(numAux == aux, "the parameters' l query has " + numAux + " points but the circuit has " + aux
            + " aux variables");
    }

    private static void require(final boolean ok, final String message)
    {
        if (!ok)
        {
            throw new ParameterMismatchException(message);
        }
    }
}
