package io.jprove.engine.cli;

import java.nio.file.Path;
import java.security.SecureRandom;
import java.util.concurrent.Callable;

import io.jprove.engine.backend.DeviceSelection;
import io.jprove.engine.circuits.BuiltinCircuit;
import io.jprove.engine.formats.bellperson.BellpersonParams;
import io.jprove.engine.formats.circom.CircomCircuit;
import io.jprove.engine.formats.circom.CircomR1cs;
import io.jprove.engine.groth16.ProvingKey;
import io.jprove.engine.r1cs.Circuit;
import io.jprove.engine.r1cs.ConstraintMatrices;
import io.jprove.engine.r1cs.RecordingAssignment;

import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code jprove setup}: Groth16 parameters from fresh randomness for a circom {@code .r1cs} or a built-in circuit,
 * written as bellperson {@code .params} and {@code .vk}; the fixed-base products (and the Lagrange basis's inverse NTT)
 * on the GPU when {@code --device} chooses CUDA (the default where there is one), else on the host's threads.
 */
@Command(name = "setup", mixinStandardHelpOptions = true,
    description = "Make Groth16 parameters (bellperson .params and .vk) for a circuit, from fresh randomness.")
final class SetupCommand implements Callable<Integer>
{
    /** Exactly one circuit source. */
    static final class Source
    {
        @Option(names = "--r1cs", description = "A circom .r1cs compiled for BLS12-381 (circom -p bls12381).")
        Path r1cs;

        @Option(names = "--builtin", description = "A built-in circuit: poseidon-chain-N.")
        String builtin;
    }

    @ArgGroup(exclusive = true, multiplicity = "1")
    private Source source;

    @Option(names = "--params", required = true, description = "Output: the parameters (.params).")
    private Path params;

    @Option(names = "--vk", required = true, description = "Output: the verifying key (.vk).")
    private Path vk;

    @Option(names = "--threads", description = "Worker threads (default: all processors).")
    private int threads = Runtime.getRuntime().availableProcessors();

    @Option(names = "--verbose", description = "Print stack traces with errors.")
    private boolean verbose;

    @Mixin
    private DeviceOption deviceOption;

    @Override
    public Integer call()
    {
        return CliSupport.run("setup", verbose, () ->
        {
            final long t0 = System.nanoTime();
            // checked before minutes of setup: both outputs writable, distinct, and not the circuit read
            final OutputFiles outputs = OutputFiles.of("--params", params, "--vk", vk).refuseInputs("--r1cs",
                source.r1cs);
            final DeviceSelection selection = deviceOption.select();
            final ConstraintMatrices cs;
            if (source.r1cs != null)
            {
                try (CircomR1cs r1cs = CircomR1cs.open(source.r1cs))
                {
                    cs = RecordingAssignment.record(new CircomCircuit(r1cs, null));
                }
            }
            else
            {
                final Circuit circuit = BuiltinCircuit.shapeOf(source.builtin);
                cs = RecordingAssignment.record(circuit);
            }
            try (cs)
            {
                final SetupRun.Result setup = SetupRun.run(cs, selection, threads, new SecureRandom());
                try (ProvingKey pk = setup.key(); outputs)
                {
                    outputs.write(params, tmp -> BellpersonParams.write(pk, tmp));
                    outputs.write(vk, tmp -> BellpersonParams.writeVerifyingKey(pk.vk(), tmp));
                    outputs.commit();
                    System.out.println("setup: " + cs.numConstraints() + " constraints, " + cs.numInputs()
                        + " inputs (ONE included), " + cs.numAux() + " aux, domain " + pk.domainSize() + " -> "
                        + params + ", " + vk + " in " + CliSupport.ms(t0));
                    System.out.println("  " + setup.line());
                }
            }
            return CliSupport.OK;
        });
    }
}
