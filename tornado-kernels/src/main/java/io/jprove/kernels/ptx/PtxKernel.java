package io.jprove.kernels.ptx;

/**
 * A compiled kernel.
 *
 * @param name         {@code Owner.method}, for messages.
 * @param entry        the PTX entry's name.
 * @param ptx          the module text.
 * @param signature    its parameters; each array is passed as a pointer and a length.
 * @param traits       what the executors must provide for it.
 */
public record PtxKernel(String name, String entry, String ptx, KernelSignature signature, KernelTraits traits)
{
    /** @return whether any work-item may call {@code barrier()}. */
    public boolean usesBarrier()
    {
        return traits.usesBarrier();
    }
}
