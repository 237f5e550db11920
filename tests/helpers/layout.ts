// What the layout test (tests/site/layout.browser.test.ts, record 0029) measures on a page, in the
// page itself: how wide the document is, how its height moves as a reader scrolls to the end,
// text that leaves its box or breaks inside a word, and text boxes drawn over each other.
import type { Page } from 'playwright-core';

/** Document and window widths, and the heights once loaded and after scrolling to the end. */
export interface Extent {
	width: number;
	window: number;
	loadedHeight: number;
	endHeight: number;
}

/**
 * Scrolls to the end a window at a time, giving each step time to paint, as a reader would:
 * sections with `content-visibility: auto` are drawn as they come near and take their real
 * height. Driven from here, not by the page's own frames: with JavaScript off a page runs none.
 */
export async function scrollToEnd(page: Page): Promise<Extent> {
	const measure = () =>
		page.evaluate(() => {
			const root = document.documentElement;
			return { y: window.scrollY, width: root.scrollWidth, height: root.scrollHeight };
		});
	const first = await measure();
	let widest = first.width;
	let last = first;
	for (let step = 0; step < 400; step++) {
		await page.evaluate(() => window.scrollBy(0, window.innerHeight));
		await page.waitForTimeout(30);
		const now = await measure();
		widest = Math.max(widest, now.width);
		if (now.y === last.y) break;
		last = now;
	}
	const clientWidth = await page.evaluate(() => document.documentElement.clientWidth);
	return { width: widest, window: clientWidth, loadedHeight: first.height, endHeight: last.height };
}

/** A text node that leaves its box or a word broken inside: where, and what. */
export interface TextFault {
	kind: 'wider than its box' | 'broken inside a word';
	text: string;
	in: string;
}

/**
 * Every shown text node under `scope`: is it wider than the element that holds it (or, in SVG,
 * than its drawing), and, in a label or an address, is any word laid out over two lines other
 * than after a slash, dot, hyphen or question mark (where an address may wrap)? Text a scrolling box clips, visually
 * hidden text (1 px boxes) and text in closed disclosures are not what a reader sees: skipped.
 */
export function textFaults(page: Page, scope = 'body'): Promise<TextFault[]> {
	return page.evaluate(
		({ scope, labels }) => {
			const faults: {
				kind: 'wider than its box' | 'broken inside a word';
				text: string;
				in: string;
			}[] = [];
			const describe = (element: Element) => {
				const id = element.id ? `#${element.id}` : '';
				const cls =
					typeof element.className === 'string' && element.className
						? `.${element.className.trim().split(/\s+/).join('.')}`
						: '';
				return `${element.tagName.toLowerCase()}${id}${cls}`;
			};
			const hiddenCache = new Map<Element, boolean>();
			const hidden = (element: Element | null): boolean => {
				if (!element || element === document.body) return false;
				const known = hiddenCache.get(element);
				if (known !== undefined) return known;
				const style = getComputedStyle(element);
				const box = element.getBoundingClientRect();
				const result =
					style.display === 'none' ||
					style.visibility === 'hidden' ||
					style.contentVisibility === 'hidden' ||
					(box.width <= 1 && box.height <= 1 && style.overflow !== 'visible') ||
					(element.tagName === 'DETAILS' &&
						!(element as HTMLDetailsElement).open &&
						!element.matches(':has(> summary:first-child)')) ||
					hidden(element.parentElement);
				hiddenCache.set(element, result);
				return result;
			};
			const root = document.querySelector(scope);
			if (!root) return faults;
			const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
			while (walker.nextNode()) {
				const node = walker.currentNode as Text;
				if (!node.data.trim()) continue;
				const parent = node.parentElement;
				if (!parent || parent.closest('script, style, noscript, template, title, desc')) continue;
				// Inside a closed <details>, only the summary shows.
				const details = parent.closest('details');
				if (details && !details.open && !parent.closest('summary')) continue;
				if (hidden(parent)) continue;
				const range = document.createRange();
				range.selectNodeContents(node);
				const text = range.getBoundingClientRect();
				if (text.width === 0) continue;
				// The box that holds the text: the nearest block-level (or SVG) ancestor.
				let box: Element = parent;
				while (
					box.parentElement &&
					!(box instanceof SVGSVGElement) &&
					(box instanceof SVGElement || getComputedStyle(box).display.startsWith('inline'))
				)
					box = box.parentElement;
				const bounds = box.getBoundingClientRect();
				const style = getComputedStyle(box);
				const scrolls = style.overflowX !== 'visible' && box.scrollWidth > box.clientWidth;
				if (!scrolls && (text.left < bounds.left - 1 || text.right > bounds.right + 1))
					faults.push({
						kind: 'wider than its box',
						text: node.data.trim().slice(0, 80),
						in: describe(box),
					});
				// Words of labels and addresses (a short link, heading, cell heading, button, name...):
				// each piece up to a slash, dot, hyphen or question mark stays on one line.
				if (parent.closest('svg')) continue;
				const label = parent.closest(labels);
				if (!label || (label.textContent ?? '').trim().length > 100) continue;
				// Running text inside a label (a card's description in its link) is not a label.
				const prose = parent.closest('p, blockquote, [class*="description"]');
				if (prose && label.contains(prose)) continue;
				for (const match of node.data.matchAll(/[^\s/.?\-‐‑]+[/.?\-‐‑]*/g)) {
					if (match[0].length < 2) continue;
					range.setStart(node, match.index);
					range.setEnd(node, match.index + match[0].length);
					const tops = new Set(
						[...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)),
					);
					if (tops.size > 1) {
						faults.push({ kind: 'broken inside a word', text: match[0], in: describe(parent) });
					}
				}
			}
			return faults;
		},
		{ scope, labels: LABELS },
	);
}

/** What counts as a label or an address: short text in these (up to 100 characters). */
const LABELS = [
	'a',
	'th',
	'h1',
	'h2',
	'h3',
	'h4',
	'h5',
	'h6',
	'button',
	'label',
	'summary',
	'caption',
	'legend',
	'dt',
	'figcaption',
	'code',
	'time',
	'[class*="name"]',
	'[class*="label"]',
	'[class*="chip"]',
].join(', ');

/** Pairs of text boxes under `selector` (each match one label) that overlap, by their text. */
export function overlappingText(page: Page, selector: string): Promise<string[]> {
	return page.evaluate((selector) => {
		const boxes = [...document.querySelectorAll(selector)]
			// Drawn at all: a label in a set not shown at this width has an empty box.
			.filter((element) => element.getBoundingClientRect().width > 0)
			.map((element) => {
				const range = document.createRange();
				range.selectNodeContents(element);
				return { text: element.textContent?.trim() ?? '', rect: range.getBoundingClientRect() };
			})
			.filter(({ text, rect }) => text && rect.width > 0 && rect.height > 0);
		const overlaps: string[] = [];
		for (let i = 0; i < boxes.length; i++)
			for (let j = i + 1; j < boxes.length; j++) {
				const a = boxes[i].rect;
				const b = boxes[j].rect;
				const x = Math.min(a.right, b.right) - Math.max(a.left, b.left);
				const y = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
				if (x > 1 && y > 1) overlaps.push(`${boxes[i].text} / ${boxes[j].text}`);
			}
		return overlaps;
	}, selector);
}
