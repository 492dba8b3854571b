/**
 * Users: the directory of accounts (name, role, enabled, storage quota) and the rule that an installation always
 * keeps at least one enabled admin.
 */
package dev.nubo.users;
