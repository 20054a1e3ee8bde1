package io.jprove.engine.daemon;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import io.jprove.engine.porep.PorepParameterFiles;
import io.jprove.engine.porep.RegisteredSealProof;
import io.jprove.engine.post.PostParameterFiles;
import io.jprove.engine.post.RegisteredPostProof;
import io.jprove.engine.update.UpdateParameterFiles;
import io.jprove.engine.update.UpdateShape;

/**
 * The cuzk API's circuit ids (PreloadSRS, EvictSRS, GetStatus' loaded_srs) and the parameter files they name in
 * Filecoin's parameter cache: {@code porep-SIZE}, {@code wpost-SIZE}, {@code winning-SIZE} and {@code snap-SIZE} for
 * SIZE {@code 2k},
 * {@code 8m}, {@code 512m}, {@code 32g} and {@code 64g} (cuzk names the 32 and 64 GiB ones so; the smaller ones follow
 * its pattern). Every seal proof of a sector size proves with the same pair of files ({@link PorepParameterFiles}),
 * and so does every WindowPoSt proof of a size ({@link PostParameterFiles}); SnapDeals' are {@link
 * UpdateParameterFiles}'.
 */
final class CuzkCircuits
{
    private static final List<Long> SIZES = List.of(2L << 10, 8L << 20, 512L << 20, 32L << 30, 64L << 30);

    private CuzkCircuits()
    {
    }

    /** @return the circuit id of a seal proof's parameters, "porep-32g". */
    static String circuitId(final RegisteredSealProof proof)
    {
        return "porep-" + size(proof.sectorBytes());
    }

    /**
     * @return the parameter file the circuit id names in the cache.
     * @throws RequestException INVALID for an unknown id.
     */
    static Path params(final Path cache, final String circuitId)
    {
        final String id = circuitId.toLowerCase(Locale.ROOT);
        for (final long bytes : SIZES)
        {
            if (id.equals(circuitId(porep(bytes))))
            {
                return cache.resolve(PorepParameterFiles.paramsName(porep(bytes)));
            }
            for (final RegisteredPostProof.Kind kind : RegisteredPostProof.Kind.values())
            {
                if (id.equals(circuitId(kind, bytes)))
                {
                    return cache.resolve(PostParameterFiles.set(RegisteredPostProof.current(kind, bytes))
                        .paramsName());
                }
            }
            if (id.equals("snap-" + size(bytes)))
            {
                return cache.resolve(UpdateParameterFiles.set(snap(bytes)).paramsName());
            }
        }
        throw new RequestException(RequestException.Reason.INVALID, "circuit_id \"" + circuitId
            + "\" is not a circuit id; known: " + known());
    }

    /** @return the circuit id of a resident key: "porep-32g" for a PoRep parameter file, else its path. */
    static String circuitIdOf(final KeyRef key)
    {
        final String name = key.path().getFileName().toString();
        for (final long bytes : SIZES)
        {
            if (PorepParameterFiles.paramsName(porep(bytes)).equals(name))
            {
                return circuitId(porep(bytes));
            }
            for (final RegisteredPostProof.Kind kind : RegisteredPostProof.Kind.values())
            {
                if (PostParameterFiles.set(RegisteredPostProof.current(kind, bytes)).paramsName().equals(name))
                {
                    return circuitId(kind, bytes);
                }
            }
            if (UpdateParameterFiles.set(snap(bytes)).paramsName().equals(name))
            {
                return "snap-" + size(bytes);
            }
        }
        return key.path().toString();
    }

    private static String circuitId(final RegisteredPostProof.Kind kind, final long bytes)
    {
        return (kind == RegisteredPostProof.Kind.WINDOW ? "wpost-" : "winning-") + size(bytes);
    }

    private static UpdateShape snap(final long bytes)
    {
        return UpdateShape.of(porep(bytes).sizeName());
    }

    private static RegisteredSealProof porep(final long bytes)
    {
        return RegisteredSealProof.of(bytes, RegisteredSealProof.ApiVersion.V1_1_0, RegisteredSealProof.Feature.NONE);
    }

    private static String size(final long bytes)
    {
        return bytes >= 1L << 30 ? (bytes >> 30) + "g" : bytes >= 1L << 20 ? (bytes >> 20) + "m" : (bytes >> 10) + "k";
    }

    private static String known()
    {
        final List<String> ids = new ArrayList<>();
        for (final String prefix : new String[] {"porep-", "wpost-", "winning-", "snap-"})
        {
            SIZES.forEach(b -> ids.add(prefix + size(b)));
        }
        return String.join(", ", ids);
    }
}
