package dev.nubo.users.service;

import dev.nubo.platform.api.NuboException;
import java.nio.charset.StandardCharsets;
import java.text.Normalizer;
import java.util.regex.Pattern;

/** The rules for user fields; the database checks the user name pattern again. */
final class UserValidation {
    static final Pattern USERNAME = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._@-]{0,63}");
    static final int MIN_PASSWORD = 8;
    static final int MAX_PASSWORD_BYTES = 1024;

    private UserValidation() {}

    static String username(String username) {
        if (username == null || username.isEmpty()) {
            throw NuboException.invalid("username is required");
        }
        if (!USERNAME.matcher(username).matches()) {
            throw NuboException.invalid(
                    "username must be 1-64 characters: letters, digits, '.', '_', '@', '-', starting with a letter or digit");
        }
        return username;
    }

    static String password(String password) {
        if (password == null || password.isEmpty()) {
            throw NuboException.invalid("password is required");
        }
        if (password.codePointCount(0, password.length()) < MIN_PASSWORD) {
            throw NuboException.invalid("password must have at least " + MIN_PASSWORD + " characters");
        }
        if (password.getBytes(StandardCharsets.UTF_8).length > MAX_PASSWORD_BYTES) {
            throw NuboException.invalid("password must be at most " + MAX_PASSWORD_BYTES + " bytes");
        }
        return password;
    }

    static String displayName(String displayName, String fallback) {
        if (displayName == null || displayName.isBlank()) {
            return fallback;
        }
        String s = Normalizer.normalize(displayName.strip(), Normalizer.Form.NFC);
        if (s.length() > 255 || s.chars().anyMatch(Character::isISOControl)) {
            throw NuboException.invalid("displayName must be at most 255 characters, without control characters");
        }
        return s;
    }

    static String email(String email) {
        if (email == null || email.isBlank()) {
            return null;
        }
        String s = email.strip();
        if (s.length() > 320 || !s.matches("[^@\\s]+@[^@\\s]+")) {
            throw NuboException.invalid("email is not a valid address");
        }
        return s;
    }

    static Long quota(Long quotaBytes) {
        if (quotaBytes != null && quotaBytes < 0) {
            throw NuboException.invalid("quotaBytes must be zero or more (null for unlimited)");
        }
        return quotaBytes;
    }
}
