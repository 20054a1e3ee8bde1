/**
 * Kernels as Java methods, and the accelerators that run them.
 *
 * <p>A kernel is a {@code public static void} method annotated {@link io.jprove.kernels.Kernel} whose first parameter
 * is a {@link io.jprove.kernels.KernelContext}, followed by {@link io.jprove.kernels.IntArray},
 * {@link io.jprove.kernels.LongArray}, {@code int} and {@code long} parameters. One call runs one work-item of a
 * one-dimensional range of groups:
 * <pre>{@code
 * // annotated with @Kernel:
 * public static void scale(KernelContext ctx, LongArray a, long factor) {
 *     int i = ctx.globalIdX();
 *     if (i < a.length()) a.set(i, a.get(i) * factor);
 * }
 *
 * try (Accelerator acc = Accelerator.open("cuda")) {        // or "jvm", "cuda:1"
 *     acc.kernel(MyKernels.class, "scale").launch(groups, 256, a, 3L);
 * }
 * }</pre>
 *
 * <p>{@link io.jprove.kernels.JvmAccelerator} calls the method on a thread pool (one virtual thread per item of a group
 * when the kernel uses barriers, items in sequence otherwise); {@link io.jprove.kernels.CudaAccelerator} compiles it
 * to PTX ({@code io.jprove.kernels.ptx}) and launches it through the CUDA driver ({@code io.jprove.kernels.cuda}).
 * Both refuse at preparation a kernel the compiler does not support, and both report a work-item that would throw in
 * Java (division by zero, index out of bounds) as a {@link io.jprove.kernels.KernelFailureException}.
 */
package io.jprove.kernels;
