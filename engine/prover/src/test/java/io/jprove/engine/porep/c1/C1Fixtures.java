package io.jprove.engine.porep.c1;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.ConcurrentHashMap;

import io.jprove.engine.gadgets.merkle.TreeShape;
import io.jprove.engine.porep.RegisteredSealProof;
import io.jprove.engine.porep.SdrLabel;
import io.jprove.engine.porep.sdr.ProverId;
import io.jprove.engine.porep.seal.SealedSector;
import io.jprove.engine.porep.seal.SectorSealer;
import io.jprove.engine.porep.tree.Fr32Padding;
import io.jprove.engine.porep.tree.MerkleProof;
import io.jprove.engine.porep.tree.PathElement;
import io.jprove.engine.porep.vanilla.ChallengeProof;
import io.jprove.engine.porep.vanilla.Column;
import io.jprove.engine.porep.vanilla.ColumnProof;
import io.jprove.engine.porep.vanilla.EncodingProof;
import io.jprove.engine.porep.vanilla.LabelingProof;
import io.jprove.engine.porep.vanilla.ReplicaColumnProof;
import io.jprove.engine.porep.vanilla.VanillaProver;
import io.jprove.engine.porep.vanilla.VanillaVerifier;

/** C1 outputs for tests: really sealed 2 KiB sectors, and random ones of a size's shape (formats only). */
public final class C1Fixtures
{
    /** The miner of the sealed fixtures. */
    public static final long MINER = 1000;
    /** The sector number of the sealed fixtures. */
    public static final long SECTOR = 7;

    private static final Map<RegisteredSealProof, C1Output> SEALED = new ConcurrentHashMap<>();

    private C1Fixtures()
    {
    }

    /** @return the identity the sealed fixtures were made for. */
    public static VanillaVerifier.Identity identity()
    {
        return new VanillaVerifier.Identity(ProverId.ofMiner(MINER), SECTOR);
    }

    /** @return the C1 output of a really sealed 2 KiB sector of random data (made once per seal proof). */
    public static C1Output sealed(final RegisteredSealProof proof)
    {
        return SEALED.computeIfAbsent(proof, p ->
        {
            final SplittableRandom rng = new SplittableRandom(p.id() + 17);
            final byte[] unpadded = new byte[(int)Fr32Padding.unpaddedSize(p.sectorBytes())];
            rng.nextBytes(unpadded);
            final byte[] ticket = bytes(rng);
            final byte[] seed = bytes(rng);
            final SealedSector s = SectorSealer.seal(p, Fr32Padding.pad(unpadded), ProverId.ofMiner(MINER), SECTOR,
                ticket);
            return VanillaProver.commitPhase1(p, s, s.replicaId(), s.commD(), s.commR(), seed, ticket);
        });
    }

    /**
     * @return a C1 output of {@code proof}'s shapes with random values: one partition of one challenge, nothing
     *         consistent (for the format only)
     */
    public static C1Output randomShaped(final RegisteredSealProof proof, final long seed)
    {
        final SplittableRandom rng = new SplittableRandom(seed);
        final ProofShape shape = ProofShape.of(proof);
        final List<ColumnProof> drg = new ArrayList<>();
        final List<ColumnProof> exp = new ArrayList<>();
        for (int j = 0; j < SdrLabel.BASE_DEGREE + SdrLabel.EXPANSION_DEGREE; j++)
        {
            (j < SdrLabel.BASE_DEGREE ? drg : exp).add(column(rng, shape));
        }
        final List<LabelingProof> labeling = new ArrayList<>();
        for (int l = 1; l <= shape.layers(); l++)
        {
            labeling.add(new LabelingProof(fields(rng, SdrLabel.TOTAL_PARENTS), l, rng.nextLong(1L << 40)));
        }
        final ChallengeProof p = new ChallengeProof(merkle(rng, shape.dataTree()), merkle(rng, shape.replicaTree()),
            new ReplicaColumnProof(column(rng, shape), drg, exp), labeling,
            new EncodingProof(fields(rng, SdrLabel.TOTAL_PARENTS), shape.layers(), -1L));
        return new C1Output(proof, List.of(List.of(p)), field(rng), field(rng), field(rng), bytes(rng), bytes(rng));
    }

    private static ColumnProof column(final SplittableRandom rng, final ProofShape shape)
    {
        return new ColumnProof(new Column(rng.nextLong(1L << 32), fields(rng, shape.layers())),
            merkle(rng, shape.replicaTree()));
    }

    private static MerkleProof merkle(final SplittableRandom rng, final TreeShape shape)
    {
        final List<PathElement> path = new ArrayList<>();
        for (final int arity : shape.levelArities())
        {
            path.add(new PathElement(fields(rng, arity - 1), rng.nextInt(arity)));
        }
        return MerkleProof.of(shape, field(rng), field(rng), path);
    }

    private static byte[][] fields(final SplittableRandom rng, final int count)
    {
        final byte[][] out = new byte[count][];
        for (int i = 0; i < count; i++)
        {
            out[i] = field(rng);
        }
        return out;
    }

    /** @return a random field element (254 bits, so below r). */
    static byte[] field(final SplittableRandom rng)
    {
        final byte[] b = bytes(rng);
        b[31] &= 0x3f;
        return b;
    }

    private static byte[] bytes(final SplittableRandom rng)
    {
        final byte[] b = new byte[32];
        rng.nextBytes(b);
        return b;
    }
}
