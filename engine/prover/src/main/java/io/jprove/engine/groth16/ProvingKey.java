package io.jprove.engine.groth16;

import java.lang.foreign.Arena;

import io.jprove.field.G1AffineVector;
import io.jprove.field.G2AffineVector;

/**
 * Groth16 proving parameters: the verifying key, five queries (off-heap) and the {@link QapReduction} whose h scalars
 * the h query pairs with.
 * <ul>
 *   <li>h: for bellperson's reduction [τⁱ·t(τ)/δ]₁ for i &lt; m − 1, t(x) = xᵐ − 1; for snarkjs's the m points of its
 *       zkey, in jprove's order of the coset's points ({@link SnarkjsReduction});</li>
 *   <li>l: [(β·uᵢ(τ) + α·vᵢ(τ) + wᵢ(τ))/δ]₁ for every aux variable (snarkjs calls it C);</li>
 *   <li>a: [uᵢ(τ)]₁, b_g1: [vᵢ(τ)]₁, b_g2: [vᵢ(τ)]₂ for inputs then aux, keeping only the non-zero points (so, for a
 *       well-formed circuit, exactly the variables of the A and B densities, in order).</li>
 * </ul>
 * Owns its memory (one shared arena: any thread may read it) unless made over someone else's; {@link #close()} frees
 * it.
 */
public final class ProvingKey implements AutoCloseable
{
    private final VerifyingKey vk;
    private final G1AffineVector h;
    private final G1AffineVector l;
    private final G1AffineVector a;
    private final G1AffineVector bG1;
    private final G2AffineVector bG2;
    private final QapReduction reduction;
    private final Arena arena;

    /**
     * A key for bellperson's reduction.
     *
     * @param arena the owner of the vectors' memory, closed by {@link #close()}; may be null when the caller owns it.
     */
    public ProvingKey(final VerifyingKey vk, final G1AffineVector h, final G1AffineVector l, final G1AffineVector a,
        final G1AffineVector bG1, final G2AffineVector bG2, final Arena arena)
    {
        this(vk, h, l, a, bG1, bG2, BellpersonReduction.INSTANCE, arena);
    }

    /**
     * @param reduction the reduction the h query was made for.
     * @param arena     the owner of the vectors' memory, closed by {@link #close()}; may be null when the caller owns
     *                  it.
     */
    public ProvingKey(final VerifyingKey vk, final G1AffineVector h, final G1AffineVector l, final G1AffineVector a,
        final G1AffineVector bG1, final G2AffineVector bG2, final QapReduction reduction, final Arena arena)
    {
        if (bG1.size() != bG2.size())
        {
            throw new IllegalArgumentException("b_g1 has " + bG1.size() + " points but b_g2 " + bG2.size());
        }
        this.vk = vk;
        this.h = h;
        this.l = l;
        this.a = a;
        this.bG1 = bG1;
        this.bG2 = bG2;
        this.reduction = reduction;
        this.arena = arena;
    }

    /** @return the verifying key. */
    public VerifyingKey vk()
    {
        return vk;
    }

    /** @return the reduction the h query pairs with. */
    public QapReduction reduction()
    {
        return reduction;
    }

    /** @return the h query (m − 1 points for bellperson's reduction, m for snarkjs's). */
    public G1AffineVector h()
    {
        return h;
    }

    /** @return the l query (one point per aux variable). */
    public G1AffineVector l()
    {
        return l;
    }

    /** @return the a query (inputs, then the aux variables of the A density). */
    public G1AffineVector a()
    {
        return a;
    }

    /** @return the b query in G1 (inputs and aux variables of the B density). */
    public G1AffineVector bG1()
    {
        return bG1;
    }

    /** @return the b query in G2. */
    public G2AffineVector bG2()
    {
        return bG2;
    }

    /** @return the NTT domain size m the key was made for, from the h query's length and the reduction. */
    public long domainSize()
    {
        return reduction.domainSizeOf(h.size());
    }

    @Override
    public void close()
    {
        if (arena != null)
        {
            arena.close();
        }
    }
}
