/**
 * Hashes computed natively (outside a circuit), bit-for-bit as Filecoin computes them: neptune's Poseidon over
 * BLS12-381 Fr ({@link io.jprove.engine.gadgets.hash.Poseidon}), SHA-256 with and without padding
 * ({@link io.jprove.engine.gadgets.hash.Sha256}), BLAKE2b ({@link io.jprove.engine.gadgets.hash.Blake2b}: the SDR
 * graph's Feistel rounds, synthetic challenges, parameter-file digests) and the 254-bit truncation of a digest into
 * Fr ({@link io.jprove.engine.gadgets.hash.Fr32}). They are the reference the circuit gadgets are tested against.
 */
package io.jprove.engine.gadgets.hash;
