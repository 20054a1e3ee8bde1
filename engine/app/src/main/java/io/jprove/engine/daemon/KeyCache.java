package io.jprove.engine.daemon;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.function.Consumer;

import io.jprove.engine.device.KeyImage;
import io.jprove.engine.formats.CheckedKeys;
import io.jprove.engine.formats.InputFile;
import io.jprove.engine.formats.KeyLoading;
import io.jprove.engine.formats.PointChecks;
import io.jprove.engine.formats.bellperson.BellpersonParams;
import io.jprove.engine.formats.circom.Zkey;
import io.jprove.engine.groth16.ProvingKey;

/**
 * The proving keys the daemon keeps resident, loaded once and shared by all jobs. A key's points are checked (on its
 * curve and in its subgroup) the first time its bytes are seen on this host: the daemon uses the same record of
 * checked keys as the CLI ({@link CheckedKeys}, by the SHA-256 of the file), so a restart, or a key a {@code prove}
 * has checked, only hashes the file. A key is loaded by the first job or preload that asks for it, on a thread of
 * the asker's (a job's loads run on the feed's loader threads, never on a pipeline worker), while the others asking
 * wait for that one load; its progress shows in {@link #resident()} ("loading key K (x %)"). A {@link Request} that
 * is cancelled before its key arrives lets go of it; when no one waits for a load any more, the load stops at its
 * next chunk ({@link KeyLoading#cancel}). An evicted key is closed once the last job using it lets go. Whoever made
 * something from a key (the pipeline's preparations of it on the devices) is told just before it closes, so that
 * what depends on the key goes first. Thread-safe; futures are completed outside the cache's lock.
 */
public final class KeyCache implements AutoCloseable
{
    private final Loader loader;
    private final Consumer<ProvingKey> closing;
    private final Map<KeyRef, Entry> entries = new LinkedHashMap<>();

    /** Reads a key file, reporting to and stopping on its {@link KeyLoading}. */
    @FunctionalInterface
    interface Loader
    {
        /**
         * @return the key: a {@link ProvingKey} (params) or a {@link Zkey}.
         * @throws CancellationException when {@code loading} was cancelled.
         */
        AutoCloseable load(KeyRef ref, KeyLoading loading);
    }

    /** A resident key or one being loaded, and what its users need to know; guarded by the cache. */
    private static final class Entry
    {
        private final KeyRef ref;
        private final KeyLoading loading;
        private final List<Request> waiting = new ArrayList<>();
        private AutoCloseable key;
        private long loadMs;
        private int users;
        private boolean evicted;
        /** A load no one waits for any more: stopping, and out of the map. */
        private boolean abandoned;

        Entry(final KeyRef ref)
        {
            this.ref = ref;
            this.loading = new KeyLoading(ref.path().toString());
        }
    }

    /** One asker's claim on a key: its lease once the key is loaded, or the reason it could not be. */
    public final class Request
    {
        private final Entry entry;
        private final CompletableFuture<Lease> lease = new CompletableFuture<>();

        private Request(final Entry entry)
        {
            this.entry = entry;
        }

        /** @return the key's lease once loaded (the asker closes it); failed with the load's error or a cancel. */
        public CompletableFuture<Lease> lease()
        {
            return lease;
        }

        /** @return the key, as a status line names it. */
        public KeyRef ref()
        {
            return entry.ref;
        }

        /** @return how much of the key's load is done (100 once loaded). */
        public int percent()
        {
            return lease.isDone() ? 100 : entry.loading.percent();
        }

        /**
         * Lets go of the key before it arrives; when no one else waits for its load, the load stops. A request whose
         * lease has arrived is not changed: its asker closes the lease.
         *
         * @return whether the request was still waiting (its lease now fails with a cancellation).
         */
        public boolean cancel()
        {
            synchronized (KeyCache.this)
            {
                if (lease.isDone() || !entry.waiting.remove(this))
                {
                    return false;
                }
                if (entry.key == null && entry.waiting.isEmpty() && entry.users == 0 && !entry.abandoned)
                {
                    entry.abandoned = true;
                    entry.loading.cancel();
                    entries.remove(entry.ref, entry);
                }
            }
            lease.completeExceptionally(new CancellationException("no longer waiting for " + entry.ref.path()));
            return true;
        }
    }

    /** A key held by one job until closed. */
    public final class Lease implements AutoCloseable
    {
        private final Entry entry;
        private boolean closed;

        private Lease(final Entry entry)
        {
            this.entry = entry;
        }

        /** @return the bellperson key (a PARAMS lease). */
        public ProvingKey params()
        {
            return (ProvingKey)entry.key;
        }

        /** @return the snarkjs key (a ZKEY lease). */
        public Zkey zkey()
        {
            return (Zkey)entry.key;
        }

        /** @return which key it is. */
        public KeyRef ref()
        {
            return entry.ref;
        }

        /** @return the key as the prover takes it, whichever its file's format. */
        public ProvingKey provingKey()
        {
            return provingKeyOf(entry.key);
        }

        @Override
        public void close()
        {
            final boolean last;
            synchronized (KeyCache.this)
            {
                if (closed)
                {
                    return;
                }
                closed = true;
                entry.users--;
                last = entry.evicted && entry.users == 0;
            }
            if (last)
            {
                closeKey(entry);
            }
        }
    }

    /**
     * What /status shows of a key.
     *
     * @param resident whether it is loaded (and not evicted).
     * @param loadMs   how long loading and checking took.
     * @param percent  how much of its load is done (100 once loaded).
     * @param checks   what its load checked of the points, or null while not known.
     */
    public record KeyInfo(KeyRef ref, boolean resident, long loadMs, int percent, PointChecks checks)
    {
        /** @return whether it is being loaded. */
        public boolean loading()
        {
            return !resident && percent < 100;
        }
    }

    /**
     * @param loader  reads the keys: {@link #defaultLoader}, or a test's wrapper of it.
     * @param closing told of a key's proving key just before the key closes (evicted and let go, or the cache
     *                closed), with no lease on it left; it must not call back into the cache.
     */
    KeyCache(final Loader loader, final Consumer<ProvingKey> closing)
    {
        this.loader = loader;
        this.closing = closing;
    }

    /**
     * @param threads    threads for checking a key's points while it loads.
     * @param remembered the record of keys whose points passed before: their checks are skipped, and keys that pass
     *                   are added.
     * @param keyImages  where the device processes map keys from, so that a {@code .params} key is read straight into
     *                   its image there (one copy of it on the host, not two); null when the devices are in this
     *                   process.
     * @return the daemon's own loader: regular files only, points checked unless the record has the bytes.
     */
    static Loader defaultLoader(final int threads, final CheckedKeys remembered, final Path keyImages)
    {
        return (ref, loading) ->
        {
            // a FIFO would block this thread in open() for ever; requests are checked, but a journaled job is not again
            InputFile.requireRegular(ref.path());
            final AutoCloseable key = switch (ref.kind())
            {
                case PARAMS -> keyImages == null ? BellpersonParams.read(ref.path(), true, threads, remembered, loading)
                    : KeyImage.readParams(ref.path(), true, threads, remembered, loading, keyImages);
                // authenticated by their .vk instead (KeyRef.Kind.POREP): minutes of subgroup checks saved per load
                case POREP -> keyImages == null ? BellpersonParams.read(ref.path(), false, threads,
                    CheckedKeys.none(), loading)
                    : KeyImage.readParams(ref.path(), false, threads, CheckedKeys.none(), loading, keyImages);
                case ZKEY -> Zkey.open(ref.path(), true, remembered, loading);
            };
            final String failure = remembered.failure();
            if (failure != null)
            {
                System.err.println("jprove daemon: the key " + ref.path() + " is checked but not remembered: "
                    + failure);
            }
            return key;
        };
    }

    private static ProvingKey provingKeyOf(final AutoCloseable key)
    {
        return key instanceof final Zkey z ? z.provingKey() : (ProvingKey)key;
    }

    /**
     * Asks for a key: its lease at once if it is resident, else once the load under way (or one started now on
     * {@code executor}) ends.
     *
     * @param executor where a new load runs.
     * @return the request; cancel it to let go of the key before it arrives.
     */
    public Request request(final KeyRef ref, final Executor executor)
    {
        final Request request;
        final boolean start;
        final boolean resident;
        synchronized (this)
        {
            Entry e = entries.get(ref);
            start = e == null;
            if (start)
            {
                e = new Entry(ref);
                entries.put(ref, e);
            }
            request = new Request(e);
            resident = e.key != null;
            if (resident)
            {
                e.users++;
            }
            else
            {
                e.waiting.add(request);
            }
        }
        if (resident)
        {
            request.lease.complete(new Lease(request.entry));
        }
        else if (start)
        {
            try
            {
                executor.execute(() -> load(request.entry));
            }
            catch (final RejectedExecutionException e)
            {
                // the daemon is closing: no load starts, and whoever waits is told
                abandon(request.entry, new CancellationException("the daemon is closing: " + ref.path()
                    + " is not loaded"));
            }
        }
        return request;
    }

    /**
     * @return the key, loading it first on this thread if it is not resident (or waiting for the load under way).
     * @throws IllegalArgumentException naming the file when it is missing or malformed.
     */
    public Lease acquire(final KeyRef ref)
    {
        try
        {
            return request(ref, Runnable::run).lease().join();
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

    /** Fails every request waiting for an entry whose load never started. */
    private void abandon(final Entry e, final RuntimeException why)
    {
        final List<Request> waiting;
        synchronized (this)
        {
            e.abandoned = true;
            entries.remove(e.ref, e);
            waiting = new ArrayList<>(e.waiting);
            e.waiting.clear();
        }
        waiting.forEach(r -> r.lease.completeExceptionally(why));
    }

    /** Loads an entry's key and hands it to the requests waiting then, or their failure. */
    private void load(final Entry e)
    {
        final long t0 = System.nanoTime();
        AutoCloseable key = null;
        RuntimeException failure = null;
        try
        {
            key = loader.load(e.ref, e.loading);
        }
        catch (final RuntimeException ex)
        {
            failure = ex;
        }
        final List<Request> waiting;
        boolean unwanted = false;
        synchronized (this)
        {
            waiting = new ArrayList<>(e.waiting);
            e.waiting.clear();
            if (failure == null && !e.abandoned)
            {
                e.key = key;
                e.loadMs = (System.nanoTime() - t0) / 1_000_000;
                e.users += waiting.size();
            }
            else
            {
                // a failed load is not cached (the file may be fixed before the next job); an abandoned one is gone
                unwanted = key != null;
                entries.remove(e.ref, e);
                if (failure == null)
                {
                    failure = new CancellationException("the load of " + e.ref.path() + " was cancelled");
                }
            }
        }
        if (unwanted)
        {
            closeQuietly(key);
        }
        for (final Request r : waiting)
        {
            if (failure == null)
            {
                r.lease.complete(new Lease(e));
            }
            else
            {
                r.lease.completeExceptionally(failure);
            }
        }
    }

    /** Loads a key (if it is not resident) and keeps it. */
    public KeyInfo preload(final KeyRef ref)
    {
        try (Lease lease = acquire(ref))
        {
            synchronized (this)
            {
                return info(lease.entry);
            }
        }
    }

    /** @return what the key was; not resident afterwards (closed once its last user lets go). */
    public KeyInfo evict(final KeyRef ref)
    {
        final Entry e;
        final boolean close;
        final KeyInfo was;
        synchronized (this)
        {
            e = entries.get(ref);
            if (e == null || e.key == null)
            {
                return new KeyInfo(ref, false, 0, 0, null);
            }
            entries.remove(ref);
            e.evicted = true;
            close = e.users == 0;
            was = new KeyInfo(ref, false, e.loadMs, 100, e.loading.checks());
        }
        if (close)
        {
            closeKey(e);
        }
        return was;
    }

    /** @return the keys resident and being loaded, in the order they were first asked for. */
    public synchronized List<KeyInfo> resident()
    {
        final List<KeyInfo> out = new ArrayList<>();
        for (final Entry e : entries.values())
        {
            out.add(info(e));
        }
        return out;
    }

    /** @return whether the key is loaded (and not evicted). */
    public synchronized boolean isResident(final KeyRef ref)
    {
        final Entry e = entries.get(ref);
        return e != null && e.key != null && !e.evicted;
    }

    /** @return which resident key {@code key} is (by identity), or null when it is none of them any more. */
    public synchronized KeyRef ref(final ProvingKey key)
    {
        for (final Entry e : entries.values())
        {
            if (e.key != null && provingKeyOf(e.key) == key)
            {
                return e.ref;
            }
        }
        return null;
    }

    private static KeyInfo info(final Entry e)
    {
        final boolean loaded = e.key != null;
        return new KeyInfo(e.ref, loaded && !e.evicted, e.loadMs, loaded ? 100 : e.loading.percent(),
            e.loading.checks());
    }

    private void closeKey(final Entry e)
    {
        final AutoCloseable key;
        synchronized (this)
        {
            key = e.key;
            e.key = null;
        }
        if (key != null)
        {
            closing.accept(provingKeyOf(key));
            try
            {
                key.close();
            }
            catch (final Exception ex)
            {
                throw new IllegalStateException("closing the key " + e.ref.path() + ": " + ex.getMessage(), ex);
            }
        }
    }

    private static void closeQuietly(final AutoCloseable key)
    {
        try
        {
            key.close();
        }
        catch (final Exception ex)
        {
            System.err.println("jprove daemon: closing an abandoned key: " + ex.getMessage());
        }
    }

    /** Stops the loads under way and closes every key no job holds (the others close when let go). */
    @Override
    public void close()
    {
        final List<Entry> idle = new ArrayList<>();
        synchronized (this)
        {
            for (final Entry e : entries.values())
            {
                e.evicted = true;
                if (e.key == null)
                {
                    e.abandoned = true;
                    e.loading.cancel();
                }
                else if (e.users == 0)
                {
                    idle.add(e);
                }
            }
            entries.clear();
        }
        idle.forEach(this::closeKey);
    }
}
