import type { Page } from 'playwright-core';

/** What has keyboard focus: its role-ish tag, accessible-ish name, and whether a focus ring shows. */
export interface Focused {
	tag: string;
	name: string;
	href: string | null;
	pressed: string | null;
	ringVisible: boolean;
}

export function focused(page: Page): Promise<Focused> {
	return page.evaluate(() => {
		const element = document.activeElement as HTMLElement | null;
		if (!element || element === document.body)
			return { tag: 'body', name: '', href: null, pressed: null, ringVisible: false };
		const style = getComputedStyle(element);
		return {
			tag: element.tagName.toLowerCase(),
			name: (
				element.getAttribute('aria-label') ??
				((element as HTMLInputElement).labels?.[0]?.textContent || element.textContent) ??
				''
			)
				.replace(/\s+/g, ' ')
				.trim(),
			href: element.getAttribute('href'),
			pressed: element.getAttribute('aria-pressed'),
			ringVisible:
				element.matches(':focus-visible') &&
				style.outlineStyle !== 'none' &&
				parseFloat(style.outlineWidth) >= 2,
		};
	});
}

/** Presses Tab until `wanted` has focus; fails after `max` presses (a trap or a missing control). */
export async function tabTo(
	page: Page,
	wanted: (element: Focused) => boolean,
	options: { max?: number; shift?: boolean } = {},
): Promise<Focused> {
	for (let i = 0; i < (options.max ?? 60); i++) {
		await page.keyboard.press(options.shift ? 'Shift+Tab' : 'Tab');
		const now = await focused(page);
		if (wanted(now)) return now;
	}
	throw new Error(
		`Tab never reached the wanted element; focus is on ${JSON.stringify(await focused(page))}`,
	);
}

/** Every element Tab visits from the top of the page to the end, in order. */
export async function tabOrder(page: Page, max = 1000): Promise<Focused[]> {
	const visited: Focused[] = [];
	for (let i = 0; i < max; i++) {
		await page.keyboard.press('Tab');
		const now = await focused(page);
		if (now.tag === 'body') return visited;
		if (visited.length > 0 && now.tag === visited[0].tag && now.name === visited[0].name)
			return visited;
		visited.push(now);
	}
	throw new Error(`Tab visited ${max} elements without leaving the page: a keyboard trap?`);
}
