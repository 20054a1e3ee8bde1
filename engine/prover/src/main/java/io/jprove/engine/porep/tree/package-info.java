/**
 * A sector's Merkle trees as rust-fil-proofs builds them: fr32 padding of piece data ({@link
 * io.jprove.engine.porep.tree.Fr32Padding}), tree D over the padded data ({@link
 * io.jprove.engine.porep.tree.DataTree}, root comm_d), the Poseidon trees C and R_last of the replica's shape ({@link
 * io.jprove.engine.porep.tree.ReplicaTree}), their inclusion proofs in Filecoin's serialized form ({@link
 * io.jprove.engine.porep.tree.MerkleProof}: Single, Sub or Top) and commitment CIDs ({@link
 * io.jprove.engine.porep.tree.CommitmentCid}).
 */
package io.jprove.engine.porep.tree;
