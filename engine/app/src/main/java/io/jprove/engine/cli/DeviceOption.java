package io.jprove.engine.cli;

import io.jprove.engine.backend.DeviceSelection;

import picocli.CommandLine.Option;

/**
 * The {@code --device} option of every proving command: include it with {@code @Mixin DeviceOption device;} and call
 * {@link #select()} once.
 */
public final class DeviceOption
{
    @Option(names = "--device", paramLabel = "DEVICE",
        description = "Where to prove: cpu, cuda (every GPU), cuda:N, or jvm (the GPU code with its kernels run as "
            + "Java methods: slow, for tests). Default (auto): the GPUs when the host has one, else cpu.")
    private String device;

    /**
     * @return the selection, its automatic choice explained on stderr.
     * @throws IllegalArgumentException when the device cannot be had (one line, for the user).
     */
    public DeviceSelection select()
    {
        final DeviceSelection selection = DeviceSelection.parse(device);
        if (!selection.note().isEmpty())
        {
            System.err.println("jprove: " + selection.note() + " (--device to choose)");
        }
        return selection;
    }

    /** @return the option as it was given ({@code --device D}), for a command this one starts; empty when not given. */
    public java.util.List<String> asArguments()
    {
        return device == null ? java.util.List.of() : java.util.List.of("--device", device);
    }
}
