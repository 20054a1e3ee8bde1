package io.jprove.kernels;

/**
 * The device could not hold an allocation: the message names the accelerator, the bytes asked for and the bytes free.
 */
public final class DeviceOutOfMemoryException extends RuntimeException
{
    private static final long serialVersionUID = 1L;

    /**
     * @param message what was asked for, where, and what was free.
     * @param cause   the driver's error, or null.
     */
    public DeviceOutOfMemoryException(final String message, final Throwable cause)
    {
        super(message, cause);
    }
}
