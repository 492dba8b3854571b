package dev.nubo.dav.pim;

import dev.nubo.collections.api.CollectionKind;
import dev.nubo.dav.core.DavPath;

/** The encoded hrefs of one user's groupware resources under a DAV root ({@code prefix}, e.g. "/dav"). */
record PimHrefs(String prefix, String username) {
    String principals() {
        return prefix + "/" + PimTarget.PRINCIPALS + "/";
    }

    String principal() {
        return principals() + DavPath.encode(username) + "/";
    }

    String area(CollectionKind kind) {
        return prefix + "/" + (kind == CollectionKind.CALENDAR ? PimTarget.CALENDARS : PimTarget.ADDRESSBOOKS) + "/";
    }

    String home(CollectionKind kind) {
        return area(kind) + DavPath.encode(username) + "/";
    }

    String collection(CollectionKind kind, String slug) {
        return home(kind) + DavPath.encode(slug) + "/";
    }

    String object(CollectionKind kind, String slug, String name) {
        return collection(kind, slug) + DavPath.encode(name);
    }
}
