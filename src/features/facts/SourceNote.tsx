// One page a fact comes from: its site and a short form of its path as a link (the whole
// address stays in the link, and the label wraps only after a slash, dot, hyphen or question
// mark: record 0029), whether the fact was read there or stated by the vendor and on which day,
// "checked over a year ago" when it was, and the sentence the page says in a disclosure that
// opens without JavaScript. One component for every page that shows a source: tool pages and
// "A vs B" pages render it to static HTML with the quote in it, the compare island hydrates it
// and fetches the quote when the disclosure is first opened.
import { Fragment, type SyntheticEvent, useState } from 'react';
import { provenance, sourceLabel, wrapPoints } from './source.ts';

interface Props {
	url: string;
	/** YYYY-MM-DD */
	on: string;
	byVendor: boolean;
	/** Who states it when the vendor does: the vendor fact, else the tool's name. */
	vendorName: string;
	/** The sentence the page says, when the page has it. */
	quote?: string | null;
	/** Where the island gets the sentence when it is first opened (the quote is not in the page). */
	loadQuote?: () => Promise<string | null>;
	/** For screen readers: what was read there ("where Procore's platforms was read"). */
	what: string;
}

export default function SourceNote(props: Props) {
	const { url, on, byVendor, vendorName, quote, loadQuote, what } = props;
	const { how, day, overAYear } = provenance(on, byVendor, vendorName);
	return (
		<div className="source">
			<a href={url} rel="noopener noreferrer">
				{wrapPoints(sourceLabel(url)).map((piece, at) => (
					<Fragment key={at}>
						{at > 0 && <wbr />}
						{piece}
					</Fragment>
				))}
				<span className="visually-hidden">{`: ${what}`}</span>
			</a>
			<span className="source__when">
				{`${how}, `}
				<time dateTime={on}>{day}</time>
				{overAYear && <strong className="source__old">checked over a year ago</strong>}
			</span>
			{quote ? (
				<details className="source__quote">
					<summary>What the page says</summary>
					<blockquote cite={url}>{quote}</blockquote>
				</details>
			) : (
				loadQuote && <LoadedQuote url={url} load={loadQuote} />
			)}
		</div>
	);
}

const FAILED = 'Could not load it: check your connection and open it again.';

/** The quote's disclosure in the island: fetched when first opened (again after a failure). */
function LoadedQuote({ url, load }: { url: string; load: () => Promise<string | null> }) {
	const [text, setText] = useState<string>();
	function onToggle(event: SyntheticEvent<HTMLDetailsElement>) {
		if (!event.currentTarget.open || (text && text !== FAILED)) return;
		setText(undefined);
		load().then(
			// A source the quotes file has nothing for shows nothing, not "loading".
			(quote) => setText(quote ?? ''),
			() => setText(FAILED),
		);
	}
	return (
		<details className="source__quote" onToggle={onToggle}>
			<summary>What the page says</summary>
			{text && text !== FAILED ? (
				<blockquote cite={url}>{text}</blockquote>
			) : (
				<p className="source__loading">{text ?? 'Loading…'}</p>
			)}
		</details>
	);
}
