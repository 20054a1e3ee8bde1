/**
 * Vanilla seal proofs as rust-fil-proofs makes and checks them: per challenge the openings of tree D, tree R_last
 * and the columns of tree C, the labelling inputs of every layer and the encoding's ({@link
 * io.jprove.engine.porep.vanilla.ChallengeProof}), and jprove's verifier of all of it.
 */
package io.jprove.engine.porep.vanilla;
