package io.jprove.engine.daemon;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

import io.jprove.engine.formats.InputFile;
import io.jprove.engine.formats.bellperson.BellpersonParams;
import io.jprove.engine.formats.circom.Zkey;
import io.jprove.engine.groth16.ProvingKey;

/**
 * The proving keys the daemon keeps resident, loaded and checked (every point on its curve and in its subgroup)
 * once, shared by all workers. A key is loaded by the first job or preload that needs it while others needing it
 * wait; an evicted key is closed once the last job using it lets go. Whoever made something from a key (the
 * pipeline's preparations of it on the devices) is told just before it closes, so that what depends on the key goes
 * first. Thread-safe.
 */
public final class KeyCache implements AutoCloseable
{
    private final int threads;
    private final Consumer<ProvingKey> closing;
    private final Map<KeyRef, Entry> entries = new LinkedHashMap<>();

    /** A resident key and what its users need to know. */
    private static final class Entry
    {
        private final KeyRef ref;
        private AutoCloseable key;
        private RuntimeException failure;
        private long loadMs;
        private int users;
        private boolean evicted;

        Entry(final KeyRef ref)
        {
            this.ref = ref;
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
            synchronized (KeyCache.this)
            {
                if (closed)
                {
                    return;
                }
                closed = true;
                entry.users--;
                if (entry.evicted && entry.users == 0)
                {
                    closeKey(entry);
                }
            }
        }
    }

    /** What /status shows of a key. @param loadMs how long loading and checking took */
    public record KeyInfo(KeyRef ref, boolean resident, long loadMs)
    {
    }

    /** @param threads threads for checking a key's points while it loads. */
    public KeyCache(final int threads)
    {
        this(threads, key -> { });
    }

    /**
     * @param threads threads for checking a key's points while it loads.
     * @param closing told of a key's proving key just before the key closes (evicted and let go, or the cache
     *                closed), with no lease on it left; it must not call back into the cache.
     */
    public KeyCache(final int threads, final Consumer<ProvingKey> closing)
    {
        this.threads = threads;
        this.closing = closing;
    }

    private static ProvingKey provingKeyOf(final AutoCloseable key)
    {
        return key instanceof final Zkey z ? z.provingKey() : (ProvingKey)key;
    }

    /**
     * @return the key, loading it first if it is not resident.
     * @throws IllegalArgumentException naming the file when it is missing or malformed.
     */
    public Lease acquire(final KeyRef ref)
    {
        final Entry e;
        synchronized (this)
        {
            e = entries.computeIfAbsent(ref, Entry::new);
            e.users++;
        }
        // one loader per entry; the others wait on the entry, not on the whole cache
        synchronized (e)
        {
            if (e.key == null && e.failure == null)
            {
                final long t0 = System.nanoTime();
                try
                {
                    e.key = load(ref);
                    e.loadMs = (System.nanoTime() - t0) / 1_000_000;
                }
                catch (final RuntimeException ex)
                {
                    e.failure = ex;
                }
            }
        }
        if (e.failure != null)
        {
            synchronized (this)
            {
                e.users--;
                // a failed load is not cached: the file may be fixed before the next job
                entries.remove(ref, e);
            }
            throw e.failure;
        }
        return new Lease(e);
    }

    private AutoCloseable load(final KeyRef ref)
    {
        // a FIFO would block this thread in open() for ever; requests are checked, but a journaled job is not again
        InputFile.requireRegular(ref.path());
        return ref.kind() == KeyRef.Kind.PARAMS ? BellpersonParams.read(ref.path(), true, threads)
            : Zkey.open(ref.path(), true);
    }

    /** Loads a key (if it is not resident) and keeps it. */
    public KeyInfo preload(final KeyRef ref)
    {
        try (Lease lease = acquire(ref))
        {
            return info(lease.entry);
        }
    }

    /** @return what the key was; not resident afterwards (closed once its last user lets go). */
    public synchronized KeyInfo evict(final KeyRef ref)
    {
        final Entry e = entries.remove(ref);
        if (e == null)
        {
            return new KeyInfo(ref, false, 0);
        }
        e.evicted = true;
        if (e.users == 0)
        {
            closeKey(e);
        }
        return new KeyInfo(ref, false, e.loadMs);
    }

    /** @return the resident keys. */
    public synchronized List<KeyInfo> resident()
    {
        final List<KeyInfo> out = new ArrayList<>();
        for (final Entry e : entries.values())
        {
            if (e.key != null)
            {
                out.add(info(e));
            }
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
        return new KeyInfo(e.ref, e.key != null && !e.evicted, e.loadMs);
    }

    private void closeKey(final Entry e)
    {
        synchronized (e)
        {
            if (e.key != null)
            {
                try
                {
                    closing.accept(provingKeyOf(e.key));
                    e.key.close();
                }
                catch (final Exception ex)
                {
                    throw new IllegalStateException("closing the key " + e.ref.path() + ": " + ex.getMessage(), ex);
                }
                e.key = null;
            }
        }
    }

    @Override
    public synchronized void close()
    {
        for (final Entry e : entries.values())
        {
            e.evicted = true;
            if (e.users == 0)
            {
                closeKey(e);
            }
        }
        entries.clear();
    }
}
