package io.jprove.engine.cli;

import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.util.concurrent.Callable;

import io.jprove.engine.circuits.BuiltinCircuit;
import io.jprove.engine.circuits.PoseidonChain;
import io.jprove.engine.formats.bellperson.BellpersonParams;
import io.jprove.engine.groth16.CpuProverBackend;
import io.jprove.engine.groth16.Groth16Prover;
import io.jprove.engine.groth16.Groth16Setup;
import io.jprove.engine.groth16.Groth16Verifier;
import io.jprove.engine.groth16.PreparedVerifyingKey;
import io.jprove.engine.groth16.Proof;
import io.jprove.engine.groth16.ProvingKey;
import io.jprove.engine.groth16.StepTimes;
import io.jprove.engine.groth16.VerifyingKey;
import io.jprove.engine.porep.PorepCircuit;
import io.jprove.engine.porep.PorepWitness;
import io.jprove.engine.porep.SectorShape;
import io.jprove.engine.r1cs.Circuit;
import io.jprove.engine.r1cs.ConstraintMatrices;
import io.jprove.engine.r1cs.ProverInputs;
import io.jprove.engine.r1cs.ProvingAssignment;
import io.jprove.engine.r1cs.RecordingAssignment;
import io.jprove.field.Fr;

import io.jprove.timeline.EventKind;
import io.jprove.timeline.Timeline;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code jprove demo}: proves and verifies a built-in circuit on the CPU: by default a Poseidon chain ("I know two
 * secrets whose chain of N Poseidon hashes ends in this digest"), or the PoRep partition circuit on the tiny preset.
 * Parameters are made once and cached under {@code ./.jprove/params/}; each step's time is printed.
 */
@Command(name = "demo", mixinStandardHelpOptions = true,
    description = "Prove and verify a built-in circuit on the CPU.")
final class DemoCommand implements Callable<Integer>
{
    private static final String POREP = "porep-";

    @Option(names = "--circuit", description = "poseidon-chain-N (N Poseidon hashes, 311 constraints each; default "
        + "poseidon-chain-13, 4,044 constraints) or porep-PRESET, the PoRep partition circuit on a sector preset: "
        + "porep-tiny (1.25 M constraints, minutes on a laptop CPU and a 0.5 GB parameter file), porep-2KiB "
        + "(2.7 M constraints).")
    private String circuitName = "poseidon-chain-13";

    /** A circuit with its witness, its public inputs and what a valid proof claims. */
    private record Statement(Circuit circuit, long[] publicInputs, String claim)
    {
    }

    private static Circuit shapeOf(final String name)
    {
        if (name.startsWith(POREP))
        {
            return PorepCircuit.withWitness(PorepWitness.blank(SectorShape.preset(name.substring(POREP.length()))));
        }
        return BuiltinCircuit.shapeOf(name);
    }

    private static Statement statementOf(final String name, final SecureRandom rng)
    {
        if (name.startsWith(POREP))
        {
            final SectorShape shape = SectorShape.preset(name.substring(POREP.length()));
            final PorepWitness witness = PorepWitness.random(shape, rng.nextLong());
            return new Statement(PorepCircuit.withWitness(witness), witness.publicInputs(), "a replica of a "
                + name.substring(POREP.length()) + " sector with comm_r 0x"
                + Fr.toBigInteger(witness.commR(), 0).toString(16) + " opens correctly at its challenges");
        }
        final PoseidonChain chain = BuiltinCircuit.byName(name, rng.nextLong() >>> 1, rng.nextLong() >>> 1);
        return new Statement(chain, chain.publicDigest(), "I know x0, x1 whose chain of Poseidon hashes ("
            + name + ") ends in 0x" + Fr.toBigInteger(chain.publicDigest()).toString(16));
    }

    @Option(names = "--cache", description = "Folder for cached parameters (default ./.jprove/params).")
    private Path cache = Path.of(".jprove", "params");

    @Option(names = "--proofs", description = "Proofs to make, each of a fresh witness (default 3: the first runs "
        + "cold, the later ones show the JIT-warmed speed).")
    private int proofs = 3;

    @Option(names = "--threads", description = "Worker threads (default: all processors).")
    private int threads = Runtime.getRuntime().availableProcessors();

    @Option(names = "--verbose", description = "Print stack traces with errors.")
    private boolean verbose;

    @Mixin
    private TimelineOption timelineOption;

    @Override
    public Integer call()
    {
        return CliSupport.run("demo", verbose, () ->
        {
            final String name = circuitName;
            final Path paramsFile = cache.resolve(name + ".params");
            final Path vkFile = cache.resolve(name + ".vk");
            System.out.println("jprove demo: Groth16 on BLS12-381, CPU backend, " + threads + " threads");
            long t = System.nanoTime();
            final ProvingKey pk;
            if (Files.exists(paramsFile) && Files.exists(vkFile))
            {
                pk = BellpersonParams.read(paramsFile, true, threads);
                System.out.println("  parameters  read from " + paramsFile + " (checked)         " + CliSupport.ms(t));
            }
            else
            {
                try (ConstraintMatrices cs = RecordingAssignment.record(shapeOf(name)))
                {
                    pk = Groth16Setup.generate(cs, new SecureRandom(), threads, CliSupport.progressBar("setup"));
                }
                Files.createDirectories(cache);
                BellpersonParams.write(pk, paramsFile);
                BellpersonParams.writeVerifyingKey(pk.vk(), vkFile);
                System.out.println("  parameters  generated and cached in " + cache + "           "
                    + CliSupport.ms(t));
            }
            try (pk; CpuProverBackend backend = new CpuProverBackend(threads); Timeline timeline = timelineOption.open())
            {
                final VerifyingKey vk = BellpersonParams.readVerifyingKey(vkFile);
                final PreparedVerifyingKey pvk = new PreparedVerifyingKey(vk);
                final Groth16Prover prover = new Groth16Prover(pk, backend);
                boolean allValid = true;
                for (int round = 1; round <= proofs; round++)
                {
                    // a fresh witness each round; later rounds show the JIT-warmed speed
                    final Statement statement = statementOf(name, new SecureRandom());
                    System.out.println("proof " + round + " of " + proofs + ":");
                    t = System.nanoTime();
                    final Proof proof;
                    timeline.append(EventKind.SYNTH_START, round, 0, -1, -1);
                    try (ProverInputs inputs = ProvingAssignment.synthesize(statement.circuit()))
                    {
                        timeline.append(EventKind.SYNTH_END, round, 0, -1, -1);
                        System.out.println("  synthesis   " + inputs.numConstraints() + " constraints, "
                            + inputs.witness().numAux() + " aux variables, domain " + pk.domainSize() + "   "
                            + CliSupport.ms(t));
                        t = System.nanoTime();
                        final StepTimes times = new StepTimes(timeline, round, 0, -1, backend.device());
                        proof = prover.prove(inputs, times);
                        timeline.append(EventKind.PROOF_DONE, round, 0, -1, -1);
                        System.out.println("  prove       " + CliSupport.ms(t) + " (" + times + ")");
                    }
                    t = System.nanoTime();
                    final boolean valid = Groth16Verifier.verify(pvk, Proof.fromBytes(proof.toBytes(), 0),
                        statement.publicInputs());
                    allValid &= valid;
                    System.out.println("  verify      " + (valid ? "valid" : "NOT VALID") + " against " + vkFile
                        + "   " + CliSupport.ms(t));
                    System.out.println("  proved      " + statement.claim() + " (" + Proof.BYTES + "-byte proof, "
                        + statement.publicInputs().length / Fr.LIMBS + " public inputs)");
                }
                if (timeline.isEnabled())
                {
                    System.out.println("timeline    " + timelineOption.directory() + " (jprove timeline report "
                        + timelineOption.directory() + ")");
                }
                return allValid ? CliSupport.OK : CliSupport.INVALID;
            }
        });
    }
}
