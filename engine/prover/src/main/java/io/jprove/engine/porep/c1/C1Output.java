package io.jprove.engine.porep.c1;

import java.util.List;

import io.jprove.engine.porep.RegisteredSealProof;
import io.jprove.engine.porep.vanilla.ChallengeProof;

/**
 * What seal commit phase 1 hands to phase 2 (rust-filecoin-proofs-api's {@code SealCommitPhase1Output}): the seal
 * proof, the vanilla proofs of every partition's challenges, the commitments and the randomness. Arrays are held as
 * given.
 *
 * @param registeredProof the seal proof
 * @param vanillaProofs   per partition, per challenge
 * @param commR           comm_r, 32 bytes
 * @param commD           comm_d, 32 bytes
 * @param replicaId       the replica id, a field element (32 little-endian bytes)
 * @param seed            the interactive randomness, 32 bytes
 * @param ticket          the sealing ticket, 32 bytes
 */
public record C1Output(RegisteredSealProof registeredProof, List<List<ChallengeProof>> vanillaProofs, byte[] commR,
    byte[] commD, byte[] replicaId, byte[] seed, byte[] ticket)
{
    /**
     * @return the name of the {@code VanillaSealProof} variant the proofs are written under: it names the sector size
     *         only ("StackedDrg32GiBV1" for every 32 GiB seal proof, V1_1 and the features included).
     */
    public String variant()
    {
        return variantOf(registeredProof);
    }

    /** @return the {@code VanillaSealProof} variant of a seal proof's sector size. */
    public static String variantOf(final RegisteredSealProof proof)
    {
        return "StackedDrg" + proof.sizeName() + "V1";
    }
}
