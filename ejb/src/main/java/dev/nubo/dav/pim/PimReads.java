package dev.nubo.dav.pim;

import dev.nubo.collections.api.CollectionKind;
import dev.nubo.collections.api.CollectionStore;
import dev.nubo.collections.api.DavCollection;
import dev.nubo.collections.api.MemberWriter;
import dev.nubo.collections.api.StoredObject;
import dev.nubo.dav.core.ByteSink;
import dev.nubo.dav.core.DavErrors;
import dev.nubo.dav.core.DavXml;
import dev.nubo.dav.core.Multistatus;
import dev.nubo.dav.core.Multistatus.Value;
import dev.nubo.dav.core.Preconditions;
import dev.nubo.dav.pim.PimDav.Request;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import javax.xml.namespace.QName;

/** PROPFIND (RFC 4918 section 9.1, Depth 0 and 1), GET and HEAD of groupware resources. */
@ApplicationScoped
public class PimReads {
    @Inject
    CollectionStore store;

    /** {@code c} is the collection addressed or holding the object addressed; null above the collections. */
    void propfind(Request r, DavCollection c) throws IOException {
        String depth = Optional.ofNullable(r.req().getHeader("Depth"))
                .orElse("infinity")
                .strip();
        if (!depth.equals("0") && !depth.equals("1")) {
            DavErrors.condition(
                    r.res(),
                    403,
                    new QName(PimXml.DAV, "propfind-finite-depth"),
                    null,
                    "Depth: infinity is not supported; use 0 or 1");
            return;
        }
        DavXml.Propfind asked = DavXml.propfind(r.req().getInputStream());
        PimTarget t = r.target();
        PimHrefs h = r.hrefs();
        Optional<StoredObject> object = Optional.empty();
        if (t.level() == 4) {
            object = store.member(c.id(), t.object());
            if (object.isEmpty()) {
                DavErrors.error(r.res(), 404, "no such resource: " + t.object());
                return;
            }
        }
        HttpServletResponse res = r.res();
        res.setStatus(207);
        res.setContentType("application/xml; charset=utf-8");
        try (OutputStream out = new ByteSink(res.getOutputStream(), 8 * 1024);
                Multistatus ms = new Multistatus(out)) {
            if (t.area().equals(PimTarget.PRINCIPALS)) {
                describe(ms, h.principal(), PimProps.principal(h), asked);
            } else if (t.level() == 2) {
                describe(ms, h.home(t.kind()), PimProps.home(h, t.kind()), asked);
                if (depth.equals("1")) {
                    List<DavCollection> all = store.list(r.user().userId(), t.kind());
                    Map<Long, Map<QName, String>> dead = store.deadProperties(
                            all.stream().map(DavCollection::id).toList());
                    for (DavCollection each : all) {
                        describe(
                                ms,
                                h.collection(t.kind(), each.slug()),
                                PimProps.collection(
                                        h, each, MemberWriter.MAX_OBJECT_BYTES, dead.getOrDefault(each.id(), Map.of())),
                                asked);
                    }
                }
            } else if (t.level() == 3) {
                describe(ms, h.collection(t.kind(), c.slug()), collectionProps(h, c), asked);
                if (depth.equals("1")) {
                    members(ms, h, c, asked);
                }
            } else {
                describe(ms, h.object(t.kind(), c.slug(), t.object()), objectProps(object.get(), c.kind()), asked);
            }
        }
    }

    private void members(Multistatus ms, PimHrefs h, DavCollection c, DavXml.Propfind asked) throws IOException {
        String after = null;
        while (true) {
            List<StoredObject> page = store.members(c.id(), after, CollectionStore.PAGE);
            for (StoredObject o : page) {
                describe(ms, h.object(c.kind(), c.slug(), o.name()), PimProps.object(o), asked);
            }
            if (page.size() < CollectionStore.PAGE) {
                return;
            }
            after = page.get(page.size() - 1).name();
            ms.flush();
        }
    }

    private Map<QName, Value> collectionProps(PimHrefs h, DavCollection c) {
        return PimProps.collection(h, c, MemberWriter.MAX_OBJECT_BYTES, store.deadProperties(c.id()));
    }

    /** An object's properties with its data, when the bytes were read. */
    static Map<QName, Value> objectProps(StoredObject o, CollectionKind kind) {
        Map<QName, Value> p = PimProps.object(o);
        if (o.data() != null) {
            String data = new String(o.data(), StandardCharsets.UTF_8);
            p.put(
                    kind == CollectionKind.CALENDAR ? PimProps.CALENDAR_DATA : PimProps.ADDRESS_DATA,
                    PimProps.text(data));
        }
        return p;
    }

    static void describe(Multistatus ms, String href, Map<QName, Value> props, DavXml.Propfind asked)
            throws IOException {
        switch (asked.kind()) {
            case ALLPROP -> {
                Map<QName, Value> all = new LinkedHashMap<>(props);
                all.remove(PimProps.CALENDAR_DATA);
                all.remove(PimProps.ADDRESS_DATA);
                ms.response(href, all, List.of());
            }
            case PROPNAME -> {
                Map<QName, Value> names = new LinkedHashMap<>();
                props.keySet().forEach(k -> names.put(k, null));
                ms.response(href, names, List.of());
            }
            case PROP -> {
                Map<QName, Value> found = new LinkedHashMap<>();
                List<QName> missing = new ArrayList<>();
                for (QName q : asked.names()) {
                    if (props.containsKey(q)) {
                        found.put(q, props.get(q));
                    } else {
                        missing.add(q);
                    }
                }
                ms.response(href, found, missing);
            }
        }
    }

    void get(Request r, DavCollection c) throws IOException {
        Optional<StoredObject> found = store.member(c.id(), r.target().object());
        if (found.isEmpty()) {
            DavErrors.error(r.res(), 404, "no such resource: " + r.target().object());
            return;
        }
        StoredObject o = found.get();
        HttpServletResponse res = r.res();
        long modified = o.modifiedAt() == null ? -1 : o.modifiedAt().getEpochSecond() * 1000;
        Integer status = Preconditions.evaluate(r.req(), o.etag(), modified, true);
        res.setHeader("ETag", o.etag());
        if (modified >= 0) {
            res.setDateHeader("Last-Modified", modified);
        }
        if (status != null) {
            res.setStatus(status);
            res.setContentLength(0);
            return;
        }
        res.setStatus(200);
        res.setContentType(o.contentType());
        res.setContentLength(o.data().length);
        if (r.req().getMethod().equals("GET")) {
            res.getOutputStream().write(o.data());
        }
    }
}
