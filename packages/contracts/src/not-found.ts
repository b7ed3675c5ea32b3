/**
 * The not-found page's heading (MESSAGES.notFound). Every page of a site can show that page, so it
 * loads with every page; a module of its own keeps the rest of MESSAGES out of the pages that
 * show none of them (a bundle places a module, not a single export, in a chunk).
 */
export const NOT_FOUND_MESSAGE = '404 Page Not Found';
