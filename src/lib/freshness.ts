/** A tool counts as new for this long after it went live (the 'New' badge). */
export const NEW_FOR_MS = 7 * 24 * 60 * 60 * 1000;

/** True when the tool went live less than seven days before `now` (the build time). */
export function isNew(publishedAt: Date | null, now: Date = new Date()): boolean {
	return (
		publishedAt !== null && now.getTime() - publishedAt.getTime() < NEW_FOR_MS && publishedAt <= now
	);
}
