/**
 * Groups (issue 10): admins create groups and manage their members, users and other groups (nested; a membership
 * that would close a cycle is refused). A user's effective groups are resolved in one recursive query and cached,
 * with the cache dropped on every membership change, so sharing decisions never use a stale membership.
 */
package dev.nubo.groups;
