package io.jprove.engine.groth16;

/** A proof jprove computed failed its own verification, so it was not released. */
public final class ProofVerificationException extends RuntimeException
{
    private static final long serialVersionUID = 1L;

    /** @param message what was proved and which check failed. */
    public ProofVerificationException(final String message)
    {
        super(message);
    }
}
