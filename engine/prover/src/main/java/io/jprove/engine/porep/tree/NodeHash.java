package io.jprove.engine.porep.tree;

import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;

import io.jprove.engine.gadgets.hash.Poseidon;
import io.jprove.engine.gadgets.merkle.TreeHasher;
import io.jprove.field.Fr;

/**
 * A Merkle node of 32-byte children as filecoin-hashers computes it ({@code multi_node}): for SHA-256 the digest of
 * the children's bytes back to back with the top two bits of byte 31 cleared; for Poseidon neptune's hash of the
 * arity the node has, over the children read as little-endian field elements. Each thread keeps its own hashers.
 */
public final class NodeHash
{
    /** Bytes in a node. */
    public static final int NODE_BYTES = 32;

    private static final ThreadLocal<MessageDigest> SHA256 = ThreadLocal.withInitial(NodeHash::newSha256);
    private static final ThreadLocal<Poseidon[]> POSEIDON = ThreadLocal.withInitial(() -> new Poseidon[12]);

    private NodeHash()
    {
    }

    /**
     * @return the node of {@code children} (each 32 bytes).
     * @throws IllegalArgumentException for Poseidon when a child is not a canonical field element.
     */
    public static byte[] hash(final TreeHasher hasher, final byte[][] children)
    {
        if (hasher == TreeHasher.SHA256)
        {
            final MessageDigest sha = SHA256.get();
            for (final byte[] child : children)
            {
                sha.update(child);
            }
            final byte[] digest = sha.digest();
            digest[NODE_BYTES - 1] &= 0x3f;
            return digest;
        }
        final long[] limbs = new long[children.length * Fr.LIMBS];
        for (int i = 0; i < children.length; i++)
        {
            toLimbs(children[i], limbs, i * Fr.LIMBS);
        }
        final long[] out = new long[Fr.LIMBS];
        poseidon(children.length).hash(out, 0, limbs, 0);
        return toBytes(out, 0);
    }

    /** @return SHA-256 of {@code left ‖ right}, truncated to 254 bits: a node of the data tree. */
    public static byte[] sha256(final byte[] left, final byte[] right)
    {
        return hash(TreeHasher.SHA256, new byte[][] {left, right});
    }

    /** Writes SHA-256 of the 64 bytes at {@code from} of {@code in}, truncated, to {@code out} at {@code to}. */
    public static void sha256(final byte[] in, final int from, final byte[] out, final int to)
    {
        final MessageDigest sha = SHA256.get();
        sha.update(in, from, 2 * NODE_BYTES);
        try
        {
            sha.digest(out, to, NODE_BYTES);
        }
        catch (final java.security.DigestException e)
        {
            throw new IllegalStateException(e);
        }
        out[to + NODE_BYTES - 1] &= 0x3f;
    }

    /** @return this thread's Poseidon hasher of {@code arity} (2, 4, 8 or 11). */
    public static Poseidon poseidon(final int arity)
    {
        final Poseidon[] cache = POSEIDON.get();
        Poseidon p = cache[arity];
        if (p == null)
        {
            p = Poseidon.forArity(arity);
            cache[arity] = p;
        }
        return p;
    }

    /**
     * Reads a 32-byte little-endian field element into Montgomery limbs.
     *
     * @throws IllegalArgumentException when it is not below the modulus.
     */
    public static void toLimbs(final byte[] node, final long[] limbs, final int offset)
    {
        if (node.length != NODE_BYTES || !Fr.fromBytes(node, 0, limbs, offset))
        {
            throw new IllegalArgumentException("not a canonical field element (little-endian, below r)");
        }
    }

    /** @return the 32 little-endian bytes of the element at {@code offset} of {@code limbs}. */
    public static byte[] toBytes(final long[] limbs, final int offset)
    {
        final byte[] out = new byte[NODE_BYTES];
        Fr.toBytes(limbs, offset, out, 0);
        return out;
    }

    /** @return whether 32 little-endian bytes are a canonical field element (below r). */
    public static boolean isCanonical(final byte[] node)
    {
        return node.length == NODE_BYTES && Fr.fromBytes(node, 0, new long[Fr.LIMBS], 0);
    }

    private static MessageDigest newSha256()
    {
        try
        {
            return MessageDigest.getInstance("SHA-256");
        }
        catch (final NoSuchAlgorithmException e)
        {
            throw new IllegalStateException("the JDK has no SHA-256", e);
        }
    }
}
