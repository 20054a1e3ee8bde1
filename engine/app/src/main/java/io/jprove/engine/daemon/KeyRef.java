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
        /**
         * Filecoin's PoRep (or PoSt) .params from the parameter cache, for cuzk API jobs: authenticated by the .vk
         * beside them (its published digest is checked when a job is accepted, and every proof is verified against it
         * before it is recorded), so their points are not checked one by one, as {@code jprove c2} reads them too.
         */
        POREP,
        /** snarkjs Groth16 .zkey. */
        ZKEY
    }

    /** Normalizes the path. */
    public KeyRef
    {
        path = path.toAbsolutePath().normalize();
    }

    /** @return Filecoin's PoRep parameters at {@code path}, in the parameter cache. */
    public static KeyRef porep(final Path path)
    {
        return new KeyRef(Kind.POREP, path);
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

    /** @return "params", "porep" or "zkey", as in the API's KeyStatus.kind. */
    public String kindName()
    {
        return switch (kind)
        {
            case PARAMS -> "params";
            case POREP -> "porep";
            case ZKEY -> "zkey";
        };
    }
}
