/**
 * bellperson's Groth16 files: the verifying key ({@code .vk}) and the parameters ({@code .params}), uncompressed
 * zcash/blst point encodings with big-endian u32 counts, read memory-mapped and validated.
 */
package io.jprove.engine.formats.bellperson;
