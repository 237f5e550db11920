/**
 * The market map's only script (no React): applies the address's fact and "works with" filters
 * to the tiles already in the page. Tiles that do not match fade (and leave the tab order); a
 * status line counts the tools that match. The filter links, which lead to the filter pages
 * without JavaScript, become toggles of the address.
 */
import { activeFilters, isFiltering, tileMatches, toggledSearch } from './filter.ts';

// Nothing here is imported from the home page's island (search/deferred-logos.ts,
// works-with-options.ts): a module both pages load becomes a chunk of its own, which cost the
// home page 262 B gzip over its budget. Their few lines are repeated instead.

/** Replaces the deferred logos (`<noscript>` markup, ToolLogo.astro) inside `list` by images. */
function revealLogos(list: Element) {
	for (const holder of list.querySelectorAll('.logo > noscript')) {
		const template = document.createElement('template');
		// The server's own escaped markup for one <img>, never visitor input.
		template.innerHTML = holder.textContent ?? '';
		holder.replaceWith(template.content);
	}
}

/**
 * Each category's logos once it is drawn. The lists the browser drew before this module ran
 * (those in the first view: module scripts run after the document is parsed, often after its
 * first paint) sent their event to no one, so they are revealed at once.
 */
function revealLogosNearViewport(root: HTMLElement) {
	root.addEventListener(
		'contentvisibilityautostatechange',
		(event) => {
			if ((event as Event & { skipped?: boolean }).skipped === false)
				revealLogos(event.target as Element);
		},
		{ capture: true },
	);
	// A list's own box is always drawn; its tiles are what `content-visibility: auto` skips.
	for (const list of root.querySelectorAll('.landscape__tiles'))
		if (list.firstElementChild?.checkVisibility({ contentVisibilityAuto: true })) revealLogos(list);
}

/** A works-with option's partner ids (`data-partners="3 12 40"`, WorksWithOptions.astro). */
const decodePartnerIds = (text = '') => new Set(text ? text.split(' ').map(Number) : []);

const map = document.getElementById('landscape');
if (map) {
	revealLogosNearViewport(map);
	const tiles = [...map.querySelectorAll<HTMLElement>('li[data-id]')];
	const links = [...document.querySelectorAll<HTMLAnchorElement>('a[data-param]')];
	const status = document.getElementById('landscape-status')!;
	const total = new Set(tiles.map((tile) => tile.dataset.id)).size;
	const offered = new Set(links.map((link) => `${link.dataset.param}:${link.dataset.value}`));
	const partnersOf = (key: string) => {
		const option = document.querySelector<HTMLOptionElement>(
			`option[data-key="${CSS.escape(key)}"]`,
		);
		return option ? decodePartnerIds(option.dataset.partners) : null;
	};
	const apply = () => {
		const search = location.search;
		const active = activeFilters(search, offered, partnersOf);
		const filtering = isFiltering(active);
		const params = new URLSearchParams(search);
		const worksWith = (params.get('works_with') ?? '').split(',');
		const matching = new Set<string>();
		for (const tile of tiles) {
			const keep = tileMatches(tile.dataset.f ?? '', Number(tile.dataset.id), active);
			if (keep) matching.add(tile.dataset.id!);
			tile.toggleAttribute('data-off', !keep);
			tile.inert = !keep;
		}
		for (const link of links) {
			const { param, value } = link.dataset;
			link.href = `${location.pathname}${toggledSearch(search, param!, value!)}`;
			const on = param === 'works_with' ? worksWith.includes(value!) : params.get(param!) === value;
			if (on) link.setAttribute('aria-current', 'true');
			else link.removeAttribute('aria-current');
		}
		status.textContent = filtering
			? `${matching.size} of ${total} tools match the filters.`
			: `${total} tools.`;
	};
	document.addEventListener('click', (event) => {
		const link = (event.target as Element).closest?.<HTMLAnchorElement>('a[data-param]');
		if (!link || event.metaKey || event.ctrlKey || event.shiftKey) return;
		event.preventDefault();
		history.pushState(null, '', link.href);
		apply();
	});
	addEventListener('popstate', apply);
	apply();
}
