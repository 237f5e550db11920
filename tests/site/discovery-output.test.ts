// Categories, related tools and outbound links on the built pages (dist/).
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { CARD_SELECTOR, HOME_GRID_ID } from '../../src/features/search/grid-markup.ts';
import { CATEGORIES } from '../../src/lib/categories.ts';
import { connectEmbedded } from '../../src/lib/store/embedded.server.ts';
import { readPage } from '../helpers/dist.ts';

const fixtures = inject('fixtureTools');
type LiveTool = { id: string; name: string; url: string; category: string };
let live: LiveTool[];

beforeAll(async () => {
	const sql = connectEmbedded(inject('dbUrl'));
	live = await sql`select id::text, name, url, category from construction_apps
		where status = 'live' and name <> '' and name <> all(${[fixtures.unusable.badScheme, fixtures.unusable.badHost]})
		order by lower(name), name, id`;
	await sql.end();
});

describe('home grid', () => {
	it('marks every card with its category first, for the chips to filter and count', async () => {
		// Then the categories it also does (fact-filters.test.ts).
		const cards = (await readPage('/')).querySelectorAll(`#${HOME_GRID_ID} ${CARD_SELECTOR}`);
		expect(cards.map((card) => card.getAttribute('data-category')!.split(' ')[0])).toEqual(
			live.map((tool) => tool.category),
		);
	});
});

describe('tool pages', () => {
	it('link their category and up to four other tools from it', async () => {
		for (const tool of live) {
			const page = await readPage(`/app/${tool.id}/`);
			const category = page.querySelector('.tool__category a');
			expect(category?.getAttribute('href')).toBe(`/category/${tool.category}/`);
			expect(category?.text).toBe(CATEGORIES.get(tool.category as never)!.label);
			const peers = live.filter((t) => t.category === tool.category && t.id !== tool.id);
			const related = page.querySelectorAll(`#related-tools ${CARD_SELECTOR}`);
			expect(related).toHaveLength(Math.min(4, peers.length));
			for (const card of related) {
				expect(card.getAttribute('data-category')).toBe(tool.category);
				expect(card.querySelector('a')?.getAttribute('href')).not.toBe(`/app/${tool.id}/`);
			}
		}
	});

	it('send visitors out with ref=<site>, keeping the query and fragment of the tool URL', async () => {
		const outbound = async (name: string) => {
			const tool = live.find((t) => t.name === name)!;
			const page = await readPage(`/app/${tool.id}/`);
			return page
				.querySelectorAll('a')
				.find((a) => a.text.includes('Check it out!'))
				?.getAttribute('href');
		};
		expect(await outbound('Procore')).toBe('https://www.procore.com/?ref=contech-directory');
		expect(await outbound(fixtures.special[0])).toBe(
			'https://cpp.example.com/path?x=1&ref=contech-directory',
		);
		expect(await outbound(fixtures.scriptInText.name)).toBe(
			'https://script.example.com/?ref=contech-directory#top',
		);
	});
});
