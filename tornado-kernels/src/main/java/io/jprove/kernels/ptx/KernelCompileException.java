package io.jprove.kernels.ptx;

/**
 * The compiler refused a kernel: the message names the kernel, the method, the bytecode offset and the source line of
 * the construct it does not support, and why.
 */
public final class KernelCompileException extends RuntimeException
{
    private static final long serialVersionUID = 1L;

    /**
     * @param message the full explanation.
     */
    public KernelCompileException(final String message)
    {
        super(message);
    }
}
