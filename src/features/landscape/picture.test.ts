import { describe, expect, it } from 'vitest';
import { buildLandscape } from './landscape.ts';
import { landscapePicture, PICTURE_WIDTH, type PictureTool } from './picture.ts';

const tools: PictureTool[] = [
	{
		id: 1,
		name: 'A & <B> Takeoff With A Very Long Name Indeed',
		category: 'estimating',
		monogram: 'AB',
	},
	{ id: 2, name: 'Field', category: 'field-management', monogram: 'FI' },
];
const phases = buildLandscape(tools, (tool) => (tool.id === 2 ? ['safety-quality'] : []));
const text = { title: 'Map', subtitle: '2 tools', credit: 'Site, CC BY 4.0' };

describe('landscapePicture', () => {
	it('names every placement in full, escaped, and marks the second one', () => {
		const { svg } = landscapePicture(phases, text, () => null);
		expect(svg).toContain('<title>A &amp; &lt;B&gt; Takeoff With A Very Long Name Indeed</title>');
		expect(svg).toContain('<title>Field</title>');
		expect(svg).toContain('<title>Field (also does this)</title>');
		expect(svg).toContain("stroke-dasharray='4 3'");
		expect(svg).toContain('Site, CC BY 4.0');
	});

	it('embeds the logo it is given, else draws the monogram', () => {
		const { svg } = landscapePicture(phases, text, (tool) =>
			tool.id === 1 ? 'data:image/webp;base64,AAAA' : null,
		);
		expect(svg).toContain("href='data:image/webp;base64,AAAA'");
		expect(svg).toContain('>FI</text>');
	});

	it('is 1920 px wide, grows with the tools, and gives the same bytes for the same data', () => {
		const one = landscapePicture(phases, text, () => null);
		expect(one.width).toBe(PICTURE_WIDTH);
		const many = Array.from({ length: 300 }, (_, i) => ({
			id: i + 10,
			name: `Tool ${i}`,
			category: 'bim-design' as const,
			monogram: 'TO',
		}));
		const bigger = landscapePicture(
			buildLandscape(many, () => []),
			text,
			() => null,
		);
		expect(bigger.height).toBeGreaterThan(one.height);
		expect(landscapePicture(phases, text, () => null).svg).toBe(one.svg);
	});

	it('says how many more a category has when only some of its tools are drawn', () => {
		const cut = phases.map((entry) => ({
			...entry,
			categories: entry.categories.map((c) => ({ ...c, total: c.tiles.length + 7 })),
		}));
		const { svg } = landscapePicture(cut, text, () => null);
		expect(svg).toContain('Estimating &amp; Takeoff (8)');
		expect(svg).toContain('and 7 more');
	});
});
