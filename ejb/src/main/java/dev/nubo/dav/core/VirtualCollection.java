package dev.nubo.dav.core;

import dev.nubo.platform.api.NuboException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.io.OutputStream;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import javax.xml.namespace.QName;

/**
 * A read-only collection that holds no files: the levels above a user's tree ("/", "/dav/", "/dav/files/"). Clients
 * walk up to them: the Windows Mini-Redirector sends OPTIONS to the server's root and PROPFINDs each parent of the
 * folder being mapped before it maps it, and file managers show the parents in their location bar. Each answers
 * OPTIONS with the DAV classes, PROPFIND (Depth 0 or 1) with itself and its children as collections, and anything
 * else with 405.
 */
public final class VirtualCollection {
    static final String ALLOW = "OPTIONS, PROPFIND";
    private static final QName RESOURCETYPE = DavXml.dav("resourcetype");
    private static final QName DISPLAYNAME = DavXml.dav("displayname");
    private static final QName CURRENT_USER_PRINCIPAL = DavXml.dav("current-user-principal");
    private static final QName PRINCIPAL_URL = DavXml.dav("principal-URL");

    private VirtualCollection() {}

    /**
     * Serves {@code href} (ending in '/'), whose members are the collections at {@code childHrefs} (each ending in
     * '/').
     */
    public static void serve(String href, List<String> childHrefs, HttpServletRequest req, HttpServletResponse res)
            throws IOException {
        serve(href, childHrefs, null, req, res);
    }

    /**
     * As {@link #serve(String, List, HttpServletRequest, HttpServletResponse)}, answering current-user-principal
     * and principal-URL (RFC 5397) with {@code principalHref} when it is given: CalDAV and CardDAV clients ask the
     * URL they were given for it before anything else.
     */
    public static void serve(
            String href, List<String> childHrefs, String principalHref, HttpServletRequest req, HttpServletResponse res)
            throws IOException {
        switch (req.getMethod()) {
            case "OPTIONS" -> {
                // the groupware classes too: CalDAV and CardDAV clients decide from the URL they were given
                res.setHeader("DAV", principalHref == null ? "1, 2, 3" : "1, 2, 3, calendar-access, addressbook");
                res.setHeader("MS-Author-Via", "DAV");
                res.setHeader("Allow", ALLOW);
                res.setContentLength(0);
                res.setStatus(200);
            }
            case "PROPFIND" -> propfind(href, childHrefs, principalHref, req, res);
            default -> {
                res.setHeader("Allow", ALLOW);
                DavErrors.error(res, 405, req.getMethod() + " is not allowed here: this level holds no files");
            }
        }
    }

    private static void propfind(
            String href, List<String> childHrefs, String principal, HttpServletRequest req, HttpServletResponse res)
            throws IOException {
        String depth =
                Optional.ofNullable(req.getHeader("Depth")).orElse("infinity").strip();
        if (!depth.equals("0") && !depth.equals("1")) {
            DavErrors.davError(res, 403, "propfind-finite-depth", "Depth: infinity is not supported; use 0 or 1");
            return;
        }
        DavXml.Propfind asked;
        try {
            asked = DavXml.propfind(req.getInputStream());
        } catch (NuboException e) {
            DavErrors.error(res, 400, e.getMessage());
            return;
        }
        res.setStatus(207);
        res.setContentType("application/xml; charset=utf-8");
        try (OutputStream out = new ByteSink(res.getOutputStream(), 8 * 1024);
                Multistatus ms = new Multistatus(out)) {
            describe(ms, href, principal, asked);
            if (depth.equals("1")) {
                for (String child : childHrefs) {
                    describe(ms, child, principal, asked);
                }
            }
        }
    }

    private static void describe(Multistatus ms, String href, String principal, DavXml.Propfind asked)
            throws IOException {
        Map<QName, Multistatus.Value> found = new LinkedHashMap<>();
        List<QName> missing = new ArrayList<>();
        String trimmed = href.substring(0, href.length() - 1);
        String name = DavPath.decode(trimmed.substring(trimmed.lastIndexOf('/') + 1));
        Multistatus.Value collection = w -> w.writeEmptyElement("d", "collection", DavXml.DAV);
        Multistatus.Value displayname = w -> w.writeCharacters(name);
        Multistatus.Value principalHref = principal == null
                ? null
                : w -> {
                    w.writeStartElement("d", "href", DavXml.DAV);
                    w.writeCharacters(principal);
                    w.writeEndElement();
                };
        switch (asked.kind()) {
            case ALLPROP -> {
                found.put(RESOURCETYPE, collection);
                if (!name.isEmpty()) {
                    found.put(DISPLAYNAME, displayname);
                }
            }
            case PROPNAME -> {
                found.put(RESOURCETYPE, null);
                if (!name.isEmpty()) {
                    found.put(DISPLAYNAME, null);
                }
            }
            case PROP -> {
                for (QName q : asked.names()) {
                    if (q.equals(RESOURCETYPE)) {
                        found.put(q, collection);
                    } else if (q.equals(DISPLAYNAME) && !name.isEmpty()) {
                        found.put(q, displayname);
                    } else if (principalHref != null && (q.equals(CURRENT_USER_PRINCIPAL) || q.equals(PRINCIPAL_URL))) {
                        found.put(q, principalHref);
                    } else {
                        missing.add(q);
                    }
                }
            }
        }
        ms.response(href, found, missing);
    }
}
