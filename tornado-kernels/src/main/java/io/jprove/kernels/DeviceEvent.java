package io.jprove.kernels;

/**
 * A point in a stream ({@link DeviceStream#record}), with its device time: the difference of two recorded events is
 * device-measured elapsed time. Created by {@link Accelerator#createEvent()}.
 */
public interface DeviceEvent extends AutoCloseable
{
    /** Waits until the event's latest record has completed. */
    void synchronize();

    /** @return whether the event's latest record has completed (true for one never recorded). */
    boolean isComplete();

    /**
     * @param earlier an event recorded before this one; both completed.
     * @return the device time from {@code earlier} to this event, in milliseconds (about 0.5 µs resolution on CUDA).
     */
    double millisSince(DeviceEvent earlier);

    @Override
    void close();
}
