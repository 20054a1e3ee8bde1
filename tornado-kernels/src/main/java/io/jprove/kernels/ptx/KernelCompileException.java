package io.jprove.kernels.ptx;

/**
 * The compiler refused a kernel: the message names the kernel, the method, the bytecode offset and the source line of
 * the construct it does not support, and why.
 */
public final class KernelCompileException extends RuntimeException
{
    private static final long serialVersionUID = 1L;

    /** Set when more unrolling might have made a local-array index constant, so a retry is worth it. */
    final boolean indexNotConstant;

    /**
     * @param message the full explanation.
     */
    public KernelCompileException(final String message)
    {
        this(message, false);
    }

    KernelCompileException(final String message, final boolean indexNotConstant)
    {
        super(message);
        this.indexNotConstant = indexNotConstant;
    }
}
