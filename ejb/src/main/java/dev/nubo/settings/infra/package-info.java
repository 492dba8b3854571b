/** Native SQL over {@code server_settings}, and the one query behind the server facts. */
package dev.nubo.settings.infra;
