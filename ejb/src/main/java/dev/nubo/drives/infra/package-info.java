/** Drives as rows of users (kind drive) and members as grants on the root, in native SQL. */
package dev.nubo.drives.infra;
