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
import io.jprove.engine.porep.tree.CommitmentCid;
import io.jprove.engine.r1cs.ConstraintMatrices;
import io.jprove.engine.update.UpdateParameterFiles;
import io.jprove.engine.update.UpdatePartitions;
import io.jprove.engine.update.UpdateShape;

import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code jprove snap}: a SnapDeals (empty sector update) proof from rust-fil-proofs' vanilla partition proofs, one
 * file per partition in the binary form Curio sends ({@code PartitionProof}, bincode), and the update's three
 * commitments, as filecoin-proofs' {@code generate_empty_sector_update_proof_with_vanilla} proves them: one Groth16
 * proof per partition, 192 bytes each, concatenated. Every vanilla proof is read and checked by the vanilla verifier
 * first (a bad one refused naming its file and field, exit 2), the parameters found and checked as {@code c2} checks
 * them, the partitions proved through the pipeline and each verified against the {@code .vk} with the public inputs
 * {@code generate_public_inputs} gives before the bytes are written.
 */
@Command(name = "snap", mixinStandardHelpOptions = true,
    description = "Prove a SnapDeals sector update from its partitions' vanilla proofs, with the SnapDeals parameters "
        + "in Filecoin's parameter cache; each partition verified against the .vk before the proof is written.")
final class SnapCommand implements Callable<Integer>
{
    @Option(names = "--sector-size", required = true, description = "The sector's size: 2KiB, 8MiB, 512MiB, 32GiB, "
        + "64GiB.")
    private String sectorSize;

    @Option(names = "--vanilla", required = true, description = "A partition's vanilla proof (PartitionProof, bincode, "
        + "as Curio sends it); repeat in partition order, one per partition.")
    private List<Path> vanilla = new ArrayList<>();

    @Option(names = "--comm-r-old", required = true, description = "The sector's comm_r before the update: 32 bytes "
        + "in hex, or its CID (bagboea4b5abc...).")
    private String commROld;

    @Option(names = "--comm-d-new", required = true, description = "The new data's comm_d: hex, or its CID "
        + "(baga6ea4seaq...).")
    private String commDNew;

    @Option(names = "--comm-r-new", required = true, description = "The updated replica's comm_r: hex, or its CID.")
    private String commRNew;

    @Option(names = "--h", description = "The challenge's high bits that pick rho (default Filecoin's h_default: 10, "
        + "or 1 up to 32KiB).")
    private Integer h;

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
        return CliSupport.run("snap", verbose, this::prove);
    }

    private Integer prove() throws Exception
    {
        final long t0 = System.nanoTime();
        final Object[] inputs = new Object[2 * vanilla.size()];
        final List<byte[]> proofs = new ArrayList<>();
        final List<String> names = new ArrayList<>();
        for (int i = 0; i < vanilla.size(); i++)
        {
            inputs[2 * i] = "--vanilla";
            inputs[2 * i + 1] = vanilla.get(i);
            proofs.add(Files.readAllBytes(vanilla.get(i)));
            names.add(vanilla.get(i).toString());
        }
        final OutputFiles outputs = OutputFiles.of("--proof", proofOut).refuseInputs(inputs);
        final UpdateShape shape = UpdateShape.of(sectorSize);
        final UpdatePartitions partitions = UpdatePartitions.of(shape, h != null ? h : UpdatePartitions.defaultH(
            shape), commitment("--comm-r-old", commROld, CommitmentCid.SEALED), commitment("--comm-d-new", commDNew,
            CommitmentCid.UNSEALED), commitment("--comm-r-new", commRNew, CommitmentCid.SEALED), proofs, names);
        final long read = System.nanoTime();
        final ParameterSet set = UpdateParameterFiles.set(shape);
        final PorepParameterCache.Located files = PorepParameterCache.locate(parameters.directory(), set);
        final String origin = ParameterOrigin.check(files, set, checks.checkDigest());
        final VerifyingKey vk = BellpersonParams.readVerifyingKey(files.vk());
        final boolean checked = checks.subgroupChecks(files);
        try (ProvingKey pk = BellpersonParams.read(files.params(), checked, threads, checked
            ? CheckedKeys.inUserCache() : CheckedKeys.none());
            ConstraintMatrices matrices = NamedCircuit.of(shape.name()).matrices(parameters.matrices()))
        {
            PorepParameterCache.requirePair(pk.vk(), vk, files);
            final long loaded = System.nanoTime();
            final JobResult result = OneJob.prove(deviceOption, timelineOption, threads, shape.name() + " update",
                pk, new CircuitSynthesis(CircuitShape.recorded(matrices), partitions::circuit), shape.partitions());
            final PreparedVerifyingKey pvk = new PreparedVerifyingKey(vk);
            for (int k = 0; k < shape.partitions(); k++)
            {
                final long[] expected = partitions.publicInputs().get(k);
                if (!Arrays.equals(expected, result.publicInputs().get(k))
                    || !Groth16Verifier.verify(pvk, result.proofs().get(k), expected))
                {
                    throw new IllegalStateException("partition " + k + "'s proof does not verify against "
                        + files.vk() + " with the update's public inputs; nothing was written");
                }
            }
            final byte[] bytes = Proof.concat(result.proofs());
            try (outputs)
            {
                outputs.bytes(proofOut, bytes);
                outputs.commit();
            }
            System.out.printf(Locale.ROOT, "snap: %s, %d partition%s proved and each verified against %s -> %s (%d "
                + "bytes) in %.1f s (vanilla proofs read and verified %.1f s, parameters and matrices %.1f s, "
                + "proving %.1f s)%n", shape.name(), shape.partitions(), shape.partitions() == 1 ? "" : "s",
                files.vk(), proofOut, bytes.length, (System.nanoTime() - t0) / 1e9, (read - t0) / 1e9,
                (loaded - read) / 1e9, (System.nanoTime() - loaded) / 1e9);
            System.out.println("  parameters: " + origin);
            return CliSupport.OK;
        }
    }

    /** @return a commitment given as 64 hex digits or as its CID. */
    static byte[] commitment(final String option, final String text, final CommitmentCid kind)
    {
        try
        {
            final String hex = text.startsWith("0x") ? text.substring(2) : text;
            // a CID (base32, multibase 'b') has letters past 'f'; hex has none
            if (!hex.chars().allMatch(c -> Character.digit(c, 16) >= 0))
            {
                return kind.decode(text);
            }
            final byte[] bytes = HexFormat.of().parseHex(hex);
            if (bytes.length != 32)
            {
                throw new IllegalArgumentException("32 bytes expected, got " + bytes.length);
            }
            return bytes;
        }
        catch (final IllegalArgumentException e)
        {
            throw new IllegalArgumentException(option + " " + text + " is neither 64 hex digits nor a CID of its "
                + "kind: " + e.getMessage(), e);
        }
    }
}
