package io.jprove.engine.cli;

import java.util.concurrent.Callable;

import picocli.CommandLine.Command;

/**
 * {@code jprove demo}: proves and verifies the built-in circuit. Until the Groth16 prover lands it says so and
 * exits non-zero; it never pretends to prove.
 */
@Command(name = "demo", description = "Prove and verify the built-in circuit on the CPU.")
final class DemoCommand implements Callable<Integer>
{
    @Override
    public Integer call()
    {
        System.out.println("jprove demo: the Groth16 prover has not landed yet.");
        System.out.println("Available now: BLS12-381 field, curve and pairing arithmetic (field-arith); run ./jprove test.");
        return 2;
    }
}
