/** Groups and memberships in PostgreSQL through native SQL; nesting resolved by recursive CTEs. */
package dev.nubo.groups.infra;
