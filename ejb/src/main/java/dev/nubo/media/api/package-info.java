/**
 * What other features may use of media: the preview sizes, the metadata record, the MIME category used for
 * filtering, the thumbnail value and the exceptions rendering can end in.
 */
package dev.nubo.media.api;
