package io.jprove.engine.porep.tree;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import io.jprove.engine.gadgets.merkle.MerklePath;
import io.jprove.engine.gadgets.merkle.SparseMerkleTree;
import io.jprove.engine.gadgets.merkle.TreeHasher;
import io.jprove.engine.gadgets.merkle.TreeShape;
import io.jprove.field.Fr;

/**
 * An inclusion proof in the form rust-fil-proofs serializes it (storage-proofs-core {@code MerkleProof}): the root,
 * the leaf and the path, split as the tree is built. A tree without sub trees gives a {@link Form#SINGLE} proof (one
 * path); a tree of base trees joined by a sub level gives {@link Form#SUB} (the base path and one sub level); one
 * with a top level as well gives {@link Form#TOP}. Arrays are held as given, not copied.
 *
 * @param form the variant
 * @param root the root, 32 bytes
 * @param leaf the leaf, 32 bytes
 * @param base the base tree's levels, leaves' parents first
 * @param sub  the sub level (one element for SUB and TOP, empty for SINGLE)
 * @param top  the top level (one element for TOP, else empty)
 */
public record MerkleProof(Form form, byte[] root, byte[] leaf, List<PathElement> base, List<PathElement> sub,
    List<PathElement> top)
{
    /** The three shapes of a proof, named as serde names the variants. */
    public enum Form
    {
        /** A single tree: {@code {"Single":{"root","leaf","path"}}}. */
        SINGLE("Single"),
        /** Base trees and a sub level: {@code {"Sub":{"base_proof","sub_proof","root","leaf"}}}. */
        SUB("Sub"),
        /** Base, sub and top: {@code {"Top":{"base_proof","sub_proof","top_proof","root","leaf"}}}. */
        TOP("Top");

        private final String json;

        Form(final String json)
        {
            this.json = json;
        }

        /** @return the variant's name in JSON. */
        public String json()
        {
            return json;
        }

        /** @return the form a tree of this shape gives. */
        public static Form of(final TreeShape shape)
        {
            if (shape.topArity() > 0)
            {
                return TOP;
            }
            return shape.subArity() > 0 ? SUB : SINGLE;
        }
    }

    /**
     * @return a proof from a whole path (leaves' parents first), split as {@code shape} gives it (rust-fil-proofs'
     *         {@code from_parts}).
     */
    public static MerkleProof of(final TreeShape shape, final byte[] root, final byte[] leaf,
        final List<PathElement> path)
    {
        if (path.size() != shape.levels())
        {
            throw new IllegalArgumentException("a path of " + shape + " has " + shape.levels() + " levels, got "
                + path.size());
        }
        final Form form = Form.of(shape);
        final int baseLevels = shape.baseLevels();
        final List<PathElement> base = List.copyOf(path.subList(0, baseLevels));
        final List<PathElement> sub = form == Form.SINGLE ? List.of() : List.of(path.get(baseLevels));
        final List<PathElement> top = form == Form.TOP ? List.of(path.get(baseLevels + 1)) : List.of();
        return new MerkleProof(form, root, leaf, base, sub, top);
    }

    /** @return a sparse tree's opening of a known leaf, its path split as the tree's shape gives it. */
    public static MerkleProof ofSparse(final SparseMerkleTree tree, final long node)
    {
        final MerklePath path = tree.path(node);
        final int[] arities = path.shape().levelArities();
        final List<PathElement> elements = new ArrayList<>(arities.length);
        for (int level = 0; level < arities.length; level++)
        {
            final byte[][] hashes = new byte[arities[level] - 1][];
            for (int i = 0; i < hashes.length; i++)
            {
                hashes[i] = NodeHash.toBytes(path.siblings()[level], i * Fr.LIMBS);
            }
            elements.add(new PathElement(hashes, path.position(level)));
        }
        return of(path.shape(), NodeHash.toBytes(tree.root(), 0), NodeHash.toBytes(tree.leaf(node), 0), elements);
    }

    /** @return every level, base first, then sub, then top. */
    public List<PathElement> path()
    {
        final List<PathElement> all = new ArrayList<>(base.size() + sub.size() + top.size());
        all.addAll(base);
        all.addAll(sub);
        all.addAll(top);
        return all;
    }

    /**
     * @return the leaf index the path's positions give (storage-proofs' {@code path_index}): each level's index in
     *         the radix of its arity, leaves' parents least significant.
     */
    public long pathIndex()
    {
        long index = 0;
        long weight = 1;
        for (final PathElement e : path())
        {
            index += e.index() * weight;
            weight *= e.arity();
        }
        return index;
    }

    /**
     * @return the root the path computes from the leaf.
     * @throws IllegalArgumentException when an index is outside its level or a value is not a field element.
     */
    public byte[] computeRoot(final TreeHasher hasher)
    {
        byte[] node = leaf;
        for (final PathElement e : path())
        {
            node = e.parent(hasher, node);
        }
        return node;
    }

    /** @return whether the path computes the root it claims from the leaf (storage-proofs' {@code verify}). */
    public boolean opens(final TreeHasher hasher)
    {
        return Arrays.equals(computeRoot(hasher), root);
    }
}
