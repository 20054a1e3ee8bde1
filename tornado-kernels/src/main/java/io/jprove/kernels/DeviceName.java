package io.jprove.kernels;

import java.util.List;

/**
 * A device as a person names it ({@code --device}, the daemon's {@code device} setting, the device benchmarks): the
 * one parser of device strings, so that every command reads them alike.
 * <ul>
 *   <li>{@code cpu}: the CPU prover, which runs no kernels (its NTTs and MSMs are the host's);</li>
 *   <li>{@code jvm}: the GPU kernels as Java methods on the host's threads ({@link JvmAccelerator}), what tests and
 *       CI run the device code on;</li>
 *   <li>{@code cuda}: every CUDA GPU; {@code cuda:N}: GPU N;</li>
 *   <li>{@code auto}, or no value: the GPUs when the host has one ({@link io.jprove.kernels.cuda.GpuProbe}), else
 *       {@code cpu} for a prover and {@code jvm} for the kernels.</li>
 * </ul>
 * Any kind may carry an ordinal ({@code cpu:0}, {@code jvm:0}); whether the host has that device is for whoever
 * opens it to say.
 *
 * @param kind    {@link #CPU}, {@link #JVM}, {@link #CUDA} or {@link #AUTO}.
 * @param ordinal the device of that kind, or {@link #EVERY} when none was named.
 */
public record DeviceName(String kind, int ordinal)
{
    /** The CPU prover. */
    public static final String CPU = "cpu";
    /** The kernels as Java methods. */
    public static final String JVM = "jvm";
    /** NVIDIA GPUs. */
    public static final String CUDA = "cuda";
    /** Whatever the host has: its GPUs, else the CPU. */
    public static final String AUTO = "auto";
    /** The ordinal of a name that names no single device ({@code cuda}: every GPU). */
    public static final int EVERY = -1;

    private static final List<String> KINDS = List.of(CPU, JVM, CUDA);

    /**
     * @param text    the value: {@code cpu}, {@code jvm}, {@code cuda}, {@code KIND:N}, {@code auto}, or null
     *                (auto).
     * @param setting what an error names the value by ("--device", "device").
     * @return the name.
     * @throws IllegalArgumentException in one line naming the setting, when the text is none of those.
     */
    public static DeviceName parse(final String text, final String setting)
    {
        if (text == null || text.equals(AUTO))
        {
            return new DeviceName(AUTO, EVERY);
        }
        final int colon = text.indexOf(':');
        final String kind = colon < 0 ? text : text.substring(0, colon);
        if (!KINDS.contains(kind))
        {
            throw new IllegalArgumentException(setting + " must be cpu, jvm, cuda, cuda:N or auto, not '" + text
                + "'");
        }
        return new DeviceName(kind, colon < 0 ? EVERY : ordinal(setting, text, text.substring(colon + 1)));
    }

    /** @return whether the host is to choose. */
    public boolean isAuto()
    {
        return kind.equals(AUTO);
    }

    /** @return whether it names one device ({@code cuda:1}) rather than every device of its kind. */
    public boolean isOne()
    {
        return ordinal != EVERY;
    }

    private static int ordinal(final String setting, final String text, final String digits)
    {
        try
        {
            final int n = Integer.parseInt(digits);
            if (n >= 0)
            {
                return n;
            }
        }
        catch (final NumberFormatException e)
        {
            // reported below
        }
        throw new IllegalArgumentException(setting + " " + text + ": '" + digits + "' is not a device number");
    }

    /** @return as it is written: {@code cuda}, {@code cuda:1}, {@code auto}. */
    @Override
    public String toString()
    {
        return isOne() ? kind + ":" + ordinal : kind;
    }
}
