// /data/integrations.csv (RFC 4180, CC BY 4.0): the columns and what they hold are in open-data/files.ts.
import type { APIContext } from 'astro';
import { toCsv } from '../../features/open-data/csv.ts';
import { openDataInput } from '../../features/open-data/data.server.ts';
import { INTEGRATION_COLUMNS, integrationRows } from '../../features/open-data/files.ts';

export async function GET(context: APIContext) {
	const input = await openDataInput(context.site!);
	const csv = toCsv(
		INTEGRATION_COLUMNS.map((column) => column.name),
		integrationRows(input),
	);
	return new Response(csv, { headers: { 'Content-Type': 'text/csv; charset=utf-8' } });
}
