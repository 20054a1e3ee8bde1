package io.jprove.engine.cli;

import java.nio.file.Path;
import java.util.concurrent.Callable;

import io.jprove.engine.formats.bellperson.BellpersonParams;
import io.jprove.engine.formats.circom.CircomCircuit;
import io.jprove.engine.formats.circom.CircomR1cs;
import io.jprove.engine.formats.circom.CircomWitness;
import io.jprove.engine.formats.circom.SnarkjsJson;
import io.jprove.engine.formats.circom.Zkey;
import io.jprove.engine.formats.circom.ZkeyProver;
import io.jprove.engine.groth16.CpuProverBackend;
import io.jprove.engine.groth16.Groth16Prover;
import io.jprove.engine.groth16.Proof;
import io.jprove.engine.groth16.ProvingKey;
import io.jprove.engine.groth16.StepTimes;
import io.jprove.engine.r1cs.ProverInputs;
import io.jprove.engine.r1cs.ProvingAssignment;
import io.jprove.field.Fr;
import io.jprove.timeline.Timeline;

import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code jprove prove}: a Groth16 proof on the CPU from bellperson parameters with a circom {@code .r1cs} and
 * {@code .wtns}, or from a snarkjs {@code .zkey} with a {@code .wtns}. Writes the 192-byte proof (bellperson bytes) or
 * snarkjs's {@code proof.json} ({@code --json}, always with a zkey), and optionally {@code public.json}. Every proof
 * is verified before it is written.
 */
@Command(name = "prove", mixinStandardHelpOptions = true,
    description = "Prove a circom witness with bellperson parameters (+ .r1cs) or a snarkjs .zkey.")
final class ProveCommand implements Callable<Integer>
{
    /** Exactly one key. */
    static final class Key
    {
        @Option(names = "--params", description = "bellperson .params (needs --r1cs).")
        Path params;

        @Option(names = "--zkey", description = "snarkjs Groth16 .zkey for BLS12-381.")
        Path zkey;
    }

    @ArgGroup(exclusive = true, multiplicity = "1")
    private Key key;

    @Option(names = "--r1cs", description = "The circom .r1cs the parameters were made for (with --params).")
    private Path r1cs;

    @Option(names = "--wtns", required = true, description = "The circom witness (.wtns).")
    private Path wtns;

    @Option(names = "--proof", required = true, description = "Output: the proof.")
    private Path proofOut;

    @Option(names = "--public", description = "Output: the public inputs as snarkjs's public.json.")
    private Path publicOut;

    @Option(names = "--json", description = "Write the proof as snarkjs's proof.json (the default with --zkey).")
    private boolean json;

    @Option(names = "--unchecked", description = "Skip the subgroup checks of the key's points (trusted files only).")
    private boolean unchecked;

    @Option(names = "--threads", description = "Worker threads (default: all processors).")
    private int threads = Runtime.getRuntime().availableProcessors();

    @Option(names = "--verbose", description = "Print stack traces with errors, and step timings.")
    private boolean verbose;

    @Mixin
    private TimelineOption timelineOption;

    @Option(names = "--daemon", paramLabel = "ADDR", description = "Prove through the daemon at host:port (warm JVM,"
        + " key resident) instead of in this process; the same files are written.")
    private String daemon;

    @Option(names = "--token-file", paramLabel = "FILE", description = "With --daemon: the daemon's bearer token.")
    private Path tokenFile;

    @Override
    public Integer call()
    {
        return CliSupport.run("prove", verbose, () ->
        {
            if (daemon != null)
            {
                return DaemonProve.run(DaemonOptions.of(daemon, tokenFile), key.zkey, key.params, r1cs, wtns,
                    proofOut, publicOut, json);
            }
            final long t0 = System.nanoTime();
            final Proof proof;
            final long[] publicInputs;
            final StepTimes times;
            try (CpuProverBackend backend = new CpuProverBackend(threads); Timeline timeline = timelineOption.open())
            {
                // one proof per call: job 1, partition 0 of this timeline's run
                times = new StepTimes(timeline, 1, 0);
                if (key.zkey != null)
                {
                    try (Zkey zkey = Zkey.open(key.zkey, !unchecked); CircomWitness w = CircomWitness.open(wtns))
                    {
                        final ZkeyProver.Result result = new ZkeyProver(zkey, backend).prove(w, times);
                        proof = result.proof();
                        publicInputs = result.publicSignals();
                    }
                    json = true;
                }
                else
                {
                    if (r1cs == null)
                    {
                        throw new IllegalArgumentException("--params needs --r1cs, the circuit it was made for");
                    }
                    try (ProvingKey pk = BellpersonParams.read(key.params, !unchecked, threads);
                         CircomR1cs constraints = CircomR1cs.open(r1cs); CircomWitness w = CircomWitness.open(wtns);
                         ProverInputs inputs = ProvingAssignment.synthesize(new CircomCircuit(constraints, w)))
                    {
                        proof = new Groth16Prover(pk, backend).prove(inputs, times);
                        final int n = inputs.witness().numInputs();
                        publicInputs = new long[(n - 1) * Fr.LIMBS];
                        for (int i = 1; i < n; i++)
                        {
                            inputs.witness().inputs().get(i, publicInputs, (i - 1) * Fr.LIMBS);
                        }
                    }
                }
            }
            if (json)
            {
                CliSupport.write(proofOut, SnarkjsJson.proofJson(proof));
            }
            else
            {
                CliSupport.write(proofOut, proof.toBytes());
            }
            if (publicOut != null)
            {
                CliSupport.write(publicOut, SnarkjsJson.publicJson(publicInputs));
            }
            System.out.println("prove: proof verified and written to " + proofOut + " in " + CliSupport.ms(t0)
                + (verbose ? " (" + times + ")" : ""));
            return CliSupport.OK;
        });
    }
}
