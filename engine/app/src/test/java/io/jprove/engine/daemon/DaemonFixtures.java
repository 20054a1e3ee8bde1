package io.jprove.engine.daemon;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.BooleanSupplier;

import com.google.protobuf.ByteString;

import io.jprove.engine.circuits.BuiltinCircuit;
import io.jprove.engine.daemon.rpc.BuiltinCircuit.Builder;
import io.jprove.engine.daemon.rpc.CircomParams;
import io.jprove.engine.daemon.rpc.CircomZkey;
import io.jprove.engine.daemon.rpc.JobStatus;
import io.jprove.engine.daemon.rpc.ProofRequest;
import io.jprove.engine.formats.bellperson.BellpersonParams;
import io.jprove.engine.formats.circom.CircomCircuit;
import io.jprove.engine.formats.circom.CircomFixtures;
import io.jprove.engine.formats.circom.CircomR1cs;
import io.jprove.engine.formats.circom.SnarkjsJson;
import io.jprove.engine.groth16.Groth16Setup;
import io.jprove.engine.groth16.Groth16Verifier;
import io.jprove.engine.groth16.PreparedVerifyingKey;
import io.jprove.engine.groth16.Proof;
import io.jprove.engine.groth16.ProvingKey;
import io.jprove.engine.groth16.SetupProgress;
import io.jprove.engine.groth16.VerifyingKey;
import io.jprove.engine.r1cs.Circuit;
import io.jprove.engine.r1cs.ConstraintMatrices;
import io.jprove.engine.r1cs.RecordingAssignment;
import io.jprove.field.Fr;

/**
 * Keys, circuits and daemons for the daemon's tests: the circom cubic (3 constraints, a proof in milliseconds) with
 * bellperson parameters, and with a snarkjs zkey (made by snarkjs 0.7.6 from this r1cs, kept as a resource with
 * snarkjs's export of its verification key, so that a zkey proof is checked against snarkjs's own key), and a
 * Poseidon chain (622 constraints per partition) for jobs of many partitions, long enough to be caught running.
 * Every daemon listens on loopback, on ports the system picks, and proves on the CPU unless a test says otherwise.
 */
final class DaemonFixtures
{
    /** The built-in circuit of the multi-partition jobs. */
    static final String CHAIN = "poseidon-chain-2";

    final Path dir;
    final Path r1cs;
    final Path wtns;
    final Path badWtns;
    final Path cubicParams;
    final VerifyingKey cubicVk;
    final Path chainParams;
    final VerifyingKey chainVk;
    final Path cubicZkey;
    final VerifyingKey cubicZkeyVk;

    private DaemonFixtures(final Path dir) throws IOException
    {
        this.dir = dir;
        r1cs = CircomFixtures.cubicR1cs(dir.resolve("cubic.r1cs"), Fr.MODULUS);
        wtns = CircomFixtures.cubicWtns(dir.resolve("cubic.wtns"), 35);
        badWtns = CircomFixtures.cubicWtns(dir.resolve("bad.wtns"), 36);
        cubicParams = dir.resolve("cubic.params");
        try (CircomR1cs c = CircomR1cs.open(r1cs))
        {
            cubicVk = setup(new CircomCircuit(c, null), cubicParams);
        }
        chainParams = dir.resolve("chain.params");
        chainVk = setup(BuiltinCircuit.shapeOf(CHAIN), chainParams);
        cubicZkey = dir.resolve("cubic.zkey");
        try (java.io.InputStream in = DaemonFixtures.class.getResourceAsStream("cubic.zkey.base64");
             java.io.InputStream vk = DaemonFixtures.class.getResourceAsStream("cubic-zkey-vk.json"))
        {
            Files.write(cubicZkey, java.util.Base64.getMimeDecoder().decode(in.readAllBytes()));
            Files.write(dir.resolve("cubic-zkey-vk.json"), vk.readAllBytes());
        }
        cubicZkeyVk = SnarkjsJson.readVerificationKey(dir.resolve("cubic-zkey-vk.json"));
    }

    /** @return keys and files in {@code dir}. */
    static DaemonFixtures in(final Path dir)
    {
        try
        {
            return new DaemonFixtures(dir);
        }
        catch (final IOException e)
        {
            throw new UncheckedIOException(e);
        }
    }

    /** @return the verifying key of fresh parameters for the built-in circuit {@code name}, written to params. */
    static VerifyingKey builtinParams(final String name, final Path params)
    {
        try
        {
            return setup(BuiltinCircuit.shapeOf(name), params);
        }
        catch (final IOException e)
        {
            throw new UncheckedIOException(e);
        }
    }

    private static VerifyingKey setup(final Circuit circuit, final Path params) throws IOException
    {
        try (ConstraintMatrices cs = RecordingAssignment.record(circuit);
             ProvingKey pk = Groth16Setup.generate(cs, new SecureRandom(), 2, SetupProgress.NONE))
        {
            BellpersonParams.write(pk, params);
            return pk.vk();
        }
    }

    /** @return settings on loopback port 0 in {@code dataDir}, with {@code extra} keys on top. */
    static DaemonConfig config(final Path dataDir, final String... extra)
    {
        final Map<String, String> m = new LinkedHashMap<>();
        m.put("listen", "127.0.0.1:0");
        m.put("http-listen", "127.0.0.1:0");
        m.put("data-dir", dataDir.toString());
        // the keys and circuits of the tests are beside the data folder
        m.put("key-roots", dataDir.toAbsolutePath().getParent().toString());
        m.put("threads", "2");
        m.put("device", "cpu");
        m.put("timeline", "off");
        m.put("journal-sync", "none");
        for (int i = 0; i < extra.length; i += 2)
        {
            m.put(extra[i], extra[i + 1]);
        }
        return DaemonConfig.of(m, "test settings");
    }

    /** @return a client of a daemon. */
    static DaemonClient client(final Daemon d, final String token)
    {
        return DaemonClient.connect("127.0.0.1:" + d.grpcPort(), token);
    }

    /** @return a request to prove the cubic with bellperson parameters. */
    ProofRequest cubic(final String requestId, final Path witness)
    {
        try
        {
            return ProofRequest.newBuilder().setRequestId(requestId).setCircom(CircomParams.newBuilder()
                .setParamsPath(cubicParams.toString()).setR1CsPath(r1cs.toString())
                .setWtns(ByteString.copyFrom(Files.readAllBytes(witness)))).build();
        }
        catch (final IOException e)
        {
            throw new UncheckedIOException(e);
        }
    }

    /** @return a request to prove the cubic with its snarkjs zkey. */
    ProofRequest zkey(final String requestId, final Path witness)
    {
        try
        {
            return ProofRequest.newBuilder().setRequestId(requestId).setZkey(CircomZkey.newBuilder()
                .setZkeyPath(cubicZkey.toString()).setWtns(ByteString.copyFrom(Files.readAllBytes(witness)))).build();
        }
        catch (final IOException e)
        {
            throw new UncheckedIOException(e);
        }
    }

    /** @return a request to prove {@code partitions} partitions of the Poseidon chain. */
    ProofRequest chain(final String requestId, final int partitions, final int priority)
    {
        final Builder b = io.jprove.engine.daemon.rpc.BuiltinCircuit.newBuilder().setName(CHAIN)
            .setParamsPath(chainParams.toString()).setPartitions(partitions).setSeed(requestId.hashCode());
        return ProofRequest.newBuilder().setRequestId(requestId).setPriority(priority).setBuiltin(b).build();
    }

    /** Asserts that a succeeded job's proofs verify against its public inputs, partition by partition. */
    static void assertVerified(final JobStatus s, final VerifyingKey vk)
    {
        assertEquals(io.jprove.engine.daemon.rpc.JobState.SUCCEEDED, s.getState(), s.getError());
        final List<Proof> proofs = Proof.splitAll(s.getProof().toByteArray());
        assertEquals(s.getPartitionsCount(), proofs.size());
        final int perPartition = s.getPublicInputsCount() / proofs.size();
        assertEquals(vk.numInputs() - 1, perPartition);
        final PreparedVerifyingKey pvk = new PreparedVerifyingKey(vk);
        for (int i = 0; i < proofs.size(); i++)
        {
            final byte[] inputs = new byte[perPartition * Fr.BYTES];
            for (int k = 0; k < perPartition; k++)
            {
                s.getPublicInputs(i * perPartition + k).copyTo(inputs, k * Fr.BYTES);
            }
            assertTrue(Groth16Verifier.verify(pvk, proofs.get(i), Groth16Verifier.inputsFromCanonical(inputs)),
                "partition " + i + " of job " + s.getJobId());
        }
    }

    /** Polls until {@code condition} holds, failing after {@code timeout}. */
    static void eventually(final Duration timeout, final String what, final BooleanSupplier condition)
    {
        final long deadline = System.nanoTime() + timeout.toNanos();
        while (!condition.getAsBoolean())
        {
            if (System.nanoTime() > deadline)
            {
                throw new AssertionError("timed out after " + timeout + " waiting for " + what);
            }
            try
            {
                Thread.sleep(10);
            }
            catch (final InterruptedException e)
            {
                Thread.currentThread().interrupt();
                throw new AssertionError("interrupted waiting for " + what);
            }
        }
    }
}
