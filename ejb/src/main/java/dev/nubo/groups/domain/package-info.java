/** The rules for group names and the port to where groups and memberships are stored. */
package dev.nubo.groups.domain;
