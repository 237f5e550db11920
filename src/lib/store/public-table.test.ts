import type { SupabaseClient } from '@supabase/supabase-js';
import { describe, expect, it } from 'vitest';
import { supabasePublicTable } from './public-table.server.ts';

/** A stand-in for supabase-js's query builder over `total` rows with ids 1..total. */
function fakeClient(total: number, calls: string[]) {
	const query = {
		ascending: true,
		order(_column: string, options: { ascending: boolean }) {
			query.ascending = options.ascending;
			return query;
		},
		async range(from: number, to: number) {
			calls.push(`${query.ascending ? 'asc' : 'desc'} ${from}-${to}`);
			const ids = Array.from({ length: total }, (_, i) => i + 1);
			if (!query.ascending) ids.reverse();
			return { data: ids.slice(from, to + 1).map((id) => ({ id })), error: null };
		},
	};
	return { from: () => ({ select: () => query }) } as unknown as SupabaseClient;
}

describe('supabasePublicTable', () => {
	it('reads every row in pages of 1000', async () => {
		const calls: string[] = [];
		const rows = await supabasePublicTable(fakeClient(2500, calls), {
			table: 't',
			columns: 'id',
			orderBy: ['id'],
		}).rows();
		expect(rows).toHaveLength(2500);
		expect(calls).toEqual(['asc 0-999', 'asc 1000-1999', 'asc 2000-2999']);
	});

	it('reads the newest rows only, when asked for a limit in descending order', async () => {
		const calls: string[] = [];
		const rows = await supabasePublicTable(fakeClient(2500, calls), {
			table: 't',
			columns: 'id',
			orderBy: ['id'],
			descending: true,
			limit: 101,
		}).rows();
		expect(rows.map((row) => row.id)).toEqual(Array.from({ length: 101 }, (_, i) => 2500 - i));
		expect(calls).toEqual(['desc 0-100']);
	});
});
