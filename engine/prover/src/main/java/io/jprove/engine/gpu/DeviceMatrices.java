package io.jprove.engine.gpu;

import java.util.Locale;

import io.jprove.engine.r1cs.ConstraintMatrices;
import io.jprove.engine.r1cs.SparseMatrix;
import io.jprove.field.Fr;
import io.jprove.kernels.Accelerator;
import io.jprove.kernels.DeviceOutOfMemoryException;
import io.jprove.kernels.spmv.GpuSpmv;
import io.jprove.kernels.spmv.SpmvKernels;
import io.jprove.kernels.spmv.SpmvMatrix;

/**
 * A circuit's A and B put on a device for {@link GpuSpmv}, and the plan that says whether they go there: the
 * matrices' entries re-coded for the kernels (the coefficient table's one, −1 and two get the codes the kernel adds,
 * subtracts and doubles; every other coefficient its index in a table of its own), built in host memory, uploaded,
 * and the host form freed. They go when the form fits (at most 2^16 coefficients, fewer than 2^32 entries) and the
 * device has room for it beside what is resident, keeping a reserve ({@link #RESERVE_BYTES}); otherwise the plan
 * says why and the backend evaluates a, b, c on the host.
 */
final class DeviceMatrices
{
    /**
     * Device bytes a key's preparation leaves aside per domain element for its circuit's A and B: PoRep's take 18 (2
     * KiB) to 27 (32 GiB) bytes per element of the domain in {@link SpmvMatrix}'s form.
     */
    static final long BYTES_PER_ROW = 32;
    /**
     * Device memory the upload leaves free (or a quarter of what is free, if less): the driver's, the NTT tables', a
     * partition buffer's rounding.
     */
    static final long RESERVE_BYTES = 512L << 20;

    private DeviceMatrices()
    {
    }

    /**
     * What the plan decided: the resident matrices, or null and why not.
     *
     * @param spmv   A and B on the device, or null for the host SpMV
     * @param reason what was uploaded, or why nothing was, for logs and benchmarks
     */
    record Plan(GpuSpmv spmv, String reason) implements AutoCloseable
    {
        /** Frees the matrices on the device, if any. */
        @Override
        public void close()
        {
            if (spmv != null)
            {
                spmv.close();
            }
        }
    }

    /**
     * Uploads A and B when they fit beside what the device holds.
     *
     * @param accelerator the device
     * @param matrices    the circuit's matrices
     * @return the plan's outcome
     */
    static Plan upload(final Accelerator accelerator, final ConstraintMatrices matrices)
    {
        final int codes = codeCount(matrices);
        if (codes > SpmvKernels.CODES)
        {
            return new Plan(null, matrices.numCoefficients() + " coefficients do not fit 16-bit codes");
        }
        final SparseMatrix a = matrices.a();
        final SparseMatrix b = matrices.b();
        if (a.nnz() >= 1L << 32 || b.nnz() >= 1L << 32 || a.rows() >= Integer.MAX_VALUE)
        {
            return new Plan(null, "A's " + a.nnz() + " and B's " + b.nnz() + " entries do not fit 32-bit offsets");
        }
        final long need = GpuSpmv.deviceBytes(a.rows(), a.nnz(), b.nnz(), longRows(a), longRows(b), codes);
        final long free = accelerator.memoryInfo()[0];
        final long reserve = Math.min(RESERVE_BYTES, free / 4);
        if (need > free - reserve)
        {
            return new Plan(null, String.format(Locale.ROOT, "A and B need %s on the device, %s is free (%s kept)",
                mib(need), mib(free), mib(reserve)));
        }
        final long t0 = System.nanoTime();
        final int[] codeOf = codes(matrices);
        try (SpmvMatrix hostA = encode(a, codeOf); SpmvMatrix hostB = encode(b, codeOf))
        {
            final long t1 = System.nanoTime();
            final GpuSpmv spmv = GpuSpmv.upload(accelerator, hostA, hostB, table(matrices, codeOf, codes),
                (long)matrices.numInputs() + matrices.numAux());
            return new Plan(spmv, String.format(Locale.ROOT, "A and B resident: %s of %s free (%d + %d entries; "
                + "encoded %.2f s, uploaded %.2f s)", mib(need), mib(free), a.nnz(), b.nnz(), (t1 - t0) / 1e9,
                (System.nanoTime() - t1) / 1e9));
        }
        catch (final DeviceOutOfMemoryException ex)
        {
            return new Plan(null, "A and B (" + mib(need) + ") found no room: " + ex.getMessage());
        }
    }

    /** @return the rows of more than {@link SpmvKernels#LONG_ROW} entries, listed on the device beside A or B. */
    private static long longRows(final SparseMatrix m)
    {
        long n = 0;
        for (long row = 0; row < m.rows(); row++)
        {
            if (m.rowStart(row + 1) - m.rowStart(row) > SpmvKernels.LONG_ROW)
            {
                n++;
            }
        }
        return n;
    }

    /** @return the codes the table needs: the general ones after one, −1 and two. */
    private static int codeCount(final ConstraintMatrices matrices)
    {
        int general = 0;
        final long[] c = new long[Fr.LIMBS];
        for (int id = 0; id < matrices.numCoefficients(); id++)
        {
            matrices.coefficient(id, c, 0);
            if (special(c) < 0)
            {
                general++;
            }
        }
        return SpmvKernels.FIRST_GENERAL + general;
    }

    /** @return per coefficient id of the matrices, its kernel code. */
    static int[] codes(final ConstraintMatrices matrices)
    {
        final int[] codeOf = new int[matrices.numCoefficients()];
        final long[] c = new long[Fr.LIMBS];
        int next = SpmvKernels.FIRST_GENERAL;
        for (int id = 0; id < codeOf.length; id++)
        {
            matrices.coefficient(id, c, 0);
            final int code = special(c);
            codeOf[id] = code >= 0 ? code : next++;
        }
        return codeOf;
    }

    /** @return one's, −1's or two's code, or −1 for a coefficient of the table. */
    private static int special(final long[] c)
    {
        if (Fr.isOne(c, 0))
        {
            return SpmvKernels.ONE;
        }
        final long[] x = new long[Fr.LIMBS];
        Fr.neg(x, 0, c, 0);
        if (Fr.isOne(x, 0))
        {
            return SpmvKernels.MINUS_ONE;
        }
        return Fr.equal(c, 0, Fr.of(2), 0) ? SpmvKernels.TWO : -1;
    }

    /** @return the device table: four limbs per code, the general coefficients at their codes. */
    static long[] table(final ConstraintMatrices matrices, final int[] codeOf, final int codes)
    {
        final long[] table = new long[codes * Fr.LIMBS];
        for (int id = 0; id < codeOf.length; id++)
        {
            if (codeOf[id] >= SpmvKernels.FIRST_GENERAL)
            {
                matrices.coefficient(id, table, codeOf[id] * Fr.LIMBS);
            }
        }
        return table;
    }

    /** @return {@code m} in the device form, its coefficient ids re-coded by {@code codeOf}. */
    static SpmvMatrix encode(final SparseMatrix m, final int[] codeOf)
    {
        final SpmvMatrix.Builder builder = SpmvMatrix.builder(m.rows(), m.nnz());
        long e = 0;
        for (long row = 0; row < m.rows(); row++)
        {
            final long end = m.rowStart(row + 1);
            for (; e < end; e++)
            {
                builder.entry(m.column(e), codeOf[m.coefficientId(e)]);
            }
            builder.endRow();
        }
        return builder.build();
    }

    private static String mib(final long bytes)
    {
        return (bytes >> 20) + " MiB";
    }
}
