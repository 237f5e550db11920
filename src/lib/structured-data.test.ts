import { describe, expect, it } from 'vitest';
import {
	itemListJsonLd,
	serializeJsonLd,
	softwareApplicationJsonLd,
	websiteJsonLd,
} from './structured-data.ts';

const site = new URL('https://contech.example/');

describe('JSON-LD builders', () => {
	it('describe the site with a search action on /?q=', () => {
		const website = websiteJsonLd(site, 'ConTech', 'Tools');
		expect(website).toMatchObject({ '@type': 'WebSite', url: 'https://contech.example/' });
		expect(website.potentialAction).toEqual({
			'@type': 'SearchAction',
			target: {
				'@type': 'EntryPoint',
				urlTemplate: 'https://contech.example/?q={search_term_string}',
			},
			'query-input': 'required name=search_term_string',
		});
	});

	it('number list items from 1, in order', () => {
		const list = itemListJsonLd('All', [new URL('/app/2/', site), new URL('/app/1/', site)]);
		expect(list.numberOfItems).toBe(2);
		expect(list.itemListElement).toEqual([
			{ '@type': 'ListItem', position: 1, url: 'https://contech.example/app/2/' },
			{ '@type': 'ListItem', position: 2, url: 'https://contech.example/app/1/' },
		]);
	});

	it('describe a tool at its own address, with our page as the page about it', () => {
		const app = softwareApplicationJsonLd({
			name: 'Procore',
			description: 'Construction management.',
			url: 'https://www.procore.com/',
			categoryLabel: 'Project Management',
			pageUrl: new URL('/app/1/', site),
		});
		expect(JSON.parse(serializeJsonLd(app))).toEqual({
			'@context': 'https://schema.org',
			'@type': 'SoftwareApplication',
			name: 'Procore',
			description: 'Construction management.',
			url: 'https://www.procore.com/',
			applicationCategory: 'BusinessApplication',
			applicationSubCategory: 'Project Management',
			mainEntityOfPage: 'https://contech.example/app/1/',
		});
	});
});

describe('serializeJsonLd', () => {
	it('cannot be closed early by text in the data, and still parses to the same value', () => {
		const data = { name: '</script><script>alert(1)</script><!--' };
		const json = serializeJsonLd(data);
		expect(json).not.toMatch(/<\/?script|<!--/i);
		expect(JSON.parse(json)).toEqual(data);
	});
});
