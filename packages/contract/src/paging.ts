/**
 * Rows per page of the product's lists (spec section 9, "11 per page"): the limit the server applies when a list is
 * asked without one, and the page size the web's tables ask for. One number, so the two cannot drift apart.
 */
export const LIST_PAGE_SIZE = 11;
