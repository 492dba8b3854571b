package dev.nubo.media.api;

import java.util.Collection;
import java.util.Map;

/** What is known about contents, for the file API: one query for a whole page. */
public interface MediaFacts {
    /**
     * The facts read from a content and whether its thumbnails exist; {@code info} is {@link MediaInfo#NONE} until
     * the content has been read.
     */
    record Facts(MediaInfo info, boolean thumbnail) {}

    /** Facts by content hash (hex SHA-256); contents nothing is known of yet are absent. */
    Map<String, Facts> of(Collection<String> hashes);
}
