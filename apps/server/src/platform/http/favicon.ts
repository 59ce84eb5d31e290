/**
 * The icon of the public pages (landings, marketplace, simple pages): the web app's
 * `public/favicon.svg`, served from the root with the built web app.
 */
export const FAVICON_LINK = '<link rel="icon" type="image/svg+xml" href="/favicon.svg">';
