package io.jprove.kernels;

/**
 * A kernel failed while running: a work-item divided by zero or indexed out of bounds (on the GPU such an item traps),
 * or the device reported an error during the launch.
 */
public final class KernelFailureException extends RuntimeException
{
    private static final long serialVersionUID = 1L;

    /**
     * @param message names the kernel and what failed.
     * @param cause   the underlying failure.
     */
    public KernelFailureException(final String message, final Throwable cause)
    {
        super(message, cause);
    }
}
