/** What other features and the WARs may call: group administration, effective groups, sharee search. */
package dev.nubo.groups.api;
