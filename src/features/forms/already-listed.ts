/**
 * A tool submitted without JavaScript that is already listed: the submit function answers 303 to
 * the tool's own page at this fragment, where a note (AlreadyListed.astro, shown by `:target`)
 * says so. The page is pre-rendered, as the thank-you pages are, so the answer has the site's
 * header, footer and styles (record 0029).
 */
export const ALREADY_LISTED_ID = 'already-listed';

/** Where a plain form post of a listed tool lands: `/app/27/#already-listed`. */
export const alreadyListedPage = (toolPath: string) => `${toolPath}#${ALREADY_LISTED_ID}`;
