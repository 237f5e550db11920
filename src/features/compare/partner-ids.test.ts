import { describe, expect, it } from 'vitest';
import { PARTNERS_NAMED, type CompareTool } from './files.ts';
import { filePartners } from './files.server.ts';
import { fromGaps, partnerIds, toGaps } from './partner-ids.ts';

describe('partner ids as gaps', () => {
	it('writes ids sorted, each as its gap from the one before, and reads them back', () => {
		expect(toGaps([12, 3, 40])).toEqual([3, 9, 28]);
		expect(fromGaps([3, 9, 28])).toEqual([3, 12, 40]);
		expect(toGaps([])).toEqual([]);
		expect(fromGaps([])).toEqual([]);
	});

	it('round-trips any set of ids, large and sparse ones too', () => {
		const ids = [7, 1, 100_000, 99_999, 5_000_000_000, 2];
		expect(fromGaps(toGaps(ids))).toEqual([...ids].sort((x, y) => x - y));
		const many = Array.from({ length: 1000 }, (_, at) => 10_000 - at * 9);
		expect(fromGaps(toGaps(many))).toEqual(many.toReversed());
	});

	it('gives every partner of a file: the named ones, then the rest', () => {
		const tool: Pick<CompareTool, 'partners' | 'morePartners'> = {
			partners: [
				[9, 'Alder'],
				[4, 'Birch'],
			],
			morePartners: [2, 3, 10],
		};
		expect(partnerIds(tool as CompareTool)).toEqual([9, 4, 2, 5, 15]);
		expect(partnerIds({ ...tool, morePartners: undefined } as CompareTool)).toEqual([9, 4]);
	});
});

describe('filePartners', () => {
	const nameOf = (id: number) => `Tool ${id}`;

	it('names every partner of a tool with a few, in name order', () => {
		expect(filePartners([9, 4], nameOf)).toEqual({
			partners: [
				[9, 'Tool 9'],
				[4, 'Tool 4'],
			],
		});
		expect(filePartners([], nameOf)).toEqual({ partners: [] });
	});

	it(`names a hub's first ${PARTNERS_NAMED} partners by name and gives the rest as ids`, () => {
		// Ids in name order, as the catalogue sorts them: not by number.
		const ids = Array.from({ length: 40 }, (_, at) => ((at * 17) % 40) + 1);
		const file = filePartners(ids, nameOf);
		expect(file.partners.map(([id]) => id)).toEqual(ids.slice(0, PARTNERS_NAMED));
		expect(file.partners[0]).toEqual([ids[0], `Tool ${ids[0]}`]);
		expect(fromGaps(file.morePartners!)).toEqual(ids.slice(PARTNERS_NAMED).sort((x, y) => x - y));
		expect(new Set(partnerIds(file as CompareTool))).toEqual(new Set(ids));
		expect(partnerIds(file as CompareTool)).toHaveLength(40);
	});
});
