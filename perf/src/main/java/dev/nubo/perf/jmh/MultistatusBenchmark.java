package dev.nubo.perf.jmh;

import dev.nubo.dav.core.ByteSink;
import dev.nubo.dav.core.DavPath;
import dev.nubo.dav.core.HttpDate;
import dev.nubo.dav.core.Multistatus;
import dev.nubo.files.api.NodeRows;
import dev.nubo.files.api.NodeView;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import javax.xml.namespace.QName;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * The body of a Depth 1 PROPFIND of a 500-entry folder: one {@link Multistatus} with 500 responses, each asking
 * displayname, getcontentlength, getlastmodified, getetag, getcontenttype and resourcetype, written into a 64 KiB
 * {@link ByteSink} over a stream that discards, as {@code DavEngine} writes into the servlet's stream. One operation
 * is the whole document (declaration to closing tag). The hrefs and property values are worked out in setup the way
 * {@code PropfindMethod.describe} works them out (its live-property sources, from rows mapped by {@code NodeRows.view}):
 * only the writer is measured; {@link HttpDateBenchmark} and {@link DavPathBenchmark} measure the formatting.
 * Folders answer resourcetype with DAV:collection and the two content properties under 404, as the engine does.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class MultistatusBenchmark {
    private static final String FOLDER_HREF = "/remote.php/dav/files/alice/Documents/";
    private static final QName DISPLAYNAME = dav("displayname");
    private static final QName GETCONTENTLENGTH = dav("getcontentlength");
    private static final QName GETLASTMODIFIED = dav("getlastmodified");
    private static final QName GETETAG = dav("getetag");
    private static final QName GETCONTENTTYPE = dav("getcontenttype");
    private static final QName RESOURCETYPE = dav("resourcetype");
    private static final Multistatus.Value COLLECTION = new Multistatus.Child(dav("collection"), null);

    private String[] hrefs;
    private List<Map<QName, Multistatus.Value>> found;
    private List<List<QName>> missing;

    private static QName dav(String name) {
        return new QName("DAV:", name);
    }

    @Setup
    public void setUp() throws IOException {
        List<Object[]> rows = FolderRows.of(NodeRowsBenchmark.PAGE);
        hrefs = new String[rows.size()];
        found = new ArrayList<>(rows.size());
        missing = new ArrayList<>(rows.size());
        for (int i = 0; i < rows.size(); i++) {
            NodeView node = NodeRows.view(rows.get(i));
            hrefs[i] = FOLDER_HREF + DavPath.encode(node.name()) + (node.folder() ? "/" : "");
            Map<QName, Multistatus.Value> props = new LinkedHashMap<>();
            List<QName> absent = new ArrayList<>();
            props.put(DISPLAYNAME, Multistatus.text(node.name()));
            if (node.folder()) {
                absent.add(GETCONTENTLENGTH);
            } else {
                props.put(GETCONTENTLENGTH, Multistatus.text(Long.toString(node.size())));
            }
            props.put(
                    GETLASTMODIFIED,
                    Multistatus.text(HttpDate.format(node.modifiedAt().toEpochSecond())));
            props.put(GETETAG, Multistatus.text("\"" + node.etag() + "\""));
            if (node.folder()) {
                absent.add(GETCONTENTTYPE);
            } else {
                props.put(GETCONTENTTYPE, Multistatus.text(node.mimeType()));
            }
            props.put(RESOURCETYPE, node.folder() ? COLLECTION : null);
            found.add(props);
            missing.add(absent);
        }
        ByteArrayOutputStream sample = new ByteArrayOutputStream();
        write(sample);
        String xml = sample.toString(StandardCharsets.UTF_8);
        int responses = xml.split("<d:response>", -1).length - 1;
        if (responses != rows.size() || !xml.endsWith("</d:multistatus>")) {
            throw new IllegalStateException("the sample document has " + responses + " responses");
        }
    }

    @Benchmark
    public long propfind500() throws IOException {
        DiscardingStream out = new DiscardingStream();
        write(out);
        return out.count();
    }

    private void write(OutputStream target) throws IOException {
        try (ByteSink out = new ByteSink(target, 64 * 1024);
                Multistatus ms = new Multistatus(out)) {
            for (int i = 0; i < hrefs.length; i++) {
                ms.response(hrefs[i], found.get(i), missing.get(i));
            }
        }
    }
}
