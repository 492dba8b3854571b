package dev.nubo.calendar.api;

import java.time.Instant;

/** Busy time (RFC 5545 FBTYPE: BUSY, BUSY-TENTATIVE, BUSY-UNAVAILABLE). */
public record Busy(Instant start, Instant end, String fbType) {}
