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
import io.jprove.engine.porep.PorepCircuit;
import io.jprove.engine.porep.PorepParameterCache;
import io.jprove.engine.porep.PorepParameterFiles;
import io.jprove.engine.porep.RegisteredSealProof;
import io.jprove.engine.r1cs.Circuit;
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
 * published parameters are not at hand. A marker file beside them, and the command's output, say that they are NOT
 * Filecoin's; files of those names without the marker (Filecoin's own) are never replaced.
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
    }

    @ArgGroup(exclusive = true, multiplicity = "1")
    private Source source;

    @Option(names = "--params", description = "Output: the parameters (.params).")
    private Path params;

    @Option(names = "--vk", description = "Output: the verifying key (.vk).")
    private Path vk;

    @Option(names = "--params-dir", description = "With --porep: the parameter cache to write into (Filecoin's v28 "
        + "names, a marker beside them).")
    private Path paramsDir;

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
            final RegisteredSealProof porep = porepOutputs();
            // checked before minutes of setup: both outputs writable, distinct, and not the circuit read
            final OutputFiles outputs = OutputFiles.of("--params", params, "--vk", vk).refuseInputs("--r1cs",
                source.r1cs);
            final DeviceSelection selection = deviceOption.select();
            final ConstraintMatrices cs;
            if (porep != null)
            {
                cs = RecordingAssignment.record(new PorepCircuit(porep.shape(), 0));
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
                    if (porep != null)
                    {
                        // before the files appear: files under Filecoin's names without it would pass for Filecoin's
                        PorepParameterCache.writeMarker(paramsDir, porep, "Made " + java.time.Instant.now() + " for "
                            + porep.sizeName() + " partitions: " + cs.numConstraints() + " constraints, "
                            + cs.numInputs() + " inputs, " + cs.numAux() + " aux.");
                    }
                    outputs.commit();
                    System.out.println("setup: " + cs.numConstraints() + " constraints, " + cs.numInputs()
                        + " inputs (ONE included), " + cs.numAux() + " aux, domain " + pk.domainSize() + " -> "
                        + params + ", " + vk + " in " + CliSupport.ms(t0));
                    System.out.println("  " + setup.line());
                    if (porep != null)
                    {
                        System.out.println("  these are jprove's own " + porep.sizeName() + " PoRep parameters, NOT "
                            + "Filecoin's published ones: proofs made with them (jprove c2 --params-dir " + paramsDir
                            + ") verify against this .vk only, never on chain; marked by "
                            + PorepParameterCache.markerName(porep));
                    }
                }
            }
            return CliSupport.OK;
        });
    }

    /**
     * Checks which outputs the options name, and for {@code --porep} sets them in the parameter cache, refusing to
     * replace Filecoin's own files there.
     *
     * @return the PoRep seal proof being set up, or null
     */
    private RegisteredSealProof porepOutputs() throws java.io.IOException
    {
        if (source.porep == null)
        {
            if (params == null || vk == null || paramsDir != null)
            {
                throw new IllegalArgumentException("setup writes --params and --vk (--params-dir goes with --porep)");
            }
            return null;
        }
        if (params != null || vk != null || paramsDir == null)
        {
            throw new IllegalArgumentException("--porep writes into --params-dir under Filecoin's file names: give "
                + "--params-dir, not --params or --vk");
        }
        final RegisteredSealProof proof = RegisteredSealProof.of(RegisteredSealProof.parseSectorSize(source.porep),
            RegisteredSealProof.ApiVersion.V1_1_0, RegisteredSealProof.Feature.NONE);
        java.nio.file.Files.createDirectories(paramsDir);
        params = paramsDir.resolve(PorepParameterFiles.paramsName(proof));
        vk = paramsDir.resolve(PorepParameterFiles.vkName(proof));
        final boolean marked = java.nio.file.Files.exists(paramsDir.resolve(PorepParameterCache.markerName(proof)));
        for (final Path p : new Path[] {params, vk})
        {
            if (java.nio.file.Files.exists(p) && !marked)
            {
                throw new IllegalArgumentException(p + " exists and is not jprove's (no "
                    + PorepParameterCache.markerName(proof) + " beside it): Filecoin's parameters are never replaced");
            }
        }
        return proof;
    }
}
