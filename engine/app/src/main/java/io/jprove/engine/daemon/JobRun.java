package io.jprove.engine.daemon;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.Executor;

import io.jprove.engine.backend.BufferShape;
import io.jprove.engine.backend.PartitionBuffers;
import io.jprove.engine.formats.bellperson.BellpersonParams;
import io.jprove.engine.groth16.Groth16Verifier;
import io.jprove.engine.groth16.PartitionInputs;
import io.jprove.engine.groth16.PreparedVerifyingKey;
import io.jprove.engine.groth16.ProvingKey;
import io.jprove.engine.groth16.VerifyingKey;
import io.jprove.engine.pipeline.CircomSynthesis;
import io.jprove.engine.pipeline.CircuitShape;
import io.jprove.engine.pipeline.CircuitSynthesis;
import io.jprove.engine.pipeline.OneLine;
import io.jprove.engine.pipeline.Pipeline;
import io.jprove.engine.pipeline.PorepSynthesis;
import io.jprove.engine.pipeline.ProofJob;
import io.jprove.engine.pipeline.ProvedPartition;
import io.jprove.engine.pipeline.Synthesis;
import io.jprove.engine.pipeline.ZkeySynthesis;
import io.jprove.engine.porep.ParameterSet;
import io.jprove.engine.porep.PartitionWitness;
import io.jprove.engine.porep.PorepParameterCache;
import io.jprove.engine.porep.PorepParameterFiles;
import io.jprove.engine.porep.c1.C1File;
import io.jprove.engine.porep.c1.C1Partitions;
import io.jprove.engine.porep.c1.InvalidC1Exception;
import io.jprove.engine.post.PostParameterFiles;
import io.jprove.engine.post.PostPartition;
import io.jprove.engine.update.UpdateParameterFiles;
import io.jprove.engine.update.UpdatePartitions;

/**
 * A daemon job as the pipeline proves it: its key, asked of the {@link KeyCache} as the job is accepted here
 * ({@link #load}: loaded on the feed's loader threads, never on a pipeline worker) and prepared on the devices once
 * it arrives, and its synthesis by kind: a built-in circuit's partitions ({@link BuiltinPartitions}, its counts
 * counted once per name), a circom circuit and witness, a witness mapped through a zkey, or a PoRep C2 job's C1
 * output, whose partitions' witnesses are written natively and whose a, b and c come from the size's resident
 * matrices ({@link PorepMatrices}); each PoRep proof is verified against the {@code .vk} beside the parameters before
 * it is recorded ({@link #refusal}). It holds a lease on its key until {@link DaemonFeed} closes it (the job has ended
 * on this host and none of its partitions is in flight), so the key is not evicted under it; closed before the key
 * arrived, it lets go of the load, which stops when no other job waits for it. Thread-safe.
 */
final class JobRun implements ProofJob
{
    private final Job job;
    private final PorepMatrices porepMatrices;
    private final CompletableFuture<KeyCache.Lease> lease = new CompletableFuture<>();
    private volatile KeyCache.Request request;
    private Synthesis synthesis;
    /** A PoRep job's partitions, as its C1 output gives them; null for other kinds. */
    private List<PartitionWitness> porepPartitions;
    /** A PoRep job's verifying key, once its first proof is checked. */
    private PreparedVerifyingKey porepVk;
    /** A PoSt job's partition, as its vanilla proofs give it; null for other kinds. */
    private PostPartition postPartition;
    /** A SnapDeals job's partitions, as its vanilla proofs give them; null for other kinds. */
    private UpdatePartitions snapPartitions;
    /** A PoSt or SnapDeals job's verifying key, once its first proof is checked. */
    private PreparedVerifyingKey vanillaVk;
    /** Partitions handed to the pipeline and not ended; guarded by the feed. */
    private int inFlight;
    /** Whether the job is accepted on this host and not ended (a single host's job); guarded by the feed. */
    private boolean held;

    JobRun(final Job job, final PorepMatrices porepMatrices)
    {
        this.job = job;
        this.porepMatrices = porepMatrices;
    }

    /** @return the daemon's job. */
    Job job()
    {
        return job;
    }

    /**
     * Asks for the job's key (a load on {@code loader} unless it is resident or loading already); once it arrives its
     * preparation starts on every device, which the pipeline runs on threads of its own.
     */
    void load(final KeyCache keys, final Executor loader, final Pipeline pipeline)
    {
        final long t0 = System.nanoTime();
        final KeyCache.Request asked = keys.request(job.spec().key(), loader);
        request = asked;
        asked.lease().whenComplete((acquired, failure) ->
        {
            if (failure != null)
            {
                lease.completeExceptionally(failure instanceof final CompletionException c && c.getCause() != null
                    ? c.getCause() : failure);
                return;
            }
            job.timings().keyLoaded(System.nanoTime() - t0);
            // the preparation starts before the key is handed out: a partition that waited for the key then waits
            // for this preparation rather than starting one of its own
            pipeline.prepare(acquired.provingKey(), keyName(), job.id());
            lease.complete(acquired);
        });
    }

    /**
     * @return when the key is here, or why it could not be had (a {@link java.util.concurrent.CancellationException}
     *         when the job let go of it first).
     */
    CompletableFuture<Void> keyReady()
    {
        return lease.thenApply(l -> null);
    }

    /** Lets go of the key: of its load if it has not arrived (stopped when no other job waits), else of its lease. */
    void close()
    {
        final KeyCache.Request asked = request;
        if (asked != null)
        {
            asked.cancel();
        }
        lease.thenAccept(KeyCache.Lease::close);
    }

    /**
     * @param inFlight its partitions in the pipeline now.
     * @return what the job waits for or does besides proving, for status pages: "loading key K (x %)" until its
     *         key is here, "discarding N partition(s)" when it has ended with partitions still in the pipeline (they
     *         stop at their next step boundary), else "".
     */
    String activity(final int inFlight)
    {
        final KeyCache.Request asked = request;
        if (!lease.isDone() && asked != null)
        {
            return "loading key " + asked.ref().path() + " (" + asked.percent() + " %)";
        }
        if (lease.isCompletedExceptionally() && !isFinished())
        {
            return "its key could not be loaded: " + lease.handle((l, e) -> OneLine.of(e)).join();
        }
        return isFinished() && inFlight > 0 ? "discarding " + inFlight + " partition" + (inFlight == 1 ? "" : "s")
            : "";
    }

    /** A partition of it was handed to the pipeline. */
    void enter()
    {
        inFlight++;
    }

    /** @return its partitions in the pipeline now; guarded by the feed. */
    int inFlight()
    {
        return inFlight;
    }

    /** A partition of it ended. @return whether it is now idle. */
    boolean leave()
    {
        inFlight--;
        return idle();
    }

    /** It is accepted on this host: kept until {@link #unhold}. */
    void hold()
    {
        held = true;
    }

    /** It has ended on this host. @return whether it is now idle. */
    boolean unhold()
    {
        held = false;
        return idle();
    }

    /** @return whether nothing needs it: no partition in flight and not held. */
    boolean idle()
    {
        return inFlight == 0 && !held;
    }

    @Override
    public long id()
    {
        return job.id();
    }

    @Override
    public String name()
    {
        return job.requestId();
    }

    @Override
    public int priority()
    {
        return job.priority();
    }

    @Override
    public boolean isFinished()
    {
        return job.state().isFinished();
    }

    @Override
    public BufferShape shape()
    {
        return synthesis().shape();
    }

    @Override
    public PartitionInputs synthesize(final int partition, final PartitionBuffers buffers, final int spmvThreads)
    {
        return synthesis().synthesize(partition, buffers, spmvThreads);
    }

    @Override
    public ProvingKey key()
    {
        return lease().provingKey();
    }

    @Override
    public String keyName()
    {
        final KeyRef ref = job.spec().key();
        return "the " + ref.kindName() + " key " + ref.path();
    }

    /** @return the key's lease, once it is loaded. */
    private KeyCache.Lease lease()
    {
        try
        {
            return lease.join();
        }
        catch (final CompletionException e)
        {
            if (e.getCause() instanceof final RuntimeException cause)
            {
                throw cause;
            }
            throw e;
        }
    }

    /** @return how the job's partitions are made, by its kind; the first call may count a built-in circuit. */
    private synchronized Synthesis synthesis()
    {
        if (synthesis == null)
        {
            synthesis = switch (job.spec())
            {
                case JobSpec.Builtin b -> new CircuitSynthesis(new CircuitShape(BuiltinPartitions.counts(b.name()),
                    null), p -> BuiltinPartitions.partition(b.name(), b.seed(), p));
                case JobSpec.Circom c -> new CircomSynthesis(c.r1cs(), c.witness());
                case JobSpec.Zkey z -> new ZkeySynthesis(() -> lease().zkey(), z.witness());
                case JobSpec.Porep r -> porep(r);
                case JobSpec.Post t -> post(t);
                case JobSpec.Snap u -> snap(u);
            };
        }
        return synthesis;
    }

    /** @return a PoRep C2 job's synthesis: its C1 output read and verified again, as it may be after a restart. */
    private Synthesis porep(final JobSpec.Porep r)
    {
        try
        {
            porepPartitions = C1Partitions.verified(C1File.read(r.c1()).output());
        }
        catch (final IOException e)
        {
            throw new UncheckedIOException("cannot read the job's C1 output " + r.c1() + ": " + e.getMessage(), e);
        }
        catch (final InvalidC1Exception e)
        {
            throw new IllegalArgumentException("the job's C1 output " + r.c1() + ": " + e.getMessage(), e);
        }
        return new PorepSynthesis(porepMatrices.of(r.proof()), porepPartitions);
    }

    /** @return a PoSt job's synthesis: its vanilla proofs read and checked again, as they may be after a restart. */
    private Synthesis post(final JobSpec.Post t)
    {
        try
        {
            postPartition = PostInputs.partition(t.proof(), Files.readAllBytes(t.input()));
        }
        catch (final IOException e)
        {
            throw new UncheckedIOException("cannot read the job's PoSt inputs " + t.input() + ": " + e.getMessage(), e);
        }
        final PostPartition partition = postPartition;
        return new CircuitSynthesis(CircuitShape.recorded(porepMatrices.named(t.proof().shape().name())),
            p -> partition.circuit());
    }

    /** @return a SnapDeals job's synthesis: its vanilla proofs read and checked again, as after a restart. */
    private Synthesis snap(final JobSpec.Snap u)
    {
        try
        {
            snapPartitions = SnapInputs.partitions(u.shape(), Files.readAllBytes(u.input()));
        }
        catch (final IOException e)
        {
            throw new UncheckedIOException("cannot read the job's SnapDeals inputs " + u.input() + ": "
                + e.getMessage(), e);
        }
        final UpdatePartitions partitions = snapPartitions;
        return new CircuitSynthesis(CircuitShape.recorded(porepMatrices.named(u.shape().name())),
            partitions::circuit);
    }

    /**
     * A PoSt or SnapDeals proof is checked as a PoRep one: against the {@code .vk} beside its parameters, with the
     * public inputs a verifier computes (PoSt: from the randomness and the sectors' ids and comm_r; SnapDeals: from
     * the commitments and the partition).
     *
     * @return null when it may be recorded, else why not (one line)
     */
    private String vanillaRefusal(final Path params, final ParameterSet set, final int partition,
        final ProvedPartition proved)
    {
        final long[] expected;
        final PreparedVerifyingKey vk;
        final Path vkFile = params.resolveSibling(set.vkName());
        synchronized (this)
        {
            expected = postPartition != null ? postPartition.publicInputs() : snapPartitions.publicInputs()
                .get(partition);
            if (vanillaVk == null)
            {
                final VerifyingKey read = BellpersonParams.readVerifyingKey(vkFile);
                PorepParameterCache.requirePair(key().vk(), read, new PorepParameterCache.Located(params, vkFile,
                    false));
                vanillaVk = new PreparedVerifyingKey(read);
            }
            vk = vanillaVk;
        }
        if (!Arrays.equals(expected, proved.publicInputs()))
        {
            return "partition " + partition + "'s public inputs differ from those its vanilla proofs give; not "
                + "recorded";
        }
        if (!Groth16Verifier.verify(vk, proved.proof(), expected))
        {
            return "partition " + partition + "'s proof does not verify against " + vkFile + "; not recorded";
        }
        return null;
    }

    /**
     * Checks a proved partition before it is recorded: a PoRep proof must verify against the {@code .vk} file beside
     * its parameters (whose digest is the published one, for Filecoin's) with the public inputs its C1 output gives,
     * so that no proof that would fail on chain is handed out. Other kinds are their keys' and witnesses' as given.
     *
     * @return null when it may be recorded, else why not (one line)
     */
    String refusal(final int partition, final ProvedPartition proved)
    {
        if (job.spec() instanceof final JobSpec.Post t)
        {
            return vanillaRefusal(t.params(), PostParameterFiles.set(t.proof()), partition, proved);
        }
        if (job.spec() instanceof final JobSpec.Snap u)
        {
            return vanillaRefusal(u.params(), UpdateParameterFiles.set(u.shape()), partition, proved);
        }
        if (!(job.spec() instanceof final JobSpec.Porep r))
        {
            return null;
        }
        final long[] expected;
        final PreparedVerifyingKey vk;
        synchronized (this)
        {
            expected = porepPartitions.get(partition).publicInputs();
            if (porepVk == null)
            {
                porepVk = porepVerifyingKey(r);
            }
            vk = porepVk;
        }
        if (!Arrays.equals(expected, proved.publicInputs()))
        {
            return "partition " + partition + "'s public inputs differ from those its C1 output gives; not recorded";
        }
        if (!Groth16Verifier.verify(vk, proved.proof(), expected))
        {
            return "partition " + partition + "'s proof does not verify against " + vkFile(r) + "; not recorded";
        }
        return null;
    }

    private PreparedVerifyingKey porepVerifyingKey(final JobSpec.Porep r)
    {
        final Path vkFile = vkFile(r);
        final VerifyingKey vk = BellpersonParams.readVerifyingKey(vkFile);
        PorepParameterCache.requirePair(key().vk(), vk, new PorepParameterCache.Located(r.params(), vkFile, false));
        return new PreparedVerifyingKey(vk);
    }

    private static Path vkFile(final JobSpec.Porep r)
    {
        return r.params().resolveSibling(PorepParameterFiles.vkName(r.proof()));
    }
}
