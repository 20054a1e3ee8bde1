package io.jprove.engine.cli;

import java.nio.file.Files;
import java.nio.file.Path;
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

import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code jprove cuzk prove|status}: a client of cuzk's proving API as Curio calls it, for a jprove daemon's (the
 * {@code cuzk-socket} and {@code cuzk-listen} settings) or cuzk's own: {@code prove} sends a C1 output as Curio's
 * {@code PoRepSnarkCuzk} does and writes the proof; {@code status} prints GetStatus.
 */
@Command(name = "cuzk", description = "Talk to a cuzk proving API (a jprove daemon's, or cuzk's) as Curio does.",
    mixinStandardHelpOptions = true, subcommands = {CuzkCommand.Prove.class, CuzkCommand.Status.class})
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
                    System.out.println("cuzk prove: job " + r.getJobId() + " (" + p + ") proved at " + where.address
                        + ": " + r.getProof().size() + " proof bytes written to " + proof + "; queue "
                        + r.getQueueWaitMs() + " ms, parameters " + r.getSrsLoadMs() + " ms, synthesis "
                        + r.getSynthesisMs() + " ms, device " + r.getGpuComputeMs() + " ms, total " + r.getTotalMs()
                        + " ms (" + CliSupport.ms(t0) + " here)");
                }
                return CliSupport.OK;
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
