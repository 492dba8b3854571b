/**
 * Servlet-level plumbing shared by every WAR: request ids and the access log, the in-flight count behind graceful
 * shutdown, the instance identity the surfaces report, and the rules of serving the web app's files (which paths are
 * its pages and assets, RFC 9110 Accept-Encoding and If-None-Match).
 */
package dev.nubo.platform.web;
