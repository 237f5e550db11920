/**
 * The change log as the site shows it (/changes/ and its feed): rows of
 * public.published_changes turned into sentences. Pure. An editor's `facts … set` replaces a
 * fact (its rows removed, then the new ones set, in one transaction): shown as one change.
 */
import { type FactKey, isFactKey } from '../facts/vocabulary.ts';
import { valueLabel, priceLabel } from '../facts/facts.ts';
import { FACTS } from '../facts/vocabulary.ts';
import { MOVES, type Move } from '../integrations/details.ts';

export type ChangeKind =
	| 'tool_published'
	| 'tool_removed'
	| 'fact_set'
	| 'fact_changed'
	| 'fact_removed'
	| 'connection_added'
	| 'connection_changed'
	| 'connection_removed';

export interface Change {
	id: number;
	at: Date;
	kind: ChangeKind;
	toolId: number | null;
	toolName: string;
	otherToolId: number | null;
	otherToolName: string | null;
	fact: string | null;
	value: string[] | null;
	previousValue: string[] | null;
}

const KINDS = new Set<string>([
	'tool_published',
	'tool_removed',
	'fact_set',
	'fact_changed',
	'fact_removed',
	'connection_added',
	'connection_changed',
	'connection_removed',
]);

const ids = (value: unknown) => (value === null || value === undefined ? null : Number(value));
const texts = (value: unknown) => (Array.isArray(value) ? value.map(String) : null);

/** Rows (newest first) as changes, a fact's replacement merged into one "changed". */
export function parseChanges(rows: readonly Record<string, unknown>[]): Change[] {
	const changes: Change[] = [];
	for (const row of rows) {
		const kind = String(row.kind);
		// A row the site cannot name (a tool row with no name, never on a page) is left out.
		if (!KINDS.has(kind) || !String(row.tool_name ?? '').trim()) continue;
		const change: Change = {
			id: Number(row.id),
			at: new Date(
				String(row.changed_at instanceof Date ? row.changed_at.toISOString() : row.changed_at),
			),
			kind: kind as ChangeKind,
			toolId: ids(row.tool_id),
			toolName: String(row.tool_name),
			otherToolId: ids(row.other_tool_id),
			otherToolName: row.other_tool_name ? String(row.other_tool_name) : null,
			fact: row.fact ? String(row.fact) : null,
			value: texts(row.value),
			previousValue: texts(row.previous_value),
		};
		// Newest first: a "set" comes just before the "removed" of the same transaction.
		const newer = changes.at(-1);
		if (
			newer &&
			change.kind === 'fact_removed' &&
			(newer.kind === 'fact_set' || newer.kind === 'fact_changed') &&
			newer.toolId === change.toolId &&
			newer.fact === change.fact &&
			newer.at.getTime() === change.at.getTime()
		) {
			newer.kind = 'fact_changed';
			newer.previousValue ??= change.previousValue;
			continue;
		}
		changes.push(change);
	}
	return changes;
}

function factValue(fact: string, value: string[] | null): string {
	if (!value || !isFactKey(fact)) return value?.join(', ') ?? '';
	if (fact === 'starting_price') return priceLabel(value);
	return value.map((v) => valueLabel(fact as FactKey, v)).join(', ');
}

const factLabel = (fact: string | null) =>
	fact && isFactKey(fact) ? FACTS[fact].label.toLowerCase() : (fact ?? 'a fact');

const moves = (value: string[] | null) =>
	value?.length ? `: moves ${value.map((m) => MOVES[m as Move] ?? m).join(', ')}` : '';

/** The change in a sentence, without the tool's name ("published", "platforms set to Web"). */
export function changeText(change: Change): string {
	switch (change.kind) {
		case 'tool_published':
			return 'published in the directory';
		case 'tool_removed':
			return 'taken off the directory';
		case 'fact_set':
			return `${factLabel(change.fact)} documented: ${factValue(change.fact!, change.value)}`;
		case 'fact_changed':
			return `${factLabel(change.fact)} changed to ${factValue(change.fact!, change.value)} (was ${factValue(change.fact!, change.previousValue)})`;
		case 'fact_removed':
			return `${factLabel(change.fact)} removed (was ${factValue(change.fact!, change.previousValue)})`;
		case 'connection_added':
			return `connection with ${change.otherToolName} added${moves(change.value)}`;
		case 'connection_changed':
			return `connection with ${change.otherToolName} changed${moves(change.value)}`;
		case 'connection_removed':
			return `connection with ${change.otherToolName} removed`;
	}
}

/** "Procore: platforms documented: Web browser", for a feed's title. */
export const changeTitle = (change: Change) => `${change.toolName}: ${changeText(change)}`;
