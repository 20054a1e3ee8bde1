package io.jprove.engine.cli;

import io.jprove.engine.circuits.NamedCircuit;

import picocli.CommandLine.Option;

/** A benchmark's circuit, a PoRep preset or any built-in one: a picocli argument group, exactly one of the two. */
final class CircuitChoice
{
    @Option(names = "--preset", description = "A PoRep preset: tiny, 2KiB, 512MiB, 32GiB or 64GiB.")
    String preset;

    @Option(names = "--circuit", description = "Any built-in circuit instead (porep-PRESET, poseidon-chain-N).")
    String name;

    /** @return the circuit chosen. */
    NamedCircuit circuit()
    {
        return NamedCircuit.of(preset != null ? "porep-" + preset : name);
    }
}
