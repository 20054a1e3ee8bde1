package io.jprove.engine.porep.c1;

import java.util.ArrayList;
import java.util.List;

import io.jprove.engine.gadgets.merkle.TreeShape;
import io.jprove.engine.porep.RegisteredSealProof;
import io.jprove.engine.porep.tree.MerkleProof;
import io.jprove.engine.porep.tree.NodeHash;
import io.jprove.engine.porep.tree.PathElement;
import io.jprove.engine.porep.vanilla.ChallengeProof;
import io.jprove.engine.porep.vanilla.Column;
import io.jprove.engine.porep.vanilla.ColumnProof;
import io.jprove.engine.porep.vanilla.EncodingProof;
import io.jprove.engine.porep.vanilla.LabelingProof;
import io.jprove.engine.porep.vanilla.ReplicaColumnProof;
import io.jprove.engine.porep.SdrLabel;

/**
 * Reads a {@code SealCommitPhase1Output} as serde_json writes it (rust-filecoin-proofs-api), strictly: the fields
 * serde's derive expects, in any order, each exactly once and no other; enums externally tagged
 * ({@code {"StackedDrg2KiBV1":[…]}}, {@code {"Single":{…}}}); {@code [u8; 32]} and domain values as arrays of 32
 * numbers; a column's {@code _h} as null. Beyond what serde checks, every count the sector size fixes (path levels,
 * siblings per level, rows per column, 6 DRG and 8 expander columns, 37 parents, a labelling proof per layer) and
 * every field element's range is checked as it is read, so a file of the wrong shape is refused at the value that
 * is wrong. Values are checked for consistency by {@code VanillaVerifier}, not here.
 */
public final class C1JsonReader
{
    private final JsonCursor in;

    private C1JsonReader(final byte[] json, final String prefix)
    {
        this.in = new JsonCursor(json, prefix);
    }

    /**
     * @return the C1 output in {@code json}.
     * @throws InvalidC1Exception naming the JSON path of the first thing wrong.
     */
    public static C1Output read(final byte[] json)
    {
        return read(json, "$");
    }

    /** As {@link #read(byte[])}, with paths under {@code prefix} (the wrapper's field). */
    static C1Output read(final byte[] json, final String prefix)
    {
        final C1JsonReader reader = new C1JsonReader(json, prefix);
        final C1Output out = reader.readOutput();
        reader.in.end();
        return out;
    }

    private C1Output readOutput()
    {
        in.beginObject();
        final Fields f = new Fields("registered_proof", "vanilla_proofs", "comm_r", "comm_d", "replica_id", "seed",
            "ticket");
        RegisteredSealProof proof = null;
        String variant = null;
        List<List<ChallengeProof>> proofs = null;
        byte[] commR = null;
        byte[] commD = null;
        byte[] replicaId = null;
        byte[] seed = null;
        byte[] ticket = null;
        for (String key = f.next(); key != null; key = f.next())
        {
            switch (key)
            {
                case "registered_proof" ->
                {
                    final String name = in.readString();
                    try
                    {
                        proof = RegisteredSealProof.ofName(name);
                    }
                    catch (final IllegalArgumentException e)
                    {
                        throw in.error("unknown variant '" + name + "' of RegisteredSealProof");
                    }
                }
                case "vanilla_proofs" ->
                {
                    in.beginObject();
                    variant = in.nextKey();
                    if (variant == null)
                    {
                        throw in.error("expected one VanillaSealProof variant (" + ProofShape.variants()
                            + "), found an empty object");
                    }
                    final ProofShape shape = ProofShape.ofVariant(variant);
                    if (shape == null)
                    {
                        throw in.error("unknown variant '" + variant + "' of VanillaSealProof (known: "
                            + ProofShape.variants() + ")");
                    }
                    proofs = readPartitions(shape);
                    final String second = in.nextKey();
                    if (second != null)
                    {
                        throw in.error("an enum holds one variant; found a second key '" + second + "'");
                    }
                }
                case "comm_r" -> commR = readField();
                case "comm_d" -> commD = readField();
                case "replica_id" -> replicaId = readField();
                case "seed" -> seed = in.readBytes32();
                default -> ticket = in.readBytes32();
            }
        }
        f.requireAll();
        if (proof.sectorBytes() != ProofShape.ofVariant(variant).dataTree().leaves() * NodeHash.NODE_BYTES)
        {
            throw new InvalidC1Exception(in.path() + ".vanilla_proofs." + variant, "the proofs are of a "
                + ProofShape.ofVariant(variant).sizeName() + " sector, registered_proof " + proof + " is "
                + proof.sizeName());
        }
        return new C1Output(proof, proofs, commR, commD, replicaId, seed, ticket);
    }

    private List<List<ChallengeProof>> readPartitions(final ProofShape shape)
    {
        final List<List<ChallengeProof>> partitions = new ArrayList<>();
        in.beginArray();
        while (in.nextElement())
        {
            final List<ChallengeProof> proofs = new ArrayList<>();
            in.beginArray();
            while (in.nextElement())
            {
                proofs.add(readChallenge(shape));
            }
            partitions.add(proofs);
        }
        return partitions;
    }

    private ChallengeProof readChallenge(final ProofShape shape)
    {
        in.beginObject();
        final Fields f = new Fields("comm_d_proofs", "comm_r_last_proof", "replica_column_proofs", "labeling_proofs",
            "encoding_proof");
        MerkleProof commD = null;
        MerkleProof commRLast = null;
        ReplicaColumnProof columns = null;
        List<LabelingProof> labeling = null;
        EncodingProof encoding = null;
        for (String key = f.next(); key != null; key = f.next())
        {
            switch (key)
            {
                case "comm_d_proofs" -> commD = readMerkleProof(shape.dataTree(), "tree D of a " + shape.sizeName()
                    + " sector");
                case "comm_r_last_proof" -> commRLast = readMerkleProof(shape.replicaTree(), "tree R_last of a "
                    + shape.sizeName() + " sector");
                case "replica_column_proofs" -> columns = readReplicaColumns(shape);
                case "labeling_proofs" ->
                {
                    labeling = new ArrayList<>(shape.layers());
                    in.beginArray();
                    while (in.nextElement())
                    {
                        if (labeling.size() == shape.layers())
                        {
                            throw in.error("a " + shape.sizeName() + " sector has " + shape.layers()
                                + " layers; found more labeling proofs");
                        }
                        labeling.add(readLabeling());
                    }
                    if (labeling.size() != shape.layers())
                    {
                        throw in.error(labeling.size() + " labeling proofs; a " + shape.sizeName() + " sector has "
                            + shape.layers() + " layers");
                    }
                }
                default ->
                {
                    final LabelingProof p = readLabeling();
                    encoding = new EncodingProof(p.parents(), p.layerIndex(), p.node());
                }
            }
        }
        f.requireAll();
        return new ChallengeProof(commD, commRLast, columns, labeling, encoding);
    }

    private ReplicaColumnProof readReplicaColumns(final ProofShape shape)
    {
        in.beginObject();
        final Fields f = new Fields("c_x", "drg_parents", "exp_parents");
        ColumnProof cx = null;
        List<ColumnProof> drg = null;
        List<ColumnProof> exp = null;
        for (String key = f.next(); key != null; key = f.next())
        {
            switch (key)
            {
                case "c_x" -> cx = readColumnProof(shape);
                case "drg_parents" -> drg = readColumnProofs(shape, SdrLabel.BASE_DEGREE, "DRG parents");
                default -> exp = readColumnProofs(shape, SdrLabel.EXPANSION_DEGREE, "expander parents");
            }
        }
        f.requireAll();
        return new ReplicaColumnProof(cx, drg, exp);
    }

    private List<ColumnProof> readColumnProofs(final ProofShape shape, final int count, final String what)
    {
        final List<ColumnProof> out = new ArrayList<>(count);
        in.beginArray();
        while (in.nextElement())
        {
            if (out.size() == count)
            {
                throw in.error("a node has " + count + " " + what + "; found more columns");
            }
            out.add(readColumnProof(shape));
        }
        if (out.size() != count)
        {
            throw in.error(out.size() + " columns; a node has " + count + " " + what);
        }
        return out;
    }

    private ColumnProof readColumnProof(final ProofShape shape)
    {
        in.beginObject();
        final Fields f = new Fields("column", "inclusion_proof");
        Column column = null;
        MerkleProof proof = null;
        for (String key = f.next(); key != null; key = f.next())
        {
            if (key.equals("column"))
            {
                column = readColumn(shape);
            }
            else
            {
                proof = readMerkleProof(shape.replicaTree(), "tree C of a " + shape.sizeName() + " sector");
            }
        }
        f.requireAll();
        return new ColumnProof(column, proof);
    }

    private Column readColumn(final ProofShape shape)
    {
        in.beginObject();
        final Fields f = new Fields("index", "rows", "_h");
        long index = 0;
        byte[][] rows = null;
        for (String key = f.next(); key != null; key = f.next())
        {
            switch (key)
            {
                case "index" -> index = in.readUnsigned(0xffff_ffffL);
                case "rows" -> rows = readFields(shape.layers(), "rows; a column of a " + shape.sizeName()
                    + " sector has one per layer");
                default -> in.readNull();
            }
        }
        f.requireAll();
        return new Column(index, rows);
    }

    private LabelingProof readLabeling()
    {
        in.beginObject();
        final Fields f = new Fields("parents", "layer_index", "node");
        byte[][] parents = null;
        long layer = 0;
        long node = 0;
        for (String key = f.next(); key != null; key = f.next())
        {
            switch (key)
            {
                case "parents" -> parents = readFields(SdrLabel.TOTAL_PARENTS, "parents; a label hashes "
                    + SdrLabel.TOTAL_PARENTS);
                case "layer_index" -> layer = in.readUnsigned(0xffff_ffffL);
                default -> node = in.readUnsigned(-1L);
            }
        }
        f.requireAll();
        return new LabelingProof(parents, layer, node);
    }

    private MerkleProof readMerkleProof(final TreeShape shape, final String tree)
    {
        in.beginObject();
        final Fields outer = new Fields("data");
        MerkleProof proof = null;
        for (String key = outer.next(); key != null; key = outer.next())
        {
            in.beginObject();
            final String variant = in.nextKey();
            final MerkleProof.Form expected = MerkleProof.Form.of(shape);
            if (variant == null)
            {
                throw in.error("expected a proof variant (" + expected.json() + " for " + tree + ")");
            }
            MerkleProof.Form form = null;
            for (final MerkleProof.Form candidate : MerkleProof.Form.values())
            {
                if (candidate.json().equals(variant))
                {
                    form = candidate;
                }
            }
            if (form == null)
            {
                throw in.error("unknown variant '" + variant + "' of ProofData (Single, Sub, Top)");
            }
            if (form != expected)
            {
                throw in.error("a proof in " + tree + " is " + expected.json() + ", found " + variant);
            }
            proof = readProofData(shape, form, tree);
            final String second = in.nextKey();
            if (second != null)
            {
                throw in.error("an enum holds one variant; found a second key '" + second + "'");
            }
        }
        outer.requireAll();
        return proof;
    }

    private MerkleProof readProofData(final TreeShape shape, final MerkleProof.Form form, final String tree)
    {
        in.beginObject();
        final Fields f = switch (form)
        {
            case SINGLE -> new Fields("root", "leaf", "path");
            case SUB -> new Fields("base_proof", "sub_proof", "root", "leaf");
            case TOP -> new Fields("base_proof", "sub_proof", "top_proof", "root", "leaf");
        };
        byte[] root = null;
        byte[] leaf = null;
        List<PathElement> base = null;
        List<PathElement> sub = List.of();
        List<PathElement> top = List.of();
        for (String key = f.next(); key != null; key = f.next())
        {
            switch (key)
            {
                case "root" -> root = readField();
                case "leaf" -> leaf = readField();
                case "path", "base_proof" -> base = readInclusionPath(shape.baseLevels(), shape.baseArity(),
                    "the base path of " + tree);
                case "sub_proof" -> sub = readInclusionPath(1, shape.subArity(), "the sub path of " + tree);
                default -> top = readInclusionPath(1, shape.topArity(), "the top path of " + tree);
            }
        }
        f.requireAll();
        return new MerkleProof(form, root, leaf, base, sub, top);
    }

    private List<PathElement> readInclusionPath(final int levels, final int arity, final String what)
    {
        in.beginObject();
        final Fields f = new Fields("path");
        final List<PathElement> path = new ArrayList<>(levels);
        for (String key = f.next(); key != null; key = f.next())
        {
            in.beginArray();
            while (in.nextElement())
            {
                if (path.size() == levels)
                {
                    throw in.error(what + " has " + levels + " levels; found more");
                }
                path.add(readPathElement(arity));
            }
            if (path.size() != levels)
            {
                throw in.error(path.size() + " levels; " + what + " has " + levels);
            }
        }
        f.requireAll();
        return path;
    }

    private PathElement readPathElement(final int arity)
    {
        in.beginObject();
        final Fields f = new Fields("hashes", "index");
        byte[][] hashes = null;
        long index = 0;
        for (String key = f.next(); key != null; key = f.next())
        {
            if (key.equals("hashes"))
            {
                hashes = readFields(arity - 1, "siblings; a level of arity " + arity + " has " + (arity - 1));
            }
            else
            {
                index = in.readUnsigned(arity - 1);
            }
        }
        f.requireAll();
        return new PathElement(hashes, index);
    }

    /** Reads an array of exactly {@code count} field elements; {@code what} completes the error messages. */
    private byte[][] readFields(final int count, final String what)
    {
        final byte[][] out = new byte[count][];
        int n = 0;
        in.beginArray();
        while (in.nextElement())
        {
            if (n == count)
            {
                throw in.error("expected " + count + " " + what + ", found more");
            }
            out[n++] = readField();
        }
        if (n != count)
        {
            throw in.error("expected " + count + " " + what + ", found " + n);
        }
        return out;
    }

    /** Reads a field element: 32 bytes, little-endian, below the modulus. */
    private byte[] readField()
    {
        final byte[] v = in.readBytes32();
        if (!NodeHash.isCanonical(v))
        {
            throw in.error("not a canonical field element (the little-endian value is at least the modulus r)");
        }
        return v;
    }

    /** The fields of one object: each known name once, all of them present. */
    private final class Fields
    {
        private final String[] names;
        private final boolean[] seen;

        Fields(final String... names)
        {
            this.names = names;
            this.seen = new boolean[names.length];
        }

        /** @return the next field's name, or null at the object's end. */
        String next()
        {
            final String key = in.nextKey();
            if (key == null)
            {
                return null;
            }
            for (int i = 0; i < names.length; i++)
            {
                if (names[i].equals(key))
                {
                    if (seen[i])
                    {
                        throw in.error("duplicate field '" + key + "'");
                    }
                    seen[i] = true;
                    return key;
                }
            }
            throw in.error("unknown field '" + key + "', expected " + String.join(", ", names));
        }

        /** Checks that every field was there (the cursor has left the object, so its path names it). */
        void requireAll()
        {
            for (int i = 0; i < names.length; i++)
            {
                if (!seen[i])
                {
                    throw new InvalidC1Exception(in.path(), "missing field '" + names[i] + "'");
                }
            }
        }
    }
}
