package io.jprove.engine.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static io.jprove.engine.cli.CliRun.jprove;

import java.io.IOException;
import java.io.InputStream;
import java.io.RandomAccessFile;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.Base64;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.jprove.engine.formats.KeyMemory;
import io.jprove.engine.formats.circom.CircomFixtures;
import io.jprove.field.Fr;

/**
 * What the CLI reads and writes: only regular files are opened (a FIFO, a device or a folder is named, never waited
 * on), small inputs are read with a cap and a depth limit, a key whose sizes promise more than the host holds is
 * refused before it is hashed, nothing may follow a file's last section, outputs are checked before the work and
 * written together or not at all, options that would be ignored are refused, and errors name the file and the cause.
 */
class CliInputsTest
{
    private static final Duration QUICK = Duration.ofSeconds(30);

    @TempDir
    static Path dir;
    private static Path r1cs;
    private static Path wtns;
    private static Path zkey;
    private static Path params;
    private static Path vk;

    /** Asserts exit 2 and one error line holding every fragment. */
    private static String error(final CliRun run, final String... fragments)
    {
        assertEquals(CliSupport.ERROR, run.status(), run.toString());
        final String[] lines = run.err().strip().split("\n");
        final String last = lines[lines.length - 1];
        for (final String f : fragments)
        {
            assertTrue(last.contains(f), "expected \"" + f + "\" in: " + last);
        }
        assertFalse(run.err().contains("\tat "), "no stack trace: " + run.err());
        return last;
    }

    @BeforeAll
    static void setUp() throws IOException
    {
        r1cs = CircomFixtures.cubicR1cs(dir.resolve("cubic.r1cs"), Fr.MODULUS);
        wtns = CircomFixtures.cubicWtns(dir.resolve("cubic.wtns"), 35);
        zkey = dir.resolve("cubic.zkey");
        try (InputStream in = CliInputsTest.class.getResourceAsStream("/io/jprove/engine/daemon/cubic.zkey.base64"))
        {
            Files.write(zkey, Base64.getMimeDecoder().decode(in.readAllBytes()));
        }
        params = dir.resolve("cubic.params");
        vk = dir.resolve("cubic.vk");
        assertEquals(CliSupport.OK, jprove("setup", "--r1cs", r1cs, "--params", params, "--vk", vk, "--threads", 2,
            "--device", "cpu").status());
    }

    private static Path fifo(final String name) throws Exception
    {
        Assumptions.assumeTrue(System.getProperty("os.name").toLowerCase().contains("linux"), "mkfifo is Linux's");
        final Path f = dir.resolve(name);
        if (!Files.exists(f))
        {
            final Process p = new ProcessBuilder("mkfifo", f.toString()).inheritIO().start();
            Assumptions.assumeTrue(p.waitFor(10, TimeUnit.SECONDS) && p.exitValue() == 0, "mkfifo ran");
        }
        return f;
    }

    @Test
    void shouldRefuseFifoAtOnceWhereverAFileIsRead() throws Exception
    {
        final Path pipe = fifo("pipe");
        assertTimeoutPreemptively(QUICK, () ->
        {
            final String fifo = "pipe: is a FIFO (named pipe), not a regular file";
            error(jprove("prove", "--zkey", pipe, "--wtns", wtns, "--proof", dir.resolve("p1.json"), "--no-timeline"),
                fifo);
            error(jprove("prove", "--zkey", zkey, "--wtns", pipe, "--proof", dir.resolve("p1.json"), "--no-timeline"),
                fifo);
            error(jprove("prove", "--params", pipe, "--r1cs", r1cs, "--wtns", wtns, "--proof", dir.resolve("p1"),
                "--no-timeline"), fifo);
            error(jprove("verify", "--vk", pipe, "--proof", dir.resolve("p1"), "--public", dir.resolve("x")), fifo);
            error(jprove("verify", "--vk", vk, "--proof", pipe, "--public", dir.resolve("x")), fifo);
            error(jprove("setup", "--r1cs", pipe, "--params", dir.resolve("s.params"), "--vk", dir.resolve("s.vk")),
                fifo);
            error(jprove("daemon", "--config", pipe), fifo);
            error(jprove("submit", "--zkey", zkey, "--wtns", pipe, "--no-wait", "--daemon", "127.0.0.1:1"), fifo);
        });
        assertFalse(Files.exists(dir.resolve("p1.json")));
    }

    @Test
    void shouldNameFileAndCauseWhenInputIsMissingOrAFolderOrADevice()
    {
        error(jprove("prove", "--zkey", dir.resolve("nope.zkey"), "--wtns", wtns, "--proof", dir.resolve("n.json"),
            "--no-timeline"), "nope.zkey: no such file");
        error(jprove("prove", "--zkey", dir, "--wtns", wtns, "--proof", dir.resolve("n.json"), "--no-timeline"),
            dir + ": is a directory, not a file");
        error(jprove("verify", "--vk", dir, "--proof", dir.resolve("n"), "--public", dir.resolve("n")),
            dir + ": is a directory, not a file");
        if (Files.exists(Path.of("/dev/zero")))
        {
            error(jprove("verify", "--vk", vk, "--proof", "/dev/zero", "--public", dir.resolve("n")),
                "/dev/zero: is a character device, not a regular file");
        }
        if (Files.isRegularFile(Path.of("/proc/self/status")))
        {
            error(jprove("verify", "--vk", vk, "--proof", "/proc/self/status", "--public", dir.resolve("n")),
                "/proc/self/status: is a kernel interface");
        }
    }

    @Test
    void shouldCapAndDepthLimitJsonInputs() throws IOException
    {
        final Path deep = Files.writeString(dir.resolve("deep.json"), "[".repeat(50_000));
        error(jprove("verify", "--vk", vk, "--proof", deep, "--public", dir.resolve("n")),
            "deep.json: JSON at character 64: arrays and objects nest deeper than 64");
        final Path big = Files.writeString(dir.resolve("big.json"), "{" + " ".repeat(100_000) + "}");
        error(jprove("verify", "--vk", vk, "--proof", big, "--public", dir.resolve("n")),
            "big.json: more than 65536 bytes, too large for a proof.json");
        final Path huge = dir.resolve("huge-public.json");
        try (RandomAccessFile f = new RandomAccessFile(huge.toFile(), "rw"))
        {
            // sparse: 300 MB of zeros that are never read
            f.write('[');
            f.setLength(300L << 20);
        }
        final Path proof = dir.resolve("ok.proof");
        assertEquals(CliSupport.OK, jprove("prove", "--params", params, "--r1cs", r1cs, "--wtns", wtns, "--proof",
            proof, "--threads", 2, "--no-timeline", "--device", "cpu").status());
        error(jprove("verify", "--vk", vk, "--proof", proof, "--public", huge),
            "huge-public.json: more than 268435456 bytes, too large for a public.json");
        final Path digits = Files.writeString(dir.resolve("digits.json"), "[\"" + "7".repeat(5_000_000) + "\"]");
        error(jprove("verify", "--vk", vk, "--proof", proof, "--public", digits),
            "public signal [0]: a decimal string of 5000000 characters, more than any field element has");
    }

    @Test
    void shouldRefuseTrailingBytesAfterTheLastSectionOfEveryFormat() throws IOException
    {
        for (final Path f : new Path[] {zkey, wtns, r1cs})
        {
            final Path extra = dir.resolve("extra-" + f.getFileName());
            Files.write(extra, concat(Files.readAllBytes(f), new byte[7]));
            final String[] args = f == zkey ? new String[] {"--zkey", extra.toString(), "--wtns", wtns.toString()}
                : f == wtns ? new String[] {"--zkey", zkey.toString(), "--wtns", extra.toString()}
                : new String[] {"--params", params.toString(), "--r1cs", extra.toString(), "--wtns", wtns.toString()};
            final Object[] all = Stream.concat(Stream.of("prove"), Stream.concat(Arrays.stream(args),
                Stream.of("--proof", dir.resolve("t.json").toString(), "--no-timeline"))).toArray();
            error(jprove(all), extra + ": end of file at byte offset " + Files.readAllBytes(f).length + ": 7 bytes"
                + " follow the last section");
        }
        assertFalse(Files.exists(dir.resolve("t.json")));
    }

    private static byte[] concat(final byte[] a, final byte[] b)
    {
        final byte[] out = Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, out, a.length, b.length);
        return out;
    }

    @Test
    void shouldRefuseOutputsThatAreInputsOrOneFileBeforeAnyWork() throws IOException
    {
        final byte[] key = Files.readAllBytes(zkey);
        error(jprove("prove", "--zkey", zkey, "--wtns", wtns, "--proof", zkey, "--no-timeline"),
            "--proof " + zkey + " is the input --zkey " + zkey);
        assertArrayEquals(key, Files.readAllBytes(zkey), "the key is untouched");
        final Path same = dir.resolve("same.json");
        error(jprove("prove", "--zkey", zkey, "--wtns", wtns, "--proof", same, "--public", dir.resolve(".")
            .resolve("same.json"), "--no-timeline"), "are one file");
        assertFalse(Files.exists(same));
        // a hard link is the same file under another name
        final Path link = dir.resolve("wtns-link");
        Files.createLink(link, wtns);
        error(jprove("prove", "--zkey", zkey, "--wtns", wtns, "--proof", link, "--no-timeline"), "is the input --wtns");
        // an output that cannot be written is refused before the work, not after it
        final Path file = Files.writeString(dir.resolve("a-file"), "x");
        error(jprove("prove", "--zkey", zkey, "--wtns", wtns, "--proof", dir.resolve("w.json"), "--public",
            file.resolve("p.json"), "--no-timeline"), "--public " + file.resolve("p.json") + " cannot be written: "
            + file + " is not a folder");
        assertFalse(Files.exists(dir.resolve("w.json")), "no proof left behind");
        error(jprove("setup", "--r1cs", r1cs, "--params", params.resolveSibling("new.params"), "--vk",
            file.resolve("v.vk")), "--vk " + file.resolve("v.vk") + " cannot be written");
        assertFalse(Files.exists(params.resolveSibling("new.params")));
        error(jprove("prove", "--zkey", zkey, "--wtns", wtns, "--proof", dir, "--no-timeline"),
            "--proof " + dir + " is a directory");
    }

    @Test
    void shouldWriteNoOutputWhenOneOfThemFails() throws IOException
    {
        final Path a = dir.resolve("out-a");
        final Path b = dir.resolve("out-b");
        try (OutputFiles outputs = OutputFiles.of("--proof", a, "--public", b))
        {
            outputs.text(a, "first");
            assertThrows(IOException.class, () -> outputs.write(b, tmp ->
            {
                throw new IOException("No space left on device");
            }));
        }
        assertFalse(Files.exists(a) || Files.exists(b));
        try (Stream<Path> left = Files.list(dir))
        {
            assertTrue(left.noneMatch(p -> p.getFileName().toString().endsWith(".partial")), "no temporary left");
        }
        try (OutputFiles outputs = OutputFiles.of("--proof", a, "--public", b))
        {
            outputs.text(a, "first");
            outputs.text(b, "second");
            outputs.commit();
        }
        assertEquals("first", Files.readString(a));
        assertEquals("second", Files.readString(b));
    }

    @Test
    void shouldRefuseOptionsThatWouldBeIgnored()
    {
        error(jprove("prove", "--zkey", zkey, "--r1cs", r1cs, "--wtns", wtns, "--proof", dir.resolve("o.json")),
            "--r1cs goes with --params; a zkey holds its circuit");
        error(jprove("prove", "--zkey", zkey, "--wtns", wtns, "--proof", dir.resolve("o.json"), "--token-file",
            dir.resolve("t")), "--token-file goes with --daemon");
        error(jprove("prove", "--daemon", "127.0.0.1:1", "--device", "cpu", "--zkey", zkey, "--wtns", wtns,
            "--proof", dir.resolve("o.json")), "--device is for proving in this process; with --daemon the daemon's"
            + " own settings apply");
        error(jprove("submit", "--zkey", zkey, "--r1cs", r1cs, "--wtns", wtns, "--no-wait"), "--r1cs goes with"
            + " --params");
        assertFalse(Files.exists(dir.resolve("o.json")));
    }

    @Test
    void shouldNameTheOptionWhenItIsUnknownOrOutOfRange()
    {
        final CliRun typo = jprove("prove", "--zkye", zkey, "--wtns", wtns);
        assertEquals(2, typo.status());
        assertTrue(typo.err().startsWith("Unknown option: '--zkye'"), typo.err());
        assertTrue(typo.err().contains("Possible solutions: --zkey"), typo.err());
        final CliRun threads = jprove("prove", "--zkey", zkey, "--wtns", wtns, "--proof", dir.resolve("o.json"),
            "--threads", 100_000);
        assertEquals(2, threads.status());
        assertTrue(threads.err().startsWith("--threads 100000 is not in [1, 32767]"), threads.err());
    }

    /** A copy of the cubic zkey whose domain is 2^28 and whose H section is that big, as a sparse file. */
    private static Path sparseZkey() throws IOException
    {
        final ByteBuffer in = ByteBuffer.wrap(Files.readAllBytes(zkey)).order(ByteOrder.LITTLE_ENDIAN);
        final Path out = dir.resolve("sparse.zkey");
        final int domain = 1 << 28;
        try (RandomAccessFile f = new RandomAccessFile(out.toFile(), "rw"))
        {
            final ByteBuffer head = ByteBuffer.allocate(12).order(ByteOrder.LITTLE_ENDIAN);
            head.put(in.array(), 0, 8).putInt(9);
            f.write(head.array());
            int at = 12;
            for (int i = 0; i < in.getInt(8); i++)
            {
                final int type = in.getInt(at);
                final long size = in.getLong(at + 4);
                final byte[] body = Arrays.copyOfRange(in.array(), at + 12, (int)(at + 12 + size));
                at += 12 + (int)size;
                if (type > 9)
                {
                    continue;
                }
                final long newSize = type == 9 ? (long)domain * 96 : size;
                if (type == 2)
                {
                    // the domain size follows n8q, q, n8r, r, nVars and nPublic
                    ByteBuffer.wrap(body).order(ByteOrder.LITTLE_ENDIAN).putInt(4 + 48 + 4 + 32 + 8, domain);
                }
                final ByteBuffer sh = ByteBuffer.allocate(12).order(ByteOrder.LITTLE_ENDIAN).putInt(type)
                    .putLong(newSize);
                f.write(sh.array());
                if (type == 9)
                {
                    f.setLength(f.getFilePointer() + newSize);
                    f.seek(f.length());
                }
                else
                {
                    f.write(body);
                }
            }
        }
        return out;
    }

    /** A copy of the cubic parameters whose h section holds 2^28 points, as a sparse file. */
    private static Path sparseParams() throws IOException
    {
        final ByteBuffer in = ByteBuffer.wrap(Files.readAllBytes(params));
        final int hAt = 864 + 4 + in.getInt(864) * 96;
        final int restAt = hAt + 4 + in.getInt(hAt) * 96;
        final Path out = dir.resolve("sparse.params");
        try (RandomAccessFile f = new RandomAccessFile(out.toFile(), "rw"))
        {
            f.write(in.array(), 0, hAt);
            f.writeInt(1 << 28);
            f.seek(f.getFilePointer() + (96L << 28));
            f.write(in.array(), restAt, in.capacity() - restAt);
        }
        return out;
    }

    @Test
    void shouldRefuseKeyLargerThanTheHostBeforeHashingIt() throws IOException
    {
        final Path sparse = sparseZkey();
        final Path sparseParams = sparseParams();
        // A, B, C and H twice: about 51 GB for the zkey; 25 GB of h for the parameters
        Assumptions.assumeTrue(KeyMemory.physicalBytes() < 25L << 30, "this host could hold the keys");
        assertTimeoutPreemptively(QUICK, () ->
        {
            error(jprove("prove", "--zkey", sparse, "--wtns", wtns, "--proof", dir.resolve("s.json"),
                "--no-timeline"), sparse + ": H at byte offset ", "the key's points need ",
                "bytes of memory once read, more than this host's");
            error(jprove("prove", "--params", sparseParams, "--r1cs", r1cs, "--wtns", wtns, "--proof",
                dir.resolve("s.proof"), "--no-timeline"), sparseParams + ": h at byte offset ",
                "the key's points need ");
        });
    }

    @Test
    void shouldDrawProgressOnlyOnTerminalAndQuietChronicleUnlessVerbose()
    {
        // the test's stderr is a file or a pipe, never a terminal
        Assumptions.assumeFalse(CliSupport.onTerminal());
        assertSame(io.jprove.engine.groth16.SetupProgress.NONE, CliSupport.progressBar("setup"));
        final java.util.logging.Logger chronicle = java.util.logging.Logger.getLogger("net.openhft.chronicle.core");
        Main.quietLibraries("prove", "--zkey", "k");
        assertFalse(chronicle.isLoggable(java.util.logging.Level.INFO));
        assertTrue(chronicle.isLoggable(java.util.logging.Level.WARNING));
        Main.quietLibraries("prove", "--verbose");
        assertTrue(chronicle.isLoggable(java.util.logging.Level.INFO));
    }
}
