package io.jprove.field.ntt;

/** Which way an {@link Ntt} goes: evaluation (forward, ω) or interpolation (inverse, ω⁻¹ and the m⁻¹ scaling). */
public enum NttDirection
{
    /** Coefficients to evaluations: X[k] = Σ x[j]·ω^(jk). */
    FORWARD,
    /** Evaluations to coefficients: x[j] = m⁻¹·Σ X[k]·ω^(−jk). */
    INVERSE
}
