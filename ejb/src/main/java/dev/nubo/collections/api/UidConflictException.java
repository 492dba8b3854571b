package dev.nubo.collections.api;

import dev.nubo.platform.api.ErrorKind;
import dev.nubo.platform.api.NuboException;

/**
 * A write would put a second resource with the same UID into a collection (RFC 4791 §5.3.2.1, RFC 6352 §6.3.2.1:
 * no-uid-conflict); {@code existingName} is the member that holds it, which the error body names.
 */
public class UidConflictException extends NuboException {
    private static final long serialVersionUID = 1L;
    private final String existingName;

    public UidConflictException(String existingName) {
        super(
                ErrorKind.CONFLICT,
                "uid_conflict",
                "another resource in this collection has the same UID: " + existingName);
        this.existingName = existingName;
    }

    public String existingName() {
        return existingName;
    }
}
