package io.jprove.engine.groth16;

/**
 * Thrown by {@link ProverBackend#prove} called at a step boundary of another partition on the same thread (a
 * preempting partition, {@link BackendListener#boundary}) when it cannot be proved there: nothing of it ran. Lasting
 * when the device has no room for a second partition's memory of its shape beside the one it stopped (the caller has
 * that key's partitions wait for the device as any partition does); not lasting when another partition's kernels
 * hold the device at this boundary (the caller tries again at the next boundary, that partition's own among them).
 */
public final class NestingRefusedException extends RuntimeException
{
    private static final long serialVersionUID = 1L;
    /** What the message puts between the device's name and the reason. */
    public static final String SAYS = " has no room for a partition inside another: ";

    private final boolean lasting;

    /**
     * @param device  the backend's name ("cuda:0").
     * @param reason  what the device lacks, with the numbers.
     * @param cause   the device's refusal, or null.
     * @param lasting whether it holds for later partitions of the key (no room), or only at this boundary (busy).
     */
    public NestingRefusedException(final String device, final String reason, final Throwable cause,
        final boolean lasting)
    {
        super(device + SAYS + reason, cause);
        this.lasting = lasting;
    }

    /** @return whether later partitions of the key would be refused too (no room), not only this one now. */
    public boolean lasting()
    {
        return lasting;
    }
}
