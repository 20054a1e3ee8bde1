package io.jprove.engine.porep.vanilla;

import java.util.List;

import io.jprove.engine.porep.tree.MerkleProof;

/**
 * The vanilla proof of one challenge (rust-fil-proofs' stacked {@code Proof}, the API's
 * {@code RawVanillaSealProof}): the data node's opening in tree D, the replica node's in tree R_last, the columns of
 * the node and its parents in tree C, each layer's labelling inputs and the encoding's.
 *
 * @param commDProofs         the path to comm_d (SHA-256, binary)
 * @param commRLastProof      the path to comm_r_last
 * @param replicaColumnProofs the columns and their paths to comm_c
 * @param labelingProofs      one per layer, layer 1 first
 * @param encodingProof       the key's inputs
 */
public record ChallengeProof(MerkleProof commDProofs, MerkleProof commRLastProof,
    ReplicaColumnProof replicaColumnProofs, List<LabelingProof> labelingProofs, EncodingProof encodingProof)
{
}
