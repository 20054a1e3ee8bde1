package io.jprove.engine.r1cs;

/**
 * A circuit was described inconsistently: unbalanced namespaces, a witness value not reduced modulo r, a variable
 * that does not exist, or a shape that does not match recorded constraints.
 */
public final class SynthesisException extends RuntimeException
{
    private static final long serialVersionUID = 1L;

    /** @param message what went wrong and where. */
    public SynthesisException(final String message)
    {
        super(message);
    }
}
