/**
 * Servlet-level plumbing shared by every WAR: request ids and the access log, the in-flight count behind graceful
 * shutdown, and the instance identity the surfaces report.
 */
package dev.nubo.platform.web;
