package io.jprove.engine.cli;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import java.util.concurrent.Callable;

import io.jprove.engine.circuits.NamedCircuit;
import io.jprove.engine.formats.CheckedKeys;
import io.jprove.engine.formats.bellperson.BellpersonParams;
import io.jprove.engine.groth16.Groth16Verifier;
import io.jprove.engine.groth16.PreparedVerifyingKey;
import io.jprove.engine.groth16.ProvingKey;
import io.jprove.engine.pipeline.CircuitShape;
import io.jprove.engine.pipeline.CircuitSynthesis;
import io.jprove.engine.pipeline.JobResult;
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
 * verifier's public inputs.
 */
@Command(name = "post", mixinStandardHelpOptions = true,
    description = "Time WindowPoSt partition or WinningPoSt proofs, alone, each verified: wall per proof.")
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
            final long[] walls = OneJob.withPipeline(deviceOption, timelineOption, threads, pipeline ->
            {
                final long[] w = new long[proofs];
                for (int i = -warmup; i < proofs; i++)
                {
                    final long start = System.nanoTime();
                    final JobResult r = OneJob.result(pipeline.submit(new JobSpec(proof + " #" + i, 0, pk,
                        synthesis, 1, false)));
                    final long wall = System.nanoTime() - start;
                    if (!Arrays.equals(partition.publicInputs(), r.publicInputs().getFirst())
                        || !Groth16Verifier.verify(vk, r.proofs().getFirst(), partition.publicInputs()))
                    {
                        throw new IllegalStateException("proof " + i + " does not verify against " + files.vk());
                    }
                    System.out.printf(Locale.ROOT, "  %s %d: %.3f s wall on %s (%s)%n", i < 0 ? "warm-up" : "proof",
                        i < 0 ? i + warmup : i, wall / 1e9, r.devices().getFirst(), r.steps().getFirst());
                    if (i >= 0)
                    {
                        w[i] = wall;
                    }
                }
                return w;
            });
            final long[] sorted = walls.clone();
            Arrays.sort(sorted);
            System.out.printf(Locale.ROOT, "wall per proof, alone: median %.3f s, best %.3f s, worst %.3f s over %d "
                + "proofs, each verified (%s, %d threads)%n", sorted[sorted.length / 2] / 1e9, sorted[0] / 1e9,
                sorted[sorted.length - 1] / 1e9, proofs, proof, threads);
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
