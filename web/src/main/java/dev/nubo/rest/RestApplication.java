package dev.nubo.rest;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.ws.rs.ApplicationPath;
import jakarta.ws.rs.core.Application;

/** The REST API under /api. A CDI bean, so providers and resources get injection in every deployment form. */
@ApplicationPath("/api")
@ApplicationScoped
public class RestApplication extends Application {}
