package dev.nubo.dav.pim;

import dev.nubo.calendar.api.CompFilter;
import dev.nubo.calendar.api.ParamFilter;
import dev.nubo.calendar.api.PropFilter;
import dev.nubo.calendar.api.TextMatch;
import dev.nubo.calendar.api.TimeRange;
import dev.nubo.contacts.api.AddressFilter;
import dev.nubo.dav.core.DavException;
import dev.nubo.dav.core.DavXml;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import javax.xml.namespace.QName;
import javax.xml.stream.XMLInputFactory;
import javax.xml.stream.XMLStreamConstants;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamReader;

/**
 * Reads REPORT bodies: CALDAV calendar-query, calendar-multiget and free-busy-query (RFC 4791 sections 9.5, 9.10,
 * 7.10), CARDDAV addressbook-query and addressbook-multiget (RFC 6352 sections 8.6, 8.7), DAV:sync-collection (RFC
 * 6578 section 6.1). Namespaces count, prefixes do not. DTDs are refused (so no entity is ever expanded), bodies over
 * {@link DavXml#MAX_BODY} and nesting deeper than {@value #MAX_DEPTH} too.
 */
final class ReportXml {
    static final int MAX_DEPTH = 40;
    static final int MAX_HREFS = 10_000;
    private static final DateTimeFormatter UTC = DateTimeFormatter.ofPattern("yyyyMMdd'T'HHmmss'Z'");
    private static final Set<String> CALDAV_COLLATIONS =
            Set.of(TextMatch.ASCII_CASEMAP, TextMatch.OCTET, TextMatch.UNICODE_CASEMAP);
    private static final XMLInputFactory INPUT = factory();

    private ReportXml() {}

    private static XMLInputFactory factory() {
        XMLInputFactory f = XMLInputFactory.newDefaultFactory();
        f.setProperty(XMLInputFactory.SUPPORT_DTD, false);
        f.setProperty(XMLInputFactory.IS_SUPPORTING_EXTERNAL_ENTITIES, false);
        f.setProperty(XMLInputFactory.IS_NAMESPACE_AWARE, true);
        f.setProperty(XMLInputFactory.IS_REPLACING_ENTITY_REFERENCES, false);
        return f;
    }

    static Report parse(InputStream body) throws IOException {
        byte[] bytes = body.readNBytes((int) DavXml.MAX_BODY + 1);
        if (bytes.length > DavXml.MAX_BODY) {
            throw DavException.of(413, "a REPORT body may hold at most " + DavXml.MAX_BODY + " bytes");
        }
        if (bytes.length == 0) {
            throw DavException.of(400, "a REPORT needs a body");
        }
        try {
            XMLStreamReader r = INPUT.createXMLStreamReader(new ByteArrayInputStream(bytes));
            try {
                Reader reader = new Reader(r);
                reader.toRoot();
                return reader.report();
            } finally {
                r.close();
            }
        } catch (XMLStreamException e) {
            throw DavException.of(400, "the body is not well-formed XML: " + e.getMessage());
        }
    }

    static DavException invalidFilter(String message) {
        return DavException.precondition(403, new QName(PimXml.CALDAV, "valid-filter"), message);
    }

    /** One pass over the body; every read method starts on a START_ELEMENT and ends on its END_ELEMENT. */
    private static final class Reader {
        private final XMLStreamReader r;
        private int depth;

        Reader(XMLStreamReader r) {
            this.r = r;
        }

        void toRoot() throws XMLStreamException {
            while (r.hasNext()) {
                int e = r.next();
                if (e == XMLStreamConstants.DTD || e == XMLStreamConstants.ENTITY_REFERENCE) {
                    throw DavException.of(400, "DTDs and entity references are not accepted");
                }
                if (e == XMLStreamConstants.START_ELEMENT) {
                    depth = 1;
                    return;
                }
            }
            throw DavException.of(400, "the body holds no element");
        }

        /** Moves to the next child element of the current one; false at its end. */
        boolean child() throws XMLStreamException {
            while (r.hasNext()) {
                int e = r.next();
                switch (e) {
                    case XMLStreamConstants.START_ELEMENT -> {
                        if (++depth > MAX_DEPTH) {
                            throw DavException.of(400, "the XML nests deeper than " + MAX_DEPTH);
                        }
                        return true;
                    }
                    case XMLStreamConstants.END_ELEMENT -> {
                        depth--;
                        return false;
                    }
                    case XMLStreamConstants.DTD, XMLStreamConstants.ENTITY_REFERENCE ->
                        throw DavException.of(400, "DTDs and entity references are not accepted");
                    default -> {
                        // text between elements, comments
                    }
                }
            }
            throw DavException.of(400, "the XML ends inside an element");
        }

        void skip() throws XMLStreamException {
            while (child()) {
                skip();
            }
        }

        String text() throws XMLStreamException {
            StringBuilder sb = new StringBuilder();
            while (r.hasNext()) {
                int e = r.next();
                if (e == XMLStreamConstants.CHARACTERS
                        || e == XMLStreamConstants.CDATA
                        || e == XMLStreamConstants.SPACE) {
                    sb.append(r.getText());
                } else if (e == XMLStreamConstants.START_ELEMENT) {
                    depth++;
                    skip();
                } else if (e == XMLStreamConstants.END_ELEMENT) {
                    depth--;
                    return sb.toString();
                } else if (e == XMLStreamConstants.ENTITY_REFERENCE) {
                    throw DavException.of(400, "entity references are not accepted");
                }
            }
            throw DavException.of(400, "the XML ends inside an element");
        }

        boolean is(String ns, String local) {
            return ns.equals(r.getNamespaceURI()) && local.equals(r.getLocalName());
        }

        String attr(String name) {
            return r.getAttributeValue(null, name);
        }

        Report report() throws XMLStreamException {
            if (is(PimXml.CALDAV, "calendar-query")) {
                return calendarQuery();
            }
            if (is(PimXml.CALDAV, "calendar-multiget") || is(PimXml.CARDDAV, "addressbook-multiget")) {
                boolean calendar = is(PimXml.CALDAV, "calendar-multiget");
                PropRequest props = null;
                List<String> hrefs = new ArrayList<>();
                while (child()) {
                    if (is(PimXml.DAV, "href")) {
                        if (hrefs.size() == MAX_HREFS) {
                            throw DavException.of(403, "a multiget names at most " + MAX_HREFS + " resources");
                        }
                        hrefs.add(text().strip());
                    } else if (isProps()) {
                        props = props();
                    } else {
                        skip();
                    }
                }
                if (hrefs.isEmpty()) {
                    throw DavException.of(400, "a multiget names at least one DAV:href");
                }
                props = props == null ? allprop() : props;
                return calendar ? new CalendarMultiget(props, hrefs) : new AddressbookMultiget(props, hrefs);
            }
            if (is(PimXml.CALDAV, "free-busy-query")) {
                TimeRange range = null;
                while (child()) {
                    if (is(PimXml.CALDAV, "time-range")) {
                        range = timeRange();
                    } else {
                        skip();
                    }
                }
                if (range == null || range.start() == null || range.end() == null) {
                    throw invalidFilter("a free-busy-query needs a time-range with a start and an end");
                }
                return new FreeBusyQuery(range);
            }
            if (is(PimXml.DAV, "sync-collection")) {
                return syncCollection();
            }
            if (is(PimXml.CARDDAV, "addressbook-query")) {
                return addressbookQuery();
            }
            throw DavException.precondition(
                    403, new QName(PimXml.DAV, "supported-report"), "no report " + r.getName() + " here");
        }

        private Report calendarQuery() throws XMLStreamException {
            PropRequest props = allprop();
            CompFilter filter = null;
            String timezone = null;
            while (child()) {
                if (isProps()) {
                    props = props();
                } else if (is(PimXml.CALDAV, "filter")) {
                    while (child()) {
                        if (is(PimXml.CALDAV, "comp-filter") && filter == null) {
                            filter = compFilter();
                        } else {
                            skip();
                        }
                    }
                } else if (is(PimXml.CALDAV, "timezone")) {
                    timezone = text();
                } else {
                    skip();
                }
            }
            if (filter == null || !filter.name().equalsIgnoreCase("VCALENDAR")) {
                throw invalidFilter("a calendar-query filter has one comp-filter, named VCALENDAR");
            }
            return new CalendarQuery(props, filter, timezone);
        }

        private Report syncCollection() throws XMLStreamException {
            String token = "";
            Integer limit = null;
            PropRequest props = allprop();
            while (child()) {
                if (is(PimXml.DAV, "sync-token")) {
                    token = text().strip();
                } else if (is(PimXml.DAV, "sync-level")) {
                    String level = text().strip();
                    if (!level.equals("1")) {
                        throw DavException.precondition(
                                403,
                                new QName(PimXml.DAV, "sync-traversal-supported"),
                                "only sync-level 1 is supported: collections here hold no collections");
                    }
                } else if (is(PimXml.DAV, "limit")) {
                    limit = limit();
                } else if (isProps()) {
                    props = props();
                } else {
                    skip();
                }
            }
            return new SyncCollection(token, limit, props);
        }

        /** DAV:limit / DAV:nresults (RFC 5323 section 5.17), also used by CARDDAV:limit. */
        Integer limit() throws XMLStreamException {
            Integer n = null;
            while (child()) {
                if (r.getLocalName().equals("nresults")) {
                    String t = text().strip();
                    try {
                        n = Integer.valueOf(t);
                    } catch (NumberFormatException e) {
                        throw DavException.of(400, "nresults is a number, not " + t);
                    }
                    if (n < 1) {
                        throw DavException.of(400, "nresults is at least 1");
                    }
                } else {
                    skip();
                }
            }
            return n;
        }

        boolean isProps() {
            return is(PimXml.DAV, "prop") || is(PimXml.DAV, "allprop") || is(PimXml.DAV, "propname");
        }

        PropRequest props() throws XMLStreamException {
            if (is(PimXml.DAV, "allprop")) {
                skip();
                return allprop();
            }
            if (is(PimXml.DAV, "propname")) {
                skip();
                return new PropRequest(PropRequest.Kind.PROPNAME, List.of(), null);
            }
            List<QName> names = new ArrayList<>();
            TimeRange expand = null;
            while (child()) {
                names.add(r.getName());
                if (is(PimXml.CALDAV, "calendar-data")) {
                    while (child()) {
                        if (is(PimXml.CALDAV, "expand")) {
                            expand = timeRange();
                            if (expand.start() == null || expand.end() == null) {
                                throw invalidFilter("expand needs a start and an end");
                            }
                        } else {
                            skip();
                        }
                    }
                } else {
                    skip();
                }
            }
            return new PropRequest(PropRequest.Kind.PROP, names, expand);
        }

        static PropRequest allprop() {
            return new PropRequest(PropRequest.Kind.ALLPROP, List.of(), null);
        }

        /** RFC 4791 section 9.9: start and end as UTC date-times, at least one, start before end. */
        TimeRange timeRange() throws XMLStreamException {
            Instant start = utc(attr("start"));
            Instant end = utc(attr("end"));
            skip();
            if (start == null && end == null) {
                throw invalidFilter("a time-range needs a start or an end");
            }
            if (start != null && end != null && !start.isBefore(end)) {
                throw invalidFilter("a time-range starts before it ends");
            }
            return new TimeRange(start, end);
        }

        private static Instant utc(String value) {
            if (value == null) {
                return null;
            }
            try {
                return LocalDateTime.parse(value.strip(), UTC).toInstant(ZoneOffset.UTC);
            } catch (DateTimeParseException e) {
                throw invalidFilter("a time-range takes UTC date-times like 20300101T000000Z, not " + value);
            }
        }

        private CompFilter compFilter() throws XMLStreamException {
            String name = name();
            boolean notDefined = false;
            TimeRange range = null;
            List<PropFilter> props = new ArrayList<>();
            List<CompFilter> comps = new ArrayList<>();
            while (child()) {
                if (is(PimXml.CALDAV, "is-not-defined")) {
                    notDefined = true;
                    skip();
                } else if (is(PimXml.CALDAV, "time-range")) {
                    range = timeRange();
                } else if (is(PimXml.CALDAV, "prop-filter")) {
                    props.add(propFilter());
                } else if (is(PimXml.CALDAV, "comp-filter")) {
                    comps.add(compFilter());
                } else {
                    skip();
                }
            }
            return new CompFilter(name, notDefined, range, props, comps);
        }

        private PropFilter propFilter() throws XMLStreamException {
            String name = name();
            boolean notDefined = false;
            TimeRange range = null;
            TextMatch match = null;
            List<ParamFilter> params = new ArrayList<>();
            while (child()) {
                if (is(PimXml.CALDAV, "is-not-defined")) {
                    notDefined = true;
                    skip();
                } else if (is(PimXml.CALDAV, "time-range")) {
                    range = timeRange();
                } else if (is(PimXml.CALDAV, "text-match")) {
                    match = textMatch();
                } else if (is(PimXml.CALDAV, "param-filter")) {
                    params.add(paramFilter());
                } else {
                    skip();
                }
            }
            return new PropFilter(name, notDefined, range, match, params);
        }

        private ParamFilter paramFilter() throws XMLStreamException {
            String name = name();
            boolean notDefined = false;
            TextMatch match = null;
            while (child()) {
                if (is(PimXml.CALDAV, "is-not-defined")) {
                    notDefined = true;
                    skip();
                } else if (is(PimXml.CALDAV, "text-match")) {
                    match = textMatch();
                } else {
                    skip();
                }
            }
            return new ParamFilter(name, notDefined, match);
        }

        private TextMatch textMatch() throws XMLStreamException {
            String collation = attr("collation") == null ? TextMatch.ASCII_CASEMAP : attr("collation");
            if (!CALDAV_COLLATIONS.contains(collation)) {
                throw DavException.precondition(
                        403,
                        new QName(PimXml.CALDAV, "supported-collation"),
                        "collation " + collation + " is not supported");
            }
            boolean negate = "yes".equals(attr("negate-condition"));
            return new TextMatch(text(), collation, negate);
        }

        String name() {
            String name = attr("name");
            if (name == null || name.isBlank()) {
                throw invalidFilter("a " + r.getLocalName() + " needs a name");
            }
            return name.strip();
        }

        private Report addressbookQuery() throws XMLStreamException {
            PropRequest props = allprop();
            AddressFilter filter = AddressFilter.ALL;
            Integer limit = null;
            while (child()) {
                if (isProps()) {
                    props = props();
                } else if (is(PimXml.CARDDAV, "filter")) {
                    boolean allOf = "allof".equals(attr("test"));
                    List<dev.nubo.contacts.api.PropFilter> props2 = new ArrayList<>();
                    while (child()) {
                        if (is(PimXml.CARDDAV, "prop-filter")) {
                            props2.add(cardPropFilter());
                        } else {
                            skip();
                        }
                    }
                    filter = new AddressFilter(allOf, props2);
                } else if (is(PimXml.CARDDAV, "limit")) {
                    limit = limit();
                } else {
                    skip();
                }
            }
            return new AddressbookQuery(props, filter, limit);
        }

        private dev.nubo.contacts.api.PropFilter cardPropFilter() throws XMLStreamException {
            String name = name();
            boolean allOf = "allof".equals(attr("test"));
            boolean notDefined = false;
            List<dev.nubo.contacts.api.TextMatch> matches = new ArrayList<>();
            List<dev.nubo.contacts.api.ParamFilter> params = new ArrayList<>();
            while (child()) {
                if (is(PimXml.CARDDAV, "is-not-defined")) {
                    notDefined = true;
                    skip();
                } else if (is(PimXml.CARDDAV, "text-match")) {
                    matches.add(cardTextMatch());
                } else if (is(PimXml.CARDDAV, "param-filter")) {
                    String param = name();
                    boolean paramUndefined = false;
                    dev.nubo.contacts.api.TextMatch match = null;
                    while (child()) {
                        if (is(PimXml.CARDDAV, "is-not-defined")) {
                            paramUndefined = true;
                            skip();
                        } else if (is(PimXml.CARDDAV, "text-match")) {
                            match = cardTextMatch();
                        } else {
                            skip();
                        }
                    }
                    params.add(new dev.nubo.contacts.api.ParamFilter(param, paramUndefined, match));
                } else {
                    skip();
                }
            }
            return new dev.nubo.contacts.api.PropFilter(name, notDefined, allOf, matches, params);
        }

        private dev.nubo.contacts.api.TextMatch cardTextMatch() throws XMLStreamException {
            String collation = attr("collation") == null ? TextMatch.UNICODE_CASEMAP : attr("collation");
            if (!CALDAV_COLLATIONS.contains(collation)) {
                throw DavException.precondition(
                        403,
                        new QName(PimXml.CARDDAV, "supported-collation"),
                        "collation " + collation + " is not supported");
            }
            String type = attr("match-type") == null ? "contains" : attr("match-type");
            if (!Set.of("equals", "contains", "starts-with", "ends-with").contains(type)) {
                throw DavException.of(400, "no match-type " + type);
            }
            boolean negate = "yes".equals(attr("negate-condition"));
            return new dev.nubo.contacts.api.TextMatch(text(), collation, type, negate);
        }
    }
}
