/** The transaction boundary of the settings: effective values, validated all-or-nothing updates. */
package dev.nubo.settings.service;
