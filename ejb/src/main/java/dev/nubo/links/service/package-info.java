/** The transaction boundaries: one transaction per change, with its audit row. */
package dev.nubo.links.service;
