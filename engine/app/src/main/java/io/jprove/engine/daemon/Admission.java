package io.jprove.engine.daemon;

import java.nio.file.Path;
import java.util.function.Predicate;

import io.jprove.engine.backend.BufferShape;
import io.jprove.engine.formats.bellperson.BellpersonParams;
import io.jprove.engine.formats.circom.CircomR1cs;
import io.jprove.engine.formats.circom.Zkey;
import io.jprove.engine.groth16.KeySizes;
import io.jprove.engine.groth16.ParameterMismatchException;
import io.jprove.engine.r1cs.ConstraintCounts;
import io.jprove.engine.r1cs.MalformedFileException;

/**
 * Admission of a job before it is acknowledged, so that no accepted job can be one that the daemon cannot prove or
 * that would exhaust its host: the circuit's shape is compared with the key's, both known without synthesis or
 * loading (the key file's header, a circom r1cs's header, a built-in circuit counted once per name), and its memory
 * is estimated: one partition's buffers against the host memory budget of the partitions in flight, and those with
 * the key's points (unless the key is resident already) against the host's memory. A refusal names the numbers:
 * INVALID for a shape the key does not serve (or a key file that is not one), TOO_LARGE for memory. Thread-safe.
 */
final class Admission
{
    private final long budgetBytes;
    private final long hostBytes;
    private final Predicate<KeyRef> resident;

    /**
     * @param budgetBytes the host memory budget of the partitions' buffers.
     * @param hostBytes   the host's memory.
     * @param resident    whether a key is loaded already (its memory is taken).
     */
    Admission(final long budgetBytes, final long hostBytes, final Predicate<KeyRef> resident)
    {
        this.budgetBytes = budgetBytes;
        this.hostBytes = hostBytes;
        this.resident = resident;
    }

    /**
     * A built-in circuit with bellperson parameters.
     *
     * @param field the request's field of the key, for messages ("builtin.params_path").
     * @throws RequestException INVALID or TOO_LARGE, naming the numbers.
     */
    void builtin(final String name, final Path params, final String field)
    {
        final KeySizes key = params(params, field);
        final ConstraintCounts counts = BuiltinPartitions.counts(name);
        shape(key, counts, name, field);
        memory(key, KeyRef.params(params), BufferShape.of(counts), name);
    }

    /**
     * A circom circuit and witness with bellperson parameters.
     *
     * @param wires the witness's values.
     * @throws RequestException INVALID or TOO_LARGE, naming the numbers.
     */
    void circom(final Path params, final Path r1cs, final int wires, final String field)
    {
        final KeySizes key = params(params, field);
        final ConstraintCounts counts;
        final String circuit;
        try (CircomR1cs c = CircomR1cs.open(r1cs))
        {
            if (wires != c.numWires())
            {
                throw invalid("circom.wtns holds " + wires + " values but " + r1cs + " has " + c.numWires()
                    + " wires");
            }
            counts = new ConstraintCounts(c.numPublic() + 1, c.numWires() - c.numPublic() - 1, c.numConstraints());
            circuit = r1cs.getFileName().toString();
        }
        catch (final MalformedFileException e)
        {
            throw invalid("circom.r1cs_path: " + e.getMessage());
        }
        shape(key, counts, circuit, field);
        memory(key, KeyRef.params(params), BufferShape.of(counts), circuit);
    }

    /**
     * A circom witness with a snarkjs zkey (the zkey is the circuit's shape).
     *
     * @param wires the witness's values.
     * @throws RequestException INVALID or TOO_LARGE, naming the numbers.
     */
    void zkey(final Path zkey, final int wires)
    {
        final KeySizes key;
        try
        {
            key = Zkey.sizes(zkey);
        }
        catch (final MalformedFileException e)
        {
            throw invalid("zkey.zkey_path: " + e.getMessage());
        }
        final long signals = key.numInputs() + key.numAux();
        if (wires != signals)
        {
            throw invalid("zkey.wtns holds " + wires + " values but " + zkey + " has " + signals + " signals");
        }
        memory(key, KeyRef.zkey(zkey), new BufferShape(key.numInputs(), Math.toIntExact(key.numAux()),
            key.domainSize()), zkey.getFileName().toString());
    }

    /**
     * A Filecoin circuit (PoRep C2, PoSt, SnapDeals) with parameters from the parameter cache: the circuit's shape is
     * the key's (the files are named for it, and the published ones checked by digest), so only the memory is
     * compared; a key file whose header does not read is the daemon's problem, not the request's.
     *
     * @param params  the {@code .params} file.
     * @param circuit what the job proves, for messages ("porep-32GiB").
     * @throws RequestException PRECONDITION for a header that does not read, TOO_LARGE for memory.
     */
    void filecoin(final Path params, final String circuit)
    {
        final KeySizes key;
        try
        {
            key = BellpersonParams.sizes(params);
        }
        catch (final MalformedFileException e)
        {
            throw new RequestException(RequestException.Reason.PRECONDITION, "the parameters of " + circuit + ": "
                + e.getMessage());
        }
        memory(key, KeyRef.porep(params), new BufferShape(key.numInputs(), Math.toIntExact(key.numAux()),
            key.domainSize()), circuit);
    }

    private static KeySizes params(final Path params, final String field)
    {
        try
        {
            return BellpersonParams.sizes(params);
        }
        catch (final MalformedFileException e)
        {
            throw invalid(field + ": " + e.getMessage());
        }
    }

    private static void shape(final KeySizes key, final ConstraintCounts counts, final String circuit,
        final String field)
    {
        try
        {
            key.check(counts);
        }
        catch (final ParameterMismatchException e)
        {
            throw invalid(field + " does not fit " + circuit + " (" + counts.numInputs() + " inputs, "
                + counts.numAux() + " aux variables, " + counts.numConstraints() + " constraints): " + e.getMessage());
        }
    }

    private void memory(final KeySizes key, final KeyRef ref, final BufferShape partition, final String circuit)
    {
        final long buffers = partition.bytes();
        if (buffers > budgetBytes)
        {
            throw new RequestException(RequestException.Reason.TOO_LARGE, "one partition of " + circuit + " needs "
                + mib(buffers) + " of buffers, more than the daemon's host memory budget of " + mib(budgetBytes));
        }
        final long keyBytes = resident.test(ref) ? 0 : key.hostBytes();
        if (keyBytes + buffers > hostBytes)
        {
            throw new RequestException(RequestException.Reason.TOO_LARGE, "the key's points (" + mib(keyBytes)
                + ") and one partition's buffers (" + mib(buffers) + ") of " + circuit + " need more than this"
                + " host's memory of " + mib(hostBytes));
        }
    }

    private static RequestException invalid(final String message)
    {
        return new RequestException(RequestException.Reason.INVALID, message);
    }

    private static String mib(final long bytes)
    {
        return (bytes + (1 << 20) - 1 >> 20) + " MiB";
    }
}
