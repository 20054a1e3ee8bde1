package io.jprove.engine.cli;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;

import io.jprove.engine.circuits.NamedCircuit;
import io.jprove.engine.formats.CheckedKeys;
import io.jprove.engine.formats.bellperson.BellpersonParams;
import io.jprove.engine.groth16.Groth16Verifier;
import io.jprove.engine.groth16.PreparedVerifyingKey;
import io.jprove.engine.groth16.Proof;
import io.jprove.engine.groth16.ProvingKey;
import io.jprove.engine.groth16.VerifyingKey;
import io.jprove.engine.pipeline.CircuitShape;
import io.jprove.engine.pipeline.CircuitSynthesis;
import io.jprove.engine.pipeline.JobResult;
import io.jprove.engine.porep.ParameterSet;
import io.jprove.engine.porep.PorepParameterCache;
import io.jprove.engine.porep.RegisteredSealProof;
import io.jprove.engine.post.PostParameterFiles;
import io.jprove.engine.post.PostPartition;
import io.jprove.engine.post.RegisteredPostProof;
import io.jprove.engine.r1cs.ConstraintMatrices;

import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code jprove post}: a WindowPoSt partition's or a WinningPoSt's Groth16 proof (192 bytes) from rust-fil-proofs'
 * vanilla proofs, one file per sector in the binary form Curio sends ({@code FallbackPoStSectorProof}, bincode), as
 * filecoin-proofs' {@code generate_single_window_post_with_vanilla} and {@code generate_winning_post_with_vanilla}
 * prove them. In order, before any proving work: the output is checked writable, every vanilla proof read, verified
 * and its challenged leaves checked against the randomness's (a bad one refused naming its file and field, exit 2),
 * the parameter files found in the parameter cache and their origin checked as {@code c2} checks them. Then the
 * partition goes through the pipeline (recorded matrices), and its proof is verified against the {@code .vk} file
 * with the verifier's public inputs before the bytes are written.
 */
@Command(name = "post", mixinStandardHelpOptions = true,
    description = "Prove a WindowPoSt partition or a WinningPoSt from its sectors' vanilla proofs, with the PoSt "
        + "parameters in Filecoin's parameter cache; the proof verified against the .vk before it is written.")
final class PostCommand implements Callable<Integer>
{
    @Option(names = "--kind", required = true, description = "window or winning.")
    private String kind;

    @Option(names = "--sector-size", required = true, description = "The sectors' size: 2KiB, 8MiB, 512MiB, 32GiB, "
        + "64GiB.")
    private String sectorSize;

    @Option(names = "--vanilla", required = true, description = "A sector's vanilla proof (FallbackPoStSectorProof, "
        + "bincode, as Curio sends it); repeat in the partition's sector order (WindowPoSt: up to the partition's "
        + "sectors; WinningPoSt: one).")
    private List<Path> vanilla = new ArrayList<>();

    @Option(names = "--randomness", required = true, description = "The challenge randomness: 32 bytes in hex, a "
        + "field element.")
    private String randomness;

    @Option(names = "--partition", description = "WindowPoSt: the partition's index among the proof's (default 0).")
    private int partition;

    @Option(names = "--api-version", description = "The proof's API version: WindowPoSt 1.2.0 (default, the "
        + "network's V1_1 FFI proofs) or 1.0.0; WinningPoSt 1.0.0.")
    private String apiVersion;

    @Option(names = "--proof", required = true, description = "Output: the proof, 192 bytes.")
    private Path proofOut;

    @Mixin
    private ParameterCacheOption parameters;

    @Mixin
    private ParameterChecksOption checks;

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
        return CliSupport.run("post", verbose, this::prove);
    }

    private Integer prove() throws Exception
    {
        final long t0 = System.nanoTime();
        final OutputFiles outputs = OutputFiles.of("--proof", proofOut).refuseInputs(vanillaOptions());
        final RegisteredPostProof proof = registeredProof(kind, sectorSize, apiVersion);
        final byte[] seed = randomness(randomness);
        final List<byte[]> proofs = new ArrayList<>();
        final List<String> names = new ArrayList<>();
        for (final Path p : vanilla)
        {
            proofs.add(Files.readAllBytes(p));
            names.add(p.toString());
        }
        final PostPartition post = PostPartition.of(proof, seed, proofs, names, partition);
        final long read = System.nanoTime();
        final ParameterSet set = PostParameterFiles.set(proof);
        final Path dir = parameters.directory();
        final PorepParameterCache.Located files = PorepParameterCache.locate(dir, set);
        final String origin = ParameterOrigin.check(files, set, checks.checkDigest());
        final VerifyingKey vk = BellpersonParams.readVerifyingKey(files.vk());
        final boolean checked = checks.subgroupChecks(files);
        try (ProvingKey pk = BellpersonParams.read(files.params(), checked, threads, checked
            ? CheckedKeys.inUserCache() : CheckedKeys.none());
            ConstraintMatrices matrices = NamedCircuit.of(proof.shape().name()).matrices(parameters.matrices()))
        {
            PorepParameterCache.requirePair(pk.vk(), vk, files);
            final long loaded = System.nanoTime();
            final JobResult result = OneJob.prove(deviceOption, timelineOption, threads, proof + " partition "
                + partition, pk, new CircuitSynthesis(CircuitShape.recorded(matrices), p -> post.circuit()), 1);
            final Proof groth = result.proofs().getFirst();
            if (!Arrays.equals(post.publicInputs(), result.publicInputs().getFirst())
                || !Groth16Verifier.verify(new PreparedVerifyingKey(vk), groth, post.publicInputs()))
            {
                throw new IllegalStateException("the proof does not verify against " + files.vk() + " with the "
                    + "verifier's public inputs; nothing was written");
            }
            final byte[] bytes = Proof.concat(List.of(groth));
            try (outputs)
            {
                outputs.bytes(proofOut, bytes);
                outputs.commit();
            }
            System.out.printf(Locale.ROOT, "post: %s, %d sector%s of partition %d proved and verified against %s -> "
                + "%s (%d bytes) in %.1f s (vanilla proofs read and verified %.1f s, parameters and matrices %.1f s, "
                + "proving %.1f s)%n", proof, post.sectorIds().length, post.sectorIds().length == 1 ? "" : "s",
                partition, files.vk(), proofOut, bytes.length, (System.nanoTime() - t0) / 1e9, (read - t0) / 1e9,
                (loaded - read) / 1e9, (System.nanoTime() - loaded) / 1e9);
            System.out.println("  parameters: " + origin);
            return CliSupport.OK;
        }
    }

    /** @return the registered proof that --kind, --sector-size and --api-version (or null) name. */
    static RegisteredPostProof registeredProof(final String kind, final String sectorSize, final String apiVersion)
    {
        final RegisteredPostProof.Kind k = RegisteredPostProof.Kind.of(kind);
        final long bytes = RegisteredSealProof.parseSectorSize(sectorSize);
        if (apiVersion == null)
        {
            return RegisteredPostProof.current(k, bytes);
        }
        for (final RegisteredSealProof.ApiVersion v : RegisteredSealProof.ApiVersion.values())
        {
            if (v.semver().equals(apiVersion.trim()))
            {
                return RegisteredPostProof.of(k, bytes, v);
            }
        }
        throw new IllegalArgumentException("--api-version " + apiVersion + ": 1.0.0 or 1.2.0");
    }

    /** @return --randomness's 32 bytes, checked to be a field element. */
    static byte[] randomness(final String randomness)
    {
        final String hex = randomness.startsWith("0x") ? randomness.substring(2) : randomness;
        final byte[] bytes;
        try
        {
            bytes = HexFormat.of().parseHex(hex);
        }
        catch (final IllegalArgumentException e)
        {
            throw new IllegalArgumentException("--randomness is not hex: " + e.getMessage(), e);
        }
        try
        {
            PostPartition.checkRandomness(bytes);
        }
        catch (final IllegalArgumentException e)
        {
            throw new IllegalArgumentException("--randomness: " + e.getMessage(), e);
        }
        return bytes;
    }

    private Object[] vanillaOptions()
    {
        final Object[] pairs = new Object[2 * vanilla.size()];
        for (int i = 0; i < vanilla.size(); i++)
        {
            pairs[2 * i] = "--vanilla";
            pairs[2 * i + 1] = vanilla.get(i);
        }
        return pairs;
    }
}
