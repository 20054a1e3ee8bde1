package io.jprove.engine.circuits;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.SplittableRandom;

import io.jprove.engine.porep.PorepCircuit;
import io.jprove.engine.porep.SectorShape;
import io.jprove.engine.post.PostCircuit;
import io.jprove.engine.post.PostShape;
import io.jprove.engine.update.UpdateCircuit;
import io.jprove.engine.update.UpdateShape;
import io.jprove.engine.r1cs.Circuit;
import io.jprove.engine.r1cs.ConstraintMatrices;
import io.jprove.engine.r1cs.RecordingAssignment;
import io.jprove.field.Fr;

/**
 * A built-in circuit by the name the commands take: {@code poseidon-chain-N} ({@link PoseidonChain}, N hashes) or
 * {@code porep-PRESET} (one PoRep partition, {@link PorepCircuit}, on a {@link SectorShape} preset), or a PoSt
 * partition, {@code window-post-SIZE} or {@code winning-post-SIZE} ({@link PostCircuit}), or a SnapDeals partition,
 * {@code snapdeals-SIZE} ({@link UpdateCircuit}). Gives its shape
 * (for setup and recording) and any number of instances with fresh witnesses drawn from seeds, each on its own
 * object, so that several threads can synthesize partitions at once.
 */
public final class NamedCircuit
{
    private static final String POREP = "porep-";

    private final String name;
    private final SectorShape porep;
    private final PostShape post;
    private final UpdateShape update;

    private NamedCircuit(final String name, final SectorShape porep, final PostShape post, final UpdateShape update)
    {
        this.name = name;
        this.porep = porep;
        this.post = post;
        this.update = update;
    }

    /**
     * @param name {@code poseidon-chain-N}, {@code porep-PRESET}, {@code window-post-SIZE},
     *             {@code winning-post-SIZE} or {@code snapdeals-SIZE}.
     * @return the circuit.
     * @throws IllegalArgumentException naming the circuits there are.
     */
    public static NamedCircuit of(final String name)
    {
        if (name.startsWith(POREP))
        {
            return new NamedCircuit(name, SectorShape.preset(name.substring(POREP.length())), null, null);
        }
        final PostShape post = PostShape.byName(name);
        if (post != null)
        {
            return new NamedCircuit(name, null, post, null);
        }
        final UpdateShape update = UpdateShape.byName(name);
        if (update != null)
        {
            return new NamedCircuit(name, null, null, update);
        }
        BuiltinCircuit.byName(name, 1, 2);
        return new NamedCircuit(name, null, null, null);
    }

    /** @return its name. */
    public String name()
    {
        return name;
    }

    /** @return true for a PoRep partition. */
    public boolean isPorep()
    {
        return porep != null;
    }

    /** @return the circuit with a blank witness: for counting, recording and setup. */
    public Circuit shape()
    {
        if (post != null)
        {
            return PostCircuit.blank(post);
        }
        if (update != null)
        {
            return UpdateCircuit.blank(update);
        }
        return porep != null ? new PorepCircuit(porep, 0) : BuiltinCircuit.shapeOf(name);
    }

    /**
     * The circuit's matrices from {@code NAME.matrices} in a cache folder, or recorded from its shape and written there
     * (under a temporary name first, so that a process killed while writing leaves no truncated file to be read).
     *
     * @param cache the folder; created when missing.
     * @return the matrices, owned by the caller.
     * @throws UncheckedIOException when the folder or the file cannot be written
     */
    public ConstraintMatrices matrices(final Path cache)
    {
        final Path file = cache.resolve(name + ".matrices");
        if (Files.exists(file))
        {
            return ConstraintMatrices.load(file);
        }
        final ConstraintMatrices matrices = RecordingAssignment.record(shape());
        try
        {
            Files.createDirectories(cache);
            final Path partial = Files.createTempFile(cache, name + ".matrices.", ".partial");
            try
            {
                matrices.save(partial);
                Files.move(partial, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            }
            finally
            {
                Files.deleteIfExists(partial);
            }
            return matrices;
        }
        catch (final IOException e)
        {
            matrices.close();
            throw new UncheckedIOException("cannot write " + file + ": " + e.getMessage(), e);
        }
        catch (final RuntimeException | Error e)
        {
            matrices.close();
            throw e;
        }
    }

    /**
     * @param seed draws the witness (a random sector and challenges, or the chain's two secrets).
     * @return a fresh instance; its witness is computed when it is first synthesized.
     * @throws IllegalArgumentException for a PoSt partition, whose witness comes from vanilla proofs.
     */
    public Circuit withWitness(final long seed)
    {
        if (post != null || update != null)
        {
            throw new IllegalArgumentException(name + " is proved from vanilla proofs (jprove post, jprove snap), "
                + "not from a seed");
        }
        if (porep != null)
        {
            return new PorepCircuit(porep, seed);
        }
        final SplittableRandom rnd = new SplittableRandom(seed);
        return BuiltinCircuit.byName(name, rnd.nextLong() >>> 1, rnd.nextLong() >>> 1);
    }

    /**
     * @param publicInputs an instance's public inputs without ONE (as a verifier takes them).
     * @return what a valid proof of that instance claims, in words.
     */
    public String claim(final long[] publicInputs)
    {
        if (porep != null)
        {
            // rust-fil-proofs' order: replica_id, comm_d, comm_r, then the challenges
            return "a replica of a " + porep.name() + " sector with comm_r 0x"
                + Fr.toBigInteger(publicInputs, 2 * Fr.LIMBS).toString(16) + " opens correctly at its challenges";
        }
        return "the prover knows x0, x1 whose chain of Poseidon hashes (" + name + ") ends in 0x"
            + Fr.toBigInteger(publicInputs, 0).toString(16);
    }
}
