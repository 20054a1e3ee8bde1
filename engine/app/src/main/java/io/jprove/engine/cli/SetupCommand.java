package io.jprove.engine.cli;

import java.nio.file.Path;
import java.security.SecureRandom;
import java.util.concurrent.Callable;

import io.jprove.engine.backend.DeviceSelection;
import io.jprove.engine.circuits.BuiltinCircuit;
import io.jprove.engine.formats.bellperson.BellpersonParams;
import io.jprove.engine.formats.circom.CircomCircuit;
import io.jprove.engine.formats.circom.CircomR1cs;
import io.jprove.engine.groth16.ProvingKey;
import io.jprove.engine.porep.ParameterSet;
import io.jprove.engine.porep.PorepCircuit;
import io.jprove.engine.porep.PorepParameterCache;
import io.jprove.engine.porep.PorepParameterFiles;
import io.jprove.engine.porep.RegisteredSealProof;
import io.jprove.engine.post.PostCircuit;
import io.jprove.engine.post.PostParameterFiles;
import io.jprove.engine.post.RegisteredPostProof;
import io.jprove.engine.r1cs.Circuit;
import io.jprove.engine.update.UpdateCircuit;
import io.jprove.engine.update.UpdateParameterFiles;
import io.jprove.engine.update.UpdateShape;
import io.jprove.engine.r1cs.ConstraintMatrices;
import io.jprove.engine.r1cs.RecordingAssignment;

import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code jprove setup}: Groth16 parameters from fresh randomness for a circom {@code .r1cs} or a built-in circuit,
 * written as bellperson {@code .params} and {@code .vk}; the fixed-base products (and the Lagrange basis's inverse NTT)
 * on the GPU when {@code --device} chooses CUDA (the default where there is one), else on the host's threads.
 * <p>
 * {@code --porep SIZE --params-dir DIR} sets up Filecoin's PoRep partition circuit of a sector size (exactly
 * rust-fil-proofs' R1CS) under Filecoin's v28 file names in a parameter cache, for {@code jprove c2} where the
 * published parameters are not at hand; {@code --post window|winning --sector-size SIZE} does the same for a PoSt
 * partition circuit, for {@code jprove post}, and {@code --snap SIZE} for a SnapDeals partition, for
 * {@code jprove snap}. A marker file beside them, and the command's output, say that they
 * are NOT Filecoin's; files of those names without the marker (Filecoin's own) are never replaced.
 */
@Command(name = "setup", mixinStandardHelpOptions = true,
    description = "Make Groth16 parameters (bellperson .params and .vk) for a circuit, from fresh randomness.")
final class SetupCommand implements Callable<Integer>
{
    /** Exactly one circuit source. */
    static final class Source
    {
        @Option(names = "--r1cs", description = "A circom .r1cs compiled for BLS12-381 (circom -p bls12381).")
        Path r1cs;

        @Option(names = "--builtin", description = "A built-in circuit: poseidon-chain-N.")
        String builtin;

        @Option(names = "--porep", description = "Filecoin's PoRep partition circuit of a sector size (2KiB, 8MiB, "
            + "512MiB, 32GiB, 64GiB), written under Filecoin's file names into --params-dir: NOT Filecoin's "
            + "parameters.")
        String porep;

        @Option(names = "--post", description = "Filecoin's PoSt partition circuit, window or winning, of "
            + "--sector-size, written under Filecoin's file names into --params-dir: NOT Filecoin's parameters.")
        String post;

        @Option(names = "--snap", description = "Filecoin's SnapDeals (empty sector update) partition circuit of a "
            + "sector size, written under Filecoin's file names into --params-dir: NOT Filecoin's parameters.")
        String snap;
    }

    @ArgGroup(exclusive = true, multiplicity = "1")
    private Source source;

    @Option(names = "--params", description = "Output: the parameters (.params).")
    private Path params;

    @Option(names = "--vk", description = "Output: the verifying key (.vk).")
    private Path vk;

    @Option(names = "--params-dir", description = "With --porep, --post or --snap: the parameter cache to write into "
        + "(Filecoin's v28 names, a marker beside them).")
    private Path paramsDir;

    @Option(names = "--sector-size", description = "With --post: the sector size (2KiB, 8MiB, 512MiB, 32GiB, 64GiB).")
    private String sectorSize;

    @Option(names = "--threads", description = "Worker threads (default: all processors).")
    private int threads = Runtime.getRuntime().availableProcessors();

    @Option(names = "--verbose", description = "Print stack traces with errors.")
    private boolean verbose;

    @Mixin
    private DeviceOption deviceOption;

    @Override
    public Integer call()
    {
        return CliSupport.run("setup", verbose, () ->
        {
            final long t0 = System.nanoTime();
            final Filecoin filecoin = filecoinOutputs();
            // checked before minutes of setup: both outputs writable, distinct, and not the circuit read
            final OutputFiles outputs = OutputFiles.of("--params", params, "--vk", vk).refuseInputs("--r1cs",
                source.r1cs);
            final DeviceSelection selection = deviceOption.select();
            final ConstraintMatrices cs;
            if (filecoin != null)
            {
                cs = RecordingAssignment.record(filecoin.circuit());
            }
            else if (source.r1cs != null)
            {
                try (CircomR1cs r1cs = CircomR1cs.open(source.r1cs))
                {
                    cs = RecordingAssignment.record(new CircomCircuit(r1cs, null));
                }
            }
            else
            {
                final Circuit circuit = BuiltinCircuit.shapeOf(source.builtin);
                cs = RecordingAssignment.record(circuit);
            }
            try (cs)
            {
                final SetupRun.Result setup = SetupRun.run(cs, selection, threads, new SecureRandom());
                try (ProvingKey pk = setup.key(); outputs)
                {
                    outputs.write(params, tmp -> BellpersonParams.write(pk, tmp));
                    outputs.write(vk, tmp -> BellpersonParams.writeVerifyingKey(pk.vk(), tmp));
                    if (filecoin != null)
                    {
                        // before the files appear: files under Filecoin's names without it would pass for Filecoin's
                        PorepParameterCache.writeMarker(paramsDir, filecoin.set(), "Made " + java.time.Instant.now()
                            + " for " + filecoin.set().label() + " partitions: " + cs.numConstraints()
                            + " constraints, " + cs.numInputs() + " inputs, " + cs.numAux() + " aux.");
                    }
                    outputs.commit();
                    System.out.println("setup: " + cs.numConstraints() + " constraints, " + cs.numInputs()
                        + " inputs (ONE included), " + cs.numAux() + " aux, domain " + pk.domainSize() + " -> "
                        + params + ", " + vk + " in " + CliSupport.ms(t0));
                    System.out.println("  " + setup.line());
                    if (filecoin != null)
                    {
                        System.out.println("  these are jprove's own " + filecoin.set().label() + " parameters, NOT "
                            + "Filecoin's published ones: proofs made with them (jprove " + filecoin.command()
                            + " --params-dir " + paramsDir + ") verify against this .vk only, never on chain; "
                            + "marked by " + PorepParameterCache.markerName(filecoin.set()));
                    }
                }
            }
            return CliSupport.OK;
        });
    }

    /** A Filecoin circuit being set up: its files in the parameter cache, its blank circuit, the command it serves. */
    private record Filecoin(ParameterSet set, Circuit circuit, String command)
    {
    }

    /**
     * Checks which outputs the options name, and for {@code --porep} or {@code --post} sets them in the parameter
     * cache, refusing to replace Filecoin's own files there.
     *
     * @return the Filecoin circuit being set up, or null
     */
    private Filecoin filecoinOutputs() throws java.io.IOException
    {
        if (source.post == null && sectorSize != null)
        {
            throw new IllegalArgumentException("--sector-size goes with --post");
        }
        if (source.porep == null && source.post == null && source.snap == null)
        {
            if (params == null || vk == null || paramsDir != null)
            {
                throw new IllegalArgumentException("setup writes --params and --vk (--params-dir goes with --porep "
                    + "or --post)");
            }
            return null;
        }
        if (params != null || vk != null || paramsDir == null)
        {
            throw new IllegalArgumentException((source.porep != null ? "--porep" : source.post != null ? "--post"
                : "--snap") + " writes into "
                + "--params-dir under Filecoin's file names: give --params-dir, not --params or --vk");
        }
        final Filecoin filecoin;
        if (source.porep != null)
        {
            final RegisteredSealProof proof = RegisteredSealProof.of(RegisteredSealProof.parseSectorSize(
                source.porep), RegisteredSealProof.ApiVersion.V1_1_0, RegisteredSealProof.Feature.NONE);
            filecoin = new Filecoin(PorepParameterFiles.set(proof), new PorepCircuit(proof.shape(), 0), "c2");
        }
        else if (source.snap != null)
        {
            final UpdateShape shape = UpdateShape.of(source.snap);
            filecoin = new Filecoin(UpdateParameterFiles.set(shape), UpdateCircuit.blank(shape), "snap");
        }
        else
        {
            if (sectorSize == null)
            {
                throw new IllegalArgumentException("--post needs --sector-size (2KiB, 8MiB, 512MiB, 32GiB, 64GiB)");
            }
            final RegisteredPostProof proof = RegisteredPostProof.current(RegisteredPostProof.Kind.of(source.post),
                RegisteredSealProof.parseSectorSize(sectorSize));
            filecoin = new Filecoin(PostParameterFiles.set(proof), PostCircuit.blank(proof.shape()), "post");
        }
        java.nio.file.Files.createDirectories(paramsDir);
        params = paramsDir.resolve(filecoin.set().paramsName());
        vk = paramsDir.resolve(filecoin.set().vkName());
        final String marker = PorepParameterCache.markerName(filecoin.set());
        final boolean marked = java.nio.file.Files.exists(paramsDir.resolve(marker));
        for (final Path p : new Path[] {params, vk})
        {
            if (java.nio.file.Files.exists(p) && !marked)
            {
                throw new IllegalArgumentException(p + " exists and is not jprove's (no " + marker + " beside it): "
                    + "Filecoin's parameters are never replaced");
            }
        }
        return filecoin;
    }
}
