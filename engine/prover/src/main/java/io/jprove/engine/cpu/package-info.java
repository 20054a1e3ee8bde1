/**
 * The CPU backend: {@link io.jprove.engine.cpu.CpuProverBackend} proves a partition on the host's threads (the H
 * chain on the four-step NTT, {@link io.jprove.engine.cpu.CpuHChain}; the split MSMs,
 * {@link io.jprove.engine.cpu.SplitMsm}) and reports each compute step as a kernel, host-measured;
 * {@link io.jprove.engine.cpu.CpuBackendFactory} offers it to {@code --device cpu}.
 */
package io.jprove.engine.cpu;
