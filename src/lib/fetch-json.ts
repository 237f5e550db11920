/**
 * A static file the build wrote, read by an island: its JSON, or null when the site has no such
 * file (404: a tool taken down); any other failure rejects, for the island to say so.
 */
export async function fetchJson<T>(url: string): Promise<T | null> {
	const response = await fetch(url);
	if (response.status === 404) return null;
	if (!response.ok) throw new Error(`${url}: ${response.status}`);
	return (await response.json()) as T;
}
