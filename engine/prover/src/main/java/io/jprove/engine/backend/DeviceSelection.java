package io.jprove.engine.backend;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.ServiceLoader;

import io.jprove.engine.groth16.FixedBaseMultiplier;
import io.jprove.engine.groth16.ProverBackend;
import io.jprove.kernels.DeviceName;
import io.jprove.kernels.cuda.GpuProbe;

/**
 * What {@code --device} (or the daemon's {@code device} setting) chose: one kind of backend and which of its devices.
 * The string is read by {@link DeviceName}, the one parser of device strings: {@code cpu} is the CPU prover;
 * {@code jvm} the device backend with its kernels run as Java methods; {@code cuda} every CUDA device; {@code cuda:N}
 * device N only; no value (or {@code auto}) the GPUs when the build has a CUDA backend and the host has a GPU
 * ({@link GpuProbe}), else the CPU. A kind the build lacks, or a device the host lacks, is refused with a one-line
 * reason, never replaced by another device behind the user's back.
 */
public final class DeviceSelection
{
    /** The command line's name of the setting. */
    private static final String OPTION = "--device";

    private final BackendFactory factory;
    private final List<Integer> ordinals;
    private final String note;

    private DeviceSelection(final BackendFactory factory, final List<Integer> ordinals, final String note)
    {
        this.factory = factory;
        this.ordinals = List.copyOf(ordinals);
        this.note = note;
    }

    /**
     * @param device as {@link DeviceName} reads it, or null (auto).
     * @return the selection.
     * @throws IllegalArgumentException when the value is malformed, the build has no backend of that kind, or the
     *                                  host has no such device.
     */
    public static DeviceSelection parse(final String device)
    {
        return parse(device, OPTION, factories());
    }

    /**
     * The same choice for another setting than the command line's (the daemon's {@code device} key).
     *
     * @param setting what errors name the value by ("--device", "device").
     * @throws IllegalArgumentException as {@link #parse(String)}, naming {@code setting}.
     */
    public static DeviceSelection parse(final String device, final String setting)
    {
        return parse(device, setting, factories());
    }

    static DeviceSelection parse(final String device, final Map<String, BackendFactory> factories)
    {
        return parse(device, OPTION, factories);
    }

    private static DeviceSelection parse(final String device, final String setting,
        final Map<String, BackendFactory> factories)
    {
        final DeviceName name = DeviceName.parse(device, setting);
        if (name.isAuto())
        {
            return auto(factories);
        }
        final String kind = name.kind();
        final BackendFactory factory = factories.get(kind);
        if (factory == null)
        {
            throw new IllegalArgumentException(setting + " " + device + ": the " + kind.toUpperCase(Locale.ROOT)
                + " backend is not available in this build (it has: " + String.join(", ", factories.keySet()) + ")");
        }
        final int count = factory.deviceCount();
        if (count == 0)
        {
            throw new IllegalArgumentException(setting + " " + device + ": no " + kind + " device on this host ("
                + factory.unavailableReason() + ")");
        }
        if (!name.isOne())
        {
            return new DeviceSelection(factory, range(count), "");
        }
        if (name.ordinal() >= count)
        {
            throw new IllegalArgumentException(setting + " " + device + ": this host has " + count + " " + kind
                + " device" + (count == 1 ? "" : "s") + " (" + kind + ":0" + (count > 1 ? " to " + kind + ":"
                + (count - 1) : "") + ")");
        }
        return new DeviceSelection(factory, List.of(name.ordinal()), "");
    }

    /** @return the GPUs when the build can drive them and the host has one, else the CPU with the reason. */
    private static DeviceSelection auto(final Map<String, BackendFactory> factories)
    {
        final BackendFactory cuda = factories.get(DeviceName.CUDA);
        if (cuda != null && cuda.deviceCount() > 0)
        {
            return new DeviceSelection(cuda, range(cuda.deviceCount()), "");
        }
        final String why = cuda != null ? "no GPU found (" + cuda.unavailableReason() + ")"
            : GpuProbe.probe().present() ? "a GPU is present but this build has no CUDA backend"
            : "no GPU backend in this build";
        final BackendFactory cpu = factories.get(DeviceName.CPU);
        if (cpu == null)
        {
            throw new IllegalStateException(why + ", and this build has no CPU backend either (it has: "
                + String.join(", ", factories.keySet()) + ")");
        }
        return new DeviceSelection(cpu, List.of(0), why + ": proving on the CPU");
    }

    /** @return the kind chosen ("cpu", "jvm", "cuda"). */
    public String kind()
    {
        return factory.kind();
    }

    /** @return the devices chosen, as {@code kind:N}. */
    public List<String> devices()
    {
        return ordinals.stream().map(o -> factory.kind() + ":" + o).toList();
    }

    /** @return why the automatic choice fell on the CPU, or "". */
    public String note()
    {
        return note;
    }

    /**
     * Opens every device chosen.
     *
     * @param hostThreads host threads each backend may use.
     * @return the backends in ordinal order; the caller closes them.
     */
    public List<ProverBackend> open(final int hostThreads)
    {
        final List<ProverBackend> out = new ArrayList<>();
        try
        {
            for (final int ordinal : ordinals)
            {
                out.add(factory.open(ordinal, hostThreads));
            }
            return out;
        }
        catch (final RuntimeException | Error e)
        {
            out.forEach(ProverBackend::close);
            throw e;
        }
    }

    /**
     * Opens every device chosen so that a runtime can restart it after a fault
     * ({@link BackendFactory#openRestartable}: a GPU in a device process of its own).
     *
     * @param hostThreads host threads each backend may use.
     * @return the backends in ordinal order; the caller closes them.
     */
    public List<ProverBackend> openRestartable(final int hostThreads)
    {
        final List<ProverBackend> out = new ArrayList<>();
        try
        {
            for (final int ordinal : ordinals)
            {
                out.add(factory.openRestartable(ordinal, hostThreads));
            }
            return out;
        }
        catch (final RuntimeException | Error e)
        {
            out.forEach(ProverBackend::close);
            throw e;
        }
    }

    /** @return the pool of partition buffers for devices from {@link #openRestartable}, under a host memory budget. */
    public BufferPool restartableBufferPool(final long budgetBytes)
    {
        return factory.restartableBufferPool(budgetBytes);
    }

    /** @return the pool of partition buffers for these devices, under a host memory budget. */
    public BufferPool bufferPool(final long budgetBytes)
    {
        return factory.bufferPool(budgetBytes);
    }

    /** @return the setup's fixed-base products on the first device chosen; the caller closes it. */
    public FixedBaseMultiplier multiplier(final int hostThreads)
    {
        return factory.multiplier(ordinals.getFirst(), hostThreads);
    }

    /** @return the first device chosen, opened (for commands that make one proof). */
    public ProverBackend openFirst(final int hostThreads)
    {
        return factory.open(ordinals.getFirst(), hostThreads);
    }

    private static List<Integer> range(final int count)
    {
        final List<Integer> out = new ArrayList<>();
        for (int i = 0; i < count; i++)
        {
            out.add(i);
        }
        return out;
    }

    /** @return the factories of this build by kind, as {@link ServiceLoader} finds them. */
    private static Map<String, BackendFactory> factories()
    {
        final Map<String, BackendFactory> byKind = new LinkedHashMap<>();
        for (final BackendFactory f : ServiceLoader.load(BackendFactory.class))
        {
            byKind.putIfAbsent(f.kind(), f);
        }
        return byKind;
    }
}
