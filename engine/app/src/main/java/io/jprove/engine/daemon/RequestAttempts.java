package io.jprove.engine.daemon;

/**
 * The request ids of a request proved more than once: when a client may submit again a request whose job failed or
 * was cancelled (the cuzk API, as Curio retries a task), attempt n &ge; 2 is journaled under {@code #n:ID}, ID being
 * the first attempt's request id, so that each attempt is a job of its own and the request id answers the newest
 * ({@link JobStore#newestAttempt}). A name of this form cannot be an attempt of another id: what lies between the
 * {@code #} and the colon before ID is digits only.
 */
final class RequestAttempts
{
    private RequestAttempts()
    {
    }

    /** @return the request id of attempt {@code attempt} (from 1) of {@code requestId}. */
    static String name(final String requestId, final int attempt)
    {
        return attempt == 1 ? requestId : "#" + attempt + ":" + requestId;
    }

    /** @return which attempt of {@code requestId} the request id {@code name} is, or 0 when it is none. */
    static int attempt(final String name, final String requestId)
    {
        if (name.equals(requestId))
        {
            return 1;
        }
        final int digits = name.length() - requestId.length() - 2;
        if (digits < 1 || digits > 9 || name.charAt(0) != '#' || name.charAt(digits + 1) != ':'
            || !name.endsWith(requestId))
        {
            return 0;
        }
        int n = 0;
        for (int i = 1; i <= digits; i++)
        {
            final char c = name.charAt(i);
            if (c < '0' || c > '9')
            {
                return 0;
            }
            n = 10 * n + (c - '0');
        }
        return n >= 2 ? n : 0;
    }
}
