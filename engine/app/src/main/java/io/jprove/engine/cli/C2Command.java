package io.jprove.engine.cli;

import java.nio.file.Path;
import java.util.Arrays;
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
import io.jprove.engine.pipeline.JobResult;
import io.jprove.engine.pipeline.PorepSynthesis;
import io.jprove.engine.porep.PartitionWitness;
import io.jprove.engine.porep.PorepParameterCache;
import io.jprove.engine.porep.PorepParameterFiles;
import io.jprove.engine.porep.RegisteredSealProof;
import io.jprove.engine.porep.c1.C1File;
import io.jprove.engine.porep.c1.C1Output;
import io.jprove.engine.porep.c1.C1Partitions;
import io.jprove.engine.porep.c1.InvalidC1Exception;
import io.jprove.engine.r1cs.ConstraintMatrices;

import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code jprove c2}: Filecoin's seal commit phase 2. From a C1 output (bare or lotus-bench-wrapped) and the parameter
 * cache, the PoRep proof: one Groth16 proof per partition, 192 bytes each, concatenated in partition order as
 * rust-fil-proofs writes them. In order, before any proving work: the output is checked writable, the C1 output read
 * and checked by the vanilla verifier (a corrupted or inconsistent one is refused naming its JSON path, exit 2), the
 * parameter files found and the verifying key's digest checked against parameters.json's (always: it is small, and
 * it decides what a valid proof is; the parameters' digest with {@code --check-digest}: minutes for a 32 GiB file).
 * Files that {@code jprove setup --porep} made carry a marker and are used as such, said to be NOT Filecoin's. The
 * parameters' points are tested for subgroup membership (minutes) only on Filecoin's files not authenticated by
 * {@code --check-digest}, once per file. Then
 * the partitions go through the pipeline (native witness, recorded matrices), each proof self-verified there, and
 * again against the {@code .vk} file before the bytes are written.
 */
@Command(name = "c2", mixinStandardHelpOptions = true,
    description = "Seal commit phase 2: prove a C1 output (bare or wrapped) with the PoRep parameters in Filecoin's "
        + "parameter cache; every partition verified against the .vk before the proof is written.")
final class C2Command implements Callable<Integer>
{
    @Option(names = "--c1", required = true, description = "The C1 output: SealCommitPhase1Output JSON, bare or in "
        + "lotus-bench's {SectorNum, Phase1Out, SectorSize} wrapper.")
    private Path c1File;

    @Option(names = "--proof", required = true, description = "Output: the proof, 192 bytes per partition.")
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
        return CliSupport.run("c2", verbose, this::prove);
    }

    private Integer prove() throws Exception
    {
        final long t0 = System.nanoTime();
        final OutputFiles outputs = OutputFiles.of("--proof", proofOut).refuseInputs("--c1", c1File);
        final C1Output c1 = C1File.read(c1File).output();
        final RegisteredSealProof proof = c1.registeredProof();
        final Path dir = parameters.directory();
        final PorepParameterCache.Located files = PorepParameterCache.locate(dir, proof);
        final String origin = ParameterOrigin.check(files, PorepParameterFiles.set(proof), checks.checkDigest());
        final List<PartitionWitness> partitions;
        try
        {
            partitions = C1Partitions.verified(c1);
        }
        catch (final InvalidC1Exception e)
        {
            throw new IllegalArgumentException(c1File + ": " + e.getMessage(), e);
        }
        final long verified = System.nanoTime();
        final VerifyingKey vk = BellpersonParams.readVerifyingKey(files.vk());
        final boolean checked = checks.subgroupChecks(files);
        try (ProvingKey pk = BellpersonParams.read(files.params(), checked, threads, checked
            ? CheckedKeys.inUserCache() : CheckedKeys.none());
            ConstraintMatrices matrices = NamedCircuit.of("porep-" + proof.sizeName()).matrices(parameters.matrices()))
        {
            PorepParameterCache.requirePair(pk.vk(), vk, files);
            final long loaded = System.nanoTime();
            final PorepSynthesis synthesis = new PorepSynthesis(matrices, partitions);
            final JobResult result = OneJob.prove(deviceOption, timelineOption, threads, proof + " of " + c1File, pk,
                synthesis, synthesis.partitions().size());
            final List<Proof> proofs = result.proofs();
            final PreparedVerifyingKey pvk = new PreparedVerifyingKey(vk);
            for (int k = 0; k < proofs.size(); k++)
            {
                final long[] inputs = partitions.get(k).publicInputs();
                if (!Arrays.equals(inputs, result.publicInputs().get(k))
                    || !Groth16Verifier.verify(pvk, proofs.get(k), inputs))
                {
                    throw new IllegalStateException("partition " + k + "'s proof does not verify against " + files.vk()
                        + " with the C1 output's public inputs; nothing was written");
                }
            }
            final byte[] bytes = Proof.concat(proofs);
            try (outputs)
            {
                outputs.bytes(proofOut, bytes);
                outputs.commit();
            }
            System.out.printf(Locale.ROOT, "c2: %s, %d partition%s proved and each verified against %s -> %s (%d "
                + "bytes) in %.1f s (C1 read and verified %.1f s, parameters and matrices %.1f s, proving %.1f s)%n",
                proof, proofs.size(), proofs.size() == 1 ? "" : "s", files.vk(), proofOut, bytes.length,
                (System.nanoTime() - t0) / 1e9, (verified - t0) / 1e9, (loaded - verified) / 1e9,
                (System.nanoTime() - loaded) / 1e9);
            System.out.println("  parameters: " + origin);
            return CliSupport.OK;
        }
    }
}
