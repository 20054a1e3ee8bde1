package io.jprove.engine.cli;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;

import com.google.protobuf.ByteString;

import io.grpc.StatusRuntimeException;

import io.jprove.engine.daemon.CuzkConfig;
import io.jprove.engine.daemon.DaemonClient;
import io.jprove.engine.daemon.TokenFile;
import io.jprove.engine.daemon.cuzk.AwaitProofResponse;
import io.jprove.engine.daemon.cuzk.GPUStatus;
import io.jprove.engine.daemon.cuzk.GetStatusRequest;
import io.jprove.engine.daemon.cuzk.GetStatusResponse;
import io.jprove.engine.daemon.cuzk.Priority;
import io.jprove.engine.daemon.cuzk.ProofKind;
import io.jprove.engine.daemon.cuzk.ProveRequest;
import io.jprove.engine.daemon.cuzk.QueueStatus;
import io.jprove.engine.daemon.cuzk.SRSStatus;
import io.jprove.engine.daemon.cuzk.SubmitProofRequest;
import io.jprove.engine.formats.InputFile;
import io.jprove.engine.porep.RegisteredSealProof;
import io.jprove.engine.porep.c1.C1File;
import io.jprove.engine.porep.tree.CommitmentCid;
import io.jprove.engine.post.RegisteredPostProof;

import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code jprove cuzk prove|status}: a client of cuzk's proving API as Curio calls it, for a jprove daemon's (the
 * {@code cuzk-socket} and {@code cuzk-listen} settings) or cuzk's own: {@code prove} sends a C1 output as Curio's
 * {@code PoRepSnarkCuzk} does and writes the proof; {@code post} sends a PoSt's vanilla proofs as Curio's
 * {@code WindowPoStCuzk} and {@code WinningPoStCuzk} do; {@code snap} sends a SnapDeals update's as
 * {@code ProveUpdateCuzk} does; {@code status} prints GetStatus.
 */
@Command(name = "cuzk", description = "Talk to a cuzk proving API (a jprove daemon's, or cuzk's) as Curio does.",
    mixinStandardHelpOptions = true, subcommands = {CuzkCommand.Prove.class, CuzkCommand.Post.class,
        CuzkCommand.Snap.class, CuzkCommand.Status.class})
final class CuzkCommand
{
    /** The largest C1 file read: Curio's client sends at most 256 MiB. */
    private static final long MAX_C1_BYTES = 256L << 20;

    /** The address and token options both subcommands take. */
    static final class Where
    {
        @Option(names = "--address", paramLabel = "ADDR", defaultValue = "unix://" + CuzkConfig.DEFAULT_SOCKET,
            description = "As Curio's [Cuzk] Address: unix:///PATH or host:port (default ${DEFAULT-VALUE}).")
        String address;

        @Option(names = "--token-file", paramLabel = "FILE", description = "A file holding the bearer token (a"
            + " jprove daemon's cuzk-listen off loopback asks for it).")
        Path tokenFile;

        CuzkChannel connect()
        {
            return new CuzkChannel(address, tokenFile == null ? null : TokenFile.read(tokenFile));
        }

        IllegalStateException refused(final StatusRuntimeException e)
        {
            return new IllegalStateException(DaemonClient.describe(e, address), e);
        }
    }

    /** {@code jprove cuzk prove}. */
    @Command(name = "prove", mixinStandardHelpOptions = true, description = "PoRep C2 of a C1 output (bare, or"
        + " wrapped as lotus-bench and Curio write it) through the API's Prove, as Curio sends it.")
    static final class Prove implements Callable<Integer>
    {
        @picocli.CommandLine.Mixin
        Where where = new Where();

        @Option(names = "--c1", required = true, paramLabel = "FILE", description = "The C1 output; its bytes are"
            + " sent as they are.")
        Path c1;

        @Option(names = "--miner-id", paramLabel = "N", description = "The miner (actor id) whose sector it is; the"
            + " daemon checks the replica id against it (default 0: unchecked).")
        long minerId;

        @Option(names = "--sector", paramLabel = "N", description = "The sector number (default: the wrapper's"
            + " SectorNum, else 0).")
        Long sector;

        @Option(names = "--request-id", paramLabel = "ID", description = "The request's id, the job's id (default as"
            + " Curio's: porep-MINER-SECTOR).")
        String requestId;

        @Option(names = "--priority", paramLabel = "P", description = "low, normal, high or critical (default"
            + " normal).")
        String priority = "normal";

        @Option(names = "--proof", required = true, paramLabel = "FILE", description = "Output: the proof bytes"
            + " (192 per partition), as Curio hands them to VerifySeal.")
        Path proof;

        @Option(names = "--verbose", description = "Print stack traces with errors.")
        boolean verbose;

        @Override
        public Integer call()
        {
            return CliSupport.run("cuzk prove", verbose, () ->
            {
                final byte[] bytes = InputFile.readBounded(c1, MAX_C1_BYTES, "a C1 output");
                final C1File file;
                try
                {
                    file = C1File.parse(bytes);
                }
                catch (final IllegalArgumentException e)
                {
                    throw new IllegalArgumentException(c1 + ": " + e.getMessage(), e);
                }
                final RegisteredSealProof p = file.output().registeredProof();
                final long sectorNumber = sector != null ? sector : file.wrapped() ? file.wrapper().sectorNum() : 0;
                final Priority level;
                try
                {
                    level = Priority.valueOf(priority.toUpperCase(Locale.ROOT));
                }
                catch (final IllegalArgumentException e)
                {
                    throw new IllegalArgumentException("--priority " + priority + " is not low, normal, high or"
                        + " critical");
                }
                final OutputFiles outputs = OutputFiles.of("--proof", proof).refuseInputs("--c1", c1);
                final SubmitProofRequest request = SubmitProofRequest.newBuilder().setRequestId(requestId != null
                    ? requestId : "porep-" + minerId + "-" + sectorNumber).setProofKind(ProofKind.POREP_SEAL_COMMIT)
                    .setSectorSize(p.sectorBytes()).setRegisteredProof(p.id()).setPriority(level)
                    .setVanillaProof(ByteString.copyFrom(bytes)).setSectorNumber(sectorNumber).setMinerId(minerId)
                    .build();
                return submit(where, request, outputs, proof, p.toString());
            });
        }
    }

    /**
     * Proves a request through the API's Prove and writes the proof, with one line of the job's timings.
     *
     * @param what the proof's name for that line, e.g. its registered proof
     */
    static int submit(final Where where, final SubmitProofRequest request, final OutputFiles outputs,
        final Path proof, final String what) throws java.io.IOException
    {
        final long t0 = System.nanoTime();
        try (outputs; CuzkChannel channel = where.connect())
        {
            final AwaitProofResponse r;
            try
            {
                r = channel.stub.prove(ProveRequest.newBuilder().setSubmit(request).build()).getResult();
            }
            catch (final StatusRuntimeException e)
            {
                throw where.refused(e);
            }
            if (r.getStatus() != AwaitProofResponse.Status.COMPLETED)
            {
                throw new IllegalStateException("job " + r.getJobId() + " " + r.getStatus()
                    + (r.getErrorMessage().isEmpty() ? "" : ": " + r.getErrorMessage()));
            }
            outputs.write(proof, f -> Files.write(f, r.getProof().toByteArray()));
            outputs.commit();
            System.out.println("cuzk prove: job " + r.getJobId() + " (" + what + ") proved at " + where.address
                + ": " + r.getProof().size() + " proof bytes written to " + proof + "; queue "
                + r.getQueueWaitMs() + " ms, parameters " + r.getSrsLoadMs() + " ms, synthesis "
                + r.getSynthesisMs() + " ms, device " + r.getGpuComputeMs() + " ms, total " + r.getTotalMs()
                + " ms (" + CliSupport.ms(t0) + " here)");
        }
        return CliSupport.OK;
    }

    /** {@code jprove cuzk post}. */
    @Command(name = "post", mixinStandardHelpOptions = true, description = "A WindowPoSt partition or a WinningPoSt"
        + " from its sectors' vanilla proofs through the API's Prove, as Curio's WindowPoStCuzk and WinningPoStCuzk"
        + " send them.")
    static final class Post implements Callable<Integer>
    {
        @picocli.CommandLine.Mixin
        Where where = new Where();

        @Option(names = "--kind", required = true, description = "window or winning.")
        String kind;

        @Option(names = "--sector-size", required = true, description = "The sectors' size: 2KiB ... 64GiB.")
        String sectorSize;

        @Option(names = "--vanilla", required = true, paramLabel = "FILE", description = "A sector's vanilla proof"
            + " (FallbackPoStSectorProof, bincode); repeat in the partition's sector order.")
        List<Path> vanilla = new ArrayList<>();

        @Option(names = "--randomness", required = true, description = "The challenge randomness: 32 bytes in hex.")
        String randomness;

        @Option(names = "--partition", description = "WindowPoSt: the partition's index (default 0).")
        int partition;

        @Option(names = "--api-version", description = "WindowPoSt 1.2.0 (default) or 1.0.0; WinningPoSt 1.0.0.")
        String apiVersion;

        @Option(names = "--miner-id", paramLabel = "N", description = "The miner (actor id), sent as Curio sends it.")
        long minerId;

        @Option(names = "--request-id", paramLabel = "ID", description = "The request's id (default as Curio's:"
            + " wdpost-MINER-PARTITION-… or winpost-MINER-…).")
        String requestId;

        @Option(names = "--proof", required = true, paramLabel = "FILE", description = "Output: the proof, 192"
            + " bytes.")
        Path proof;

        @Option(names = "--verbose", description = "Print stack traces with errors.")
        boolean verbose;

        @Override
        public Integer call()
        {
            return CliSupport.run("cuzk post", verbose, () ->
            {
                final RegisteredPostProof p = PostCommand.registeredProof(kind, sectorSize, apiVersion);
                final byte[] seed = PostCommand.randomness(randomness);
                final boolean window = p.kind() == RegisteredPostProof.Kind.WINDOW;
                final SubmitProofRequest.Builder request = SubmitProofRequest.newBuilder().setRequestId(requestId
                    != null ? requestId : window ? "wdpost-" + minerId + "-" + partition + "-"
                    + HexFormat.of().formatHex(seed, 0, 8) : "winpost-" + minerId + "-" + HexFormat.of().formatHex(
                    seed, 0, 8)).setProofKind(window ? ProofKind.WINDOW_POST_PARTITION : ProofKind.WINNING_POST)
                    .setSectorSize(p.sectorBytes()).setRegisteredProof(p.id()).setPriority(window ? Priority.HIGH
                    : Priority.CRITICAL).setMinerId(minerId).setRandomness(ByteString.copyFrom(seed))
                    .setPartitionIndex(partition);
                final Object[] inputs = new Object[2 * vanilla.size()];
                for (int i = 0; i < vanilla.size(); i++)
                {
                    request.addVanillaProofs(ByteString.copyFrom(InputFile.readBounded(vanilla.get(i),
                        MAX_C1_BYTES, "a vanilla proof")));
                    inputs[2 * i] = "--vanilla";
                    inputs[2 * i + 1] = vanilla.get(i);
                }
                final OutputFiles outputs = OutputFiles.of("--proof", proof).refuseInputs(inputs);
                return submit(where, request.build(), outputs, proof, p.toString());
            });
        }
    }

    /** {@code jprove cuzk snap}. */
    @Command(name = "snap", mixinStandardHelpOptions = true, description = "A SnapDeals update from its partitions'"
        + " vanilla proofs through the API's Prove, as Curio's ProveUpdateCuzk sends it.")
    static final class Snap implements Callable<Integer>
    {
        @picocli.CommandLine.Mixin
        Where where = new Where();

        @Option(names = "--sector-size", required = true, description = "The sector's size: 2KiB ... 64GiB.")
        String sectorSize;

        @Option(names = "--vanilla", required = true, paramLabel = "FILE", description = "A partition's vanilla proof"
            + " (PartitionProof, bincode); repeat in partition order.")
        List<Path> vanilla = new ArrayList<>();

        @Option(names = "--comm-r-old", required = true, description = "comm_r before the update: hex or CID.")
        String commROld;

        @Option(names = "--comm-d-new", required = true, description = "The new data's comm_d: hex or CID.")
        String commDNew;

        @Option(names = "--comm-r-new", required = true, description = "comm_r after the update: hex or CID.")
        String commRNew;

        @Option(names = "--miner-id", paramLabel = "N", description = "The miner (actor id), sent as Curio sends it.")
        long minerId;

        @Option(names = "--sector", paramLabel = "N", description = "The sector number, sent as Curio sends it.")
        long sector;

        @Option(names = "--proof", required = true, paramLabel = "FILE", description = "Output: the proof, 192"
            + " bytes per partition.")
        Path proof;

        @Option(names = "--verbose", description = "Print stack traces with errors.")
        boolean verbose;

        @Override
        public Integer call()
        {
            return CliSupport.run("cuzk snap", verbose, () ->
            {
                final long bytes = RegisteredSealProof.parseSectorSize(sectorSize);
                final long[] sizes = {2L << 10, 8L << 20, 512L << 20, 32L << 30, 64L << 30};
                int id = 0;
                while (sizes[id] != bytes)
                {
                    id++;
                }
                final SubmitProofRequest.Builder request = SubmitProofRequest.newBuilder().setRequestId("snap-"
                    + minerId + "-" + sector).setProofKind(ProofKind.SNAP_DEALS_UPDATE).setSectorSize(bytes)
                    .setRegisteredProof(id).setPriority(Priority.NORMAL).setSectorNumber(sector).setMinerId(minerId)
                    .setCommROld(ByteString.copyFrom(SnapCommand.commitment("--comm-r-old", commROld,
                        CommitmentCid.SEALED))).setCommDNew(ByteString.copyFrom(SnapCommand.commitment("--comm-d-new",
                        commDNew, CommitmentCid.UNSEALED))).setCommRNew(ByteString.copyFrom(SnapCommand.commitment(
                        "--comm-r-new", commRNew, CommitmentCid.SEALED)));
                final Object[] inputs = new Object[2 * vanilla.size()];
                for (int i = 0; i < vanilla.size(); i++)
                {
                    request.addVanillaProofs(ByteString.copyFrom(InputFile.readBounded(vanilla.get(i),
                        MAX_C1_BYTES, "a vanilla proof")));
                    inputs[2 * i] = "--vanilla";
                    inputs[2 * i + 1] = vanilla.get(i);
                }
                final OutputFiles outputs = OutputFiles.of("--proof", proof).refuseInputs(inputs);
                return submit(where, request.build(), outputs, proof, "SnapDeals " + sectorSize);
            });
        }
    }

    /** {@code jprove cuzk status}. */
    @Command(name = "status", mixinStandardHelpOptions = true, description = "The API's GetStatus: devices,"
        + " resident parameters, queues by proof kind, totals.")
    static final class Status implements Callable<Integer>
    {
        @picocli.CommandLine.Mixin
        Where where = new Where();

        @Override
        public Integer call()
        {
            return CliSupport.run("cuzk status", false, () ->
            {
                try (CuzkChannel channel = where.connect())
                {
                    final GetStatusResponse s;
                    try
                    {
                        s = channel.stub.getStatus(GetStatusRequest.getDefaultInstance());
                    }
                    catch (final StatusRuntimeException e)
                    {
                        throw where.refused(e);
                    }
                    System.out.println("up " + s.getUptimeSeconds() + " s; proofs completed "
                        + s.getTotalProofsCompleted() + ", failed " + s.getTotalProofsFailed());
                    for (final GPUStatus g : s.getGpusList())
                    {
                        System.out.println("device " + g.getOrdinal() + " " + g.getName() + (g.getCurrentJobId()
                            .isEmpty() ? " idle" : " proving " + g.getCurrentJobId() + " (" + g.getCurrentProofKind()
                            + ")"));
                    }
                    for (final QueueStatus q : s.getQueuesList())
                    {
                        System.out.println("queue " + q.getProofKind() + ": " + q.getPending() + " pending, "
                            + q.getInProgress() + " in progress");
                    }
                    for (final SRSStatus k : s.getLoadedSrsList())
                    {
                        System.out.println("parameters " + k.getCircuitId() + " " + k.getTier() + ", "
                            + k.getSizeBytes() + " bytes, " + k.getRefCount() + " job(s)");
                    }
                }
                return CliSupport.OK;
            });
        }
    }
}
