/**
 * The tool's address with a `ref` parameter naming this site, so its makers can see the visits
 * we send. An empty `ref` turns this off; a `ref` the address already carries is kept.
 */
export function withRef(href: string, ref: string): string {
	if (!ref) return href;
	const url = new URL(href);
	if (url.searchParams.has('ref')) return href;
	const param = new URLSearchParams({ ref }).toString();
	// Appended to the raw query rather than re-serialised, so existing parameters keep their exact bytes.
	url.search = url.search ? `${url.search}&${param}` : param;
	return url.href;
}

/** A URL-safe slug: lowercase ASCII letters and digits joined by single hyphens. */
export function slugify(text: string): string {
	return text
		.normalize('NFKD')
		.replace(/[\u0300-\u036f]/g, '')
		.toLowerCase()
		.replace(/[^a-z0-9]+/g, '-')
		.replace(/^-|-$/g, '');
}
