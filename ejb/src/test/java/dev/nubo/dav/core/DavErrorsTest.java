package dev.nubo.dav.core;

import static org.assertj.core.api.Assertions.assertThat;

import dev.nubo.platform.api.NuboException;
import jakarta.servlet.ServletOutputStream;
import jakarta.servlet.WriteListener;
import jakarta.servlet.http.HttpServletResponse;
import java.io.ByteArrayOutputStream;
import java.lang.reflect.Proxy;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;
import javax.xml.namespace.QName;
import org.junit.jupiter.api.Test;

class DavErrorsTest {
    /** What a servlet response was told: status, headers, body; a proxy, since only these calls matter here. */
    private static final class Answer {
        int status = 200;
        boolean committed;
        final Map<String, String> headers = new HashMap<>();
        final ByteArrayOutputStream body = new ByteArrayOutputStream();

        HttpServletResponse response() {
            ServletOutputStream out = new ServletOutputStream() {
                @Override
                public void write(int b) {
                    body.write(b);
                }

                @Override
                public boolean isReady() {
                    return true;
                }

                @Override
                public void setWriteListener(WriteListener listener) {}
            };
            return (HttpServletResponse) Proxy.newProxyInstance(
                    getClass().getClassLoader(), new Class<?>[] {HttpServletResponse.class}, (p, m, a) -> {
                        switch (m.getName()) {
                            case "setStatus" -> status = (Integer) a[0];
                            case "setHeader" -> headers.put((String) a[0], (String) a[1]);
                            case "setContentType" -> headers.put("Content-Type", (String) a[0]);
                            case "getOutputStream" -> {
                                return out;
                            }
                            case "isCommitted" -> {
                                return committed;
                            }
                            case "resetBuffer" -> body.reset();
                            default -> {}
                        }
                        return null;
                    });
        }

        String text() {
            return body.toString(StandardCharsets.UTF_8);
        }
    }

    @Test
    void aPlainErrorIsOneLineOfText() throws Exception {
        Answer a = new Answer();
        DavErrors.answer(a.response(), DavException.of(409, "the parent collection does not exist"));
        assertThat(a.status).isEqualTo(409);
        assertThat(a.headers).containsEntry("Content-Type", "text/plain; charset=utf-8");
        assertThat(a.text()).isEqualTo("the parent collection does not exist\n");
    }

    @Test
    void aPreconditionNamesItsElementWithTheHrefInsideAndAnEscapedMessage() throws Exception {
        Answer a = new Answer();
        DavErrors.answer(
                a.response(),
                DavException.precondition(423, "lock-token-submitted", "/dav/files/a/x&y.txt", "locked <here>"));
        assertThat(a.status).isEqualTo(423);
        assertThat(a.headers).containsEntry("Content-Type", "application/xml; charset=utf-8");
        assertThat(a.text())
                .contains("<d:error xmlns:d=\"DAV:\">")
                .contains("<d:lock-token-submitted><d:href>/dav/files/a/x&amp;y.txt</d:href></d:lock-token-submitted>")
                .contains("<d:message>locked &lt;here&gt;</d:message>");
    }

    @Test
    void aCalDavPreconditionGetsItsOwnNamespace() throws Exception {
        Answer a = new Answer();
        DavErrors.answer(
                a.response(),
                DavException.precondition(
                        403, new QName("urn:ietf:params:xml:ns:caldav", "valid-filter"), "no such component"));
        assertThat(a.text())
                .contains("xmlns:p=\"urn:ietf:params:xml:ns:caldav\"")
                .contains("<p:valid-filter/>");
    }

    @Test
    void notAllowedCarriesTheAllowHeader() throws Exception {
        Answer a = new Answer();
        DavErrors.answer(a.response(), DavException.notAllowed("a collection cannot be written with PUT"));
        assertThat(a.status).isEqualTo(405);
        assertThat(a.headers).containsEntry("Allow", DavException.ALLOW);
    }

    @Test
    void errorsOfTheFilesCoreGetTheirWebDavStatus() throws Exception {
        Answer taken = new Answer();
        DavErrors.answer(taken.response(), NuboException.conflict("name_taken", "'a' exists"));
        assertThat(taken.status).isEqualTo(412);
        Answer missing = new Answer();
        DavErrors.answer(missing.response(), NuboException.notFound("the folder"));
        assertThat(missing.status).isEqualTo(404);
        assertThat(missing.text()).isEqualTo("the folder not found\n");
    }

    @Test
    void aBufferedBodyIsDroppedAndABegunAnswerIsLeftAlone() throws Exception {
        Answer buffered = new Answer();
        HttpServletResponse res = buffered.response();
        res.getOutputStream().write("<d:multistatus>".getBytes(StandardCharsets.UTF_8));
        DavErrors.answer(res, DavException.of(400, "bad"));
        assertThat(buffered.text()).isEqualTo("bad\n");

        Answer begun = new Answer();
        begun.committed = true;
        begun.status = 207;
        DavErrors.answer(begun.response(), DavException.of(400, "bad"));
        assertThat(begun.status).isEqualTo(207);
        assertThat(begun.text()).isEmpty();
    }
}
