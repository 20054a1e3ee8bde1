/**
 * Circuit gadgets written against {@link io.jprove.engine.r1cs.ConstraintSystem}, constraint for constraint as
 * bellperson and neptune build them, so a circuit made of them has Filecoin's shape and counts: {@link
 * io.jprove.engine.gadgets.Boolean} bits (allocated, negated, constant), {@link io.jprove.engine.gadgets.UInt32}
 * words with batched additions ({@link io.jprove.engine.gadgets.MultiEq}), the SHA-256 compression function and hash
 * ({@link io.jprove.engine.gadgets.Sha256Gadget}), bit packing ({@link io.jprove.engine.gadgets.BitPacking}) and
 * Poseidon ({@link io.jprove.engine.gadgets.PoseidonGadget}).
 * <p>
 * Gadgets carry their own witness values (bellperson's {@code Option} values), computed alongside the constraints;
 * when the constraint system does not need the witness ({@link io.jprove.engine.r1cs.ConstraintSystem#needsWitness})
 * those values are meaningless placeholders and no witness function is called. The constraint structure never
 * depends on a value. Instances are immutable; nothing here is thread-safe beyond that.
 */
package io.jprove.engine.gadgets;
