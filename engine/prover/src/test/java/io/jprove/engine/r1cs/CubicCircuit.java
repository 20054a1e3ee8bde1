package io.jprove.engine.r1cs;

import io.jprove.field.Fr;

/** x³ + x + 5 = out, with x private and out public (bellman's classic example); {@code out} may be wrong. */
public final class CubicCircuit implements Circuit
{
    private final long x;
    private final long out;

    /**
     * @param x   the private input.
     * @param out the public output: x³ + x + 5 satisfies the circuit, anything else does not.
     */
    public CubicCircuit(final long x, final long out)
    {
        this.x = x;
        this.out = out;
    }

    @Override
    public void synthesize(final ConstraintSystem cs)
    {
        final long[] five = Fr.of(5);
        final LinearCombination a = new LinearCombination();
        final LinearCombination b = new LinearCombination();
        final LinearCombination c = new LinearCombination();
        final int vx = cs.alloc("x", (r, o) -> Fr.copy(r, o, Fr.of(x), 0));
        final int vsq;
        final int vcu;
        try (Namespace ignored = cs.namespace("powers"))
        {
            vsq = cs.alloc("x^2", (r, o) -> Fr.copy(r, o, Fr.of(x * x), 0));
            cs.enforce("square", a.clear().add(vx), b.clear().add(vx), c.clear().add(vsq));
            try (Namespace ignored2 = cs.namespace("cube"))
            {
                vcu = cs.alloc("x^3", (r, o) -> Fr.copy(r, o, Fr.of(x * x * x), 0));
                cs.enforce("product", a.clear().add(vsq), b.clear().add(vx), c.clear().add(vcu));
            }
        }
        final int vout = cs.allocInput("out", (r, o) -> Fr.copy(r, o, Fr.of(out), 0));
        cs.enforce("sum", a.clear().add(vcu).add(vx).add(five, Variable.ONE), b.clear().add(Variable.ONE),
            c.clear().add(vout));
    }
}
