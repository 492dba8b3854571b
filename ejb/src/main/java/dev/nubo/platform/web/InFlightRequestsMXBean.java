package dev.nubo.platform.web;

/** What the uber-jar launcher reads, across class loaders, to know when a draining server is idle. */
public interface InFlightRequestsMXBean {
    int getCount();
}
