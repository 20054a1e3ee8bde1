package io.jprove.engine.porep.tree;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;

import io.jprove.engine.gadgets.merkle.TreeShape;
import io.jprove.field.Fr;

/**
 * rust-fil-proofs' vanilla proofs as bincode (little-endian, fixed-width integers, a {@code Vec} as a u64 count and
 * its items) serializes their parts: u64s, 32-byte field elements and {@link MerkleProof}s (a u32 variant, 0 Single,
 * 1 Sub, 2 Top, then the variant's fields in order: Single's root, leaf and path; Sub's and Top's paths, then root and
 * leaf; a path is a u64 count of elements, each a u64 count of 32-byte hashes and a u64 index). Errors name the byte
 * offset and the field: {@code offset N: what}.
 */
public final class ProofBincode
{
    private ProofBincode()
    {
    }

    /** @return the next u64. @throws IllegalArgumentException naming {@code what} when the bytes end first */
    public static long u64(final ByteBuffer in, final String what)
    {
        if (in.remaining() < 8)
        {
            throw malformed(in, "truncated in " + what);
        }
        return in.getLong();
    }

    /**
     * @return the next 32-byte field element, as its bytes.
     * @throws IllegalArgumentException naming {@code what} when the bytes end first or it is not below r
     */
    public static byte[] domain(final ByteBuffer in, final String what)
    {
        if (in.remaining() < 32)
        {
            throw malformed(in, "truncated in " + what);
        }
        final byte[] b = new byte[32];
        in.get(b);
        if (!Fr.fromBytes(b, 0, new long[Fr.LIMBS], 0))
        {
            throw malformed(in, what + " is not a field element (not below r)");
        }
        return b;
    }

    /**
     * @param tree the tree it opens (its shape fixes the variant and the path lengths)
     * @param at   the proof's name in messages, e.g. {@code inclusion_proofs[3]}
     * @return the next inclusion proof
     * @throws IllegalArgumentException naming the offset and field when the bytes are not such a proof
     */
    public static MerkleProof merkleProof(final ByteBuffer in, final TreeShape tree, final String at)
    {
        final MerkleProof.Form form = MerkleProof.Form.of(tree);
        final int variant = in.remaining() < 4 ? -1 : in.getInt();
        if (variant != form.ordinal())
        {
            throw malformed(in, at + " is variant " + variant + ", the tree " + tree + " gives " + form);
        }
        final List<PathElement> path = new ArrayList<>();
        final byte[] root;
        final byte[] leaf;
        if (form == MerkleProof.Form.SINGLE)
        {
            root = domain(in, at + ".root");
            leaf = domain(in, at + ".leaf");
            path.addAll(path(in, at + ".path", tree.baseArity(), tree.baseLevels()));
        }
        else
        {
            path.addAll(path(in, at + ".base_proof", tree.baseArity(), tree.baseLevels()));
            path.addAll(path(in, at + ".sub_proof", tree.subArity(), 1));
            if (form == MerkleProof.Form.TOP)
            {
                path.addAll(path(in, at + ".top_proof", tree.topArity(), 1));
            }
            root = domain(in, at + ".root");
            leaf = domain(in, at + ".leaf");
        }
        return MerkleProof.of(tree, root, leaf, path);
    }

    /** @return the bytes {@link #put} writes for {@code p}. */
    public static int size(final MerkleProof p)
    {
        int size = 4 + 64 + 8 * (1 + p.sub().size() + p.top().size());
        for (final PathElement e : p.path())
        {
            size += 16 + 32 * e.hashes().length;
        }
        return size;
    }

    /** Writes an inclusion proof as {@link #merkleProof} reads it. */
    public static void put(final ByteBuffer out, final MerkleProof p)
    {
        out.putInt(p.form().ordinal());
        if (p.form() == MerkleProof.Form.SINGLE)
        {
            out.put(p.root()).put(p.leaf());
            putPath(out, p.base());
        }
        else
        {
            putPath(out, p.base());
            putPath(out, p.sub());
            if (p.form() == MerkleProof.Form.TOP)
            {
                putPath(out, p.top());
            }
            out.put(p.root()).put(p.leaf());
        }
    }

    /** @return a malformed-input error at the buffer's position: {@code offset N: message}. */
    public static IllegalArgumentException malformed(final ByteBuffer in, final String message)
    {
        return new IllegalArgumentException("offset " + in.position() + ": " + message);
    }

    private static void putPath(final ByteBuffer out, final List<PathElement> path)
    {
        out.putLong(path.size());
        for (final PathElement e : path)
        {
            out.putLong(e.hashes().length);
            for (final byte[] h : e.hashes())
            {
                out.put(h);
            }
            out.putLong(e.index());
        }
    }

    private static List<PathElement> path(final ByteBuffer in, final String what, final int arity, final int levels)
    {
        final long n = u64(in, what + " length");
        if (n != levels)
        {
            throw malformed(in, what + " has " + n + " levels, the tree " + levels);
        }
        final List<PathElement> path = new ArrayList<>();
        for (int l = 0; l < levels; l++)
        {
            final long hashes = u64(in, what + "[" + l + "].hashes length");
            if (hashes != arity - 1)
            {
                throw malformed(in, what + "[" + l + "] has " + hashes + " hashes, arity " + arity + " needs "
                    + (arity - 1));
            }
            final byte[][] h = new byte[arity - 1][];
            for (int i = 0; i < h.length; i++)
            {
                h[i] = domain(in, what + "[" + l + "].hashes[" + i + "]");
            }
            final long index = u64(in, what + "[" + l + "].index");
            if (index < 0 || index >= arity)
            {
                throw malformed(in, what + "[" + l + "].index " + index + " is not below the arity " + arity);
            }
            path.add(new PathElement(h, index));
        }
        return path;
    }
}
