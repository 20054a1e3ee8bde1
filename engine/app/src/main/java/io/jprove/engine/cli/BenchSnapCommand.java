package io.jprove.engine.cli;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import java.util.concurrent.Callable;

import io.jprove.engine.circuits.NamedCircuit;
import io.jprove.engine.formats.CheckedKeys;
import io.jprove.engine.formats.bellperson.BellpersonParams;
import io.jprove.engine.groth16.PreparedVerifyingKey;
import io.jprove.engine.groth16.ProvingKey;
import io.jprove.engine.pipeline.CircuitShape;
import io.jprove.engine.pipeline.CircuitSynthesis;
import io.jprove.engine.pipeline.JobSpec;
import io.jprove.engine.porep.ParameterSet;
import io.jprove.engine.porep.PorepParameterCache;
import io.jprove.engine.porep.RegisteredSealProof;
import io.jprove.engine.porep.RegisteredSealProof.ApiVersion;
import io.jprove.engine.porep.RegisteredSealProof.Feature;
import io.jprove.engine.porep.sdr.ProverId;
import io.jprove.engine.porep.seal.SealedSector;
import io.jprove.engine.porep.seal.SectorSealer;
import io.jprove.engine.porep.tree.Fr32Padding;
import io.jprove.engine.r1cs.ConstraintMatrices;
import io.jprove.engine.update.UpdateParameterFiles;
import io.jprove.engine.update.UpdatePartitions;
import io.jprove.engine.update.UpdateShape;
import io.jprove.engine.update.UpdateVanillaProof;
import io.jprove.engine.update.UpdateVanillaProver;

import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code jprove bench snap}: the wall time of a SnapDeals sector update's proof (all its partitions), as
 * {@code jprove snap} proves it (each partition's circuit synthesized with the recorded matrices, then the prover),
 * with the parameters in the parameter cache. The update is a real one, made here first and untimed: a sector of the
 * size sealed with random data, then updated with random new data ({@link UpdateVanillaProver}), its vanilla proofs
 * read back as {@code snap} reads them. A challenge of SnapDeals follows from comm_r_new, the root of the whole
 * updated replica, so no sparse stand-in exists as for PoSt: sizes whose sector fits one Java array (up to 512MiB).
 * After warm-up proofs, each proof is one job timed from its submission to its verified result, every partition
 * verified again here against the {@code .vk} ({@link TimedProofs}, as {@code bench post} does).
 */
@Command(name = "snap", mixinStandardHelpOptions = true,
    description = "Time SnapDeals sector update proofs (all partitions), each partition verified: wall per update.")
final class BenchSnapCommand implements Callable<Integer>
{
    /** The largest sector whose update is made here: one array holds its replica. */
    private static final long MOST_BYTES = 512L << 20;

    @Option(names = "--sector-size", required = true, description = "2KiB, 8MiB or 512MiB.")
    private String sectorSize;

    @Option(names = "--proofs", description = "Measured updates (default 3).")
    private int proofs = 3;

    @Option(names = "--warmup", description = "Unmeasured updates first (default 1).")
    private int warmup = 1;

    @Mixin
    private ParameterCacheOption parameters;

    @Option(names = "--threads", description = "Worker threads (default: all processors).")
    private int threads = Runtime.getRuntime().availableProcessors();

    @Mixin
    private DeviceOption deviceOption;

    @Mixin
    private TimelineOption timelineOption;

    @Option(names = "--verbose", description = "Print stack traces with errors.")
    private boolean verbose;

    @Override
    public Integer call()
    {
        return CliSupport.run("bench snap", verbose, this::bench);
    }

    private Integer bench() throws Exception
    {
        if (proofs < 1 || warmup < 0)
        {
            throw new IllegalArgumentException("--proofs must be at least 1, --warmup 0 or more");
        }
        final UpdateShape shape = UpdateShape.of(sectorSize);
        final long bytes = shape.sectorNodes() * 32;
        if (bytes > MOST_BYTES)
        {
            throw new IllegalArgumentException("bench snap makes a real update of a sealed sector in memory (its "
                + "challenges follow from the whole updated replica): up to 512MiB, not " + sectorSize);
        }
        final ParameterSet set = UpdateParameterFiles.set(shape);
        final PorepParameterCache.Located files = PorepParameterCache.locate(parameters.directory(), set);
        final long t0 = System.nanoTime();
        final UpdatePartitions partitions = update(shape);
        final long made = System.nanoTime();
        final PreparedVerifyingKey vk = new PreparedVerifyingKey(BellpersonParams.readVerifyingKey(files.vk()));
        try (ProvingKey pk = BellpersonParams.read(files.params(), false, threads, CheckedKeys.none());
             ConstraintMatrices matrices = NamedCircuit.of(shape.name()).matrices(parameters.matrices()))
        {
            PorepParameterCache.requirePair(pk.vk(), vk.vk(), files);
            System.out.printf(Locale.ROOT, "bench snap: %s, %d partition%s of %d constraints, domain %d; sector "
                + "sealed and updated %.1f s, parameters (%s) and matrices %.1f s%n", shape.name(),
                shape.partitions(), shape.partitions() == 1 ? "" : "s", matrices.numConstraints(), pk.domainSize(),
                (made - t0) / 1e9, files.jproveMade() ? "jprove's own" : "Filecoin's", (System.nanoTime() - made)
                / 1e9);
            final CircuitSynthesis synthesis = new CircuitSynthesis(CircuitShape.recorded(matrices),
                partitions::circuit);
            OneJob.withPipeline(deviceOption, timelineOption, threads, pipeline ->
            {
                final TimedProofs.Timed[] timed = TimedProofs.run(pipeline, "update", warmup, proofs,
                    i -> new JobSpec(shape.name() + " update #" + i, 0, pk, synthesis, shape.partitions(), false),
                    vk, partitions.publicInputs(), files.vk());
                TimedProofs.summary("sector update (" + shape.partitions() + " partition"
                    + (shape.partitions() == 1 ? "" : "s") + ")", "alone", timed,
                    shape.name() + ", " + threads + " threads");
                return null;
            });
            return CliSupport.OK;
        }
    }

    /**
     * @return the partitions of a real update: a sector of miner 1000 sealed with random data, updated with random new
     *         data at Filecoin's default h, its vanilla proofs read back from their bytes and checked as {@code snap}
     *         checks them
     */
    private static UpdatePartitions update(final UpdateShape shape)
    {
        final SplittableRandom random = new SplittableRandom(1);
        final RegisteredSealProof proof = RegisteredSealProof.of(shape.sectorNodes() * 32, ApiVersion.V1_1_0,
            Feature.NONE);
        final SealedSector sector = SectorSealer.seal(proof, randomPadded(proof.sectorBytes(), random),
            ProverId.ofMiner(1000), 1, new byte[32]);
        final int h = UpdatePartitions.defaultH(shape);
        final UpdateVanillaProver.Update update = UpdateVanillaProver.prove(shape, sector,
            randomPadded(proof.sectorBytes(), random), h);
        final List<byte[]> vanilla = new ArrayList<>();
        final List<String> names = new ArrayList<>();
        for (final UpdateVanillaProof p : update.partitions())
        {
            vanilla.add(p.bytes());
            names.add("partition " + names.size());
        }
        return UpdatePartitions.of(shape, h, update.commROld(), update.commDNew(), update.commRNew(), vanilla, names);
    }

    private static byte[] randomPadded(final long sectorBytes, final SplittableRandom random)
    {
        final byte[] raw = new byte[Math.toIntExact(Fr32Padding.unpaddedSize(sectorBytes))];
        random.nextBytes(raw);
        return Fr32Padding.pad(raw);
    }
}
