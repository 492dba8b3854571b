package dev.nubo.rest;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.ws.rs.ApplicationPath;
import jakarta.ws.rs.core.Application;
import org.eclipse.microprofile.openapi.annotations.OpenAPIDefinition;
import org.eclipse.microprofile.openapi.annotations.info.Info;

/** The REST API under /api. A CDI bean, so providers and resources get injection in every deployment form. */
@ApplicationPath("/api")
@OpenAPIDefinition(
        info =
                @Info(
                        title = "Nubo REST API",
                        version = "0.1",
                        description =
                                "Files, trash, uploads, calendars, contacts, accounts and administration. Errors are"
                                        + " {\"error\": code, \"message\": text}; another user's ids answer 404."))
@ApplicationScoped
public class RestApplication extends Application {}
