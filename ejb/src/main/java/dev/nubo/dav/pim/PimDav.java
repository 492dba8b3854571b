package dev.nubo.dav.pim;

import dev.nubo.auth.api.AuthenticatedUser;
import dev.nubo.calendar.api.InvalidCalendarData;
import dev.nubo.collections.api.CollectionKind;
import dev.nubo.collections.api.CollectionStore;
import dev.nubo.collections.api.DavCollection;
import dev.nubo.collections.api.UidConflictException;
import dev.nubo.contacts.api.InvalidAddressData;
import dev.nubo.dav.core.DavErrors;
import dev.nubo.dav.core.DavException;
import dev.nubo.dav.core.DavPath;
import dev.nubo.dav.core.VirtualCollection;
import dev.nubo.platform.api.ErrorKind;
import dev.nubo.platform.api.NuboException;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.List;
import java.util.Optional;
import java.util.logging.Level;
import java.util.logging.Logger;
import javax.xml.namespace.QName;

/**
 * CalDAV (RFC 4791) and CardDAV (RFC 6352) below a DAV root: principals, calendar and address book homes, their
 * collections and objects, for the signed-in user only (another user's name answers 404). A WAR authenticates and
 * hands over the path after its DAV root; {@link #handles} says which paths are these.
 */
@ApplicationScoped
public class PimDav {
    private static final Logger LOG = Logger.getLogger(PimDav.class.getName());
    static final String DAV_CLASSES = "1, 3, access-control, calendar-access, addressbook, extended-mkcol";
    static final String ALLOW_OBJECT = "OPTIONS, GET, HEAD, PUT, DELETE, PROPFIND, PROPPATCH, REPORT";
    static final String ALLOW_COLLECTION = "OPTIONS, PROPFIND, PROPPATCH, REPORT, DELETE, MKCOL, MKCALENDAR";
    static final String ALLOW_HOME = "OPTIONS, PROPFIND, PROPPATCH, REPORT";

    @Inject
    CollectionStore store;

    @Inject
    PimReads reads;

    @Inject
    PimWrites writes;

    @Inject
    PimReports reports;

    /** Whether a path below the DAV root (starting with '/') is served here. */
    public static boolean handles(String rest) {
        return PimTarget.handles(rest);
    }

    /** The hrefs of the signed-in user's principal and homes, for the levels above (the DAV root). */
    public static List<String> homes(String prefix, String username) {
        PimHrefs h = new PimHrefs(prefix, username);
        return List.of(h.principals(), h.area(CollectionKind.CALENDAR), h.area(CollectionKind.ADDRESSBOOK));
    }

    public static String principal(String prefix, String username) {
        return new PimHrefs(prefix, username).principal();
    }

    public void serve(
            AuthenticatedUser user, String prefix, String rest, HttpServletRequest req, HttpServletResponse res)
            throws IOException {
        PimHrefs h = new PimHrefs(prefix, user.username());
        try {
            PimTarget t = PimTarget.parse(rest);
            if (t == null || (t.user() != null && !t.user().equals(user.username()))) {
                DavErrors.error(
                        res,
                        404,
                        "no such resource; yours are under " + h.principal() + ", " + h.home(CollectionKind.CALENDAR)
                                + " and " + h.home(CollectionKind.ADDRESSBOOK));
                return;
            }
            route(new Request(user, h, t, req, res));
        } catch (DavException e) {
            DavErrors.answer(res, e);
        } catch (InvalidCalendarData e) {
            DavErrors.condition(res, 403, new QName(PimXml.CALDAV, e.precondition()), null, e.getMessage());
        } catch (InvalidAddressData e) {
            DavErrors.condition(res, 403, new QName(PimXml.CARDDAV, e.precondition()), null, e.getMessage());
        } catch (UidConflictException e) {
            QName condition = new QName(
                    rest.startsWith("/" + PimTarget.CALENDARS) ? PimXml.CALDAV : PimXml.CARDDAV, "no-uid-conflict");
            PimTarget t = PimTarget.parse(rest);
            DavErrors.condition(
                    res, 403, condition, h.object(t.kind(), t.collection(), e.existingName()), e.getMessage());
        } catch (NuboException e) {
            DavErrors.error(
                    res, e.kind() == ErrorKind.UNAUTHENTICATED ? 403 : e.kind().httpStatus(), e.getMessage());
        } catch (RuntimeException e) {
            LOG.log(Level.SEVERE, "CalDAV/CardDAV " + req.getMethod() + " " + req.getRequestURI() + " failed", e);
            DavErrors.error(res, 500, "the server could not answer this request; it has been logged");
        }
    }

    /** One request, its target decoded and its owner checked. */
    record Request(
            AuthenticatedUser user,
            PimHrefs hrefs,
            PimTarget target,
            HttpServletRequest req,
            HttpServletResponse res) {}

    private void route(Request r) throws IOException {
        PimTarget t = r.target();
        String method = r.req().getMethod();
        if (t.level() == 1) {
            String self = t.area().equals(PimTarget.PRINCIPALS)
                    ? r.hrefs().principals()
                    : r.hrefs().area(t.kind());
            String child = t.area().equals(PimTarget.PRINCIPALS)
                    ? r.hrefs().principal()
                    : r.hrefs().home(t.kind());
            VirtualCollection.serve(self, List.of(child), r.hrefs().principal(), r.req(), r.res());
            return;
        }
        if (method.equals("OPTIONS")) {
            options(r);
            return;
        }
        if (t.area().equals(PimTarget.PRINCIPALS) || t.level() == 2) {
            switch (method) {
                case "PROPFIND" -> reads.propfind(r, null);
                case "PROPPATCH" -> writes.proppatchRefused(r);
                case "REPORT" -> reports.report(r, null);
                default -> notAllowed(r, ALLOW_HOME);
            }
            return;
        }
        Optional<DavCollection> c = store.find(r.user().userId(), t.kind(), t.collection());
        if (t.level() == 3) {
            collection(r, c, method);
            return;
        }
        if (c.isEmpty()) {
            DavErrors.error(r.res(), method.equals("PUT") ? 409 : 404, "no such collection: " + t.collection());
            return;
        }
        switch (method) {
            case "GET", "HEAD" -> reads.get(r, c.get());
            case "PUT" -> writes.put(r, c.get());
            case "DELETE" -> writes.delete(r, c.get());
            case "PROPFIND" -> reads.propfind(r, c.get());
            case "PROPPATCH" -> writes.proppatchRefused(r);
            case "REPORT" ->
                DavErrors.condition(
                        r.res(),
                        403,
                        new QName(PimXml.DAV, "supported-report"),
                        null,
                        "reports are asked of a collection");
            default -> notAllowed(r, ALLOW_OBJECT);
        }
    }

    private void collection(Request r, Optional<DavCollection> c, String method) throws IOException {
        if (method.equals("MKCALENDAR") || method.equals("MKCOL")) {
            if (c.isPresent()) {
                notAllowed(r, ALLOW_COLLECTION);
                return;
            }
            writes.create(r, method.equals("MKCALENDAR"));
            return;
        }
        if (c.isEmpty()) {
            DavErrors.error(r.res(), 404, "no such collection: " + r.target().collection());
            return;
        }
        switch (method) {
            case "PROPFIND" -> reads.propfind(r, c.get());
            case "PROPPATCH" -> writes.proppatch(r, c.get());
            case "REPORT" -> reports.report(r, c.get());
            case "DELETE" -> writes.deleteCollection(r, c.get());
            default -> notAllowed(r, ALLOW_COLLECTION);
        }
    }

    private static void options(Request r) {
        HttpServletResponse res = r.res();
        res.setHeader("DAV", DAV_CLASSES);
        res.setHeader(
                "Allow",
                switch (r.target().level()) {
                    case 2 -> ALLOW_HOME;
                    case 3 -> ALLOW_COLLECTION;
                    default -> ALLOW_OBJECT;
                });
        res.setContentLength(0);
        res.setStatus(200);
    }

    private static void notAllowed(Request r, String allow) throws IOException {
        r.res().setHeader("Allow", allow);
        DavErrors.error(r.res(), 405, r.req().getMethod() + " is not allowed here");
    }

    /** The last segment of an href inside a collection's href, or null when it names something else. */
    static String memberName(String collectionHref, String href) {
        String path = href;
        int scheme = path.indexOf("://");
        if (scheme > 0) {
            int slash = path.indexOf('/', scheme + 3);
            path = slash < 0 ? "/" : path.substring(slash);
        }
        try {
            path = canonical(path);
        } catch (NuboException e) {
            return null;
        }
        if (!path.startsWith(collectionHref)) {
            return null;
        }
        String rest = path.substring(collectionHref.length());
        if (rest.isEmpty() || rest.contains("/")) {
            return null;
        }
        return DavPath.decode(rest);
    }

    /** An href path with each segment decoded and encoded again our way, so that clients' spellings compare. */
    private static String canonical(String path) {
        StringBuilder sb = new StringBuilder();
        for (String segment : path.split("/", -1)) {
            if (sb.length() > 0 || !segment.isEmpty()) {
                sb.append('/').append(DavPath.encode(DavPath.decode(segment)));
            }
        }
        return path.endsWith("/") && sb.length() > 0 && sb.charAt(sb.length() - 1) != '/' ? sb + "/" : sb.toString();
    }
}
