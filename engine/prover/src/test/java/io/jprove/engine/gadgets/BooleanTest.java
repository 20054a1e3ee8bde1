package io.jprove.engine.gadgets;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

import org.junit.jupiter.api.Test;

import io.jprove.engine.r1cs.ConstraintSystem;
import io.jprove.engine.r1cs.FingerprintAssignment;
import io.jprove.engine.r1cs.R1csFingerprint;

/**
 * Boolean gadgets over every mix of kinds (constant 0/1, allocated, negated) and every value: the result's value, a
 * satisfied system, and bellperson's cost per case.
 */
class BooleanTest
{
    /** Kinds: 0 constant false, 1 constant true, 2 allocated, 3 negated allocated (value given separately). */
    private static Boolean make(final ConstraintSystem cs, final int kind, final boolean value)
    {
        return switch (kind)
        {
            case 0 -> Boolean.FALSE;
            case 1 -> Boolean.TRUE;
            case 2 -> Boolean.alloc(cs, "x", value);
            default -> Boolean.alloc(cs, "x", !value).not();
        };
    }

    private static boolean valueOf(final int kind, final boolean value)
    {
        return kind < 2 ? kind == 1 : value;
    }

    @Test
    void shouldComputeXorAndAndOverAllKinds()
    {
        for (int ka = 0; ka < 4; ka++)
        {
            for (int kb = 0; kb < 4; kb++)
            {
                for (int v = 0; v < 4; v++)
                {
                    final int fa = ka;
                    final int fb = kb;
                    final boolean va = valueOf(ka, (v & 1) != 0);
                    final boolean vb = valueOf(kb, (v & 2) != 0);
                    final List<Boolean> results = new ArrayList<>();
                    final long n = Circuits.proveSatisfied(cs ->
                    {
                        final Boolean a = make(cs, fa, va);
                        final Boolean b = make(cs, fb, vb);
                        results.add(Boolean.xor(cs, a, b));
                        results.add(Boolean.and(cs, a, b));
                    });
                    assertEquals(va ^ vb, results.get(0).value());
                    assertEquals(va & vb, results.get(1).value());
                    final long allocated = (ka >= 2 ? 1 : 0) + (kb >= 2 ? 1 : 0);
                    assertEquals(allocated + (allocated == 2 ? 2 : 0), n, "kinds " + ka + "," + kb);
                }
            }
        }
    }

    /**
     * bellpepper computes {@code ¬a ⊕ b} as {@code ¬(b ⊕ a)}: the allocated bit's variable is the doubled operand
     * ({@code (b + b)·a = b + a − c}), the same rows as {@code b ⊕ ¬a}, not {@code a ⊕ ¬b}'s.
     */
    @Test
    void shouldDoubleTheNonNegatedOperandOfAMixedXor()
    {
        final R1csFingerprint notAXorB = FingerprintAssignment.measure(cs ->
        {
            final Boolean a = Boolean.alloc(cs, "a", false);
            final Boolean b = Boolean.alloc(cs, "b", false);
            Boolean.xor(cs, a.not(), b);
        });
        final R1csFingerprint bXorNotA = FingerprintAssignment.measure(cs ->
        {
            final Boolean a = Boolean.alloc(cs, "a", false);
            final Boolean b = Boolean.alloc(cs, "b", false);
            Boolean.xor(cs, b, a.not());
        });
        final R1csFingerprint aXorNotB = FingerprintAssignment.measure(cs ->
        {
            final Boolean a = Boolean.alloc(cs, "a", false);
            final Boolean b = Boolean.alloc(cs, "b", false);
            Boolean.xor(cs, a, b.not());
        });
        assertEquals(bXorNotA, notAXorB);
        assertEquals(false, aXorNotB.hash().equals(notAXorB.hash()));
    }

    @Test
    void shouldComputeChAndMajOverAllKindsWithBellpersonsCosts()
    {
        check(bits -> Boolean.sha256Ch(bits.cs, bits.a, bits.b, bits.c), (a, b, c) -> a & b ^ !a & c);
        check(bits -> Boolean.sha256Maj(bits.cs, bits.a, bits.b, bits.c), (a, b, c) -> a & b ^ a & c ^ b & c);
    }

    private record Bits(ConstraintSystem cs, Boolean a, Boolean b, Boolean c)
    {
    }

    private interface Truth
    {
        boolean apply(boolean a, boolean b, boolean c);
    }

    private static void check(final Function<Bits, Boolean> gadget, final Truth truth)
    {
        for (int kinds = 0; kinds < 64; kinds++)
        {
            for (int v = 0; v < 8; v++)
            {
                final int ka = kinds & 3;
                final int kb = kinds >>> 2 & 3;
                final int kc = kinds >>> 4;
                final boolean va = valueOf(ka, (v & 1) != 0);
                final boolean vb = valueOf(kb, (v & 2) != 0);
                final boolean vc = valueOf(kc, (v & 4) != 0);
                final Boolean[] result = new Boolean[1];
                final long n = Circuits.proveSatisfied(cs -> result[0] = gadget.apply(
                    new Bits(cs, make(cs, ka, va), make(cs, kb, vb), make(cs, kc, vc))));
                assertEquals(truth.apply(va, vb, vc), result[0].value(), "kinds " + ka + kb + kc + " values " + v);
                final long allocated = (ka >= 2 ? 1 : 0) + (kb >= 2 ? 1 : 0) + (kc >= 2 ? 1 : 0);
                // at most two constraints (maj: b∧c and the maj constraint) beyond the inputs' booleanity
                assertEquals(true, n - allocated <= 2, "kinds " + ka + kb + kc);
            }
        }
    }
}
