/**
 * Fast witness-only synthesis of PoRep partitions: the values {@link io.jprove.engine.porep.PorepCircuit}'s gadgets
 * allocate, computed natively (SHA-256 on words with masks of constant and negated bits, neptune's Poseidon with its
 * intermediates, Merkle insertion picks) and written in allocation order straight into off-heap memory, challenges
 * and their pieces in parallel ({@link io.jprove.engine.porep.synthesis.PartitionSynthesizer}). a, b and c then come
 * from the shape's recorded matrices. The gadget synthesis stays the reference: the tests compare the two byte for
 * byte.
 */
package io.jprove.engine.porep.synthesis;
