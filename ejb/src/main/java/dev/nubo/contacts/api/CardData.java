package dev.nubo.contacts.api;

import dev.nubo.contacts.domain.VCardObject;

/** Where contact data is read. */
public final class CardData {
    private CardData() {}

    public static ParsedCard parse(byte[] data) {
        return VCardObject.parse(data);
    }
}
