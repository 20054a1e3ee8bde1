package io.jprove.engine.gpu;

import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import io.jprove.engine.groth16.PreparedKey;
import io.jprove.engine.groth16.ProvingKey;
import io.jprove.field.Fr;
import io.jprove.kernels.Accelerator;
import io.jprove.kernels.CudaAccelerator;
import io.jprove.kernels.msm.GpuScalarSplit;
import io.jprove.kernels.msm.MsmCurve;

/**
 * A proving key resident on one device for a {@link GpuProverBackend}: the five queries ({@link DeviceQuery}: H, L,
 * A and B in G1, B in G2), each with the precomputed table its MSM plan chose for the memory it was given, and the
 * splitters of the three scalar sets (aux for L, z under A's density, z under B's density, the last shared by B in G1
 * and G2). Everything is allocated here, once per key and device; a partition allocates only its own vectors.
 * <p>
 * Memory: what the device has free at preparation, less what two partitions need (a, b, c, z each, so one uploads
 * while the other computes; one when the bases leave no room for two), the splits and a reserve, is shared among
 * the queries in proportion to their points' bytes; each query's plan takes the fastest
 * window and number of precomputed copies that fit its share ({@code MsmPlan.choose}). When the backend evaluates
 * a, b, c on the device, room for the circuit's A and B is left aside as well (the backend says how much: its
 * estimate less what is already resident).
 */
public final class GpuPreparedKey implements PreparedKey
{
    /** Device memory left alone at preparation, for the driver, the NTT tables and fragmentation. */
    static final long RESERVE_BYTES = 1L << 30;

    private final ProvingKey key;
    private final String device;
    private final DeviceQuery h;
    private final DeviceQuery l;
    private final DeviceQuery a;
    private final DeviceQuery b1;
    private final DeviceQuery b2;
    private final GpuScalarSplit splitL;
    private final GpuScalarSplit splitA;
    private final GpuScalarSplit splitB;

    private final String preparation;
    private final long deviceBytes;

    private GpuPreparedKey(final ProvingKey key, final String device, final List<DeviceQuery> queries,
        final List<GpuScalarSplit> splits, final String preparation, final long deviceBytes)
    {
        this.key = key;
        this.device = device;
        this.preparation = preparation;
        this.deviceBytes = deviceBytes;
        this.h = queries.get(0);
        this.l = queries.get(1);
        this.a = queries.get(2);
        this.b1 = queries.get(3);
        this.b2 = queries.get(4);
        this.splitL = splits.get(0);
        this.splitA = splits.get(1);
        this.splitB = splits.get(2);
    }

    /**
     * Uploads the key's queries and precomputes their tables; returns when they are ready.
     *
     * @throws IllegalStateException when the device cannot hold the key and one partition, saying how much it needs.
     */
    static GpuPreparedKey prepare(final Accelerator accelerator, final ProvingKey key, final String device,
        final long spmvReserve)
    {
        // every query but H has its scalars 0/1-split, so it batch-adds its ones
        final List<Query> sources = List.of(new Query(MsmCurve.G1, key.h().segment(), key.h().size(), false),
            new Query(MsmCurve.G1, key.l().segment(), key.l().size(), true),
            new Query(MsmCurve.G1, key.a().segment(), key.a().size(), true),
            new Query(MsmCurve.G1, key.bG1().segment(), key.bG1().size(), true),
            new Query(MsmCurve.G2, key.bG2().segment(), key.bG2().size(), true));
        final long startNanos = System.nanoTime();
        final long buildBefore = accelerator.kernelBuildNanos();
        final long scalars = key.vk().numInputs() + key.l().size();
        final long tails = key.l().size() + key.a().size() + key.bG1().size();
        final long splitBytes = tails * (Fr.BYTES + Integer.BYTES);
        final long slot = slotBytes(key.domainSize(), scalars);
        final long bases = sources.stream().mapToLong(q -> q.points().byteSize()).sum();
        final long free = accelerator.memoryInfo()[0];
        // room for two partitions' memory when the bases leave it (one uploads while the other computes), else one;
        // with the circuit's A and B beside them if there is room, else without (a, b, c then come from the host)
        long usable = bases - 1;
        for (final long matrices : new long[] {spmvReserve, 0})
        {
            for (final long slots : new long[] {GpuProverBackend.SLOTS, 1})
            {
                if (usable < bases)
                {
                    usable = free - splitBytes - matrices - slots * slot - RESERVE_BYTES;
                }
            }
        }
        if (usable < bases)
        {
            throw new IllegalStateException(device + " has " + mib(free) + " free; this key's " + mib(bases)
                + " of points, one partition's " + mib(slot + splitBytes) + " of buffers and a reserve of "
                + mib(RESERVE_BYTES) + " do not fit");
        }
        final List<DeviceQuery> queries = new ArrayList<>();
        final List<GpuScalarSplit> splits = new ArrayList<>();
        try
        {
            for (final Query q : sources)
            {
                final long share = (long)((double)usable * q.points().byteSize() / Math.max(1, bases));
                queries.add(DeviceQuery.prepare(accelerator, q.curve(), q.points(), q.count(), share, q.split()));
            }
            splits.add(new GpuScalarSplit(accelerator, key.l().size(), key.l().size()));
            splits.add(new GpuScalarSplit(accelerator, scalars, key.a().size()));
            splits.add(new GpuScalarSplit(accelerator, scalars, key.bG1().size()));
        }
        catch (final RuntimeException ex)
        {
            splits.forEach(GpuScalarSplit::close);
            queries.forEach(DeviceQuery::close);
            throw ex;
        }
        final long buildNanos = accelerator.kernelBuildNanos() - buildBefore;
        final long totalNanos = System.nanoTime() - startNanos;
        final long tableBytes = queries.stream().mapToLong(DeviceQuery::tableBytes).sum();
        return new GpuPreparedKey(key, device, queries, splits, String.format(Locale.ROOT,
            "%.1f s on %s: kernels built %.1f s%s, bases and tables %.1f s (%.2f GiB)", totalNanos / 1e9, device,
            buildNanos / 1e9, buildParts(accelerator), (totalNanos - buildNanos) / 1e9,
            tableBytes / (double)(1L << 30)), tableBytes + splitBytes);
    }

    /**
     * " (PTX 3.0 s, modules loaded 40.2 s: 0 sm_90 images, 27 by the driver's JIT, over the process so far)" on
     * CUDA, where the parts are told apart (the accelerator's totals: a second key on the same device finds its
     * kernels built); else nothing.
     */
    private static String buildParts(final Accelerator accelerator)
    {
        if (accelerator instanceof final CudaAccelerator cuda)
        {
            final long[] loads = cuda.moduleLoads();
            return String.format(Locale.ROOT, " (PTX %.1f s, modules loaded %.1f s: %d %s images, %d by the driver's "
                + "JIT, over the process so far)", cuda.ptxNanos() / 1e9, cuda.loadNanos() / 1e9, loads[0],
                cuda.architecture(), loads[1]);
        }
        return "";
    }

    @Override
    public String preparation()
    {
        return preparation;
    }

    /** @return its bases and tables and the splits' buffers; the MSMs' scratch aside. */
    @Override
    public long deviceBytes()
    {
        return deviceBytes;
    }

    /** One of the key's queries before it goes to the device; {@code split} when its scalars are 0/1-split. */
    private record Query(MsmCurve curve, MemorySegment points, long count, boolean split)
    {
    }

    /** One {@link PartitionMemory}: a, b, c (m each), z, two density bitmaps and the results. */
    private static long slotBytes(final long domainSize, final long scalars)
    {
        return (3 * domainSize + Math.max(1, scalars)) * Fr.BYTES + 2 * (scalars / 8 + 64) + (64L << 10);
    }

    private static String mib(final long bytes)
    {
        return (bytes >> 20) + " MiB";
    }

    @Override
    public ProvingKey key()
    {
        return key;
    }

    @Override
    public String device()
    {
        return device;
    }

    DeviceQuery h()
    {
        return h;
    }

    DeviceQuery l()
    {
        return l;
    }

    DeviceQuery a()
    {
        return a;
    }

    DeviceQuery b1()
    {
        return b1;
    }

    DeviceQuery b2()
    {
        return b2;
    }

    GpuScalarSplit splitL()
    {
        return splitL;
    }

    GpuScalarSplit splitA()
    {
        return splitA;
    }

    GpuScalarSplit splitB()
    {
        return splitB;
    }

    @Override
    public void close()
    {
        for (final GpuScalarSplit s : new GpuScalarSplit[] {splitL, splitA, splitB})
        {
            s.close();
        }
        for (final DeviceQuery q : new DeviceQuery[] {h, l, a, b1, b2})
        {
            q.close();
        }
    }
}
