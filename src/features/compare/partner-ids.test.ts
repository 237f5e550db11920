import { describe, expect, it } from 'vitest';
import { PARTNERS_NAMED, type CompareTool } from './files.ts';
import { filePartners } from './files.server.ts';
import { fromGaps, partnerCount, partnerIds, toGaps } from './partner-ids.ts';

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
	// How many partners each partner has: here every one has another besides this tool.
	const several = () => 2;

	it('names every partner of a tool with a few, in name order', () => {
		expect(filePartners([9, 4], nameOf, several)).toEqual({
			partners: [
				[9, 'Tool 9'],
				[4, 'Tool 4'],
			],
		});
		expect(filePartners([], nameOf, several)).toEqual({ partners: [] });
	});

	it(`names a hub's first ${PARTNERS_NAMED} partners by name and gives the rest as ids`, () => {
		// Ids in name order, as the catalogue sorts them: not by number.
		const ids = Array.from({ length: 40 }, (_, at) => ((at * 17) % 40) + 1);
		const file = filePartners(ids, nameOf, several);
		expect(file.partners.map(([id]) => id)).toEqual(ids.slice(0, PARTNERS_NAMED));
		expect(file.partners[0]).toEqual([ids[0], `Tool ${ids[0]}`]);
		expect(fromGaps(file.morePartners!)).toEqual(ids.slice(PARTNERS_NAMED).sort((x, y) => x - y));
		expect(new Set(partnerIds(file as CompareTool))).toEqual(new Set(ids));
		expect(partnerIds(file as CompareTool)).toHaveLength(40);
	});

	it('counts, without their ids, the partners past the named ones that work with this tool only', () => {
		// 20 partners in name order (100 down to 81, not id order); 100 and 95 are among the first 12, 88, 85
		// and 81 past them, and this tool is the one partner of each of those five.
		const ids = Array.from({ length: 20 }, (_, at) => 100 - at);
		const alone = new Set([100, 95, 88, 85, 81]);
		const file = filePartners(ids, nameOf, (id) => (alone.has(id) ? 1 : 3));
		// Named whatever their partners: a cell names the first of its list.
		expect(file.partners.map(([id]) => id)).toEqual(ids.slice(0, PARTNERS_NAMED));
		expect(file.partners).toContainEqual([95, 'Tool 95']);
		expect(file.onlyPartnerOf).toBe(3);
		expect(fromGaps(file.morePartners!)).toEqual([82, 83, 84, 86, 87]);
		expect(partnerIds(file as CompareTool)).toHaveLength(20 - 3);
		expect(partnerCount(file as CompareTool)).toBe(20);
	});

	it('gives only a count for the rest when every partner works with this tool only', () => {
		const ids = Array.from({ length: 30 }, (_, at) => at + 1);
		const file = filePartners(ids, nameOf, () => 1);
		expect(file).toEqual({
			partners: ids.slice(0, PARTNERS_NAMED).map((id) => [id, `Tool ${id}`]),
			onlyPartnerOf: 30 - PARTNERS_NAMED,
		});
		expect(partnerCount(file as CompareTool)).toBe(30);
		// With a few, all are named and nothing is counted.
		expect(filePartners([5, 6], nameOf, () => 1)).toEqual({
			partners: [
				[5, 'Tool 5'],
				[6, 'Tool 6'],
			],
		});
	});
});
