package io.jprove.engine.daemon;

import static io.jprove.engine.daemon.DaemonFixtures.assertVerified;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.grpc.Status;
import io.grpc.StatusRuntimeException;

import io.jprove.engine.daemon.rpc.BuiltinCircuit;
import io.jprove.engine.daemon.rpc.CircomParams;
import io.jprove.engine.daemon.rpc.ProofRequest;

/**
 * Admission before work: a job is compared with its key (inputs, aux variables, domain) and its memory estimated
 * before it is acknowledged; a refused job is never journaled, and the numbers are in the refusal.
 */
class AdmissionTest
{
    private static final Duration WAIT = Duration.ofSeconds(120);

    @TempDir
    static Path dir;

    private static DaemonFixtures f;

    @BeforeAll
    static void fixtures()
    {
        f = DaemonFixtures.in(dir);
    }

    @Test
    void shouldRefuseABuiltinCircuitLargerThanItsKeyBeforeAcknowledgingIt()
    {
        try (Daemon d = Daemon.start(DaemonFixtures.config(dir.resolve("data-shape")));
             DaemonClient c = DaemonFixtures.client(d, null))
        {
            // the audit's poison job: a chain far longer than the chain its parameters were made for
            final ProofRequest large = ProofRequest.newBuilder().setRequestId("large").setBuiltin(
                BuiltinCircuit.newBuilder().setName("poseidon-chain-64").setParamsPath(f.chainParams.toString())
                    .setPartitions(3)).build();
            final StatusRuntimeException e = assertThrows(StatusRuntimeException.class, () -> c.submit(large));
            assertEquals(Status.Code.INVALID_ARGUMENT, e.getStatus().getCode());
            final String said = e.getStatus().getDescription();
            assertTrue(said.startsWith("builtin.params_path does not fit poseidon-chain-64 (")
                && said.contains(" constraints): the parameters"), said);

            // a circom circuit with another circuit's parameters
            final ProofRequest other = f.cubic("other", f.wtns).toBuilder().setCircom(CircomParams.newBuilder()
                .setParamsPath(f.chainParams.toString()).setR1CsPath(f.r1cs.toString())
                .setWtns(f.cubic("x", f.wtns).getCircom().getWtns())).build();
            final StatusRuntimeException o = assertThrows(StatusRuntimeException.class, () -> c.submit(other));
            assertEquals(Status.Code.INVALID_ARGUMENT, o.getStatus().getCode());
            assertTrue(o.getStatus().getDescription().startsWith("circom.params_path does not fit cubic.r1cs ("),
                o.getStatus().getDescription());

            assertEquals(0, c.status(0).getJobsCount(), "nothing refused was journaled");
            assertVerified(c.prove(f.chain("fits", 2, 0), WAIT), f.chainVk);
        }
    }

    @Test
    void shouldRefuseAJobWhosePartitionNeedsMoreMemoryThanTheDaemonHas()
    {
        final Admission small = new Admission(1 << 10, Long.MAX_VALUE, k -> false);
        final RequestException budget = assertThrows(RequestException.class,
            () -> small.builtin(DaemonFixtures.CHAIN, f.chainParams, "builtin.params_path"));
        assertEquals(RequestException.Reason.TOO_LARGE, budget.reason());
        assertTrue(budget.getMessage().startsWith("one partition of poseidon-chain-2 needs ")
            && budget.getMessage().endsWith(" of buffers, more than the daemon's host memory budget of 1 MiB"),
            budget.getMessage());

        final Admission host = new Admission(Long.MAX_VALUE, 1 << 10, k -> false);
        final RequestException memory = assertThrows(RequestException.class,
            () -> host.zkey(f.cubicZkey, 5));
        assertEquals(RequestException.Reason.TOO_LARGE, memory.reason());
        assertTrue(memory.getMessage().contains("need more than this host's memory of 1 MiB"), memory.getMessage());
        assertEquals(Status.Code.RESOURCE_EXHAUSTED, ProverService.status(memory).getStatus().getCode());

        // the same jobs fit a daemon with the memory for them
        final Admission enough = new Admission(Long.MAX_VALUE, Long.MAX_VALUE, k -> false);
        enough.builtin(DaemonFixtures.CHAIN, f.chainParams, "builtin.params_path");
        enough.zkey(f.cubicZkey, 5);
        final RequestException wires = assertThrows(RequestException.class, () -> enough.zkey(f.cubicZkey, 6));
        assertEquals("zkey.wtns holds 6 values but " + f.cubicZkey + " has 5 signals", wires.getMessage());
    }

    @Test
    void shouldWeighAPoRepJobByItsKeysHeaderAndBlameTheDaemonForAnUnreadableOne() throws Exception
    {
        final Path header = dir.resolve("porep-header.params");
        CuzkFixtures.keyHeader(header);
        new Admission(Long.MAX_VALUE, Long.MAX_VALUE, k -> false).filecoin(header, "porep-2KiB");
        final RequestException memory = assertThrows(RequestException.class,
            () -> new Admission(Long.MAX_VALUE, 1 << 15, k -> false).filecoin(header, "porep-2KiB"));
        assertEquals(RequestException.Reason.TOO_LARGE, memory.reason());
        assertTrue(memory.getMessage().contains(") of porep-2KiB need more than this host's memory of 1 MiB"),
            memory.getMessage());
        // a resident key takes no more memory
        new Admission(Long.MAX_VALUE, 1 << 15, k -> true).filecoin(header, "porep-2KiB");

        final Path truncated = dir.resolve("truncated.params");
        Files.write(truncated, Arrays.copyOf(Files.readAllBytes(header), 900));
        final RequestException broken = assertThrows(RequestException.class,
            () -> new Admission(Long.MAX_VALUE, Long.MAX_VALUE, k -> false).filecoin(truncated, "porep-2KiB"));
        assertEquals(RequestException.Reason.PRECONDITION, broken.reason());
        assertTrue(broken.getMessage().startsWith("the parameters of porep-2KiB: ") && broken.getMessage().contains(
            "truncated.params"), broken.getMessage());
    }
}
