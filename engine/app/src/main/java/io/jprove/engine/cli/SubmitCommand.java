package io.jprove.engine.cli;

import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.concurrent.Callable;

import io.jprove.engine.daemon.DaemonClient;
import io.jprove.engine.daemon.rpc.JobStatus;
import io.jprove.engine.daemon.rpc.ProofRequest;
import io.jprove.engine.daemon.rpc.SubmitReply;

import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code jprove submit}: a proof through a running daemon: a circom witness with a zkey or with bellperson
 * parameters (as {@code jprove prove}), or partitions of a built-in circuit (as {@code jprove demo}). Waits for the
 * job and writes the same files as {@code jprove prove}, unless {@code --no-wait}, which prints the job id (then
 * {@code jprove job await ID} writes them).
 */
@Command(name = "submit", mixinStandardHelpOptions = true,
    description = "Prove through a running daemon: a circom witness (--zkey, or --params with --r1cs) or a built-in"
        + " circuit (--params with --circuit).")
final class SubmitCommand implements Callable<Integer>
{
    /** Exactly one key. */
    static final class Key
    {
        @Option(names = "--params", description = "bellperson .params (with --r1cs, or with --circuit).")
        Path params;

        @Option(names = "--zkey", description = "snarkjs Groth16 .zkey for BLS12-381 (with --wtns).")
        Path zkey;
    }

    @ArgGroup(exclusive = true, multiplicity = "1")
    private Key key;

    @Option(names = "--r1cs", description = "The circom .r1cs the parameters were made for.")
    private Path r1cs;

    @Option(names = "--wtns", description = "The circom witness (.wtns); its bytes go in the request.")
    private Path wtns;

    @Option(names = "--circuit", description = "A built-in circuit: porep-PRESET (tiny, 2KiB, 512MiB, 32GiB, 64GiB)"
        + " or poseidon-chain-N, proved with --params.")
    private String circuit;

    @Option(names = "--partitions", description = "Partitions of the built-in circuit (default 1).")
    private int partitions = 1;

    @Option(names = "--seed", description = "Seed of the built-in circuit's witnesses (default: random).")
    private Long seed;

    @Option(names = "--request-id", description = "The request's id; a retry with the same id and payload gets the"
        + " same job (default: a fresh one).")
    private String requestId;

    @Option(names = "--priority", description = "Higher runs first (default 0).")
    private int priority;

    @Option(names = "--proof", description = "Output: the proof (bellperson bytes, or snarkjs JSON for a zkey).")
    private Path proofOut;

    @Option(names = "--public", description = "Output: the public inputs as snarkjs's public.json.")
    private Path publicOut;

    @Option(names = "--json", description = "Write the proof as snarkjs's proof.json (the default with --zkey).")
    private boolean json;

    @Option(names = "--no-wait", description = "Print the job id and return without waiting.")
    private boolean noWait;

    @Option(names = "--timeout", description = "Longest wait for the job, in seconds (default 86400).")
    private long timeoutSeconds = 86_400;

    @Option(names = "--verbose", description = "Print stack traces with errors.")
    private boolean verbose;

    @Mixin
    private DaemonOptions daemon;

    @Override
    public Integer call()
    {
        return CliSupport.run("submit", verbose, () ->
        {
            final String id = requestId == null ? DaemonRequest.freshId() : requestId;
            final ProofRequest request;
            if (circuit != null)
            {
                if (key.params == null || wtns != null || r1cs != null)
                {
                    throw new IllegalArgumentException("--circuit takes --params and neither --wtns nor --r1cs");
                }
                request = DaemonRequest.builtin(id, priority, circuit, key.params, partitions,
                    seed != null ? seed : new SecureRandom().nextLong());
            }
            else
            {
                if (wtns == null)
                {
                    throw new IllegalArgumentException("--wtns is required with --zkey or --params --r1cs");
                }
                if (key.zkey != null && r1cs != null)
                {
                    throw new IllegalArgumentException("--r1cs goes with --params; a zkey holds its circuit: leave"
                        + " --r1cs out");
                }
                if (key.zkey != null)
                {
                    request = DaemonRequest.zkey(id, priority, key.zkey, wtns);
                }
                else if (r1cs != null)
                {
                    request = DaemonRequest.circom(id, priority, key.params, r1cs, wtns);
                }
                else
                {
                    throw new IllegalArgumentException("--params needs --r1cs (a circom circuit) or --circuit (a"
                        + " built-in one)");
                }
            }
            if (!noWait && proofOut == null)
            {
                throw new IllegalArgumentException("--proof is required unless --no-wait");
            }
            if (noWait && (proofOut != null || publicOut != null))
            {
                throw new IllegalArgumentException("--no-wait writes no files: leave out --proof and --public (jprove"
                    + " job await ID writes them)");
            }
            final OutputFiles outputs = OutputFiles.of("--proof", proofOut, "--public", publicOut)
                .refuseInputs("--zkey", key.zkey, "--params", key.params, "--r1cs", r1cs, "--wtns", wtns);
            final long t0 = System.nanoTime();
            try (outputs; DaemonClient client = daemon.connect())
            {
                final SubmitReply r = DaemonOptions.call(client, () -> client.submit(request));
                if (noWait)
                {
                    System.out.println(r.getJobId());
                    return CliSupport.OK;
                }
                final JobStatus s = DaemonOptions.call(client, () -> client.await(r.getJobId(),
                    Duration.ofSeconds(timeoutSeconds)));
                DaemonResult.write(s, outputs, proofOut, publicOut, json);
                System.out.println("submit: job " + s.getJobId() + " (" + s.getPartitionsCount() + " partition(s)) "
                    + "proved and verified by the daemon at " + client.address() + ", written to " + proofOut
                    + " in " + CliSupport.ms(t0));
            }
            return CliSupport.OK;
        });
    }
}
