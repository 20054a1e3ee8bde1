package io.jprove.engine.daemon;

import java.nio.file.Path;

import io.jprove.engine.porep.RegisteredSealProof;
import io.jprove.engine.post.RegisteredPostProof;
import io.jprove.engine.update.UpdateShape;

/**
 * What a job proves, as the daemon keeps it: files by absolute path on the daemon's host. A circom witness (or a C1
 * output) arrives as bytes in the request; it is journaled and kept as a file in the daemon's spool, so that a queued
 * job holds no witness in memory.
 */
public sealed interface JobSpec
{
    /** @return "builtin", "circom", "zkey", "porep", "post" or "snap", as in the API's JobStatus.circuit. */
    String kind();

    /** @return the partitions to prove; each is one Groth16 proof. */
    int partitions();

    /** @return the proving key the job needs. */
    KeyRef key();

    /**
     * A built-in circuit with bellperson parameters; partition i's witness is drawn from {@code seed} and i.
     *
     * @param name       porep-PRESET or poseidon-chain-N.
     * @param params     the bellperson .params.
     * @param partitions how many partitions.
     * @param seed       the witnesses' seed.
     */
    record Builtin(String name, Path params, int partitions, long seed) implements JobSpec
    {
        @Override
        public String kind()
        {
            return "builtin";
        }

        @Override
        public KeyRef key()
        {
            return KeyRef.params(params);
        }
    }

    /**
     * A circom circuit with bellperson parameters.
     *
     * @param params  the bellperson .params.
     * @param r1cs    the circom .r1cs.
     * @param witness the spooled .wtns.
     */
    record Circom(Path params, Path r1cs, Path witness) implements JobSpec
    {
        @Override
        public String kind()
        {
            return "circom";
        }

        @Override
        public int partitions()
        {
            return 1;
        }

        @Override
        public KeyRef key()
        {
            return KeyRef.params(params);
        }
    }

    /**
     * A circom circuit with a snarkjs zkey.
     *
     * @param zkey    the .zkey.
     * @param witness the spooled .wtns.
     */
    record Zkey(Path zkey, Path witness) implements JobSpec
    {
        @Override
        public String kind()
        {
            return "zkey";
        }

        @Override
        public int partitions()
        {
            return 1;
        }

        @Override
        public KeyRef key()
        {
            return KeyRef.zkey(zkey);
        }
    }

    /**
     * Filecoin's PoRep C2 of one sector (the cuzk API's POREP_SEAL_COMMIT): one partition per vanilla-proof
     * partition of its C1 output, proved with the seal proof's published parameters from Filecoin's parameter cache.
     *
     * @param proof  the C1 output's registered seal proof.
     * @param params its parameters ({@code v28-stacked-proof-of-replication-...params}).
     * @param c1     the spooled C1 output, as the request sent it (bare or wrapped).
     */
    record Porep(RegisteredSealProof proof, Path params, Path c1) implements JobSpec
    {
        @Override
        public String kind()
        {
            return "porep";
        }

        @Override
        public int partitions()
        {
            return proof.partitions();
        }

        @Override
        public KeyRef key()
        {
            return KeyRef.porep(params);
        }
    }

    /**
     * A Filecoin PoSt partition (the cuzk API's WINDOW_POST_PARTITION and WINNING_POST): one proof from its sectors'
     * vanilla proofs, proved with the PoSt proof's parameters from Filecoin's parameter cache.
     *
     * @param proof  the registered PoSt proof.
     * @param params its parameters ({@code v28-proof-of-spacetime-fallback-...params}).
     * @param input  the spooled inputs: the request's randomness, partition index and vanilla proofs
     *               ({@link PostInputs}).
     */
    record Post(RegisteredPostProof proof, Path params, Path input) implements JobSpec
    {
        @Override
        public String kind()
        {
            return "post";
        }

        @Override
        public int partitions()
        {
            return 1;
        }

        @Override
        public KeyRef key()
        {
            return KeyRef.porep(params);
        }
    }

    /**
     * A Filecoin SnapDeals sector update (the cuzk API's SNAP_DEALS_UPDATE): one proof per partition from its vanilla
     * proof, proved with the sector size's SnapDeals parameters from Filecoin's parameter cache.
     *
     * @param shape  the sector size's shape.
     * @param params its parameters ({@code v28-empty-sector-update-...params}).
     * @param input  the spooled inputs: the request's vanilla proofs and commitments ({@link SnapInputs}).
     */
    record Snap(UpdateShape shape, Path params, Path input) implements JobSpec
    {
        @Override
        public String kind()
        {
            return "snap";
        }

        @Override
        public int partitions()
        {
            return shape.partitions();
        }

        @Override
        public KeyRef key()
        {
            return KeyRef.porep(params);
        }
    }
}
