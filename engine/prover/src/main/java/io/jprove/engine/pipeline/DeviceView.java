package io.jprove.engine.pipeline;

import java.util.List;

import io.jprove.engine.groth16.ProvingKey;

/**
 * One device of a {@link Pipeline} as a status page shows it.
 *
 * @param name         "cuda:0".
 * @param description  what it is ("NVIDIA H200").
 * @param workers      its worker agents.
 * @param unusable     why it can prove nothing now ("restarting after a fault: ..." while it restarts), or null while
 *                     it can.
 * @param preparations keys prepared on it since the start (one per key is the aim; a restart prepares them again).
 * @param prepared     the keys prepared on it now.
 * @param restarts     restarts that brought it back after a fault, since the start.
 */
public record DeviceView(String name, String description, int workers, String unusable, long preparations,
    List<Prepared> prepared, long restarts)
{
    /**
     * A key prepared on the device.
     *
     * @param key         the key it was prepared from.
     * @param deviceBytes its memory on the device.
     * @param prepareMs   how long the preparation took.
     * @param preparation what it took, for a person.
     */
    public record Prepared(ProvingKey key, long deviceBytes, long prepareMs, String preparation)
    {
    }
}
