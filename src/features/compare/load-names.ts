// The picker's index of names, fetched once per page view when the picker first needs it. A
// module of the lazily loaded picker's own, given the index's address by the island
// (files.ts `compareFiles.names`): a module the eager island shared with it would be split into
// a file of its own on the compare page, whose JavaScript is budgeted.
import { fetchJson } from '../../lib/fetch-json.ts';
import type { NameEntry } from './files.ts';

let names: Promise<NameEntry[]> | undefined;

/** Every live tool's id and name, for the picker. */
export function loadNames(address: string): Promise<NameEntry[]> {
	names ??= fetchJson<NameEntry[]>(address).then((list) => list ?? []);
	names.catch(() => (names = undefined));
	return names;
}
