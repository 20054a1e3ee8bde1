/**
 * The one description of the limb arithmetic of Fq and Fr that every target's code comes from.
 * <p>
 * {@link io.jprove.field.generator.MontgomerySchedule} states each operation (CIOS multiplication, squaring, REDC,
 * product scanning and the double-width product, modular addition and subtraction) once, over words of a chosen
 * width, as phases and the word products ({@link io.jprove.field.generator.Term}) each one adds. A target implements
 * {@link io.jprove.field.generator.Lowering}: the Java generator ({@link io.jprove.field.generator.FieldGenerator},
 * beside the schedule) writes the committed {@code FqMontgomery}, {@code FrMontgomery} and {@code FqWideProduct} on
 * 64-bit limbs, checked by a test in every build, and the GPU kernel compiler
 * ({@code io.jprove.kernels.ptx.MontgomeryChains}) emits PTX carry chains on 32-bit words at kernel-compile time.
 * Each lowering owns only how carries travel and how its accumulator is laid out, the shapes measured fastest on each
 * target; what stays hand-written in
 * {@code io.jprove.field} is what is particular to one field (Fq's square root, Fr's roots of unity, inversion).
 */
package io.jprove.field.generator;
