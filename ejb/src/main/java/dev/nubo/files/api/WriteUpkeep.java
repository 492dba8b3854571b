package dev.nubo.files.api;

import java.time.Duration;

/**
 * What a crash can leave behind on the write path, caught up by the maintenance timer and at start-up: tree changes
 * recorded but not yet folded into the folders above them, and quota holds that no write consumed.
 */
public interface WriteUpkeep {
    /** Folds every owner's pending tree changes; returns how many owners had some. */
    int foldPending();

    /** Refunds holds older than {@code age} (their write never committed); returns how many. */
    int reclaimHolds(Duration age);
}
