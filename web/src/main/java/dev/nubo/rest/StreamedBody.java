package dev.nubo.rest;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks an endpoint that streams its request body itself (file uploads): {@link BodyLimit}'s JSON limit does not
 * apply; the upload is bounded by the quota instead.
 */
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.METHOD)
public @interface StreamedBody {}
