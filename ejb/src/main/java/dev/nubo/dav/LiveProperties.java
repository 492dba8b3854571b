package dev.nubo.dav;

import dev.nubo.dav.core.DavXml;
import dev.nubo.dav.core.HttpDate;
import dev.nubo.dav.core.Multistatus;
import dev.nubo.files.api.NodeView;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Optional;
import javax.xml.namespace.QName;

/** The live DAV: properties: their names, what allprop returns, and where each one's value comes from. */
final class LiveProperties {
    private LiveProperties() {}

    static final QName RESOURCETYPE = DavXml.dav("resourcetype");
    static final QName GETETAG = DavXml.dav("getetag");
    static final QName GETLASTMODIFIED = DavXml.dav("getlastmodified");
    static final QName CREATIONDATE = DavXml.dav("creationdate");
    static final QName GETCONTENTTYPE = DavXml.dav("getcontenttype");
    static final QName GETCONTENTLENGTH = DavXml.dav("getcontentlength");
    static final QName DISPLAYNAME = DavXml.dav("displayname");
    static final QName SUPPORTEDLOCK = DavXml.dav("supportedlock");
    static final QName LOCKDISCOVERY = DavXml.dav("lockdiscovery");
    static final QName QUOTA_USED = DavXml.dav("quota-used-bytes");
    static final QName QUOTA_AVAILABLE = DavXml.dav("quota-available-bytes");
    /** What allprop returns (RFC 4331: the quota properties only when asked for by name). */
    static final List<QName> ALLPROP = List.of(
            RESOURCETYPE,
            GETETAG,
            GETLASTMODIFIED,
            CREATIONDATE,
            GETCONTENTTYPE,
            GETCONTENTLENGTH,
            DISPLAYNAME,
            SUPPORTEDLOCK,
            LOCKDISCOVERY);

    /** The DAV: properties the server computes; a PROPPATCH may not set or remove them. */
    static final java.util.Set<String> LIVE = java.util.Set.of(
            "resourcetype",
            "getetag",
            "getlastmodified",
            "creationdate",
            "getcontenttype",
            "getcontentlength",
            "supportedlock",
            "lockdiscovery",
            "quota-used-bytes",
            "quota-available-bytes");

    /**
     * A live property's value: null when the resource has no such property, an empty Optional for an empty
     * element.
     */
    static Optional<Multistatus.Value> live(
            QName name, NodeView node, boolean root, Quota quota, Multistatus.Value lockdiscovery) {
        LiveSource source = liveSource(name);
        return source == null ? null : source.of(node, root, quota, lockdiscovery);
    }

    /** Where a live DAV: property's value comes from, looked up once per name rather than once per resource. */
    @FunctionalInterface
    interface LiveSource {
        @SuppressWarnings("java:S2789") // null: no such property; empty: an empty element
        Optional<Multistatus.Value> of(NodeView node, boolean root, Quota quota, Multistatus.Value lockdiscovery);
    }

    private static final Optional<Multistatus.Value> EMPTY = Optional.empty();

    /** The source of a live DAV: property; null for any other name. */
    static LiveSource liveSource(QName name) {
        if (!DavXml.DAV.equals(name.getNamespaceURI())) {
            return null;
        }
        return switch (name.getLocalPart()) {
            case "resourcetype" -> (node, root, quota, locks) -> node.folder() ? IS_COLLECTION : EMPTY;
            case "getetag" -> (node, root, quota, locks) -> text("\"" + node.etag() + "\"");
            case "getlastmodified" ->
                (node, root, quota, locks) ->
                        text(HttpDate.format(node.modifiedAt().toEpochSecond()));
            case "creationdate" ->
                (node, root, quota, locks) -> text(DateTimeFormatter.ISO_INSTANT.format(
                        node.createdAt().toInstant().truncatedTo(ChronoUnit.SECONDS)));
            case "getcontenttype" ->
                (node, root, quota, locks) -> node.folder()
                        ? null
                        : text(node.mimeType() == null ? "application/octet-stream" : node.mimeType());
            case "getcontentlength" ->
                (node, root, quota, locks) -> node.folder() ? null : text(Long.toString(node.size()));
            case "displayname" -> (node, root, quota, locks) -> root ? null : text(node.name());
            case "supportedlock" -> (node, root, quota, locks) -> LOCKS_SUPPORTED;
            case "lockdiscovery" -> (node, root, quota, locks) -> Optional.of(locks);
            case "quota-used-bytes" ->
                (node, root, quota, locks) -> node.folder() && quota != null ? text(Long.toString(quota.used())) : null;
            case "quota-available-bytes" ->
                (node, root, quota, locks) ->
                        node.folder() && quota != null ? text(Long.toString(quota.available())) : null;
            default -> null;
        };
    }

    private static Optional<Multistatus.Value> text(String value) {
        return Optional.of(Multistatus.text(value));
    }

    /** What supportedlock says: exclusive and shared write locks. */
    static final Multistatus.Value COLLECTION = new Multistatus.Child(DavXml.dav("collection"), null);

    static final Multistatus.Value SUPPORTED_LOCKS = w -> {
        for (String scope : List.of("exclusive", "shared")) {
            w.writeStartElement("d", "lockentry", DavXml.DAV);
            w.writeStartElement("d", "lockscope", DavXml.DAV);
            w.writeEmptyElement("d", scope, DavXml.DAV);
            w.writeEndElement();
            w.writeStartElement("d", "locktype", DavXml.DAV);
            w.writeEmptyElement("d", "write", DavXml.DAV);
            w.writeEndElement();
            w.writeEndElement();
        }
    };

    static final Optional<Multistatus.Value> IS_COLLECTION = Optional.of(COLLECTION);
    private static final Optional<Multistatus.Value> LOCKS_SUPPORTED = Optional.of(SUPPORTED_LOCKS);

    /** The quota properties' values: bytes used, and bytes available (-3: no limit, RFC 4331). */
    record Quota(long used, long available) {}
}
