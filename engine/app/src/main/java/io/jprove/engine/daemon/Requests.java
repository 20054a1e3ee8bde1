package io.jprove.engine.daemon;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.function.IntConsumer;
import java.util.function.LongFunction;

import com.google.protobuf.CodedOutputStream;

import io.jprove.engine.daemon.rpc.ProofRequest;
import io.jprove.engine.formats.circom.CircomWitness;
import io.jprove.engine.r1cs.MalformedFileException;

/**
 * Checks a proof request before it is journaled, so that what is accepted can be proved: the request id, one
 * circuit, absolute paths to readable regular files under the daemon's {@link KeyRoots}, a known built-in circuit,
 * a witness file that parses, room on the disk for it, and the job's {@link Admission} (its shape against its key's,
 * its memory against the budget and the host's). A refusal names the request field
 * ({@code zkey.zkey_path}, {@code circom.wtns}, ...). Paths are normalized before the request's digest is taken, so
 * {@code /a/./b.zkey} and {@code /a/b.zkey} are the same payload. Thread-safe.
 */
final class Requests
{
    /** The longest request id accepted. */
    static final int MAX_REQUEST_ID_CHARS = 256;
    /** The most partitions a built-in job may have. */
    static final int MAX_PARTITIONS = 4096;

    private final Path spoolDir;
    private final KeyRoots roots;
    private final DiskSpace disk;
    private final Admission admission;

    /**
     * @param spoolDir  where witnesses wait.
     * @param roots     the folders key and circuit files may be read from.
     * @param disk      the free space a witness is checked against before it is written.
     * @param admission what a job is compared with before it is accepted.
     */
    Requests(final Path spoolDir, final KeyRoots roots, final DiskSpace disk, final Admission admission)
    {
        this.spoolDir = spoolDir;
        this.roots = roots;
        this.disk = disk;
        this.admission = admission;
    }

    /**
     * A checked request.
     *
     * @param digest   SHA-256 of the request less its id: what "the same payload" means.
     * @param spec     the job's spec, given its id (the witness spool file is named by it).
     * @param incoming the witness, written and parsed, waiting in the spool to be moved under the job's id; or null.
     * @param witness  the witness bytes (empty when none).
     */
    record Checked(String requestId, int priority, byte[] digest, LongFunction<JobSpec> spec, Path incoming,
        byte[] witness)
    {
    }

    /**
     * @throws RequestException INVALID naming the field at fault, NO_SPACE when the disk cannot take the witness,
     *                          TOO_LARGE when the job needs more memory than the daemon has.
     */
    Checked check(final ProofRequest request)
    {
        final String id = request.getRequestId();
        if (id.isEmpty() || id.length() > MAX_REQUEST_ID_CHARS || id.chars().anyMatch(c -> c < ' ' || c == 127))
        {
            throw invalid("request_id must be 1 to " + MAX_REQUEST_ID_CHARS + " printable characters, got "
                + (id.isEmpty() ? "none" : id.length() + " characters"));
        }
        final byte[] digest = digest(normalized(request));
        return switch (request.getCircuitCase())
        {
            case BUILTIN ->
            {
                final var b = request.getBuiltin();
                try
                {
                    BuiltinPartitions.check(b.getName());
                }
                catch (final IllegalArgumentException e)
                {
                    throw invalid("builtin.name: " + e.getMessage());
                }
                if (b.getPartitions() < 1 || b.getPartitions() > MAX_PARTITIONS)
                {
                    throw invalid("builtin.partitions must be in [1, " + MAX_PARTITIONS + "], got "
                        + Integer.toUnsignedString(b.getPartitions()));
                }
                final Path params = roots.require("builtin.params_path", b.getParamsPath());
                admission.builtin(b.getName(), params, "builtin.params_path");
                final JobSpec spec = new JobSpec.Builtin(b.getName(), params, b.getPartitions(), b.getSeed());
                yield new Checked(id, request.getPriority(), digest, job -> spec, null, new byte[0]);
            }
            case CIRCOM ->
            {
                final var c = request.getCircom();
                final Path params = roots.require("circom.params_path", c.getParamsPath());
                final Path r1cs = roots.require("circom.r1cs_path", c.getR1CsPath());
                final byte[] wtns = c.getWtns().toByteArray();
                final Path incoming = witness("circom.wtns", wtns,
                    wires -> admission.circom(params, r1cs, wires, "circom.params_path"));
                yield new Checked(id, request.getPriority(), digest,
                    job -> new JobSpec.Circom(params, r1cs, JournalRecord.witnessFile(spoolDir, job)), incoming, wtns);
            }
            case ZKEY ->
            {
                final var z = request.getZkey();
                final Path zkey = roots.require("zkey.zkey_path", z.getZkeyPath());
                final byte[] wtns = z.getWtns().toByteArray();
                final Path incoming = witness("zkey.wtns", wtns, wires -> admission.zkey(zkey, wires));
                yield new Checked(id, request.getPriority(), digest,
                    job -> new JobSpec.Zkey(zkey, JournalRecord.witnessFile(spoolDir, job)), incoming, wtns);
            }
            case CIRCUIT_NOT_SET -> throw invalid("the request names no circuit: set builtin, circom or zkey");
        };
    }

    private static RequestException invalid(final String message)
    {
        return new RequestException(RequestException.Reason.INVALID, message);
    }

    /**
     * @return the key a PreloadKey request names, once its file is a readable regular file under the key roots.
     * @throws RequestException INVALID naming the field.
     */
    KeyRef key(final io.jprove.engine.daemon.rpc.KeyRef request)
    {
        return switch (request.getKeyCase())
        {
            case PARAMS_PATH -> KeyRef.params(roots.require("params_path", request.getParamsPath()));
            case ZKEY_PATH -> KeyRef.zkey(roots.require("zkey_path", request.getZkeyPath()));
            case KEY_NOT_SET -> throw invalid("the key request names no key: set params_path or zkey_path");
        };
    }

    /**
     * Writes the witness into the spool under a fresh name, parses it and admits the job given its values; deleted
     * again if it does not parse or the job is refused.
     */
    private Path witness(final String field, final byte[] wtns, final IntConsumer admit)
    {
        if (wtns.length == 0)
        {
            throw invalid(field + " is empty: send the .wtns file's bytes");
        }
        // once in the spool and once in the journal
        disk.requireRoomFor(2L * wtns.length, field);
        Path incoming = null;
        try
        {
            Files.createDirectories(spoolDir);
            incoming = Files.createTempFile(spoolDir, "incoming-", ".wtns");
            Files.write(incoming, wtns);
        }
        catch (final IOException e)
        {
            if (incoming != null)
            {
                deleteQuietly(incoming);
            }
            disk.requireRoomFor(2L * wtns.length, field);
            throw new UncheckedIOException("cannot write to the witness spool " + spoolDir + ": " + e.getMessage(), e);
        }
        try (CircomWitness w = CircomWitness.open(incoming))
        {
            if (w.size() < 1)
            {
                throw invalid(field + " holds no values");
            }
            admit.accept(w.size());
            return incoming;
        }
        catch (final MalformedFileException e)
        {
            deleteQuietly(incoming);
            throw invalid(field + ": " + e.getMessage().replace(incoming.toString() + ": ", ""));
        }
        catch (final RuntimeException e)
        {
            deleteQuietly(incoming);
            throw e;
        }
    }

    private static void deleteQuietly(final Path file)
    {
        try
        {
            Files.deleteIfExists(file);
        }
        catch (final IOException e)
        {
            // the spool is cleaned at the next start
        }
    }

    /** @return the request with every path normalized as it will be used (an unparseable path is left as sent). */
    private static ProofRequest normalized(final ProofRequest request)
    {
        final ProofRequest.Builder b = request.toBuilder();
        switch (request.getCircuitCase())
        {
            case BUILTIN -> b.getBuiltinBuilder().setParamsPath(normal(request.getBuiltin().getParamsPath()));
            case CIRCOM -> b.getCircomBuilder().setParamsPath(normal(request.getCircom().getParamsPath()))
                .setR1CsPath(normal(request.getCircom().getR1CsPath()));
            case ZKEY -> b.getZkeyBuilder().setZkeyPath(normal(request.getZkey().getZkeyPath()));
            case CIRCUIT_NOT_SET ->
            {
            }
        }
        return b.build();
    }

    private static String normal(final String path)
    {
        try
        {
            return Path.of(path).normalize().toString();
        }
        catch (final java.nio.file.InvalidPathException e)
        {
            return path;
        }
    }

    private static byte[] digest(final ProofRequest request)
    {
        final ProofRequest payload = request.toBuilder().clearRequestId().build();
        try
        {
            final ByteArrayOutputStream buffer = new ByteArrayOutputStream(payload.getSerializedSize());
            final CodedOutputStream out = CodedOutputStream.newInstance(buffer);
            // field order fixed, so two equal payloads have the same bytes
            out.useDeterministicSerialization();
            payload.writeTo(out);
            out.flush();
            return MessageDigest.getInstance("SHA-256").digest(buffer.toByteArray());
        }
        catch (final IOException | NoSuchAlgorithmException e)
        {
            throw new IllegalStateException("digest of a request: " + e, e);
        }
    }
}
