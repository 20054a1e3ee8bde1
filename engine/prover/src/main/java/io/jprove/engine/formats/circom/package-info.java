/**
 * Readers for circom's binary files and their replay as a jprove {@link io.jprove.engine.r1cs.Circuit}.
 * <p>
 * {@link io.jprove.engine.formats.circom.CircomR1cs} reads {@code .r1cs} (iden3 "r1cs" v1),
 * {@link io.jprove.engine.formats.circom.CircomWitness} reads {@code .wtns} (iden3 "wtns" v2); both map the file,
 * validate it whole (magic, version, section sizes against the file size, the prime — BLS12-381's r only —,
 * canonical field elements) and report problems as {@link io.jprove.engine.r1cs.MalformedFileException}s naming file,
 * section and byte offset. {@link io.jprove.engine.formats.circom.CircomCircuit} replays them through any synthesizer:
 * wire 0 is ONE, the public wires (outputs, then public inputs) are jprove's inputs 1.., the rest aux.
 */
package io.jprove.engine.formats.circom;
