package io.jprove.engine.daemon;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.function.LongFunction;

import com.google.protobuf.CodedOutputStream;

import io.jprove.engine.daemon.rpc.ProofRequest;
import io.jprove.engine.formats.circom.CircomWitness;
import io.jprove.engine.r1cs.MalformedFileException;

/**
 * Checks a proof request before it is journaled, so that what is accepted can be proved: the request id, one
 * circuit, absolute paths to readable files on the daemon's host, a known built-in circuit, and a witness file that
 * parses. A refusal names the request field ({@code zkey.zkey_path}, {@code circom.wtns}, ...).
 */
final class Requests
{
    /** The longest request id accepted. */
    static final int MAX_REQUEST_ID_CHARS = 256;
    /** The most partitions a built-in job may have. */
    static final int MAX_PARTITIONS = 4096;

    private Requests()
    {
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
     * @throws RequestException INVALID naming the field at fault.
     */
    static Checked check(final ProofRequest request, final Path spoolDir)
    {
        final String id = request.getRequestId();
        if (id.isEmpty() || id.length() > MAX_REQUEST_ID_CHARS || id.chars().anyMatch(c -> c < ' ' || c == 127))
        {
            throw invalid("request_id must be 1 to " + MAX_REQUEST_ID_CHARS + " printable characters, got "
                + (id.isEmpty() ? "none" : id.length() + " characters"));
        }
        final byte[] digest = digest(request);
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
                final Path params = file("builtin.params_path", b.getParamsPath());
                final JobSpec spec = new JobSpec.Builtin(b.getName(), params, b.getPartitions(), b.getSeed());
                yield new Checked(id, request.getPriority(), digest, job -> spec, null, new byte[0]);
            }
            case CIRCOM ->
            {
                final var c = request.getCircom();
                final Path params = file("circom.params_path", c.getParamsPath());
                final Path r1cs = file("circom.r1cs_path", c.getR1CsPath());
                final byte[] wtns = c.getWtns().toByteArray();
                final Path incoming = witness("circom.wtns", wtns, spoolDir);
                yield new Checked(id, request.getPriority(), digest,
                    job -> new JobSpec.Circom(params, r1cs, JournalRecord.witnessFile(spoolDir, job)), incoming, wtns);
            }
            case ZKEY ->
            {
                final var z = request.getZkey();
                final Path zkey = file("zkey.zkey_path", z.getZkeyPath());
                final byte[] wtns = z.getWtns().toByteArray();
                final Path incoming = witness("zkey.wtns", wtns, spoolDir);
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

    private static Path file(final String field, final String text)
    {
        if (text.isEmpty())
        {
            throw invalid(field + " is missing");
        }
        final Path p = Path.of(text);
        if (!p.isAbsolute())
        {
            throw invalid(field + " \"" + text + "\" is not an absolute path (the daemon resolves no relative paths)");
        }
        if (!Files.isRegularFile(p) || !Files.isReadable(p))
        {
            throw invalid(field + ": " + text + " is not a readable file on the daemon's host");
        }
        return p.normalize();
    }

    /** Writes the witness into the spool under a fresh name and parses it; deleted again if it does not parse. */
    private static Path witness(final String field, final byte[] wtns, final Path spoolDir)
    {
        if (wtns.length == 0)
        {
            throw invalid(field + " is empty: send the .wtns file's bytes");
        }
        final Path incoming;
        try
        {
            Files.createDirectories(spoolDir);
            incoming = Files.createTempFile(spoolDir, "incoming-", ".wtns");
            Files.write(incoming, wtns);
        }
        catch (final IOException e)
        {
            throw new UncheckedIOException("cannot write to the witness spool " + spoolDir, e);
        }
        try (CircomWitness w = CircomWitness.open(incoming))
        {
            if (w.size() < 1)
            {
                throw invalid(field + " holds no values");
            }
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
