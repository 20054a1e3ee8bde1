package io.jprove.engine.daemon;

import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

import io.jprove.engine.porep.PorepParameterFiles;
import io.jprove.engine.porep.RegisteredSealProof;

/**
 * The cuzk API's circuit ids (PreloadSRS, EvictSRS, GetStatus' loaded_srs) and the parameter files they name in
 * Filecoin's parameter cache: {@code porep-2k}, {@code porep-8m}, {@code porep-512m}, {@code porep-32g} and
 * {@code porep-64g} (cuzk names the 32 and 64 GiB ones so; the smaller ones follow its pattern). Every seal proof of
 * a sector size proves with the same pair of files ({@link PorepParameterFiles}). cuzk's other circuits
 * ({@code wpost-32g}, {@code winning-32g}, {@code snap-32g}, {@code snap-64g}) are known, and not proved yet.
 */
final class CuzkCircuits
{
    private static final String POREP = "porep-";
    private static final List<String> NOT_YET = List.of("wpost-32g", "winning-32g", "snap-32g", "snap-64g");
    private static final List<Long> SIZES = List.of(2L << 10, 8L << 20, 512L << 20, 32L << 30, 64L << 30);

    private CuzkCircuits()
    {
    }

    /** @return the circuit id of a seal proof's parameters, "porep-32g". */
    static String circuitId(final RegisteredSealProof proof)
    {
        final long bytes = proof.sectorBytes();
        final String size = bytes >= 1L << 30 ? (bytes >> 30) + "g" : bytes >= 1L << 20 ? (bytes >> 20) + "m"
            : (bytes >> 10) + "k";
        return POREP + size;
    }

    /**
     * @return a seal proof whose parameters the circuit id names (one of its size's, which share them).
     * @throws RequestException UNSUPPORTED for cuzk's circuits jprove does not prove yet, INVALID for an unknown id.
     */
    static RegisteredSealProof porep(final String circuitId)
    {
        for (final long bytes : SIZES)
        {
            final RegisteredSealProof p = RegisteredSealProof.of(bytes, RegisteredSealProof.ApiVersion.V1_1_0,
                RegisteredSealProof.Feature.NONE);
            if (circuitId(p).equals(circuitId.toLowerCase(Locale.ROOT)))
            {
                return p;
            }
        }
        if (NOT_YET.contains(circuitId))
        {
            throw new RequestException(RequestException.Reason.UNSUPPORTED, "circuit_id \"" + circuitId
                + "\": jprove does not prove this circuit yet; PoRep's are " + known());
        }
        throw new RequestException(RequestException.Reason.INVALID, "circuit_id \"" + circuitId
            + "\" is not a circuit id; known: " + known());
    }

    /** @return the parameter file of a seal proof in the cache. */
    static Path params(final Path cache, final RegisteredSealProof proof)
    {
        return cache.resolve(PorepParameterFiles.paramsName(proof));
    }

    /** @return the circuit id of a resident key: "porep-32g" for a PoRep parameter file, else its path. */
    static String circuitIdOf(final KeyRef key)
    {
        final String name = key.path().getFileName().toString();
        for (final long bytes : SIZES)
        {
            final RegisteredSealProof p = RegisteredSealProof.of(bytes, RegisteredSealProof.ApiVersion.V1_1_0,
                RegisteredSealProof.Feature.NONE);
            if (PorepParameterFiles.paramsName(p).equals(name))
            {
                return circuitId(p);
            }
        }
        return key.path().toString();
    }

    private static String known()
    {
        return String.join(", ", SIZES.stream().map(b -> circuitId(RegisteredSealProof.of(b,
            RegisteredSealProof.ApiVersion.V1_1_0, RegisteredSealProof.Feature.NONE))).toList());
    }
}
