/**
 * The Lucene implementation of the search index (analysis of names and content, the document fields, the query and
 * suggestion builders, crash-safe opening) and the extraction of searchable text from file content (plain text,
 * source code, Markdown, CSV, JSON, XML, HTML, PDF).
 */
package dev.nubo.search.infra;
