/**
 * The search services: {@link dev.nubo.search.service.SearchIndexer} keeps the Lucene index in step with the
 * database from the queue its triggers fill (V6) and rebuilds it when it is missing or corrupt;
 * {@link dev.nubo.search.service.SearchBean} answers a caller's searches and suggestions within what they may read.
 */
package dev.nubo.search.service;
