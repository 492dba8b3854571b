package dev.nubo.rest;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks endpoints only admins may call; {@link ApiSecurityFilter} answers 403 to anyone else. Not
 * {@code @RolesAllowed}: the server would then apply its own container security and answer with its HTML 401.
 */
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.METHOD, ElementType.TYPE})
public @interface AdminOnly {}
