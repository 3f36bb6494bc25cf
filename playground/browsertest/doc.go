// Package browsertest tests the slide playground (../site) in headless
// Chromium: it builds the site, serves it, and drives the page through
// the DOM as a user would.
package browsertest
