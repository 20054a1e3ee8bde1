package io.jprove.engine.groth16;

/**
 * Thrown by a {@link ProverBackend} whose device can run nothing more in this process: a CUDA "sticky" error (an
 * illegal address, a kernel fault) poisons the context, and every later call on it fails. The pipeline stops giving
 * partitions to such a device, fails those already pinned to it with this reason, and goes on with the other devices;
 * a fresh process (or a fresh context, if the backend can make one) is needed to use the device again.
 */
public final class DeviceUnusableException extends RuntimeException
{
    private static final long serialVersionUID = 1L;

    /**
     * @param device the backend's name ("cuda:0").
     * @param reason what the device reported.
     * @param cause  the device error, or null.
     */
    public DeviceUnusableException(final String device, final String reason, final Throwable cause)
    {
        super(device + " is unusable for the rest of this process: " + reason, cause);
    }
}
