/**
 * How many tools each page takes at once: the one place these limits are stated (a module of
 * its own, so the home page's compare ticks read it without the address code).
 */
export const PICK_LIMITS = {
	/** Columns of the compare table (and ticks on the cards). */
	compare: 4,
	/** Tools of a stack. */
	stack: 8,
} as const;
