package dev.nubo.it.blackbox;

import static dev.nubo.it.blackbox.SharedServer.LOCKOUT_BASE_SECONDS;
import static dev.nubo.it.blackbox.SharedServer.LOCKOUT_THRESHOLD;
import static org.assertj.core.api.Assertions.assertThat;

import dev.nubo.it.blackbox.Api.Res;
import dev.nubo.it.blackbox.Api.TestUser;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Per-account lockout, on the shared server (threshold 8, base 2 s): the lock starts after the threshold, says
 * nothing about whether the account exists, refuses even the right password, doubles with each further failure,
 * and ends after its delay.
 */
@ExtendWith(SharedServer.class)
class LockoutIT {
    final Api api = SharedServer.api();

    @Test
    void theAccountIsLockedAfterTheThresholdAndEvenTheRightPasswordIsRefused() {
        TestUser u = api.newUser("lock");

        failUntilLocked(u.username());
        Res locked = api.login(u.username(), u.password());

        assertLocked(locked);
        assertThat(retryAfter(locked)).isBetween(1L, (long) LOCKOUT_BASE_SECONDS);
        // the right password is refused over Basic too, on REST and DAV alike
        assertLocked(api.get("/api/auth/me").basic(u).send());
        Res dav = api.options("/dav/").basic(u).send();
        assertThat(dav.status())
                .as("DAV while the account is locked: %s", dav.body())
                .isEqualTo(429);
        assertThat(dav.header("Retry-After")).isNotNull();
    }

    @Test
    void unknownAndKnownAccountsAreLockedAlike() {
        TestUser known = api.newUser("lockknown");
        String unknown = Api.uniqueName("lockunknown");

        for (int i = 1; i <= LOCKOUT_THRESHOLD; i++) {
            Res k = api.login(known.username(), "wrong-password");
            Res n = api.login(unknown, "wrong-password");
            assertThat(k.status()).as("failure %d, known", i).isEqualTo(401);
            assertThat(n.body())
                    .as("failure %d: unknown account answers like a known one", i)
                    .isEqualTo(k.body());
        }
        Res k = api.login(known.username(), "wrong-password");
        Res n = api.login(unknown, "wrong-password");

        assertLocked(k);
        assertLocked(n);
        assertThat(n.str("error")).isEqualTo(k.str("error"));
        assertThat(retryAfter(n)).isEqualTo(retryAfter(k));
    }

    @Test
    void theLockEndsAfterItsDelayAndDoublesWithTheNextFailure() {
        TestUser u = api.newUser("lockgrow");
        failUntilLocked(u.username());
        long first = retryAfter(assertLocked(api.login(u.username(), "wrong-password")));

        waitOut(first);
        // unlocked again: the password is checked; one more failure doubles the lock
        api.login(u.username(), "wrong-password").expectError(401, "invalid_credentials");
        long second = retryAfter(assertLocked(api.login(u.username(), u.password())));
        assertThat(second).as("the lock after one more failure is longer").isGreaterThan(LOCKOUT_BASE_SECONDS);

        NuboProcess.sleep(Duration.ofMillis(LOCKOUT_BASE_SECONDS * 1000L + 300));
        assertLocked(api.login(u.username(), u.password())); // the base delay is not enough any more

        waitOut(retryAfter(assertLocked(api.login(u.username(), u.password()))));
        api.login(u.username(), u.password()).expect(200);
    }

    @Test
    void aSuccessResetsTheCount() {
        TestUser u = api.newUser("lockreset");
        for (int i = 1; i < LOCKOUT_THRESHOLD; i++) {
            api.login(u.username(), "wrong-password").expect(401);
        }
        api.login(u.username(), u.password()).expect(200);

        for (int i = 1; i < LOCKOUT_THRESHOLD; i++) {
            api.login(u.username(), "wrong-password").expectError(401, "invalid_credentials");
        }
        api.login(u.username(), u.password()).expect(200);
    }

    @Test
    void aLockedAccountDoesNotLockOthers() {
        TestUser locked = api.newUser("lockone");
        TestUser bystander = api.newUser("locktwo");
        failUntilLocked(locked.username());

        assertLocked(api.login(locked.username(), locked.password()));
        api.login(bystander.username(), bystander.password()).expect(200);
    }

    private void failUntilLocked(String username) {
        for (int i = 1; i <= LOCKOUT_THRESHOLD; i++) {
            api.login(username, "wrong-password").expectError(401, "invalid_credentials");
        }
    }

    private static Res assertLocked(Res r) {
        r.expectError(429, "too_many_attempts");
        assertThat(r.header("Retry-After"))
                .as("Retry-After of a 429")
                .isNotNull()
                .matches("[0-9]+");
        return r;
    }

    private static long retryAfter(Res r) {
        return Long.parseLong(r.header("Retry-After"));
    }

    private static void waitOut(long seconds) {
        NuboProcess.sleep(Duration.ofMillis(seconds * 1000 + 400));
    }
}
