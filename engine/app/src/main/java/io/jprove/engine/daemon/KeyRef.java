package io.jprove.engine.daemon;

import java.nio.file.Path;

/**
 * A proving key by kind and absolute, normalized path: the identity under which the daemon keeps it resident.
 *
 * @param kind which reader loads it.
 * @param path where it is on the daemon's host.
 */
public record KeyRef(Kind kind, Path path)
{
    /** The key file formats the daemon reads. */
    public enum Kind
    {
        /** bellperson .params. */
        PARAMS,
        /** snarkjs Groth16 .zkey. */
        ZKEY
    }

    /** Normalizes the path. */
    public KeyRef
    {
        path = path.toAbsolutePath().normalize();
    }

    /** @return bellperson parameters at {@code path}. */
    public static KeyRef params(final Path path)
    {
        return new KeyRef(Kind.PARAMS, path);
    }

    /** @return a snarkjs zkey at {@code path}. */
    public static KeyRef zkey(final Path path)
    {
        return new KeyRef(Kind.ZKEY, path);
    }

    /** @return "params" or "zkey", as in the API's KeyStatus.kind. */
    public String kindName()
    {
        return kind == Kind.PARAMS ? "params" : "zkey";
    }
}
