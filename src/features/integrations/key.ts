/**
 * The key of a tool's integration page and of the home filter (`?works_with={key}`): the
 * tool id, which never changes when an editor renames the tool (see decision record 0010).
 */
export function integrationKey(toolId: number): string {
	return String(toolId);
}

/** The tool id a key names, or null for anything that is not a key. */
export function toolIdFromKey(key: string): number | null {
	return /^[1-9][0-9]{0,15}$/.test(key) ? Number(key) : null;
}
