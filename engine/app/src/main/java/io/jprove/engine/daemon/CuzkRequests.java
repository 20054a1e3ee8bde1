package io.jprove.engine.daemon;

import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.DigestOutputStream;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.function.LongFunction;

import com.google.protobuf.CodedOutputStream;

import io.jprove.engine.daemon.cuzk.Priority;
import io.jprove.engine.daemon.cuzk.ProofKind;
import io.jprove.engine.daemon.cuzk.SubmitProofRequest;
import io.jprove.engine.porep.ParameterSet;
import io.jprove.engine.porep.PorepParameterCache;
import io.jprove.engine.porep.PorepParameterFiles;
import io.jprove.engine.porep.RegisteredSealProof;
import io.jprove.engine.porep.c1.C1File;
import io.jprove.engine.porep.c1.C1Output;
import io.jprove.engine.porep.c1.InvalidC1Exception;
import io.jprove.engine.porep.sdr.ProverId;
import io.jprove.engine.porep.vanilla.VanillaVerifier;
import io.jprove.engine.post.PostParameterFiles;
import io.jprove.engine.post.RegisteredPostProof;
import io.jprove.engine.update.UpdateParameterFiles;
import io.jprove.engine.update.UpdateShape;

/**
 * Checks a cuzk SubmitProofRequest before anything is journaled, so that what is accepted can be proved and what is
 * not is refused with one line naming the field (or, inside vanilla_proof, the JSON path): the proof kind (PoRep C2,
 * WindowPoSt, WinningPoSt, SnapDeals; non-interactive PoRep is UNSUPPORTED, named); for PoRep the C1 output (bare or
 * in the {SectorNum, Phase1Out, SectorSize} wrapper Curio sends) parsed, registered_proof and sector_size the C1
 * output's, its vanilla proofs verified (with the replica id of miner_id's sector sector_number when miner_id is set,
 * as cuzk's C2 checks its proof); for PoSt and SnapDeals their vanilla proofs read and verified (see their methods);
 * then, for every kind, the parameters in the parameter cache (else PRECONDITION), the memory a partition and the key
 * need ({@link Admission}, else TOO_LARGE), and room on the disk for the inputs. Thread-safe.
 */
final class CuzkRequests
{
    /** What a cuzk PoRep job is called where jobs are counted by kind (cuzk's name for it). */
    static final String POREP_KIND = "porep-c2";

    private final Path spoolDir;
    private final Path parameterCache;
    private final DiskSpace disk;
    private final Admission admission;

    /**
     * @param spoolDir       where inputs wait.
     * @param parameterCache Filecoin's parameter cache, where the parameters are looked up.
     * @param disk           the free space a C1 output is checked against before it is written.
     * @param admission      what a job's memory is compared with before it is accepted.
     */
    CuzkRequests(final Path spoolDir, final Path parameterCache, final DiskSpace disk, final Admission admission)
    {
        this.spoolDir = spoolDir;
        this.parameterCache = parameterCache;
        this.disk = disk;
        this.admission = admission;
    }

    /**
     * A checked request.
     *
     * @param priority the jprove priority.
     * @param digest   SHA-256 of the request less its id (priority as resolved): what "the same request" means.
     * @param spec     the job's spec, given its id (the spool file is named by it).
     * @param incoming the C1 output, written to the spool, to be moved under the job's id.
     * @param c1       its bytes, for the journal.
     */
    record Checked(int priority, byte[] digest, LongFunction<JobSpec> spec, Path incoming, byte[] c1)
    {
    }

    /** @return the jprove priority of a cuzk priority: LOW 1 ... CRITICAL 4; unspecified or unknown NORMAL (2). */
    static int priority(final SubmitProofRequest request)
    {
        final int p = request.getPriorityValue();
        return p >= Priority.LOW_VALUE && p <= Priority.CRITICAL_VALUE ? p : Priority.NORMAL_VALUE;
    }

    /**
     * @throws RequestException INVALID naming the field, UNSUPPORTED naming the kind, PRECONDITION naming the
     *                          parameter file, NO_SPACE when the disk cannot take the C1 output.
     */
    Checked check(final SubmitProofRequest request)
    {
        switch (request.getProofKind())
        {
            case POREP_SEAL_COMMIT ->
            {
            }
            case WINDOW_POST_PARTITION, WINNING_POST ->
            {
                return checkPost(request);
            }
            case SNAP_DEALS_UPDATE ->
            {
                return checkSnap(request);
            }
            default -> throw invalid("proof_kind " + request.getProofKindValue() + " is not a proof kind;"
                + " POREP_SEAL_COMMIT is proved");
        }
        final byte[] bytes = request.getVanillaProof().toByteArray();
        if (bytes.length == 0)
        {
            throw invalid("vanilla_proof is empty: send the C1 output (bare, or wrapped as Curio wraps it)");
        }
        final C1File file;
        try
        {
            file = C1File.parse(bytes);
        }
        catch (final IllegalArgumentException e)
        {
            throw invalid("vanilla_proof: " + e.getMessage());
        }
        final C1Output c1 = file.output();
        final RegisteredSealProof proof = c1.registeredProof();
        if (request.getRegisteredProof() != proof.id())
        {
            throw invalid("registered_proof " + Long.toUnsignedString(request.getRegisteredProof()) + " is not the"
                + " C1 output's " + proof + " (" + proof.id() + ")");
        }
        if (request.getSectorSize() != proof.sectorBytes())
        {
            throw invalid("sector_size " + Long.toUnsignedString(request.getSectorSize()) + " is not the size of "
                + proof + " (" + proof.sectorBytes() + " bytes)");
        }
        if (file.wrapped() && file.wrapper().sectorNum() != request.getSectorNumber())
        {
            throw invalid("sector_number " + Long.toUnsignedString(request.getSectorNumber()) + " is not the"
                + " wrapper's SectorNum " + Long.toUnsignedString(file.wrapper().sectorNum()));
        }
        if (proof.feature() == RegisteredSealProof.Feature.NON_INTERACTIVE_POREP)
        {
            throw new RequestException(RequestException.Reason.UNSUPPORTED, "registered_proof " + proof
                + ": non-interactive PoRep (aggregated proofs) is not proved by jprove yet");
        }
        try
        {
            VanillaVerifier.verify(c1, request.getMinerId() == 0 ? null : new VanillaVerifier.Identity(
                ProverId.ofMiner(request.getMinerId()), request.getSectorNumber()));
        }
        catch (final InvalidC1Exception e)
        {
            // the verifier's paths are the C1 output's; in the wrapper it is the decoded Phase1Out
            throw invalid("vanilla_proof: " + (file.wrapped() ? "$.Phase1Out→" : "") + e.getMessage());
        }
        final Path params = parameters(PorepParameterFiles.set(proof), proof.toString());
        admission.filecoin(params, "porep-" + proof.sizeName());
        final int priority = priority(request);
        final byte[] digest = digest(request.toBuilder().clearRequestId().setPriorityValue(priority).build());
        final Path incoming = spool(bytes);
        return new Checked(priority, digest, job -> new JobSpec.Porep(proof, params,
            JournalRecord.c1File(spoolDir, job)), incoming, bytes);
    }

    /**
     * Checks a PoSt request: registered_proof a PoSt proof of the request's kind, sector_size its size, then the
     * partition its vanilla_proofs make (each read, vanilla-verified and its challenged leaves checked against the
     * randomness's, naming {@code vanilla_proofs[i]}), then the parameters in the parameter cache.
     */
    private Checked checkPost(final SubmitProofRequest request)
    {
        final RegisteredPostProof proof;
        try
        {
            proof = RegisteredPostProof.ofId(request.getRegisteredProof());
        }
        catch (final IllegalArgumentException e)
        {
            throw invalid("registered_proof: " + e.getMessage());
        }
        final RegisteredPostProof.Kind kind = request.getProofKind() == ProofKind.WINNING_POST
            ? RegisteredPostProof.Kind.WINNING : RegisteredPostProof.Kind.WINDOW;
        if (proof.kind() != kind)
        {
            throw invalid("registered_proof " + proof.id() + " is " + proof + ", not a " + kind.word() + " PoSt proof"
                + " as proof_kind " + request.getProofKind() + " needs");
        }
        if (request.getSectorSize() != proof.sectorBytes())
        {
            throw invalid("sector_size " + Long.toUnsignedString(request.getSectorSize()) + " is not the size of "
                + proof + " (" + proof.sectorBytes() + " bytes)");
        }
        final byte[] inputs = PostInputs.of(request);
        try
        {
            PostInputs.partition(proof, inputs);
        }
        catch (final IllegalArgumentException e)
        {
            throw invalid(e.getMessage());
        }
        final Path params = parameters(PostParameterFiles.set(proof), proof.toString());
        admission.filecoin(params, proof.toString());
        final int priority = priority(request);
        final byte[] digest = digest(request.toBuilder().clearRequestId().setPriorityValue(priority).build());
        final Path incoming = spool(inputs);
        return new Checked(priority, digest, job -> new JobSpec.Post(proof, params, JournalRecord.postFile(spoolDir,
            job)), incoming, inputs);
    }

    /**
     * Checks a SnapDeals request: registered_proof one of the FFI's {@code RegisteredUpdateProof} (0 to 4: 2KiB to
     * 64GiB) and sector_size its size, then its partitions (each vanilla proof read and verified against comm_r_old,
     * comm_d_new and comm_r_new, naming {@code vanilla_proofs[k]}), then the parameters in the parameter cache.
     */
    private Checked checkSnap(final SubmitProofRequest request)
    {
        final long[] sizes = {2L << 10, 8L << 20, 512L << 20, 32L << 30, 64L << 30};
        final long id = request.getRegisteredProof();
        if (id < 0 || id >= sizes.length)
        {
            throw invalid("registered_proof " + Long.toUnsignedString(id) + " is not a registered update proof (0 to "
                + (sizes.length - 1) + ": StackedDrg2KiBV1 to StackedDrg64GiBV1)");
        }
        if (request.getSectorSize() != sizes[(int)id])
        {
            throw invalid("sector_size " + Long.toUnsignedString(request.getSectorSize()) + " is not the size of "
                + "registered_proof " + id + " (" + sizes[(int)id] + " bytes)");
        }
        final UpdateShape shape = UpdateShape.of(RegisteredSealProof.of(sizes[(int)id],
            RegisteredSealProof.ApiVersion.V1_1_0, RegisteredSealProof.Feature.NONE).sizeName());
        final byte[] inputs = SnapInputs.of(request);
        try
        {
            SnapInputs.partitions(shape, inputs);
        }
        catch (final IllegalArgumentException e)
        {
            throw invalid(e.getMessage());
        }
        final Path params = parameters(UpdateParameterFiles.set(shape), shape.name());
        admission.filecoin(params, shape.name());
        final int priority = priority(request);
        final byte[] digest = digest(request.toBuilder().clearRequestId().setPriorityValue(priority).build());
        final Path incoming = spool(inputs);
        return new Checked(priority, digest, job -> new JobSpec.Snap(shape, params, JournalRecord.snapFile(spoolDir,
            job)), incoming, inputs);
    }

    /**
     * @return a circuit's {@code .params} in the parameter cache, with its {@code .vk} beside it; the {@code .vk}
     *         of Filecoin's published files checked against parameters.json's digest (jprove's own, marked, have none)
     * @throws RequestException PRECONDITION naming the file that is missing, unreadable or not the published one
     */
    private Path parameters(final ParameterSet set, final String proof)
    {
        try
        {
            final PorepParameterCache.Located files = PorepParameterCache.locate(parameterCache, set);
            if (!Files.isReadable(files.params()))
            {
                throw new IllegalArgumentException(files.params() + " is not readable by the daemon");
            }
            if (!files.jproveMade())
            {
                PorepParameterCache.checkDigest(files.vk(), set.publishedDigest(set.vkName()));
            }
            return files.params();
        }
        catch (final IllegalArgumentException | IOException e)
        {
            throw new RequestException(RequestException.Reason.PRECONDITION, "the parameters of " + proof + ": "
                + e.getMessage());
        }
    }

    private static RequestException invalid(final String message)
    {
        return new RequestException(RequestException.Reason.INVALID, message);
    }

    /** Writes the C1 output into the spool under a fresh name. */
    private Path spool(final byte[] bytes)
    {
        // once in the spool and once in the journal
        disk.requireRoomFor(2L * bytes.length, "vanilla_proof");
        Path incoming = null;
        try
        {
            Files.createDirectories(spoolDir);
            incoming = Files.createTempFile(spoolDir, "incoming-", ".c1.json");
            Files.write(incoming, bytes);
            return incoming;
        }
        catch (final IOException e)
        {
            JobTable.deleteQuietly(incoming);
            throw new UncheckedIOException("cannot write to the spool " + spoolDir + ": " + e.getMessage(), e);
        }
    }

    /** @return SHA-256 of the request's deterministic bytes, after a marker of this API. */
    private static byte[] digest(final SubmitProofRequest payload)
    {
        try
        {
            final MessageDigest sha = MessageDigest.getInstance("SHA-256");
            sha.update("cuzk.v1.SubmitProofRequest\n".getBytes(StandardCharsets.US_ASCII));
            // streamed into the digest: a 32 GiB sector's C1 output is tens of megabytes
            final CodedOutputStream out = CodedOutputStream.newInstance(new DigestOutputStream(
                OutputStream.nullOutputStream(), sha), 1 << 16);
            out.useDeterministicSerialization();
            payload.writeTo(out);
            out.flush();
            return sha.digest();
        }
        catch (final IOException | NoSuchAlgorithmException e)
        {
            throw new IllegalStateException("digest of a request: " + e, e);
        }
    }
}
