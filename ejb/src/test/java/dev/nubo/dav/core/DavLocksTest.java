package dev.nubo.dav.core;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.UUID;
import org.junit.jupiter.api.Test;

class DavLocksTest {
    private final DavLocks locks = new DavLocks();
    private final UUID alice = UUID.randomUUID();
    private final UUID bob = UUID.randomUUID();

    @Test
    void anyBelowSeesOnlyTheUsersLocksStrictlyBeneathThePath() {
        assertThat(locks.anyBelow(alice, "")).isFalse();
        locks.lock(alice, "a", false, true, null, Duration.ofMinutes(1)).orElseThrow();
        assertThat(locks.anyBelow(alice, "a")).isFalse(); // rooted at the path, not beneath it
        assertThat(locks.anyBelow(alice, "")).isTrue();
        assertThat(locks.anyBelow(bob, "")).isFalse();
        assertThat(locks.anyBelow(alice, "ab")).isFalse();
        locks.lock(alice, "a/b/c", false, true, null, Duration.ofMinutes(1)).orElseThrow();
        assertThat(locks.anyBelow(alice, "a")).isTrue();
        assertThat(locks.anyBelow(alice, "a/b")).isTrue();
        assertThat(locks.anyBelow(alice, "a/b/c")).isFalse();
    }
}
