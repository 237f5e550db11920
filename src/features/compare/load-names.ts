// The picker's index of names, fetched once per page view when the picker first needs it. A
// module of the lazily loaded picker's own: one the eager island shared with it would be split
// into a file of its own on the compare page (load.ts holds the island's fetches).
import { fetchJson } from '../../lib/fetch-json.ts';
import { compareFiles, type NameEntry } from './files.ts';

let names: Promise<NameEntry[]> | undefined;

/** Every live tool's id and name, for the picker. */
export function loadNames(): Promise<NameEntry[]> {
	names ??= fetchJson<NameEntry[]>(compareFiles.names).then((list) => list ?? []);
	names.catch(() => (names = undefined));
	return names;
}
