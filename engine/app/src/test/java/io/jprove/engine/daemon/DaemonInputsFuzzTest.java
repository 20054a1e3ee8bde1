package io.jprove.engine.daemon;

import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.SplittableRandom;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.google.protobuf.ByteString;
import com.google.protobuf.InvalidProtocolBufferException;

import io.jprove.engine.daemon.rpc.BuiltinCircuit;
import io.jprove.engine.daemon.rpc.CircomParams;
import io.jprove.engine.daemon.rpc.CircomZkey;
import io.jprove.engine.daemon.rpc.ProofRequest;
import io.jprove.engine.formats.Mutator;

/**
 * A bounded, seeded fuzz run of what the daemon reads from outside: its settings file, and proof requests (their
 * bytes, then their fields and witness). Every settings mutant ends in settings or an IllegalArgumentException naming
 * the file; every request mutant in a parse error (answered INVALID_ARGUMENT), a {@link RequestException} INVALID
 * naming the field, or an accepted request, within the time limit; anything else fails the run, naming the seed and
 * the input's number ({@code -Djprove.fuzz.seed=N} replays it).
 */
class DaemonInputsFuzzTest
{
    private static final long SEED = Long.getLong("jprove.fuzz.seed", 27);
    private static final int SETTINGS = 1500;
    private static final int REQUESTS = 1500;
    private static final Duration LIMIT = Duration.ofSeconds(120);
    private static final String[] SETTINGS_TOKENS = {"=", ":", "\n", "#", " ", "0", "-1", "4294967296",
        "99999999999999999999", "m", "g", "k", "ms", "s", "h", "d", "off", "sync", "async", "none", "cpu", "cuda:0",
        "cuda:99", "auto", "/", ",", "..", "\\", "workers", "threads", "data-dir", "key-roots", "disk-reserve",
        "result-retention", "queue-capacity", "max-request-bytes", "journal-sync", "timeline", "device",
        "cluster", "jdbc:postgresql://", "memory-budget", "cluster-lease", "token-file", "\u0000", "\u00e9"};

    @TempDir
    Path dir;

    /** A settings file of every key but the listeners (whose host names are resolved, which would reach DNS). */
    private String settings()
    {
        return "# fuzz\ndata-dir = " + dir.resolve("data") + "\nkey-roots = " + dir + ", /var/tmp\n"
            + "disk-reserve = 64m\ndevice = cpu\nworkers = 2\nthreads = 2\nqueue-capacity = 8\n"
            + "max-request-bytes = 1048576\nresult-retention = 90s\njournal-sync = async\ntimeline = off\n";
    }

    @Test
    void shouldReadOrNameTheFileWhenSettingsAreMutated()
    {
        final Mutator m = new Mutator(new SplittableRandom(SEED));
        final Path file = dir.resolve("fuzz.properties");
        assertTimeoutPreemptively(LIMIT, () ->
        {
            int read = 0;
            for (int i = 0; i < SETTINGS; i++)
            {
                final String text = m.text(settings(), SETTINGS_TOKENS);
                if (text.contains("listen") || text.contains("token-file") || text.contains("password-file"))
                {
                    // a host to resolve, or a file to read that the fuzz cannot promise is small and regular
                    continue;
                }
                Files.writeString(file, text);
                try
                {
                    DaemonConfig.read(file);
                    read++;
                }
                catch (final IllegalArgumentException e)
                {
                    if (e.getMessage() == null || !e.getMessage().startsWith(file.toString()))
                    {
                        throw new AssertionError("settings mutant " + i + " (seed " + SEED + "): the error does not"
                            + " name the file: " + e.getMessage(), e);
                    }
                }
                catch (final RuntimeException | StackOverflowError | OutOfMemoryError e)
                {
                    throw new AssertionError("settings mutant " + i + " (seed " + SEED + "): " + e, e);
                }
            }
            System.out.println("fuzz settings: " + read + " of " + SETTINGS + " read, the rest refused");
        });
    }

    @Test
    void shouldParseCheckOrRefuseEveryMutatedRequest() throws Exception
    {
        // real keys and circuits, so that unmutated fields pass admission and a mutant can be accepted
        final DaemonFixtures f = DaemonFixtures.in(dir);
        final ByteString witness = ByteString.copyFrom(Files.readAllBytes(f.wtns));
        final List<ProofRequest> seeds = List.of(
            ProofRequest.newBuilder().setRequestId("z").setZkey(CircomZkey.newBuilder()
                .setZkeyPath(f.cubicZkey.toString()).setWtns(witness)).build(),
            ProofRequest.newBuilder().setRequestId("c").setPriority(3).setCircom(CircomParams.newBuilder()
                .setParamsPath(f.cubicParams.toString()).setR1CsPath(f.r1cs.toString()).setWtns(witness)).build(),
            ProofRequest.newBuilder().setRequestId("b").setBuiltin(BuiltinCircuit.newBuilder()
                .setName(DaemonFixtures.CHAIN).setParamsPath(f.chainParams.toString()).setPartitions(3).setSeed(5))
                .build());
        final Path spool = Files.createDirectories(dir.resolve("spool"));
        final Requests requests = new Requests(spool, new KeyRoots(List.of(dir.toAbsolutePath())),
            new DiskSpace(dir, 0, p -> Long.MAX_VALUE), new Admission(Long.MAX_VALUE, Long.MAX_VALUE, k -> false));
        final Mutator m = new Mutator(new SplittableRandom(SEED + 1));
        assertTimeoutPreemptively(LIMIT, () ->
        {
            int accepted = 0;
            int unparsed = 0;
            for (int i = 0; i < REQUESTS; i++)
            {
                final byte[] bytes = m.bytes(seeds.get(i % seeds.size()).toByteArray());
                final ProofRequest r;
                try
                {
                    r = ProofRequest.parseFrom(bytes);
                }
                catch (final InvalidProtocolBufferException e)
                {
                    unparsed++;
                    continue;
                }
                try
                {
                    final Requests.Checked c = requests.check(r);
                    accepted++;
                    if (c.incoming() != null)
                    {
                        Files.deleteIfExists(c.incoming());
                    }
                }
                catch (final RequestException e)
                {
                    if (e.reason() != RequestException.Reason.INVALID || e.getMessage() == null)
                    {
                        throw new AssertionError("request mutant " + i + " (seed " + SEED + "): " + e, e);
                    }
                }
                catch (final RuntimeException | StackOverflowError | OutOfMemoryError e)
                {
                    throw new AssertionError("request mutant " + i + " (seed " + SEED + "): " + e, e);
                }
            }
            try (var left = Files.list(spool))
            {
                if (left.findAny().isPresent())
                {
                    throw new AssertionError("a refused request left a file in the spool");
                }
            }
            System.out.println("fuzz requests: " + accepted + " accepted, " + unparsed + " unparseable, the rest"
                + " refused, of " + REQUESTS);
        });
    }
}
