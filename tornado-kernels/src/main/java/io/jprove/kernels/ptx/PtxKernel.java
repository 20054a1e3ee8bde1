package io.jprove.kernels.ptx;

/**
 * A compiled kernel.
 *
 * @param name        {@code Owner.method}, for messages.
 * @param entry       the PTX entry's name.
 * @param ptx         the module text.
 * @param signature   its parameters; each array is passed as a pointer and a length.
 * @param usesBarrier whether any work-item may call {@code barrier()}.
 */
public record PtxKernel(String name, String entry, String ptx, KernelSignature signature, boolean usesBarrier)
{
}
