/**
 * JMH micro-benchmarks of the core's hot paths, each calling the product's own code from {@code nubo-ejb}: the
 * Basic-auth credential cache, access-token verification, the PROPFIND multistatus writer, href encoding, HTTP dates,
 * the vCard and iCalendar writers of the REST API, and the folder-listing row mapping. {@code perf/jmh.sh} runs them
 * with the GC profiler, so each result carries its allocation per operation ({@code gc.alloc.rate.norm}).
 */
package dev.nubo.perf.jmh;
