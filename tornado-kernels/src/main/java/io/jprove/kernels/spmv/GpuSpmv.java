package io.jprove.kernels.spmv;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.Arrays;

import io.jprove.field.Fr;
import io.jprove.kernels.Accelerator;
import io.jprove.kernels.DeviceMemory;
import io.jprove.kernels.DeviceStream;
import io.jprove.kernels.KernelHandle;
import io.jprove.kernels.Launch;

/**
 * A circuit's A and B resident in device memory ({@link SpmvMatrix}'s form, uploaded once) with its coefficient
 * table, and the sequence that turns a witness on the device into the prover's a, b, c over the NTT domain:
 * a = A·z and b = B·z ({@link SpmvKernels#spmv} for the short rows, {@link SpmvKernels#spmvLongRows} for the long
 * ones), then c = a∘b, the input rows and the zero padding
 * ({@link SpmvKernels#spmvComplete}). C is not needed: for a satisfying witness c = a∘b, and a witness that does not
 * satisfy the circuit gives a proof that fails its verification. Owns its device memory until {@link #close()}.
 */
public final class GpuSpmv implements AutoCloseable
{
    /** A matrix's device arrays: row starts, columns, codes, long rows. */
    private static final int PARTS = 4;

    private final long constraints;
    private final long columns;
    private final DeviceMemory[] a;
    private final DeviceMemory[] b;
    /** A's and B's long rows (SpmvMatrix#longRows), how many. */
    private final int[] longRows;
    private final DeviceMemory table;
    private final KernelHandle spmv;
    private final KernelHandle spmvLong;
    private final KernelHandle complete;
    private final KernelHandle unpack;
    private final long bytes;

    private GpuSpmv(final Accelerator accelerator, final long columns, final DeviceMemory[] a, final DeviceMemory[] b,
        final int[] longRows, final DeviceMemory table, final long constraints, final long bytes)
    {
        this.columns = columns;
        this.a = a;
        this.b = b;
        this.longRows = longRows;
        this.table = table;
        this.constraints = constraints;
        this.bytes = bytes;
        this.spmv = accelerator.kernel(SpmvKernels.class, "spmv");
        this.spmvLong = accelerator.kernel(SpmvKernels.class, "spmvLongRows");
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
        final DeviceMemory[] made = new DeviceMemory[2 * PARTS + 1];
        try
        {
            final DeviceMemory[] da = upload(accelerator, matrixA, made, 0);
            final DeviceMemory[] db = upload(accelerator, matrixB, made, PARTS);
            made[2 * PARTS] = accelerator.allocate(Math.max(1, table.length) * (long)Long.BYTES);
            try (Arena arena = Arena.ofConfined())
            {
                final MemorySegment host = arena.allocate(made[2 * PARTS].byteSize(), 16);
                MemorySegment.copy(table, 0, host, ValueLayout.JAVA_LONG, 0, table.length);
                made[2 * PARTS].copyFrom(host, null);
            }
            final int[] longRows = {matrixA.longRows().length, matrixB.longRows().length};
            return new GpuSpmv(accelerator, columns, da, db, longRows, made[2 * PARTS], matrixA.rows(),
                matrixA.bytes() + matrixB.bytes() + made[2 * PARTS].byteSize());
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
        try (Arena arena = Arena.ofConfined())
        {
            final int[] longRows = m.longRows();
            final MemorySegment longs = arena.allocate(Math.max(1, longRows.length) * (long)Integer.BYTES, 16);
            MemorySegment.copy(longRows, 0, longs, ValueLayout.JAVA_INT, 0, longRows.length);
            final MemorySegment[] parts = {m.starts(), m.columns(), m.codes(), longs};
            for (int i = 0; i < PARTS; i++)
            {
                made[at + i] = accelerator.allocate(parts[i].byteSize());
                made[at + i].copyFrom(parts[i], null);
            }
        }
        return Arrays.copyOfRange(made, at, at + PARTS);
    }

    /**
     * @param rows     the matrices' rows
     * @param entriesA A's entries
     * @param entriesB B's entries
     * @param longA    A's rows of more than {@link SpmvKernels#LONG_ROW} entries
     * @param longB    B's
     * @param codes    the coefficient table's codes
     * @return the device bytes {@link #upload} takes for such matrices
     */
    public static long deviceBytes(final long rows, final long entriesA, final long entriesB, final long longA,
        final long longB, final int codes)
    {
        return SpmvMatrix.bytes(rows, entriesA, longA) + SpmvMatrix.bytes(rows, entriesB, longB)
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
        queueRows(matrix == 0 ? this.a : this.b, longRows[matrix == 0 ? 0 : 1], z, out, first, count, stream);
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

    private void queueRows(final DeviceMemory[] matrix, final int longs, final DeviceMemory z,
        final DeviceMemory out, final long first, final long count, final DeviceStream stream)
    {
        if (count == 0)
        {
            return;
        }
        spmv.launch(Launch.of(groups(count), SpmvKernels.LOCAL_SIZE).on(stream), matrix[0], matrix[1], matrix[2],
            table, z, out, first, count);
        if (longs > 0)
        {
            // every long row is looked at, those outside the window left: a window is a test's, the prover's is whole
            spmvLong.launch(Launch.of(groups(longs), SpmvKernels.LOCAL_SIZE).on(stream), matrix[0], matrix[1],
                matrix[2], table, z, out, matrix[3], (long)longs, first, count);
        }
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
