/**
 * Merkle trees as Filecoin builds them, natively and in circuits: the node hash ({@link
 * io.jprove.engine.gadgets.merkle.TreeHasher}: SHA-256 truncated to 254 bits, or neptune's Poseidon), the tree shape
 * ({@link io.jprove.engine.gadgets.merkle.TreeShape}: base, sub and top arities such as "8-8-0"), inclusion proofs
 * ({@link io.jprove.engine.gadgets.merkle.MerklePath}, checked in a circuit by {@link
 * io.jprove.engine.gadgets.merkle.InclusionGadget} with storage-proofs' {@code PoRCircuit} constraint count), and a
 * sparse tree ({@link io.jprove.engine.gadgets.merkle.SparseMerkleTree}) that gives consistent paths for a few
 * leaves without materialising the others.
 */
package io.jprove.engine.gadgets.merkle;
