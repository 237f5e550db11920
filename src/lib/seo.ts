/** The longest meta description search engines show in full, roughly. */
const DESCRIPTION_LIMIT = 160;

/** Text cut to fit a meta description, at a word boundary, with an ellipsis when cut. */
export function metaDescription(text: string, limit = DESCRIPTION_LIMIT): string {
	const clean = text.replace(/\s+/g, ' ').trim();
	if (clean.length <= limit) return clean;
	const cut = clean.slice(0, limit - 1);
	const lastSpace = cut.lastIndexOf(' ');
	return `${(lastSpace > limit / 2 ? cut.slice(0, lastSpace) : cut).replace(/[\s,.;:–-]+$/, '')}…`;
}

/** The page title shown in tabs and results: "Page | Site", or the site name alone. */
export function pageTitle(title: string, siteName: string): string {
	return title === siteName ? title : `${title} | ${siteName}`;
}
