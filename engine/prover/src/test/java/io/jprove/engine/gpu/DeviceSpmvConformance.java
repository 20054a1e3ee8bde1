package io.jprove.engine.gpu;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.SplittableRandom;
import java.util.function.Supplier;

import io.jprove.engine.porep.PartitionWitness;
import io.jprove.engine.porep.RegisteredSealProof;
import io.jprove.engine.porep.c1.C1Fixtures;
import io.jprove.engine.porep.c1.C1Output;
import io.jprove.engine.porep.c1.C1Partitions;
import io.jprove.engine.porep.sdr.ProverId;
import io.jprove.engine.porep.seal.SparseSector;
import io.jprove.engine.porep.vanilla.VanillaProver;
import io.jprove.engine.porep.synthesis.PartitionSynthesizer;
import io.jprove.engine.r1cs.ConstraintMatrices;
import io.jprove.engine.r1cs.ProverInputs;
import io.jprove.engine.r1cs.RecordingAssignment;
import io.jprove.engine.porep.PorepCircuit;
import io.jprove.field.Fr;
import io.jprove.field.ntt.EvaluationDomain;
import io.jprove.kernels.Accelerator;
import io.jprove.kernels.DeviceMemory;
import io.jprove.kernels.spmv.GpuSpmv;
import io.jprove.kernels.spmv.PackedWitness;

/**
 * The device SpMV on a real circuit: partition 0 of a sealed 2 KiB sector's C1 output (or a sparse 8 MiB one's), its
 * witness written natively and a, b, c evaluated by the CPU's sparse products from the recorded PoRep matrices (every
 * constraint checked on the host: c = C·z equals a∘b), against A and B uploaded in the device form
 * ({@link DeviceMatrices}) and multiplied on the device: the witness packed and unpacked there, then a, b and c over
 * the whole domain bit for bit (c = a∘b there), or rows of A·z and B·z in windows (the start, the longest rows, the
 * end) where the executor is slow.
 */
final class DeviceSpmvConformance
{
    /** Rows per window when the whole matrices would take the executor too long. */
    static final int WINDOW = 16384;

    private static RegisteredSealProof proof;
    private static ConstraintMatrices matrices;
    private static ProverInputs cpu;

    private DeviceSpmvConformance()
    {
    }

    /**
     * A partition's matrices and CPU products, made once per test JVM and size (seconds) and kept: partition 0 of a
     * really sealed 2 KiB sector, or of a sparse sector's C1 output at other sizes.
     */
    private static synchronized void fixture(final RegisteredSealProof of)
    {
        if (proof == of)
        {
            return;
        }
        if (matrices != null)
        {
            cpu.close();
            matrices.close();
            matrices = null;
        }
        final C1Output c1 = of == RegisteredSealProof.StackedDrg2KiBV1_1 ? C1Fixtures.sealed(of) : sparse(of);
        final PartitionWitness witness = C1Partitions.verified(c1).getFirst();
        matrices = RecordingAssignment.record(new PorepCircuit(witness.shape(), 0));
        cpu = PartitionSynthesizer.of(witness.shape()).synthesize(witness, matrices, 2, null);
        cpu.checkSatisfied();
        proof = of;
    }

    private static C1Output sparse(final RegisteredSealProof of)
    {
        final byte[] ticket = new byte[32];
        final byte[] seed = new byte[32];
        java.util.Arrays.fill(ticket, (byte)3);
        java.util.Arrays.fill(seed, (byte)5);
        final SparseSector s = SparseSector.make(of, ProverId.ofMiner(1234), 55, ticket, seed,
            new SplittableRandom(5));
        return VanillaProver.commitPhase1(of, s, s.replicaId(), s.commD(), s.commR(), seed, ticket);
    }

    /** a, b, c of the whole partition on the device against the CPU's, zero-padded to the domain. */
    static void wholeDomain(final Supplier<Accelerator> accelerators, final RegisteredSealProof of)
    {
        fixture(of);
        final long m = EvaluationDomain.atLeast(cpu.rows()).size();
        try (Accelerator acc = accelerators.get(); Arena arena = Arena.ofShared();
             DeviceMatrices.Plan plan = DeviceMatrices.upload(acc, matrices);
             DeviceMemory z = acc.allocate(columns() * Fr.BYTES); DeviceMemory a = acc.allocate(m * Fr.BYTES);
             DeviceMemory b = acc.allocate(m * Fr.BYTES); DeviceMemory c = acc.allocate(m * Fr.BYTES))
        {
            final GpuSpmv spmv = plan.spmv();
            assertNotNull(spmv, plan.reason());
            for (final DeviceMemory v : new DeviceMemory[] {a, b, c, z})
            {
                v.fill((byte)0x6b, null); // what the last partition left there
            }
            // the witness packed on the host (its kinds read from the values), unpacked on the device from a and c
            final MemorySegment whole = hostWitness(arena);
            final PackedWitness packed = PackedWitness.pack(whole, columns(), null,
                arena.allocate(columns() * Fr.BYTES, 16), 2);
            assertNotNull(packed, "the witness packs");
            a.copyFrom(packed.head(), null);
            c.copyFrom(packed.otherValues(), null);
            spmv.queueUnpack(packed, a, c, z, null);
            final MemorySegment unpacked = arena.allocate(whole.byteSize(), 16);
            z.copyTo(unpacked, null);
            assertEquals(-1, whole.mismatch(unpacked), "z unpacked on the device ("
                + packed.others() + " of " + columns() + " neither zero nor one)");
            spmv.queue(z, matrices.numInputs(), a, b, c, m, null);
            assertSame("a", cpu.a().segment(), a, 0, m, arena);
            assertSame("b", cpu.b().segment(), b, 0, m, arena);
            assertSame("c", cpu.c().segment(), c, 0, m, arena);
        }
    }

    /** Windows of A·z and B·z: the first rows, those around A's longest row, the last. */
    static void windows(final Supplier<Accelerator> accelerators, final RegisteredSealProof of)
    {
        fixture(of);
        final long rows = matrices.numConstraints();
        long longest = 0;
        for (long r = 0; r < rows; r++)
        {
            if (length(r) > length(longest))
            {
                longest = r;
            }
        }
        final long around = Math.max(0, Math.min(rows - WINDOW, longest - WINDOW / 2));
        try (Accelerator acc = accelerators.get(); Arena arena = Arena.ofShared();
             DeviceMatrices.Plan plan = DeviceMatrices.upload(acc, matrices);
             DeviceMemory z = witness(acc, arena); DeviceMemory out = acc.allocate(rows * Fr.BYTES))
        {
            final GpuSpmv spmv = plan.spmv();
            assertNotNull(spmv, plan.reason());
            for (final long first : new long[] {0, around, rows - WINDOW})
            {
                spmv.queueRows(0, z, out, first, WINDOW, null);
                assertSame("a (rows from " + first + ")", cpu.a().segment(), out, first, WINDOW, arena);
                spmv.queueRows(1, z, out, first, WINDOW, null);
                assertSame("b (rows from " + first + ")", cpu.b().segment(), out, first, WINDOW, arena);
            }
        }
    }

    private static long length(final long row)
    {
        return matrices.a().rowStart(row + 1) - matrices.a().rowStart(row);
    }

    private static long columns()
    {
        return (long)matrices.numInputs() + matrices.numAux();
    }

    /** @return z as the prover's assignment: inputs, then aux. */
    private static MemorySegment hostWitness(final Arena arena)
    {
        final MemorySegment in = cpu.witness().inputs().segment();
        final MemorySegment aux = cpu.witness().aux().segment();
        final MemorySegment host = arena.allocate(in.byteSize() + aux.byteSize(), 16);
        MemorySegment.copy(in, 0, host, 0, in.byteSize());
        MemorySegment.copy(aux, 0, host, in.byteSize(), aux.byteSize());
        return host;
    }

    private static DeviceMemory witness(final Accelerator acc, final Arena arena)
    {
        final MemorySegment host = hostWitness(arena);
        final DeviceMemory z = acc.allocate(host.byteSize());
        z.copyFrom(host, null);
        return z;
    }

    /** Elements {@code [first, first + count)} of the device's vector against the CPU's (zero past its end). */
    private static void assertSame(final String what, final MemorySegment expected, final DeviceMemory actual,
        final long first, final long count, final Arena arena)
    {
        final MemorySegment got = arena.allocate((first + count) * Fr.BYTES, 16);
        actual.copyTo(got, null);
        final MemorySegment want = arena.allocate(count * Fr.BYTES, 16);
        final long from = first * Fr.BYTES;
        final long have = Math.max(0, Math.min(expected.byteSize() - from, want.byteSize()));
        if (have > 0)
        {
            MemorySegment.copy(expected, from, want, 0, have);
        }
        final long at = want.mismatch(got.asSlice(from));
        assertEquals(-1, at, what + ": first different element " + (first + at / Fr.BYTES) + " of "
            + matrices.numConstraints() + " constraints");
    }
}
