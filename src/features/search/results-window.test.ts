import { describe, expect, it } from 'vitest';
import { showInList } from './results-window.ts';

/** A list double that records the DOM calls showInList makes. */
function list(initial: string[]) {
	const calls: string[] = [];
	let items = initial.map((name) => ({ name }));
	const node = {
		get children() {
			return items as unknown as HTMLCollection;
		},
		append(...added: { name: string }[]) {
			calls.push(`append ${added.map((a) => a.name).join(',')}`);
			items = [...items, ...added];
		},
		replaceChildren(...next: { name: string }[]) {
			calls.push(`replace ${next.map((a) => a.name).join(',')}`);
			items = next;
		},
	};
	const el = (name: string) => items.find((item) => item.name === name) ?? { name };
	return { node: node as never, calls, el, names: () => items.map((i) => i.name) };
}

describe('showInList', () => {
	it('does nothing when the list already shows exactly those elements', () => {
		const { node, calls, el } = list(['a', 'b']);
		showInList(node, [el('a'), el('b')] as never);
		expect(calls).toEqual([]);
	});

	it('appends when the list only grows at the end (Show more)', () => {
		const { node, calls, el, names } = list(['a', 'b']);
		showInList(node, [el('a'), el('b'), el('c')] as never);
		expect(calls).toEqual(['append c']);
		expect(names()).toEqual(['a', 'b', 'c']);
	});

	it('replaces the children in one call for anything else', () => {
		const { node, calls, el, names } = list(['a', 'b', 'c']);
		showInList(node, [el('b'), el('d')] as never);
		expect(calls).toEqual(['replace b,d']);
		expect(names()).toEqual(['b', 'd']);
		showInList(node, [] as never);
		expect(names()).toEqual([]);
	});
});
