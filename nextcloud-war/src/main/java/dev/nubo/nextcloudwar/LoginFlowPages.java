package dev.nubo.nextcloudwar;

import dev.nubo.auth.api.AuthService;
import dev.nubo.auth.api.AuthenticatedUser;
import dev.nubo.auth.api.ClientInfo;
import dev.nubo.auth.api.LoginFlows;
import dev.nubo.dav.core.DavErrors;
import dev.nubo.platform.api.ErrorKind;
import dev.nubo.platform.api.NuboException;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.json.Json;
import jakarta.json.stream.JsonGenerator;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.io.PrintWriter;
import java.util.Optional;

/**
 * Login Flow v2 over HTTP: {@code POST /login/v2} starts a flow, {@code /login/v2/flow/{token}} is the page where
 * the user signs in and grants access, {@code POST /login/v2/poll} hands the app password to the client once. None
 * of these take credentials in a header; the page takes the account's name and password in its form.
 */
@ApplicationScoped
public class LoginFlowPages {
    static final String START = "/login/v2";
    static final String FLOW = "/login/v2/flow/";
    static final String POLL = "/login/v2/poll";

    @Inject
    LoginFlows flows;

    @Inject
    AuthService auth;

    /** Whether this path (without "/index.php") is one of the flow's. */
    static boolean handles(String path) {
        return path.equals(START) || path.equals(POLL) || path.startsWith(FLOW);
    }

    void serve(String server, String path, HttpServletRequest req, HttpServletResponse res) throws IOException {
        res.setHeader("Cache-Control", "no-store");
        if (path.equals(START)) {
            if (!req.getMethod().equals("POST")) {
                notAllowed(res, "POST");
                return;
            }
            LoginFlows.Started started = flows.start(req.getHeader("User-Agent"));
            res.setContentType("application/json; charset=utf-8");
            try (JsonGenerator g = Json.createGenerator(res.getOutputStream())) {
                g.writeStartObject()
                        .writeStartObject("poll")
                        .write("token", started.pollToken())
                        .write("endpoint", server + "/index.php" + POLL)
                        .writeEnd()
                        .write("login", server + "/index.php" + FLOW + started.loginToken())
                        .writeEnd();
            }
        } else if (path.equals(POLL)) {
            if (!req.getMethod().equals("POST")) {
                notAllowed(res, "POST");
                return;
            }
            Optional<LoginFlows.Granted> granted = flows.poll(req.getParameter("token"));
            res.setContentType("application/json; charset=utf-8");
            if (granted.isEmpty()) {
                res.setStatus(404);
                res.getOutputStream().write(Ocs.utf8("[]"));
                return;
            }
            try (JsonGenerator g = Json.createGenerator(res.getOutputStream())) {
                g.writeStartObject()
                        .write("server", server)
                        .write("loginName", granted.get().loginName())
                        .write("appPassword", granted.get().appPassword())
                        .writeEnd();
            }
        } else {
            page(path.substring(FLOW.length()), req, res);
        }
    }

    private void page(String token, HttpServletRequest req, HttpServletResponse res) throws IOException {
        Optional<String> client = flows.pending(token);
        if (client.isEmpty()) {
            html(
                    res,
                    404,
                    "This sign-in link is not valid",
                    "<p>It expired, was used, or never existed. Start the" + " sign-in again from your client.</p>");
            return;
        }
        switch (req.getMethod()) {
            case "GET" -> form(res, 200, client.get(), null);
            case "POST" -> {
                AuthenticatedUser who;
                try {
                    who = auth.authenticateBasic(
                            req.getParameter("user"),
                            req.getParameter("password"),
                            new ClientInfo(req.getRemoteAddr(), req.getHeader("User-Agent")));
                } catch (NuboException e) {
                    if (e.kind() == ErrorKind.THROTTLED) {
                        res.setHeader("Retry-After", "60");
                        form(res, 429, client.get(), "Too many attempts. Wait a minute and try again.");
                    } else {
                        form(res, 401, client.get(), "Wrong user name or password.");
                    }
                    return;
                }
                flows.grant(token, who);
                html(
                        res,
                        200,
                        "Access granted",
                        "<p>" + escape(client.get()) + " can now use your account. You"
                                + " can close this window.</p>");
            }
            default -> notAllowed(res, "GET, POST");
        }
    }

    private static void form(HttpServletResponse res, int status, String client, String error) throws IOException {
        String body = "<p>" + escape(client) + " asks for access to your Nubo account. Sign in to grant it; it will get"
                + " an app password of its own, which you can revoke in your profile.</p>"
                + (error == null ? "" : "<p class=\"error\" role=\"alert\">" + escape(error) + "</p>")
                + "<form method=\"post\"><label>User name <input name=\"user\" autocomplete=\"username\""
                + " required autofocus></label><label>Password <input name=\"password\" type=\"password\""
                + " autocomplete=\"current-password\" required></label><button type=\"submit\">Grant access"
                + "</button></form>";
        html(res, status, "Connect to your account", body);
    }

    private static void html(HttpServletResponse res, int status, String title, String body) throws IOException {
        res.setStatus(status);
        res.setContentType("text/html; charset=utf-8");
        res.setHeader("X-Frame-Options", "DENY");
        res.setHeader(
                "Content-Security-Policy",
                "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'");
        res.setHeader("Referrer-Policy", "no-referrer");
        PrintWriter w = res.getWriter();
        w.write("<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\"><meta name=\"viewport\""
                + " content=\"width=device-width\"><title>" + escape(title) + " – Nubo</title><style>"
                + "body{font-family:system-ui,sans-serif;max-width:28rem;margin:3rem auto;padding:0 1rem}"
                + "label{display:block;margin:.8rem 0}input{display:block;width:100%;padding:.4rem}"
                + "button{padding:.5rem 1rem}.error{color:#b00020}</style></head><body><h1>" + escape(title)
                + "</h1>" + body + "</body></html>");
    }

    private static void notAllowed(HttpServletResponse res, String allow) throws IOException {
        res.setHeader("Allow", allow);
        DavErrors.error(res, 405, "use " + allow);
    }

    static String escape(String s) {
        StringBuilder sb = new StringBuilder(s.length());
        for (char c : s.toCharArray()) {
            switch (c) {
                case '<' -> sb.append("&lt;");
                case '>' -> sb.append("&gt;");
                case '&' -> sb.append("&amp;");
                case '"' -> sb.append("&quot;");
                case '\'' -> sb.append("&#39;");
                default -> sb.append(c);
            }
        }
        return sb.toString();
    }
}
