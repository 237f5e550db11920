// /changes/ and its feed on the built site: the newest changes the database recorded, as anon
// reads them (rows about live tools and removals), nothing about an unpublished tool.
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { SyntaxValidator } from 'fast-xml-validator';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { changeTitle, parseChanges, type Change } from '../../src/features/changes/changes.ts';
import { CHANGES_SHOWN } from '../../src/features/changes/data.server.ts';
import { connectEmbedded } from '../../src/lib/store/embedded.server.ts';
import { distDir, readPage } from '../helpers/dist.ts';
import { listedTools } from '../helpers/facts.ts';

const fixtures = inject('fixtureTools');
let expected: Change[];

beforeAll(async () => {
	const sql = connectEmbedded(inject('dbUrl'));
	// What the database held when the site was built: other test files change it afterwards
	// (the editorial loop, the integrations) without a rebuild.
	const builtAt = (await stat(path.join(distDir, 'changes', 'index.html'))).mtime;
	const rows = await sql.begin(async (tx) => {
		await tx`set local role anon`;
		return tx`select * from published_changes where changed_at <= ${builtAt}
			order by id desc limit ${CHANGES_SHOWN + 1}`;
	});
	// The live rows the build leaves out (no name, an unusable address) are on no page, this one
	// included.
	const { tools } = await listedTools(sql, [
		fixtures.unusable.badScheme,
		fixtures.unusable.badHost,
	]);
	const listed = new Set(tools.map((tool) => Number(tool.id)));
	const shown = (id: number | null) => id === null || listed.has(id);
	expected = parseChanges(rows)
		.filter((change) => shown(change.toolId) && shown(change.otherToolId))
		.slice(0, CHANGES_SHOWN);
	await sql.end();
});

describe('/changes/', () => {
	it('lists the newest changes the database recorded, newest first', async () => {
		expect(expected.length).toBeGreaterThan(10);
		const page = await readPage('/changes/');
		const items = page.querySelectorAll('main li[id^="change-"]');
		expect(items.map((li) => li.id)).toEqual(expected.map((change) => `change-${change.id}`));
		expect(page.querySelector('main')!.text).not.toContain(fixtures.unpublished);
		expect(page.querySelector('main')!.text).not.toContain(fixtures.unusable.badScheme);
	});

	it('has a feed that parses and carries the same changes', async () => {
		const xml = await readFile(path.join(distDir, 'changes.xml'), 'utf8');
		expect(SyntaxValidator.validate(xml)).toBe(true);
		const titles = [...xml.matchAll(/<item><title>([^<]*)<\/title>/g)].map((m) =>
			m[1]
				.replaceAll('&amp;', '&')
				.replaceAll('&apos;', "'")
				.replaceAll('&quot;', '"')
				.replaceAll('&lt;', '<')
				.replaceAll('&gt;', '>'),
		);
		expect(titles).toEqual(expected.map(changeTitle));
		// Each link and guid points at the change's own line on /changes/, an anchor that exists.
		const base = inject('baseUrl');
		const ids = expected.map((change) => `change-${change.id}`);
		const links = [...xml.matchAll(/<item>.*?<link>([^<]*)<\/link>/gs)].map((m) => m[1]);
		const guids = [...xml.matchAll(/<guid isPermaLink="true">([^<]*)<\/guid>/g)].map((m) => m[1]);
		expect(links).toEqual(ids.map((id) => `${base}/changes/#${id}`));
		expect(guids).toEqual(links);
		expect(xml).not.toContain(fixtures.unpublished);
		const page = await readPage('/changes/');
		expect(
			page.querySelector('link[type="application/rss+xml"][href="/changes.xml"]'),
		).not.toBeNull();
	});
});
