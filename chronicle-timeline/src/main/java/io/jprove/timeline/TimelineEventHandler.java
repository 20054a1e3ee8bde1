package io.jprove.timeline;

/**
 * Receives events during a replay; the event is a reused view (see {@link TimelineEvent}).
 */
@FunctionalInterface
public interface TimelineEventHandler
{
    /**
     * @param event the event, valid only during this call.
     */
    void onEvent(TimelineEvent event);
}
