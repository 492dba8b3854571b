/**
 * Search (issue 7): finding files and folders by name, by the text inside them and by filters (owner, kind, type,
 * size, date, folder), plus type-ahead suggestions over names. The index is a derived, disposable copy of what the
 * database knows: it can always be rebuilt from the database, so a lost or corrupt index costs a rebuild, never data.
 */
package dev.nubo.search;
