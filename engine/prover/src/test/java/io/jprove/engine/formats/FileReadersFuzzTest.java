package io.jprove.engine.formats;

import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.SplittableRandom;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.jprove.engine.formats.bellperson.BellpersonParams;
import io.jprove.engine.formats.circom.CircomCircuit;
import io.jprove.engine.formats.circom.CircomFixtures;
import io.jprove.engine.formats.circom.CircomR1cs;
import io.jprove.engine.formats.circom.CircomWitness;
import io.jprove.engine.formats.circom.SnarkjsJson;
import io.jprove.engine.formats.circom.Zkey;
import io.jprove.engine.groth16.Groth16Setup;
import io.jprove.engine.groth16.Proof;
import io.jprove.engine.groth16.ProvingKey;
import io.jprove.engine.groth16.SetupProgress;
import io.jprove.engine.r1cs.ConstraintMatrices;
import io.jprove.engine.r1cs.MalformedFileException;
import io.jprove.engine.r1cs.RecordingAssignment;
import io.jprove.field.Fr;
import io.jprove.field.G1;
import io.jprove.field.G2;

/**
 * A bounded, seeded fuzz run of every file reader: mutants of a valid r1cs, wtns, zkey, params, vk, proof.json,
 * public.json and verification_key.json, {@value #PER_READER} of each binary file and {@value #PER_JSON_READER} of each
 * JSON one. Every input must end in a successful read or in
 * the reader's own error naming the file (binary readers: {@link MalformedFileException} with section and byte
 * offset; JSON readers: an IllegalArgumentException naming the file and the JSON field or character) within the time
 * limit; any other exception, a hang or an OutOfMemoryError fails the run, naming the seed and the input's number so
 * that it can be replayed ({@code -Djprove.fuzz.seed=N}).
 */
class FileReadersFuzzTest
{
    /** Mutants per binary reader. */
    static final int PER_READER = 400;
    /** Mutants per JSON reader (parsing text is cheaper than checking a key). */
    static final int PER_JSON_READER = 1500;
    private static final long SEED = Long.getLong("jprove.fuzz.seed", 27);
    private static final Duration LIMIT = Duration.ofSeconds(120);
    private static final String[] JSON_TOKENS = {"[", "]", "{", "}", "\"", ",", ":", "0", "1", "-1", "1e999",
        "\"0\"", "null", "true", "\\u00", "\\uZZZZ", "\\", "\"pi_a\"", "\"curve\"", "\"bls12381\"",
        "99999999999999999999", "\"1\", \"0\"", "[\"1\", \"2\", \"1\"]"};

    @TempDir
    static Path dir;
    private static final List<String> RESULTS = new ArrayList<>();

    /** A reader under test: reads the file and closes what it opened. */
    @FunctionalInterface
    private interface Reader
    {
        void read(Path file);
    }

    @BeforeAll
    static void seeds() throws IOException
    {
        final Path r1cs = CircomFixtures.cubicR1cs(dir.resolve("seed.r1cs"), Fr.MODULUS);
        CircomFixtures.cubicWtns(dir.resolve("seed.wtns"), 35);
        try (InputStream in = FileReadersFuzzTest.class.getResourceAsStream(
            "/io/jprove/engine/daemon/cubic.zkey.base64");
             InputStream vk = FileReadersFuzzTest.class.getResourceAsStream(
                 "/io/jprove/engine/daemon/cubic-zkey-vk.json"))
        {
            Files.write(dir.resolve("seed.zkey"), Base64.getMimeDecoder().decode(in.readAllBytes()));
            Files.write(dir.resolve("seed-vk.json"), vk.readAllBytes());
        }
        try (CircomR1cs c = CircomR1cs.open(r1cs);
             ConstraintMatrices cs = RecordingAssignment.record(new CircomCircuit(c, null));
             ProvingKey pk = Groth16Setup.generate(cs, new SplittableRandom(SEED), 1, SetupProgress.NONE))
        {
            BellpersonParams.write(pk, dir.resolve("seed.params"));
            BellpersonParams.writeVerifyingKey(pk.vk(), dir.resolve("seed.vk"));
        }
        Files.writeString(dir.resolve("seed-proof.json"), SnarkjsJson.proofJson(new Proof(G1.generator(),
            G2.generator(), G1.generator())));
        final long[] signals = new long[3 * Fr.LIMBS];
        for (int i = 0; i < 3; i++)
        {
            System.arraycopy(Fr.of(java.math.BigInteger.valueOf(35L + i)), 0, signals, i * Fr.LIMBS, Fr.LIMBS);
        }
        Files.writeString(dir.resolve("seed-public.json"), SnarkjsJson.publicJson(signals));
    }

    @AfterAll
    static void report()
    {
        RESULTS.forEach(r -> System.out.println("fuzz " + r));
    }

    /**
     * Runs {@link #PER_READER} mutants of {@code seed} through {@code reader}.
     *
     * @param expected the reader's own error type; its message must start with the file's path.
     * @param detail   what that message must also hold (" at byte offset ", or "" for JSON).
     */
    private static void fuzz(final String seed, final boolean text, final Class<? extends RuntimeException> expected,
        final String detail, final Reader reader)
    {
        final long readerSeed = SEED ^ seed.hashCode();
        final Mutator m = new Mutator(new SplittableRandom(readerSeed));
        final Path file = dir.resolve("mutant-" + seed);
        assertTimeoutPreemptively(LIMIT, () ->
        {
            final byte[] valid = Files.readAllBytes(dir.resolve(seed));
            int parsed = 0;
            final int count = text ? PER_JSON_READER : PER_READER;
            for (int i = 0; i < count; i++)
            {
                final byte[] input = text ? m.text(new String(valid, StandardCharsets.UTF_8), JSON_TOKENS)
                    .getBytes(StandardCharsets.UTF_8) : m.bytes(valid);
                Files.write(file, input);
                try
                {
                    reader.read(file);
                    parsed++;
                }
                catch (final RuntimeException | OutOfMemoryError | StackOverflowError e)
                {
                    final boolean clear = expected.isInstance(e) && e.getMessage() != null
                        && e.getMessage().startsWith(file + ": ") && e.getMessage().contains(detail);
                    if (!clear)
                    {
                        throw new AssertionError(seed + " mutant " + i + " (seed " + readerSeed + "): expected "
                            + expected.getSimpleName() + " naming the file, got " + e, e);
                    }
                }
            }
            synchronized (RESULTS)
            {
                RESULTS.add(seed + ": " + parsed + " of " + count + " read, the rest refused");
            }
        });
    }

    @Test
    void shouldReadOrClearlyRefuseEveryMutatedR1cs()
    {
        fuzz("seed.r1cs", false, MalformedFileException.class, " at byte offset ", f ->
        {
            try (CircomR1cs c = CircomR1cs.open(f))
            {
                assertTrue(c.numWires() >= 1);
            }
        });
    }

    @Test
    void shouldReadOrClearlyRefuseEveryMutatedWitness()
    {
        fuzz("seed.wtns", false, MalformedFileException.class, " at byte offset ", f ->
        {
            try (CircomWitness w = CircomWitness.open(f))
            {
                assertTrue(w.size() >= 1);
            }
        });
    }

    @Test
    void shouldReadOrClearlyRefuseEveryMutatedZkey()
    {
        final int[] n = {0};
        fuzz("seed.zkey", false, MalformedFileException.class, " at byte offset ", f ->
        {
            // one in eight with the subgroup checks, the rest on the curve only (the structure is checked alike)
            try (Zkey z = Zkey.open(f, n[0]++ % 8 == 0))
            {
                assertTrue(z.nVars() >= 1);
            }
        });
    }

    @Test
    void shouldReadOrClearlyRefuseEveryMutatedParams()
    {
        final int[] n = {0};
        fuzz("seed.params", false, MalformedFileException.class, " at byte offset ", f ->
        {
            try (ProvingKey pk = BellpersonParams.read(f, n[0]++ % 8 == 0, 1))
            {
                assertTrue(pk.vk().numInputs() >= 1);
            }
        });
    }

    @Test
    void shouldReadOrClearlyRefuseEveryMutatedVerifyingKey()
    {
        fuzz("seed.vk", false, MalformedFileException.class, " at byte offset ", BellpersonParams::readVerifyingKey);
    }

    @Test
    void shouldReadOrClearlyRefuseEveryMutatedProofJson()
    {
        fuzz("seed-proof.json", true, IllegalArgumentException.class, "", SnarkjsJson::readProof);
    }

    @Test
    void shouldReadOrClearlyRefuseEveryMutatedPublicJson()
    {
        fuzz("seed-public.json", true, IllegalArgumentException.class, "", SnarkjsJson::readPublic);
    }

    @Test
    void shouldReadOrClearlyRefuseEveryMutatedVerificationKeyJson()
    {
        fuzz("seed-vk.json", true, IllegalArgumentException.class, "", SnarkjsJson::readVerificationKey);
    }
}
