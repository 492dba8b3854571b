/** The transaction boundary of groups: validated changes with their audit rows, and the effective-groups cache. */
package dev.nubo.groups.service;
