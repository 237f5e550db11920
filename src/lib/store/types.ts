/** A `construction_apps` row as the database returns it: trusted only after `parseTool`. */
export type ToolRow = Record<string, unknown>;

/** Read access to the catalogue, with the privileges of the public (anon) role. */
export interface CatalogueReader {
	/** Every live tool, ordered by name ascending, case-insensitive. */
	listLiveTools(): Promise<ToolRow[]>;
	close(): Promise<void>;
}
