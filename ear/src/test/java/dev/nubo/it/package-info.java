/** Black-box tests of the packaged deployables (nubo.jar, nubo.ear) over HTTP on 127.0.0.1. */
package dev.nubo.it;
