import type { IndexedCard } from './filters.ts';
import { revealLogos } from './deferred-logos.ts';
import {
	CARD_BADGE_SELECTOR,
	CARD_DESCRIPTION_SELECTOR,
	CARD_LINK_SELECTOR,
	CARD_NAME_CLASS,
	CARD_NAME_SELECTOR,
	CARD_SELECTOR,
} from './grid-markup.ts';
import { searchKey } from './search-rule.ts';

/**
 * Matches shown per search, and added per "Show more" or as the visitor scrolls near the end.
 * A keystroke's cost grows with it (measured: 12 cards ~13-16 ms p95 at 10,000 tools, 24 cards
 * ~17-19 ms, with `npm run bench`), not with the catalogue.
 */
export const RESULTS_PAGE_SIZE = 12;

/** A card of the home grid as the search island indexes it. */
export type Card = IndexedCard<Element>;

/**
 * Every card of the grid, in order, indexed once (name and category from its markup). One
 * live lookup of the name elements rather than a query per card: at 10,000 cards this runs
 * while the page is still rendering.
 */
export function indexCards(grid: HTMLElement | null): Card[] {
	if (!grid) return [];
	const names = grid.getElementsByClassName(CARD_NAME_CLASS);
	const cards: Card[] = [];
	for (let i = 0; i < names.length; i++) {
		const name = names[i]!;
		const element = name.closest<HTMLElement>(CARD_SELECTOR);
		if (!element) continue;
		cards.push({
			element,
			nameKey: searchKey(name.textContent ?? ''),
			category: element.dataset.category ?? '',
			id: toolIdFromLink(name.closest('a')?.getAttribute('href')),
		});
	}
	return cards;
}

/** The tool id in a card's link (`/app/{id}/`, see paths.tool). */
function toolIdFromLink(href: string | null | undefined): number | undefined {
	const id = /\/app\/(\d+)\/$/.exec(href ?? '')?.[1];
	return id === undefined ? undefined : Number(id);
}

/** Which card each slot of a results list shows now. */
const shownIn = new WeakMap<Element, Card>();

/**
 * Shows `cards`, in order, in `list`: one slot (a copy of a card, made once) per card, kept
 * from one keystroke to the next and refilled with the next card's address, name, badge and
 * description. Refilling text costs the browser a fraction of what new elements cost (style,
 * layout; measured about 6 ms against 10 ms for 12 cards at 10,000 tools), so typing stays
 * within a frame. A refilled slot shows the card's monogram; its logo image comes a frame
 * later (`revealSlotLogos`), like any image.
 */
export function fillSlots(list: Element, cards: readonly Card[]) {
	while (list.children.length > cards.length) list.lastElementChild!.remove();
	cards.forEach((card, index) => {
		const slot = list.children[index] ?? list.appendChild(card.element.cloneNode(true) as Element);
		if (shownIn.get(slot) === card) return;
		refill(slot, card.element);
		shownIn.set(slot, card);
	});
	revealAfterPaint(list);
}

const pendingReveal = new WeakMap<Element, number>();

/**
 * Reveals the slots' logos once the browser has painted their text: in the task after the
 * next frame, so a keystroke's frame never waits for image requests, and a visitor typing
 * fast requests only the logos of the results they stop at.
 */
function revealAfterPaint(list: Element) {
	cancelAnimationFrame(pendingReveal.get(list) ?? 0);
	pendingReveal.set(
		list,
		requestAnimationFrame(() => setTimeout(() => revealSlotLogos(list))),
	);
}

/** Writes a card into a slot copied from a card (perhaps another one): same markup. */
function refill(slot: Element, card: Element) {
	slot.setAttribute('data-category', card.getAttribute('data-category') ?? '');
	const link = slot.querySelector(CARD_LINK_SELECTOR)!;
	link.setAttribute('href', card.querySelector(CARD_LINK_SELECTOR)?.getAttribute('href') ?? '');
	for (const selector of [CARD_NAME_SELECTOR, CARD_DESCRIPTION_SELECTOR]) {
		const text = card.querySelector(selector)?.textContent ?? '';
		const target = slot.querySelector(selector)!;
		if (target.textContent !== text) target.textContent = text;
	}
	// The 'New' badge, right after the name, when the card has one.
	const badge = card.querySelector(CARD_BADGE_SELECTOR);
	const slotBadge = slot.querySelector(CARD_BADGE_SELECTOR);
	if (badge && !slotBadge) slot.querySelector(CARD_NAME_SELECTOR)!.after(badge.cloneNode(true));
	if (!badge) slotBadge?.remove();
	const logo = slot.querySelector(LOGO_SELECTOR)!;
	logo.replaceChildren();
	logo.setAttribute('data-monogram', monogramOf(card));
	logo.setAttribute(LOGO_PENDING_ATTRIBUTE, '');
}

const LOGO_SELECTOR = '.logo';
const LOGO_PENDING_ATTRIBUTE = 'data-logo-pending';

function monogramOf(card: Element): string {
	const logo = card.querySelector<HTMLElement>(LOGO_SELECTOR);
	return logo?.dataset.monogram ?? logo?.querySelector('img')?.dataset.monogram ?? '';
}

/**
 * Puts the logo image of each refilled slot in `list` back: the card's own logo markup (a
 * loaded image comes from the browser's cache), revealed if it was deferred.
 */
function revealSlotLogos(list: Element) {
	for (const logo of list.querySelectorAll(`[${LOGO_PENDING_ATTRIBUTE}]`)) {
		const slot = logo.closest(CARD_SELECTOR);
		const card = slot && shownIn.get(slot);
		const source = card?.element.querySelector(LOGO_SELECTOR);
		if (!source) continue;
		const copy = source.cloneNode(true) as Element;
		revealLogos(copy);
		logo.replaceWith(copy);
	}
}
