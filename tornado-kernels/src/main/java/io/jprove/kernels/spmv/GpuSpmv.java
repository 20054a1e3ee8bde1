package io.jprove.kernels.spmv;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

import io.jprove.field.Fr;
import io.jprove.kernels.Accelerator;
import io.jprove.kernels.DeviceMemory;
import io.jprove.kernels.DeviceStream;
import io.jprove.kernels.KernelHandle;
import io.jprove.kernels.Launch;

/**
 * A circuit's A and B resident in device memory ({@link SpmvMatrix}'s form, uploaded once) with its coefficient
 * table, and the sequence that turns a witness on the device into the prover's a, b, c over the NTT domain:
 * a = A·z and b = B·z ({@link SpmvKernels#spmv}), then c = a∘b, the input rows and the zero padding
 * ({@link SpmvKernels#spmvComplete}). C is not needed: for a satisfying witness c = a∘b, and a witness that does not
 * satisfy the circuit gives a proof that fails its verification. Owns its device memory until {@link #close()}.
 */
public final class GpuSpmv implements AutoCloseable
{
    private final long constraints;
    private final long columns;
    private final DeviceMemory[] a;
    private final DeviceMemory[] b;
    private final DeviceMemory table;
    private final KernelHandle spmv;
    private final KernelHandle complete;
    private final KernelHandle unpack;
    private final long bytes;

    private GpuSpmv(final Accelerator accelerator, final long columns, final DeviceMemory[] a, final DeviceMemory[] b,
        final DeviceMemory table, final long constraints, final long bytes)
    {
        this.columns = columns;
        this.a = a;
        this.b = b;
        this.table = table;
        this.constraints = constraints;
        this.bytes = bytes;
        this.spmv = accelerator.kernel(SpmvKernels.class, "spmv");
        this.complete = accelerator.kernel(SpmvKernels.class, "spmvComplete");
        this.unpack = accelerator.kernel(SpmvKernels.class, "unpackWitness");
    }

    /**
     * Uploads A, B and the coefficient table (the host forms stay the caller's).
     *
     * @param columns the witness's length (inputs and aux) every column must be below
     * @param table   four Montgomery limbs per code; codes below {@link SpmvKernels#FIRST_GENERAL} are not read
     * @throws IllegalArgumentException when A and B have different rows
     * @throws io.jprove.kernels.DeviceOutOfMemoryException when the device has no room, with nothing left allocated
     */
    public static GpuSpmv upload(final Accelerator accelerator, final SpmvMatrix matrixA, final SpmvMatrix matrixB,
        final long[] table, final long columns)
    {
        if (matrixA.rows() != matrixB.rows())
        {
            throw new IllegalArgumentException("A has " + matrixA.rows() + " rows, B " + matrixB.rows());
        }
        final DeviceMemory[] made = new DeviceMemory[7];
        try
        {
            final DeviceMemory[] da = upload(accelerator, matrixA, made, 0);
            final DeviceMemory[] db = upload(accelerator, matrixB, made, 3);
            made[6] = accelerator.allocate(Math.max(1, table.length) * (long)Long.BYTES);
            try (Arena arena = Arena.ofConfined())
            {
                final MemorySegment host = arena.allocate(made[6].byteSize(), 16);
                MemorySegment.copy(table, 0, host, ValueLayout.JAVA_LONG, 0, table.length);
                made[6].copyFrom(host, null);
            }
            return new GpuSpmv(accelerator, columns, da, db, made[6], matrixA.rows(),
                matrixA.bytes() + matrixB.bytes() + made[6].byteSize());
        }
        catch (final RuntimeException | Error e)
        {
            for (final DeviceMemory m : made)
            {
                if (m != null)
                {
                    m.close();
                }
            }
            throw e;
        }
    }

    private static DeviceMemory[] upload(final Accelerator accelerator, final SpmvMatrix m, final DeviceMemory[] made,
        final int at)
    {
        final MemorySegment[] parts = {m.starts(), m.columns(), m.codes()};
        for (int i = 0; i < parts.length; i++)
        {
            made[at + i] = accelerator.allocate(parts[i].byteSize());
            made[at + i].copyFrom(parts[i], null);
        }
        return new DeviceMemory[] {made[at], made[at + 1], made[at + 2]};
    }

    /**
     * @param rows     the matrices' rows
     * @param entriesA A's entries
     * @param entriesB B's entries
     * @param codes    the coefficient table's codes
     * @return the device bytes {@link #upload} takes for such matrices
     */
    public static long deviceBytes(final long rows, final long entriesA, final long entriesB, final int codes)
    {
        return SpmvMatrix.bytes(rows, entriesA) + SpmvMatrix.bytes(rows, entriesB)
            + Math.max(1, codes) * (long)Fr.BYTES;
    }

    /** @return the device bytes this holds. */
    public long bytes()
    {
        return bytes;
    }

    /** @return the constraints (rows of A and B). */
    public long constraints()
    {
        return constraints;
    }

    /**
     * Queues a = A·z, b = B·z, then c = a∘b, a's input rows and the zeros to m.
     *
     * @param z      the witness on the device: {@code inputs} inputs (ONE first), then aux; Montgomery form
     * @param inputs the public inputs, ONE included
     * @param a      m elements; a on return
     * @param b      m elements; b on return
     * @param c      m elements; c on return
     * @param m      the domain size, at least the constraints plus the inputs
     * @param stream where to queue it, or null to run it now
     */
    public void queue(final DeviceMemory z, final int inputs, final DeviceMemory a, final DeviceMemory b,
        final DeviceMemory c, final long m, final DeviceStream stream)
    {
        queueRows(0, z, a, 0, constraints, stream);
        queueRows(1, z, b, 0, constraints, stream);
        queueComplete(z, inputs, a, b, c, m, stream);
    }

    /**
     * Queues rows {@code [first, first + count)} of A ({@code matrix} 0) or B (1) times z into {@code out} (four limbs
     * per row, at the row's place).
     */
    public void queueRows(final int matrix, final DeviceMemory z, final DeviceMemory out, final long first,
        final long count, final DeviceStream stream)
    {
        if (first < 0 || count < 0 || first + count > constraints || out.byteSize() < (first + count) * Fr.BYTES
            || z.byteSize() < columns * Fr.BYTES)
        {
            throw new IllegalArgumentException("rows " + first + " to " + (first + count) + " of " + constraints
                + " into " + out.byteSize() / Fr.BYTES + " elements, a witness of " + z.byteSize() / Fr.BYTES
                + " for " + columns + " columns");
        }
        queueRows(matrix == 0 ? this.a : this.b, z, out, first, count, stream);
    }

    /**
     * Queues the rest once A·z is in a and B·z in b ({@link #queueRows}): c = a∘b, the input rows and the zeros to
     * m ({@link SpmvKernels#spmvComplete}).
     */
    public void queueComplete(final DeviceMemory z, final int inputs, final DeviceMemory a, final DeviceMemory b,
        final DeviceMemory c, final long m, final DeviceStream stream)
    {
        if (m < constraints + inputs || a.byteSize() < m * Fr.BYTES || b.byteSize() < m * Fr.BYTES
            || c.byteSize() < m * Fr.BYTES || z.byteSize() < (long)inputs * Fr.BYTES)
        {
            throw new IllegalArgumentException("a, b, c of " + m + " elements for " + constraints + " constraints and "
                + inputs + " inputs");
        }
        complete.launch(Launch.of(groups(m), SpmvKernels.LOCAL_SIZE).on(stream), a, b, c, z, constraints,
            (long)inputs, m);
    }

    private void queueRows(final DeviceMemory[] matrix, final DeviceMemory z, final DeviceMemory out,
        final long first, final long count, final DeviceStream stream)
    {
        if (count == 0)
        {
            return;
        }
        spmv.launch(Launch.of(groups(count), SpmvKernels.LOCAL_SIZE).on(stream), matrix[0], matrix[1], matrix[2],
            table, z, out, first, count);
    }

    /**
     * Queues the witness's unpacking into {@code z} ({@link SpmvKernels#unpackWitness}).
     *
     * @param packed what was packed
     * @param head   its kinds then its offsets, as {@link PackedWitness#pack} laid them out
     * @param others its others' values
     * @param z      room for {@code packed.elements()} elements
     */
    public void queueUnpack(final PackedWitness packed, final DeviceMemory head, final DeviceMemory others,
        final DeviceMemory z, final DeviceStream stream)
    {
        if (head.byteSize() < packed.kindsBytes() + packed.offsetsBytes() || others.byteSize() < packed.othersBytes()
            || z.byteSize() < packed.elements() * Fr.BYTES)
        {
            throw new IllegalArgumentException("a packed witness of " + packed + " in " + head.byteSize() + " + "
                + others.byteSize() + " bytes into " + z.byteSize());
        }
        if (packed.elements() == 0)
        {
            return;
        }
        final long[] one = Fr.one();
        unpack.launch(Launch.of(groups(packed.elements()), SpmvKernels.LOCAL_SIZE).on(stream),
            head.view(0, packed.kindsBytes()), head.view(packed.kindsBytes(), packed.offsetsBytes()),
            packed.others() == 0 ? head.view(0, 16) : others.view(0, packed.othersBytes()), z, packed.elements(),
            one[0], one[1], one[2], one[3]);
    }

    private static int groups(final long items)
    {
        return Math.toIntExact((items + SpmvKernels.LOCAL_SIZE - 1) / SpmvKernels.LOCAL_SIZE);
    }

    /** Frees the matrices and the table. */
    @Override
    public void close()
    {
        for (final DeviceMemory m : a)
        {
            m.close();
        }
        for (final DeviceMemory m : b)
        {
            m.close();
        }
        table.close();
    }
}
