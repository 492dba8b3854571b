/** File system helpers shared by the features that write files. */
package dev.nubo.platform.io;
