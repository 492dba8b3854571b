/**
 * What the rest of Nubo hands to and gets back from the search index: the indexed document, the query with its
 * filters, sort and page, and the hits. Plain records, validated on construction, free of Lucene types.
 */
package dev.nubo.search.api;
