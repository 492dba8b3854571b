package dev.nubo.contacts.api;

import java.util.List;

/** A CARDDAV:prop-filter (RFC 6352 section 10.5.1): its tests combined by anyof (default) or allof. */
public record PropFilter(
        String name, boolean isNotDefined, boolean allOf, List<TextMatch> textMatches, List<ParamFilter> params) {
    public PropFilter {
        textMatches = List.copyOf(textMatches);
        params = List.copyOf(params);
    }
}
