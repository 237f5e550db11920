import { Marked } from 'marked';

const escapeHtml = (text: string) =>
	text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);

// An editor's introduction on the site: Markdown, with any raw HTML shown as text.
const marked = new Marked({
	gfm: true,
	renderer: { html: ({ text }) => escapeHtml(text) },
});

/** The HTML of an issue's Markdown introduction, for the published page. */
export function introHtml(markdown: string): string {
	return marked.parse(markdown, { async: false });
}
