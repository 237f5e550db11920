import { lazy, Suspense, useEffect, useEffectEvent, useState } from 'react';
import { plural } from '../../lib/text.ts';
import { PICK_LIMITS } from '../picker/limits.ts';
import {
	type CompareAddress,
	readCompareAddress as readAddress,
	writeCompareAddress as writeAddress,
} from './address.ts';
import { ChosenTools, comparingText } from './CompareNotes.tsx';
import CompareTable, { compareTitle, type QuoteLoader } from './CompareTable.tsx';
import { loadQuotes } from './load.ts';
import {
	type CompareLayout,
	compareFiles,
	type ComparePages,
	type CompareTool,
	type NameEntry,
} from './files.ts';
import { type Comparison, compareModel, isDifference } from './model.ts';
import { isTool, useFocusAfterRender, useToolFiles } from './useToolFiles.ts';

// Loaded when shown: a table of four tools has no picker.
const ComparePicker = lazy(() => import('./ComparePicker.tsx'));
const AddressNotes = lazy(() => import('./AddressNotes.tsx'));

/** A quote the tool files leave out, from the tool's quotes file (fetched once, when opened). */
const quoteOf: QuoteLoader = (tool, fact, source) =>
	loadQuotes(tool).then((quotes) => quotes?.[fact]?.[source] ?? null);
const PICKER_ID = 'compare-picker';

/**
 * The address the page opened with, rewritten once in its comma form (a plain form sends
 * ?tools=3&tools=9); then Back and Forward, each handing `follow` the address it led to.
 */
function useAddressHistory(opened: CompareAddress, follow: (address: CompareAddress) => void) {
	const followAddress = useEffectEvent(() => follow(readAddress(location.search)));
	useEffect(() => {
		const search = writeAddress(location.search, opened.ids, opened.differencesOnly);
		history.replaceState(history.state, '', location.pathname + search + location.hash);
		const onPopState = () => followAddress();
		addEventListener('popstate', onPopState);
		return () => removeEventListener('popstate', onPopState);
		// Once, with the address the page opened with.
		// eslint-disable-next-line react-hooks/exhaustive-deps
	}, []);
}

/**
 * The "Differences only" switch. This and the CSV button are functions that return markup, not
 * components: a component costs the island more bytes, and its JavaScript is budgeted.
 */
const differencesSwitch = (on: boolean, onSwitch: (on: boolean) => void) => (
	<label className="compare__switch">
		<input
			type="checkbox"
			role="switch"
			checked={on}
			onChange={(event) => onSwitch(event.target.checked)}
		/>{' '}
		Differences only
	</label>
);

/**
 * The comparison on screen as a spreadsheet (csv.ts, loaded when asked for: a comparison is read
 * far more often than downloaded). The "A vs B" pages, which have no JavaScript, link the same
 * text as a data: address instead.
 */
const csvButton = (tools: CompareTool[], comparison: Comparison) => (
	<p className="compare__csv">
		<button
			type="button"
			className="button"
			onClick={async () => (await import('./csv.ts')).downloadCsv(tools, comparison)}
		>
			Download as CSV
		</button>
	</p>
);

interface Props {
	layout: CompareLayout;
	/** The addresses the table links to (files.ts). */
	pages: ComparePages;
}

/**
 * The compare page's island (rendered in the browser only: the tools are in the address): the
 * tools side by side, a picker to add one, a button to remove each, and the "differences only"
 * switch. Without JavaScript the page says what it needs (index.astro).
 */
export default function Compare({ layout, pages }: Props) {
	const [address, setAddress] = useState<CompareAddress>(() => readAddress(location.search));
	const [announcement, setAnnouncement] = useState('');
	const entries = useToolFiles(address.ids);
	const focusAfterRender = useFocusAfterRender();

	const tools = address.ids.map((id) => entries.get(id)).filter(isTool);
	// Values that are no tool's number, and numbers no live tool has (a tool taken down).
	const leftOut = [
		...address.invalid,
		...address.ids.filter((id) => entries.get(id) === 'unknown').map(String),
	];
	const failed = address.ids.filter((id) => entries.get(id) === 'failed');
	const loading = address.ids.some((id) => !entries.has(id));
	// Add and remove start from the tools that exist; an unknown id leaves the address then.
	const kept = address.ids.filter((id) => entries.get(id) !== 'unknown');
	const comparable = tools.length > 1;
	const differencesOnly = address.differencesOnly && comparable;
	const comparison = compareModel(tools, layout, differencesOnly);
	const differences = comparison.sections
		.flatMap((section) => section.rows)
		.filter(isDifference).length;
	const namesOf = (ids: readonly number[]) =>
		ids
			.map((id) => entries.get(id))
			.filter(isTool)
			.map((tool) => tool.name);

	useAddressHistory(address, (next) => {
		setAddress(next);
		setAnnouncement(comparingText(namesOf(next.ids)));
	});

	/** A new history entry, so Back returns to the tools before. */
	function go(ids: number[], message: string, focus: string | null) {
		const search = writeAddress(location.search, ids, address.differencesOnly);
		history.pushState(history.state, '', location.pathname + search);
		setAddress({ ids, extra: [], invalid: [], differencesOnly: address.differencesOnly });
		setAnnouncement(message);
		focusAfterRender(focus);
	}

	function add([id, name]: NameEntry) {
		const ids = [...kept, id];
		const names = [...tools.map((tool) => tool.name), name];
		// A full table has no picker: the focus goes to the new tool's column.
		go(
			ids,
			`Added ${name}. ${comparingText(names)}`,
			ids.length < PICK_LIMITS.compare ? null : `compare-tool-${id}`,
		);
	}

	function remove(tool: CompareTool) {
		const at = kept.indexOf(tool.id);
		const ids = kept.filter((id) => id !== tool.id);
		const neighbour = ids[at] ?? ids[at - 1];
		const names = tools.filter((other) => other !== tool).map((other) => other.name);
		go(
			ids,
			`Removed ${tool.name}. ${comparingText(names)}`,
			neighbour && isTool(entries.get(neighbour)) ? `compare-remove-${neighbour}` : PICKER_ID,
		);
	}

	function switchDifferences(on: boolean) {
		const search = writeAddress(location.search, address.ids, on);
		history.replaceState(history.state, '', location.pathname + search);
		setAddress({ ...address, differencesOnly: on });
		// The rows that differ are the same with the switch on or off.
		setAnnouncement(
			on ? `Showing only the ${plural(differences, 'row')} that differ.` : 'Showing every row.',
		);
	}

	return (
		<div className="compare">
			<p className="visually-hidden" role="status">
				{announcement}
			</p>
			{(address.extra.length > 0 || leftOut.length > 0 || failed.length > 0) && (
				<Suspense>
					<AddressNotes extra={address.extra.length} leftOut={leftOut} failed={failed.length} />
				</Suspense>
			)}
			<ChosenTools tools={tools} pages={pages} onRemove={remove} />
			{!loading && tools.length < 2 && (
				<p className="compare__ask">{comparingText(tools.map((tool) => tool.name))}</p>
			)}
			{kept.length < PICK_LIMITS.compare ? (
				<Suspense fallback={<div className="compare__picker-place" />}>
					<ComparePicker id={PICKER_ID} chosen={kept} onChoose={add} names={compareFiles.names} />
				</Suspense>
			) : (
				<p className="compare__hint">Four tools at most: remove one to add another.</p>
			)}
			{comparable && differencesSwitch(address.differencesOnly, switchDifferences)}
			{loading && <p className="compare__hint">Loading the facts…</p>}
			{differencesOnly && differences === 0 && (
				<p className="compare__note">
					They do not differ on anything documented so far: switch off “Differences only” to see
					every row.
				</p>
			)}
			{tools.length > 0 && (
				<CompareTable
					tools={tools}
					comparison={comparison}
					title={compareTitle(tools, differencesOnly)}
					heading
					pages={pages}
					loadQuote={quoteOf}
				/>
			)}
			{tools.length > 0 && csvButton(tools, comparison)}
		</div>
	);
}
