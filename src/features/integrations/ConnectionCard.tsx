// One connection as a list item: who connects, which way data flows, what moves, through what,
// the vendor's status, the note, and the source with the day it was read; what the source does
// not say reads "not documented yet". One component for every page that lists connections: tool
// and integration pages render it to static HTML (with the partner's logo as children), the
// stack island hydrates it.
import { Fragment, type ReactNode } from 'react';

export interface ConnectionWords {
	/** Direction, Moves, Through: null where the source does not say. */
	rows: readonly (readonly [string, string | null])[];
	/** "Beta", "Deprecated", "Retired", or null when current. */
	status: string | null;
	/** "25 Nov 2026" */
	checked: string;
	/** YYYY-MM-DD */
	day: string;
}

interface Props {
	/** Who connects: the partner (a tool page), or both tools of a pair ("A and B"). */
	names: readonly { name: string; href: string }[];
	words: ConnectionWords;
	note: string | null | undefined;
	/** The source page, or undefined while the island is still fetching it. */
	source: string | undefined;
	/** For screen readers: "the Procore and Sage 300 CRE integration". */
	what: string;
	/** The partner's logo, on static pages. */
	children?: ReactNode;
}

export default function ConnectionCard({ names, words, note, source, what, children }: Props) {
	const status = words.status;
	return (
		<li className="works-with__item">
			{children}
			<div className="works-with__body">
				<span className="works-with__name">
					{names.map(({ name, href }, at) => (
						<Fragment key={href}>
							{at > 0 && ' and '}
							<a href={href}>{name}</a>
						</Fragment>
					))}
				</span>
				{status && (
					<span className={`works-with__status works-with__status--${status.toLowerCase()}`}>
						{status}
					</span>
				)}
				<dl className="connection">
					{words.rows.map(([term, value]) => (
						<div key={term}>
							<dt>{term}</dt>
							<dd className={value ? undefined : 'connection__unknown'}>
								{value ?? 'not documented yet'}
							</dd>
						</div>
					))}
				</dl>
				{note && <p className="works-with__note">{note}</p>}
				<p className="works-with__provenance">
					<ConnectionSource source={source} what={what} />
					{' · '}
					<span className="works-with__checked">
						{'checked '}
						<time dateTime={words.day}>{words.checked}</time>
					</span>
				</p>
			</div>
		</li>
	);
}

/** The link to where a connection is documented, or "source loading" while the island fetches it. */
export function ConnectionSource({ source, what }: { source: string | undefined; what: string }) {
	return source ? (
		<a className="works-with__source" href={source} rel="noopener noreferrer">
			source
			<span className="visually-hidden">{`: where ${what} is documented`}</span>
		</a>
	) : (
		'source loading'
	);
}
