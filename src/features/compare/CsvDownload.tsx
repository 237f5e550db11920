// "Download as CSV": the comparison on screen as a spreadsheet (csv.ts), made in the browser
// when asked for, with code loaded then (a comparison is read far more often than downloaded). The "A vs B" pages, which have no JavaScript, link the same text as a data:
// address instead (src/pages/compare/[pair].astro).
import type { CompareTool } from './files.ts';
import type { Comparison } from './model.ts';

interface Props {
	tools: readonly CompareTool[];
	comparison: Comparison;
}

export default function CsvDownload({ tools, comparison }: Props) {
	async function download() {
		(await import('./csv.ts')).downloadCsv(tools, comparison);
	}
	return (
		<p className="compare__csv">
			<button type="button" className="button" onClick={download}>
				Download as CSV
			</button>
		</p>
	);
}
