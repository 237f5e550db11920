// One page a fact comes from: its site as a link, whether the fact was read there or stated by
// the vendor and on which day, "checked over a year ago" when it was, and the sentence the page
// says in a disclosure that opens without JavaScript. One component for every page that shows a
// source: tool pages and "A vs B" pages render it to static HTML, the compare island hydrates it.
import { provenance, sourceHost } from './source.ts';

interface Props {
	url: string;
	/** YYYY-MM-DD */
	on: string;
	byVendor: boolean;
	/** Who states it when the vendor does: the vendor fact, else the tool's name. */
	vendorName: string;
	quote?: string | null;
	/** For screen readers: what was read there ("where Procore's platforms was read"). */
	what: string;
}

export default function SourceNote({ url, on, byVendor, vendorName, quote, what }: Props) {
	const { how, day, overAYear } = provenance(on, byVendor, vendorName);
	return (
		<div className="source">
			<a href={url} rel="noopener noreferrer">
				{sourceHost(url)}
				<span className="visually-hidden">{`: ${what}`}</span>
			</a>
			<span className="source__when">
				{`${how}, `}
				<time dateTime={on}>{day}</time>
				{overAYear && <strong className="source__old">checked over a year ago</strong>}
			</span>
			{quote && (
				<details className="source__quote">
					<summary>What the page says</summary>
					<blockquote cite={url}>{quote}</blockquote>
				</details>
			)}
		</div>
	);
}
