/**
 * Field and curve formulas written so that jprove's kernel compiler can inline them: static methods on runs of
 * {@code long[]} limbs at offsets, which call only the {@link io.jprove.field.Fq} operations the compiler turns into
 * carry chains (its intrinsics), allocate only small local arrays of constant length, read no fields and call nothing
 * virtual. On the CPU they are plain Java with the same results, so a kernel's CPU run and its GPU run share one
 * meaning, and both are checked against the curve code of {@code io.jprove.field}.
 * <p>
 * {@link io.jprove.field.inline.Fq2Inline} is Fq2 = Fq[u]/(u² + 1) on those operations;
 * {@link io.jprove.field.inline.Coordinates} picks Fq or Fq2 by a {@code degree} argument (1 or 2) that callers pass
 * as a constant, so one formula serves G1 and G2 and a kernel specializes it at compile time;
 * {@link io.jprove.field.inline.XyzzInline} holds the XYZZ formulas of the MSM buckets (the Explicit-Formulas
 * Database's madd-2008-s, add-2008-s, dbl-2008-s-1, mdbl-2008-s-1, as {@code ShortWeierstrassCurve} uses them), every
 * special case included; {@link io.jprove.field.inline.FermatInverse} inverts by exponentiation, for kernels, which
 * have no division.
 * <p>
 * Conventions: an XYZZ point is X ‖ Y ‖ ZZ ‖ ZZZ (x = X/ZZ, y = Y/ZZZ) and is infinity exactly when ZZ is zero; an
 * affine point x ‖ y is infinity when both coordinates are zero (all-zero limbs, the vectors' layout). Boolean tests
 * combine with {@code &} rather than {@code &&}, which would compile to a branch.
 */
package io.jprove.field.inline;
