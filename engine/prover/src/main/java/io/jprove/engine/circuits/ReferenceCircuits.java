package io.jprove.engine.circuits;

import java.math.BigInteger;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

import io.jprove.engine.gadgets.AllocatedNum;
import io.jprove.engine.gadgets.BitPacking;
import io.jprove.engine.gadgets.Boolean;
import io.jprove.engine.gadgets.Insertion;
import io.jprove.engine.gadgets.PoseidonGadget;
import io.jprove.engine.gadgets.Sha256Gadget;
import io.jprove.engine.gadgets.hash.PoseidonParameters;
import io.jprove.engine.gadgets.merkle.InclusionGadget;
import io.jprove.engine.gadgets.merkle.MerklePath;
import io.jprove.engine.gadgets.merkle.TreeHasher;
import io.jprove.engine.gadgets.merkle.TreeShape;
import io.jprove.engine.porep.PorepCircuit;
import io.jprove.engine.porep.SectorShape;
import io.jprove.engine.post.PostCircuit;
import io.jprove.engine.post.PostShape;
import io.jprove.engine.r1cs.Circuit;
import io.jprove.engine.update.UpdateCircuit;
import io.jprove.engine.update.UpdateShape;
import io.jprove.engine.r1cs.ConstraintSystem;
import io.jprove.field.Fr;

/**
 * The circuits of Filecoin's reference dumps (the R1CS oracle built from rust-fil-proofs, neptune and bellpepper), by
 * the reference's target names and with the reference's inputs, so that each gadget's fingerprint and dump compare
 * with the reference's directly:
 * <ul>
 *   <li>{@code poseidon2|4|8|11}: neptune's legacy Poseidon of the preimage 0, 1, …, arity − 1;</li>
 *   <li>{@code sha256}, {@code sha256_block}: SHA-256, and one compression from the IV, of the 512 allocated bits of
 *       the bytes 0x00…0x3f (most significant bit of each byte first);</li>
 *   <li>{@code to_bits_le}, {@code to_bits_le_strict}: of 2^200 + 0x0123456789abcdef;</li>
 *   <li>{@code pack_into_inputs}, {@code pack_into_inputs_32}: the bits of the bytes 0x00…0x3f, resp. 0x00…0x03;</li>
 *   <li>{@code insert_8_pos0}, {@code insert_8_pos5}: 100 inserted into 1…7 at position 0, resp. 5;</li>
 *   <li>{@code por_poseidon_8_depth2}, {@code _private}: the blank PoR circuit of a 64-leaf arity-8 Poseidon tree,
 *       the root public, resp. private;</li>
 *   <li>{@code porep_test_base_2}, {@code _base_8}, {@code _sub_8_4}, {@code _top_8_4_2}: the test shapes of
 *       rust-fil-proofs' {@code stacked_circuit.rs}; {@code porep_2kib}: the 2 KiB partition;</li>
 *   <li>{@code window_post_32gib_tree_5sectors}: the fallback PoSt of storage-proofs-post's bench test (5 sectors of
 *       10 challenges over a 32 GiB 8-0-0 tree); {@code window_post_2kib}, {@code winning_post_2kib}: the 2 KiB
 *       WindowPoSt partition (2 sectors × 10 challenges) and WinningPoSt (66 × 1);</li>
 *   <li>{@code snapdeals_2kib_blank}: the blank SnapDeals ({@code EmptySectorUpdate}) partition of a 2 KiB
 *       sector.</li>
 * </ul>
 * PoRep, PoSt, SnapDeals and PoR circuits are blank (their shape does not depend on the witness); the others carry
 * the reference's values, so their variables compare too.
 */
public final class ReferenceCircuits
{
    private static final Map<String, Circuit> CIRCUITS = build();

    private ReferenceCircuits()
    {
    }

    /** @return the target names, in the reference's order. */
    public static Set<String> names()
    {
        return CIRCUITS.keySet();
    }

    /**
     * @return the circuit of a target.
     * @throws IllegalArgumentException naming the targets when there is none of that name.
     */
    public static Circuit of(final String name)
    {
        final Circuit c = CIRCUITS.get(name);
        if (c == null)
        {
            throw new IllegalArgumentException("no reference circuit '" + name + "'; known: " + CIRCUITS.keySet());
        }
        return c;
    }

    private static Map<String, Circuit> build()
    {
        final Map<String, Circuit> m = new LinkedHashMap<>();
        for (final int arity : new int[] {2, 4, 8, 11})
        {
            m.put("poseidon" + arity, cs -> poseidon(cs, arity));
        }
        m.put("sha256", cs -> Sha256Gadget.hash(cs, bits(cs, 64)));
        m.put("sha256_block", cs -> Sha256Gadget.compressBlockFromIv(cs, bits(cs, 64)));
        m.put("to_bits_le", cs -> toBitsValue(cs).toBitsLe(cs));
        m.put("to_bits_le_strict", cs -> toBitsValue(cs).toBitsLeStrict(cs));
        m.put("pack_into_inputs", cs -> BitPacking.packIntoInputs(cs, bits(cs, 64)));
        m.put("pack_into_inputs_32", cs -> BitPacking.packIntoInputs(cs, bits(cs, 4)));
        m.put("insert_8_pos0", cs -> insert8(cs, 0));
        m.put("insert_8_pos5", cs -> insert8(cs, 5));
        m.put("por_poseidon_8_depth2", cs -> por(cs, false));
        m.put("por_poseidon_8_depth2_private", cs -> por(cs, true));
        for (final int[] arities : new int[][] {{2, 0, 0}, {8, 0, 0}, {8, 4, 0}, {8, 4, 2}})
        {
            final String name = "porep_test_" + (arities[1] == 0 ? "base_" + arities[0] : arities[2] == 0
                ? "sub_" + arities[0] + "_" + arities[1] : "top_" + arities[0] + "_" + arities[1] + "_" + arities[2]);
            m.put(name, new PorepCircuit(SectorShape.testShape(name, arities[0], arities[1], arities[2]), 0));
        }
        m.put("porep_2kib", new PorepCircuit(SectorShape.preset("2KiB"), 0));
        m.put("window_post_32gib_tree_5sectors", PostCircuit.blank(new PostShape("window_post_32gib_tree_5sectors",
            1L << 35, TreeShape.forLeaves(TreeHasher.POSEIDON, 1L << 30, 8, 0, 0), 5, PostShape.WINDOW_CHALLENGES)));
        m.put("window_post_2kib", PostCircuit.blank(PostShape.window("2KiB")));
        m.put("winning_post_2kib", PostCircuit.blank(PostShape.winning("2KiB")));
        m.put("snapdeals_2kib_blank", UpdateCircuit.blank(UpdateShape.of("2KiB")));
        return m;
    }

    private static void poseidon(final ConstraintSystem cs, final int arity)
    {
        final AllocatedNum[] preimage = new AllocatedNum[arity];
        for (int i = 0; i < arity; i++)
        {
            preimage[i] = AllocatedNum.alloc(cs, "data", Fr.of(i));
        }
        PoseidonGadget.hash(cs, PoseidonParameters.forArity(arity), preimage);
    }

    /** The allocated bits of the bytes 0, 1, …, count − 1, most significant bit of each byte first. */
    private static Boolean[] bits(final ConstraintSystem cs, final int count)
    {
        final Boolean[] bits = new Boolean[count * 8];
        for (int i = 0; i < bits.length; i++)
        {
            bits[i] = Boolean.alloc(cs, "input bit", ((i >>> 3) >>> (7 - (i & 7)) & 1) != 0);
        }
        return bits;
    }

    private static AllocatedNum toBitsValue(final ConstraintSystem cs)
    {
        return AllocatedNum.alloc(cs, "num", Fr.of(BigInteger.ONE.shiftLeft(200).add(
            BigInteger.valueOf(0x0123_4567_89ab_cdefL))));
    }

    private static void insert8(final ConstraintSystem cs, final int position)
    {
        final AllocatedNum element = AllocatedNum.alloc(cs, "element", Fr.of(100));
        final AllocatedNum[] elements = new AllocatedNum[7];
        for (int i = 0; i < 7; i++)
        {
            elements[i] = AllocatedNum.alloc(cs, "elt", Fr.of(i + 1));
        }
        final Boolean[] bits = new Boolean[3];
        for (int i = 0; i < 3; i++)
        {
            bits[i] = Boolean.alloc(cs, "bit", (position >>> i & 1) != 0);
        }
        Insertion.insert(cs, element, bits, elements);
    }

    private static void por(final ConstraintSystem cs, final boolean privateRoot)
    {
        final TreeShape shape = TreeShape.forLeaves(TreeHasher.POSEIDON, 64, 8, 0, 0);
        InclusionGadget.enforceAllocating(cs, new long[Fr.LIMBS], MerklePath.blank(shape), new long[Fr.LIMBS],
            privateRoot);
    }
}
