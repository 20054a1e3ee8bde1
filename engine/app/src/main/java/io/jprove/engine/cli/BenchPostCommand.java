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
import io.jprove.engine.post.PostParameterFiles;
import io.jprove.engine.post.PostPartition;
import io.jprove.engine.post.PostShape;
import io.jprove.engine.post.PostVanillaProver;
import io.jprove.engine.post.RegisteredPostProof;
import io.jprove.engine.r1cs.ConstraintMatrices;

import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code jprove bench post}: the wall time of a WindowPoSt partition's or a WinningPoSt's proof, alone on the
 * devices, as {@code jprove post} proves it (the circuit synthesized with the recorded matrices, then the prover),
 * from vanilla proofs of sparse sectors of the real size ({@link PostVanillaProver#sparse}: every challenged path
 * real, the circuit the real shape), with the parameters in the parameter cache. After warm-up proofs, each proof is
 * one job timed from its submission to its verified result, and verified again here against the {@code .vk} with the
 * verifier's public inputs ({@link TimedProofs}). Its jobs have Curio's priorities (WindowPoSt HIGH, WinningPoSt
 * CRITICAL); with {@code --beside-c2} the proofs run again while C2 proves on the same devices ({@link C2Beside}),
 * each partition preempting C2's at its next step boundary, and each proof's wait for the device is printed: from
 * its hand-over to its first kernel.
 */
@Command(name = "post", mixinStandardHelpOptions = true,
    description = "Time WindowPoSt partition or WinningPoSt proofs, each verified: wall and wait per proof, alone and "
        + "(--beside-c2) with PoRep C2 proving on the same devices.")
final class BenchPostCommand implements Callable<Integer>
{
    @Option(names = "--kind", required = true, description = "window or winning.")
    private String kind;

    @Option(names = "--sector-size", required = true, description = "2KiB, 8MiB, 512MiB, 32GiB or 64GiB.")
    private String sectorSize;

    @Option(names = "--sectors", description = "WindowPoSt: sectors in the partition (default: a full partition; "
        + "the circuit is the same size either way, the last sector repeated).")
    private int sectors;

    @Option(names = "--proofs", description = "Measured proofs (default 3).")
    private int proofs = 3;

    @Option(names = "--warmup", description = "Unmeasured proofs first (default 1).")
    private int warmup = 1;

    @Option(names = "--beside-c2", paramLabel = "SIZE", description = "Then the same proofs again while PoRep C2 of a "
        + "sector of this size (its parameters in the same cache) keeps proving on the same devices: each proof's wall "
        + "and wait for the device, alone and beside C2.")
    private String besideC2;

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
        return CliSupport.run("bench post", verbose, this::bench);
    }

    private Integer bench() throws Exception
    {
        if (proofs < 1 || warmup < 0 || sectors < 0)
        {
            throw new IllegalArgumentException("--proofs must be at least 1, --warmup and --sectors 0 or more");
        }
        final RegisteredPostProof proof = RegisteredPostProof.current(RegisteredPostProof.Kind.of(kind),
            RegisteredSealProof.parseSectorSize(sectorSize));
        final PostShape shape = proof.shape();
        final int count = proof.kind() == RegisteredPostProof.Kind.WINNING ? 1 : sectors == 0 ? shape.sectorCount()
            : sectors;
        final ParameterSet set = PostParameterFiles.set(proof);
        final PorepParameterCache.Located files = PorepParameterCache.locate(parameters.directory(), set);
        final long t0 = System.nanoTime();
        final PostPartition partition = partition(proof, count);
        final long made = System.nanoTime();
        final PreparedVerifyingKey vk = new PreparedVerifyingKey(BellpersonParams.readVerifyingKey(files.vk()));
        try (ProvingKey pk = BellpersonParams.read(files.params(), false, threads, CheckedKeys.none());
             ConstraintMatrices matrices = NamedCircuit.of(shape.name()).matrices(parameters.matrices()))
        {
            PorepParameterCache.requirePair(pk.vk(), vk.vk(), files);
            System.out.printf(Locale.ROOT, "bench post: %s, %d sector%s, %d constraints, domain %d; vanilla proofs "
                + "%.1f s, parameters (%s) and matrices %.1f s%n", proof, count, count == 1 ? "" : "s",
                matrices.numConstraints(), pk.domainSize(), (made - t0) / 1e9, files.jproveMade() ? "jprove's own"
                : "Filecoin's", (System.nanoTime() - made) / 1e9);
            final CircuitSynthesis synthesis = new CircuitSynthesis(CircuitShape.recorded(matrices),
                p -> partition.circuit());
            // Curio's priorities: both preempt C2 (NORMAL) at its next step boundary
            final int priority = proof.kind() == RegisteredPostProof.Kind.WINNING ? 4 : 3;
            final List<long[]> expected = List.of(partition.publicInputs());
            final String tail = proof + ", " + threads + " threads";
            OneJob.withPipeline(deviceOption, timelineOption, threads, pipeline ->
            {
                // C2's key prepared first, so that the PoSt key's preparation leaves room for its partitions
                try (C2Beside c2 = besideC2 == null ? null : C2Beside.load(pipeline, besideC2,
                    parameters.directory(), parameters.matrices(), threads))
                {
                    final TimedProofs.Timed[] alone = TimedProofs.run(pipeline, "alone", warmup, proofs,
                        i -> new JobSpec(proof + " #" + i, priority, pk, synthesis, 1, false), vk, expected,
                        files.vk());
                    TimedProofs.summary("proof", "alone", alone, tail);
                    if (c2 != null)
                    {
                        c2.start();
                        final TimedProofs.Timed[] beside = TimedProofs.run(pipeline, "beside C2", 0, proofs,
                            i -> new JobSpec(proof + " beside C2 #" + i, priority, pk, synthesis, 1, false), vk,
                            expected, files.vk());
                        TimedProofs.summary("proof", "beside C2 " + besideC2, beside, tail + "; "
                            + c2.partitionsProved() + " C2 partitions proved meanwhile in whole sectors");
                    }
                }
                return null;
            });
            return CliSupport.OK;
        }
    }

    /** @return a partition of {@code count} sparse sectors' vanilla proofs, checked as {@code post} checks them. */
    private static PostPartition partition(final RegisteredPostProof proof, final int count)
    {
        final SplittableRandom random = new SplittableRandom(1);
        final byte[] randomness = new byte[32];
        random.nextBytes(randomness);
        randomness[31] &= 0x3f;
        final List<byte[]> vanilla = new ArrayList<>();
        final List<String> names = new ArrayList<>();
        for (int i = 0; i < count; i++)
        {
            vanilla.add(PostVanillaProver.sparse(proof, randomness, i, 1000 + i, random).bytes());
            names.add("sparse sector " + i);
        }
        return PostPartition.of(proof, randomness, vanilla, names, 0);
    }
}
