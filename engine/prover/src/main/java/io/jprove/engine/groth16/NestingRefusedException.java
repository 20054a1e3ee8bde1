package io.jprove.engine.groth16;

/**
 * Thrown by {@link ProverBackend#prove} called at a step boundary of another partition on the same thread (a
 * preempting partition, {@link BackendListener#boundary}) when the device has no room for a second partition's
 * memory of its shape beside the one it stopped: nothing of the partition ran, and the caller has it wait for the
 * device as any partition does.
 */
public final class NestingRefusedException extends RuntimeException
{
    private static final long serialVersionUID = 1L;
    /** What the message puts between the device's name and the reason. */
    public static final String SAYS = " has no room for a partition inside another: ";

    /**
     * @param device the backend's name ("cuda:0").
     * @param reason what the device lacks, with the numbers.
     * @param cause  the device's refusal, or null.
     */
    public NestingRefusedException(final String device, final String reason, final Throwable cause)
    {
        super(device + SAYS + reason, cause);
    }
}
