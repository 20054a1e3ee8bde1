package io.jprove.engine.porep.vanilla;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.function.UnaryOperator;

import org.junit.jupiter.api.Test;

import io.jprove.engine.porep.RegisteredSealProof;
import io.jprove.engine.porep.c1.C1Fixtures;
import io.jprove.engine.porep.c1.C1Output;
import io.jprove.engine.porep.c1.InvalidC1Exception;
import io.jprove.engine.porep.sdr.ProverId;
import io.jprove.engine.porep.tree.MerkleProof;

/** The vanilla verifier accepts really sealed sectors of every PoRep kind and names each inconsistency. */
class VanillaVerifierTest
{
    private static final RegisteredSealProof PROOF = RegisteredSealProof.StackedDrg2KiBV1_1;
    private static final String FIRST = "$.vanilla_proofs.StackedDrg2KiBV1[0][0]";

    @Test
    void shouldAcceptSealed2KiBSectorsOfEveryKind()
    {
        for (final RegisteredSealProof p : List.of(RegisteredSealProof.StackedDrg2KiBV1,
            RegisteredSealProof.StackedDrg2KiBV1_1, RegisteredSealProof.StackedDrg2KiBV1_1_Feat_SyntheticPoRep,
            RegisteredSealProof.StackedDrg2KiBV1_2_Feat_NonInteractivePoRep))
        {
            final C1Output c1 = C1Fixtures.sealed(p);
            VanillaVerifier.verify(c1, C1Fixtures.identity());
            assertEquals(p.partitions(), c1.vanillaProofs().size());
            assertEquals(p.challengesPerPartition(), c1.vanillaProofs().getFirst().size());
        }
    }

    @Test
    void shouldNameTheRandomnessAndCommitmentsThatDoNotFit()
    {
        final C1Output c1 = C1Fixtures.sealed(PROOF);
        final byte[] seed = c1.seed().clone();
        seed[0] ^= 1;
        assertFails(new C1Output(PROOF, c1.vanillaProofs(), c1.commR(), c1.commD(), c1.replicaId(), seed,
            c1.ticket()), FIRST + ".comm_d_proofs.data.Single", "opens node");
        assertFails(new C1Output(PROOF, c1.vanillaProofs(), c1.commR(), c1.commD(), c1.replicaId(), new byte[32],
            c1.ticket()), "$.seed", "is zero");
        final byte[] other = c1.commR().clone();
        other[3] ^= 1;
        assertFails(new C1Output(PROOF, c1.vanillaProofs(), other, c1.commD(), c1.replicaId(), c1.seed(),
            c1.ticket()), "$.comm_r", "is not Poseidon(comm_c, comm_r_last)");
        assertFails(new C1Output(PROOF, c1.vanillaProofs(), c1.commR(), other, c1.replicaId(), c1.seed(),
            c1.ticket()), FIRST + ".comm_d_proofs.data.Single.root", "is not comm_d");
        final byte[] ticket = c1.ticket().clone();
        ticket[31] ^= 1;
        final C1Output otherTicket = new C1Output(PROOF, c1.vanillaProofs(), c1.commR(), c1.commD(), c1.replicaId(),
            c1.seed(), ticket);
        VanillaVerifier.verify(otherTicket, null);
        assertEquals("$.replica_id", assertThrows(InvalidC1Exception.class, () -> VanillaVerifier.verify(otherTicket,
            C1Fixtures.identity())).jsonPath());
        final InvalidC1Exception e = assertThrows(InvalidC1Exception.class, () -> VanillaVerifier.verify(c1,
            new VanillaVerifier.Identity(ProverId.ofMiner(C1Fixtures.MINER), C1Fixtures.SECTOR + 1)));
        assertEquals("$.replica_id", e.jsonPath());
        assertFails(new C1Output(PROOF, List.of(), c1.commR(), c1.commD(), c1.replicaId(), c1.seed(), c1.ticket()),
            "$.vanilla_proofs.StackedDrg2KiBV1", "0 partitions; StackedDrg2KiBV1_1 has 1");
        assertFails(new C1Output(PROOF, List.of(c1.vanillaProofs().getFirst().subList(0, 1)), c1.commR(),
            c1.commD(), c1.replicaId(), c1.seed(), c1.ticket()), "$.vanilla_proofs.StackedDrg2KiBV1[0]",
            "1 challenge proofs");
    }

    @Test
    void shouldNameTheLabelColumnAndPathThatDoNotFit()
    {
        final C1Output c1 = C1Fixtures.sealed(PROOF);
        final byte[] replicaId = c1.replicaId().clone();
        replicaId[0] ^= 1;
        assertFails(new C1Output(PROOF, c1.vanillaProofs(), c1.commR(), c1.commD(), replicaId, c1.seed(),
            c1.ticket()), FIRST, "");
        assertFails(change(c1, p ->
        {
            final LabelingProof l = p.labelingProofs().get(1);
            final byte[][] parents = l.parents().clone();
            parents[10] = parents[10].clone();
            parents[10][0] ^= 1;
            return new ChallengeProof(p.commDProofs(), p.commRLastProof(), p.replicaColumnProofs(),
                List.of(p.labelingProofs().getFirst(), new LabelingProof(parents, 2, l.node())), p.encodingProof());
        }), FIRST + ".labeling_proofs[1].parents[10]", "is not the label on layer 1 of expander parent 4");
        assertFails(change(c1, p -> new ChallengeProof(p.commDProofs(), p.commRLastProof(), p.replicaColumnProofs(),
            p.labelingProofs(), new EncodingProof(p.encodingProof().parents(), 1, p.encodingProof().node()))),
            FIRST + ".encoding_proof.layer_index", "is 1, expected 2");
        assertFails(change(c1, p ->
        {
            final ReplicaColumnProof r = p.replicaColumnProofs();
            final List<ColumnProof> drg = new ArrayList<>(r.drgParents());
            final ColumnProof c = drg.get(2);
            final byte[][] rows = c.column().rows().clone();
            rows[0] = rows[1];
            drg.set(2, new ColumnProof(new Column(c.column().index(), rows), c.inclusionProof()));
            return new ChallengeProof(p.commDProofs(), p.commRLastProof(), new ReplicaColumnProof(r.cx(), drg,
                r.expParents()), p.labelingProofs(), p.encodingProof());
        }), FIRST + ".replica_column_proofs.drg_parents[2].inclusion_proof.data.Single.leaf", "is not the hash");
        assertFails(change(c1, p ->
        {
            final ReplicaColumnProof r = p.replicaColumnProofs();
            final ColumnProof cx = r.cx();
            return new ChallengeProof(p.commDProofs(), p.commRLastProof(), new ReplicaColumnProof(new ColumnProof(
                new Column(cx.column().index() + 1, cx.column().rows()), cx.inclusionProof()), r.drgParents(),
                r.expParents()), p.labelingProofs(), p.encodingProof());
        }), FIRST + ".replica_column_proofs.c_x.column.index", "expected node");
        assertFails(change(c1, p ->
        {
            final MerkleProof d = p.commDProofs();
            final byte[] leaf = d.leaf().clone();
            leaf[0] ^= 1;
            return new ChallengeProof(new MerkleProof(d.form(), d.root(), leaf, d.base(), d.sub(), d.top()),
                p.commRLastProof(), p.replicaColumnProofs(), p.labelingProofs(), p.encodingProof());
        }), FIRST + ".comm_d_proofs.data.Single", "does not open to the root");
    }

    private static C1Output change(final C1Output c1, final UnaryOperator<ChallengeProof> edit)
    {
        final List<ChallengeProof> proofs = new ArrayList<>(c1.vanillaProofs().getFirst());
        proofs.set(0, edit.apply(proofs.getFirst()));
        return new C1Output(c1.registeredProof(), List.of(proofs), c1.commR(), c1.commD(), c1.replicaId(),
            c1.seed(), c1.ticket());
    }

    private static void assertFails(final C1Output c1, final String path, final String fragment)
    {
        // without the identity: the replica id check would come first and hide the others
        final InvalidC1Exception e = assertThrows(InvalidC1Exception.class, () -> VanillaVerifier.verify(c1, null));
        assertTrue(e.jsonPath().startsWith(path), e.getMessage());
        assertTrue(e.getMessage().contains(fragment), "expected \"" + fragment + "\" in: " + e.getMessage());
    }
}
