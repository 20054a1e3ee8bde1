package io.jprove.field;

/**
 * Bytes that do not encode a valid field element or curve point. {@link #reason()} says which rule failed, so callers
 * (and tests) can tell a bad flag from an off-curve or non-subgroup point; the message also says where.
 */
public final class InvalidEncodingException extends IllegalArgumentException
{
    private static final long serialVersionUID = 1L;

    /** The rule an encoding broke. */
    public enum Reason
    {
        /** The byte count is not one of the encoding's lengths. */
        LENGTH,
        /** The compression flag (0x80) does not match the encoding's length or the form the caller asked for. */
        COMPRESSION_FLAG,
        /** The infinity flag (0x40) is set but other bits are not zero. */
        INFINITY_FLAG,
        /** The sign flag (0x20) is set where it has no meaning (uncompressed or infinity). */
        SIGN_FLAG,
        /** A coordinate or scalar is not below its field's modulus. */
        NON_CANONICAL,
        /** The coordinates do not satisfy the curve equation (compressed: x has no y). */
        NOT_ON_CURVE,
        /** The point is on the curve but not in the prime-order subgroup. */
        NOT_IN_SUBGROUP
    }

    private final Reason reason;

    /**
     * @param reason the rule that failed.
     * @param detail what was being decoded and where, for the message.
     */
    public InvalidEncodingException(final Reason reason, final String detail)
    {
        super(reason + ": " + detail);
        this.reason = reason;
    }

    /** @return the rule that failed. */
    public Reason reason()
    {
        return reason;
    }
}
