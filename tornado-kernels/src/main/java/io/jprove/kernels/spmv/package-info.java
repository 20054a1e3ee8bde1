/**
 * The prover's a, b, c on the device: a circuit's A and B resident in device memory in a compact form
 * ({@link io.jprove.kernels.spmv.SpmvMatrix}: 32-bit row starts and columns, a 16-bit coefficient code per entry),
 * multiplied by the witness one row per work-item ({@link io.jprove.kernels.spmv.SpmvKernels}), and c = a∘b
 * ({@link io.jprove.kernels.spmv.GpuSpmv}). So a partition uploads its witness alone, not a, b and c. Results equal
 * the CPU's sparse products bit for bit (Montgomery form, canonical).
 * <p>
 * One work-item per row because PoRep's rows are short: at 2 KiB, 99.5 % of A's rows have one to three entries
 * and the longest 929; B's rows have one or two. Most coefficients are ±1 and two (A: 4.0 M of 6.4 M entries), which
 * the kernel adds, subtracts and doubles; the rest (powers of two, round constants) are multiplied from the table.
 */
package io.jprove.kernels.spmv;
