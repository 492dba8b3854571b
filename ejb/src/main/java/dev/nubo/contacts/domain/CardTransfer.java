package dev.nubo.contacts.domain;

import dev.nubo.collections.api.Imports;
import dev.nubo.contacts.api.InvalidAddressData;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.UUID;

/**
 * .vcf files in and out. An import is cut into its cards at their BEGIN:VCARD / END:VCARD lines (RFC 6350 section
 * 3.3: one card's lines lie between them; vCard 2.1's nested AGENT cards are counted in), so each card is stored with
 * the bytes the file had; a card without a UID (Google Contacts exports have none) gets one inserted before its END
 * line, because CardDAV clients match cards by UID.
 */
public final class CardTransfer {
    private CardTransfer() {}

    public static List<Imports.Piece> split(String text) {
        List<Imports.Piece> out = new ArrayList<>();
        StringBuilder card = null;
        int depth = 0;
        for (String line : text.split("\r\n|\n|\r", -1)) {
            String upper = line.strip().toUpperCase(Locale.ROOT);
            if (upper.equals("BEGIN:VCARD")) {
                if (depth == 0) {
                    card = new StringBuilder();
                }
                depth++;
            }
            if (card != null) {
                if (depth == 1 && upper.equals("END:VCARD")) {
                    out.add(piece(card));
                    card = null;
                    depth = 0;
                    continue;
                }
                card.append(line).append("\r\n");
                if (upper.equals("END:VCARD")) {
                    depth--;
                }
            } else if (!upper.isEmpty()) {
                throw new InvalidAddressData("valid-address-data", "the file holds text outside BEGIN:VCARD/END:VCARD");
            }
        }
        if (card != null) {
            throw new InvalidAddressData("valid-address-data", "the file ends inside a card (no END:VCARD)");
        }
        return out;
    }

    private static Imports.Piece piece(StringBuilder lines) {
        String uid = uid(lines.toString());
        if (uid == null) {
            uid = UUID.randomUUID().toString();
            lines.append("UID:").append(uid).append("\r\n");
        }
        lines.append("END:VCARD\r\n");
        return new Imports.Piece(uid, lines.toString().getBytes(StandardCharsets.UTF_8));
    }

    /** The card's UID at the top level (never a nested card's), or null. */
    private static String uid(String card) {
        int depth = 0;
        for (String line : card.split("\r\n")) {
            String upper = line.strip().toUpperCase(Locale.ROOT);
            if (upper.equals("BEGIN:VCARD")) {
                depth++;
            } else if (upper.equals("END:VCARD")) {
                depth--;
            } else if (depth == 1 && (upper.startsWith("UID:") || upper.startsWith("UID;"))) {
                String value = line.substring(line.indexOf(':') + 1).strip();
                return value.isEmpty() ? null : value;
            }
        }
        return null;
    }
}
