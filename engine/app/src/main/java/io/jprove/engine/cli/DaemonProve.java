package io.jprove.engine.cli;

import java.nio.file.Path;
import java.time.Duration;

import io.jprove.engine.daemon.DaemonClient;
import io.jprove.engine.daemon.rpc.JobStatus;
import io.jprove.engine.daemon.rpc.ProofRequest;

/**
 * {@code jprove prove --daemon ADDR}: the same proof and files as the in-process command, proved by a running daemon
 * (one Prove call: submit and await). The key and the .r1cs are opened by the daemon, on its host; the witness
 * travels in the request.
 */
final class DaemonProve
{
    /** A proof through the daemon waits at most this long. */
    private static final Duration TIMEOUT = Duration.ofDays(1);

    private DaemonProve()
    {
    }

    /** @param outputs the checked outputs, written once the daemon's proof is in. */
    static int run(final DaemonOptions daemon, final Path zkey, final Path params, final Path r1cs, final Path wtns,
        final OutputFiles outputs, final Path proofOut, final Path publicOut, final boolean json) throws Exception
    {
        final long t0 = System.nanoTime();
        final String id = DaemonRequest.freshId();
        final ProofRequest request;
        if (zkey != null)
        {
            request = DaemonRequest.zkey(id, 0, zkey, wtns);
        }
        else
        {
            if (r1cs == null)
            {
                throw new IllegalArgumentException("--params needs --r1cs, the circuit it was made for");
            }
            request = DaemonRequest.circom(id, 0, params, r1cs, wtns);
        }
        try (DaemonClient client = daemon.connect())
        {
            final JobStatus s = DaemonOptions.call(client, () -> client.prove(request, TIMEOUT));
            DaemonResult.write(s, outputs, proofOut, publicOut, json);
            System.out.println("prove: proof verified and written to " + proofOut + " in " + CliSupport.ms(t0)
                + " (daemon " + client.address() + ", job " + s.getJobId() + ")");
        }
        return CliSupport.OK;
    }
}
