// "Download as CSV": the comparison on screen as a spreadsheet (csv.ts), made in the browser
// when asked for. The "A vs B" pages, which have no JavaScript, link the same text as a data:
// address instead (src/pages/compare/[pair].astro).
import { comparisonCsv, csvFileName } from './csv.ts';
import type { CompareTool } from './files.ts';
import type { Comparison } from './model.ts';

interface Props {
	tools: readonly CompareTool[];
	comparison: Comparison;
}

export default function CsvDownload({ tools, comparison }: Props) {
	function download() {
		const blob = new Blob([comparisonCsv(tools, comparison)], { type: 'text/csv;charset=utf-8' });
		const link = document.createElement('a');
		link.href = URL.createObjectURL(blob);
		link.download = csvFileName(tools);
		link.click();
		// The click has handed the file to the browser's download: the address can go.
		setTimeout(() => URL.revokeObjectURL(link.href), 0);
	}
	return (
		<p className="compare__csv">
			<button type="button" className="button" onClick={download}>
				Download as CSV
			</button>
		</p>
	);
}
