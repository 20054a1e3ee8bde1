/**
 * The Java-bytecode to PTX compiler ({@link io.jprove.kernels.ptx.KernelCompiler}): {@code .version 8.0},
 * {@code .target sm_90}, 64-bit addresses.
 *
 * <h2>How it works</h2>
 * An online partial evaluator runs over the kernel's bytecode ({@code java.lang.classfile}) with an abstract state of
 * constants, PTX registers and statically known references. Constants are folded with Java's own operators; a branch
 * whose condition is constant is decided at compile time, which unrolls loops with a constant trip count and lets
 * local arrays be scalar-replaced into registers. Static calls are inlined (recursion refused), so a helper called with
 * a constant argument is specialized for it. Blocks are specialised per call chain and unrolled iteration; control
 * merges carry register moves into registers the merged block owns. Register allocation and scheduling are left to
 * ptxas.
 * <p>
 * Loops: a loop is unrolled while each iteration's exit is decided by a constant test (a counted loop with an early
 * {@code return} or {@code break} unrolls on a second attempt, made when a local-array index was not constant). A loop
 * whose trip count is known only at run time, or whose unrolling would pass
 * 16,000 PTX lines or 4,096 iterations, is compiled as a loop
 * from its first iteration: the compilation restarts with that loop's changing values in registers. A large loop whose
 * counter indexes a local array restarts once more, unrolled after all.
 * <p>
 * Straight-line code: unrolled iterations continue the current block, and so does a join point that only one path
 * reaches in this specialization (an {@code if} on a constant); a join that a second path reaches restarts the
 * compilation with a block of its own, so nothing is duplicated. Within a block, pure instructions are
 * value-numbered, accesses at constant offsets from one index share an address register, and 8-byte accesses to the
 * two aligned halves of a 16-byte unit become one {@code ld/st.v2.u64}.
 *
 * <h2>Supported in kernel bodies</h2>
 * <ul>
 * <li>{@code int} and {@code long} arithmetic with Java's exact semantics: wrap-around, shift counts masked to 5/6
 *     bits, {@code >>} and {@code >>>}, {@code (byte)}, {@code (short)}, {@code (char)}, {@code (int)} casts,
 *     {@code MIN_VALUE / -1 == MIN_VALUE}; division or remainder by zero traps the work-item (Java would throw).</li>
 * <li>Comparisons and branches, {@code ?:}, {@code for}/{@code while} loops with {@code break}/{@code continue}.</li>
 * <li>Library methods: {@code Integer/Long.compare}, {@code compareUnsigned}, {@code divideUnsigned},
 *     {@code remainderUnsigned}, {@code numberOfLeadingZeros}, {@code numberOfTrailingZeros}, {@code bitCount},
 *     {@code reverse}, {@code rotateLeft}, {@code rotateRight}, {@code Integer.toUnsignedLong},
 *     {@code Math.multiplyHigh}, {@code Math.unsignedMultiplyHigh}, {@code Math.min/max} (int, long).</li>
 * <li>Static calls to methods with bytecode (inlined, several returns allowed; no recursion).</li>
 * <li>Local {@code int[]}/{@code long[]} of constant length (at most 256), indexed by compile-time constants (after
 *     unrolling); they live in registers. An out-of-range constant index traps.</li>
 * <li>{@code IntArray}/{@code LongArray} parameters: {@code get}, {@code set}, {@code length}, {@code getAndAdd},
 *     {@code compareAndExchange}, {@code getAndSet}, {@code getAndMin}/{@code getAndMax} (signed),
 *     {@code getAndBitwiseOr/And/Xor} ({@code atom}), and their non-returning forms {@code atomicAdd},
 *     {@code atomicMin}, {@code atomicMax}, {@code atomicOr}, {@code atomicAnd}, {@code atomicXor} ({@code red});
 *     every index is bounds-checked (an out-of-range item fails). A block's checks of one
 *     base index are merged into those of its lowest and highest offset and, like every check of the block, trap
 *     together before the block's next store, atomic, fence, barrier or warp operation: an item with a bad index
 *     fails before anything it wrote can be seen, though a load at that index may run (and fault) first. Arrays
 *     passed as device memory must start 16-byte aligned.</li>
 * <li>{@code KernelContext}: {@code globalIdX}, {@code localIdX}, {@code groupIdX}, {@code groupIdY},
 *     {@code globalSizeX}, {@code localSizeX}, {@code groupCountX}, {@code groupCountY}, {@code laneId},
 *     {@code barrier()} ({@code bar.sync 0}), {@code fence()} ({@code membar.gl}, CUDA's {@code __threadfence()});
 *     {@code sharedInts(n)} and {@code sharedLongs(n)} with constant
 *     {@code n} (48 KiB per group in all), requested at the start of the kernel before any branch or loop; the
 *     launch-sized {@code dynamicSharedInts()}/{@code dynamicSharedLongs()} (more than 48 KiB opts in at launch);
 *     warp shuffles {@code shuffleXor}, {@code shuffle}, {@code shuffleUp}, {@code shuffleDown} of ints and longs and
 *     votes {@code ballot}, {@code anyLane}, {@code allLanes}, and {@code matchAny} ({@code shfl.sync}/{@code
 *     vote.sync}/{@code match.any.sync} with a full mask: groups must be whole warps).</li>
 * <li>Launch bounds: {@code @Kernel(maxLocalSize, minGroupsPerMultiprocessor)} become {@code .maxntid} and
 *     {@code .minnctapersm}, and a larger group is refused at launch.</li>
 * <li>Field intrinsics on register-resident {@code long[]} limbs: {@code io.jprove.field.Fq} and {@code Fr}
 *     {@code mul}, {@code square}, {@code add}, {@code sub} {@code (r, a, b)}, {@code neg(r, a)}, and their
 *     constant-offset forms {@code (r, ro, a, ao, b, bo)} plus {@code dbl(r, ro, a, ao)}. They expand to 32-bit
 *     carry chains ({@code mad.lo.cc}/{@code madc.hi.cc}, CIOS Montgomery): the 32-bit lowering of field-arith's
 *     {@code MontgomerySchedule}, the schedule the CPU limb code is generated from. Operands must be canonical
 *     (below the modulus), as field-arith requires. Also branch-free: {@code isZero(a, ao)},
 *     {@code equal(a, ao, b, bo)}, {@code select(r, ro, a, ao, b, bo, takeA)} and
 *     {@code negIf(r, ro, a, ao, negate)}.</li>
 * </ul>
 *
 * <h2>Refused, with method, bytecode offset, line and reason</h2>
 * Floating point, objects and allocation (other than the local arrays above), fields, exceptions, switch,
 * {@code synchronized}, virtual/interface/dynamic calls, library methods not listed, recursion, local-array indices or
 * lengths that are not compile-time constants, references (arrays, context) that differ between paths, and loops that
 * must unroll (their counter indexes a local array) past 4,096 iterations.
 *
 * <h2>Known limits</h2>
 * A kernel whose compilation needs many restarts (one per join found reached twice, or per loop whose form settles)
 * takes seconds to compile; results are cached ({@link io.jprove.kernels.ptx.PtxCache}). On the GPU a trap ends the
 * launch and CUDA poisons the context; the accelerator must be reopened.
 */
package io.jprove.kernels.ptx;
