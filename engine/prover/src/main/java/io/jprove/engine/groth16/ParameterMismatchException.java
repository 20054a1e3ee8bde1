package io.jprove.engine.groth16;

/** Parameters (a proving or verifying key) do not fit the circuit, witness or public inputs given with them. */
public final class ParameterMismatchException extends RuntimeException
{
    private static final long serialVersionUID = 1L;

    /** @param message which count differs, with both values. */
    public ParameterMismatchException(final String message)
    {
        super(message);
    }
}
