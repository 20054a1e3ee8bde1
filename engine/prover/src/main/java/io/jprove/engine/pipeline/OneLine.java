package io.jprove.engine.pipeline;

/** An error as one line for a person: its message and, when it adds something, its cause's. */
public final class OneLine
{
    private OneLine()
    {
    }

    /** @return the message and its cause's, on one line (the class name when there is no message). */
    public static String of(final Throwable e)
    {
        String text = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
        final Throwable cause = e.getCause();
        if (cause != null && cause.getMessage() != null && !text.contains(cause.getMessage()))
        {
            text = text + ": " + cause.getMessage();
        }
        return text.replace('\n', ' ');
    }
}
