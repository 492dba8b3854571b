package dev.nubo.settings.api;

/** The read-only facts about the running server for the admin's settings page. */
public interface ServerOverview {
    ServerFacts facts();
}
