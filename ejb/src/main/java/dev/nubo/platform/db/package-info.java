/**
 * The database: the application datasource, the embedded PostgreSQL default, and the Flyway run at start-up.
 * The schema itself lives only in the db module's migrations.
 */
package dev.nubo.platform.db;
