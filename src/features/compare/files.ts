/**
 * The static files the compare page reads on demand, written by the build
 * (src/pages/compare/data/): one small file per tool, and an index of names for the picker.
 * The build words every fact (facts.ts, as on tool pages), so the island ships no vocabulary.
 */
import type { FactKey } from '../facts/vocabulary.ts';

/** A tool as `[id, name]`: the picker's index, and a tool's partners. */
export type NameEntry = [id: number, name: string];

/** A page a fact was read on, as the compare files carry it. */
export interface ShownSource {
	url: string;
	/** The day (YYYY-MM-DD) someone checked it there. */
	on: string;
	/** What this page says, when the fact was read across several pages. */
	read?: string;
	/**
	 * The sentence the page says (absent for a fact recorded before quotes were kept). The files
	 * the island fetches leave it out: the quotes come from the tool's quotes file when a visitor
	 * opens one (files.server.ts `splitQuotes`), and a source with none says `unquoted`.
	 */
	quote?: string;
	/** In an island's file: this source has no quote (most have one, in the quotes file). */
	unquoted?: true;
	/** Stated by the vendor through a claimed listing, not read by an editor. */
	byVendor?: true;
}

/**
 * A fact as the table shows it: in words, its values in the vocabulary's order, then any detail
 * ("Yes (up to 5 users)"). The words stand for the values one to one, so the comparison tells
 * same from different by them (model.ts) and the file needs no value codes.
 */
export interface ShownFact {
	text: string;
	/**
	 * A capability's conditions and limits ("Windows only"), shown after its words but not
	 * compared: two tools that both do a thing do not differ because one vendor says more.
	 */
	note?: string;
	/** For an open API, the developer documentation's address. */
	docs?: string;
	sources: ShownSource[];
}

/** One tool's file. */
export interface CompareTool {
	id: number;
	name: string;
	/**
	 * Its category's slug: a comparison leads with the capabilities of the categories its tools
	 * are in (`CompareLayout.capabilities`, model.ts).
	 */
	categorySlug: string;
	/** Its known facts; a missing one is not documented yet. */
	facts: Partial<Record<FactKey, ShownFact>>;
	/**
	 * Its first integration partners in this directory, in name order: all of them when it has
	 * at most PARTNERS_NAMED.
	 */
	partners: NameEntry[];
	/**
	 * The ids of the rest that some other tool works with too, as gaps (partner-ids.ts): a hub's
	 * names would outweigh the page.
	 */
	morePartners?: number[];
	/**
	 * How many of the rest work with this tool only (it is their one partner in the directory):
	 * counted, not listed, as no other tool can share them. Absent when none.
	 */
	onlyPartnerOf?: number;
}

/**
 * The site's addresses a comparison links to, as patterns the page passes its island (so the
 * files carry none): a tool's page (`{id}`), its integrations page (`{key}`), and the home page's
 * "works with" filter, keys appended.
 */
export interface ComparePages {
	tool: string;
	integrations: string;
	worksWith: string;
}

/**
 * How many partners a file names, the first in name order: a cell shows ten, and two more keep
 * ten when a few are another tool's partners too (a vs page's column lists 12 as well).
 */
export const PARTNERS_NAMED = 12;

/** A tool's quotes file: each fact's quotes in the order of its sources (null: none). */
export type ToolQuotes = Partial<Record<FactKey, (string | null)[]>>;

/** The fact rows in buyer order (rows.ts), with their labels: the island's props. */
export type FactLayout = { heading: string; facts: { key: FactKey; label: string }[] }[];

/**
 * Every row a comparison can have: the common facts in buyer order, and each category's
 * capabilities (the page's props, so the tool files carry only a category's slug).
 */
export interface CompareLayout {
	common: FactLayout;
	capabilities: Record<string, FactLayout[number]>;
	/** Each category's name as a visitor reads it, by slug. */
	categories: Record<string, string>;
}

export const compareFiles = {
	tool: (id: number) => `/compare/data/${id}.json`,
	/** A tool's quotes, by fact, in the order of each fact's sources: fetched when one is opened. */
	quotes: (id: number) => `/compare/data/${id}.quotes.json`,
	names: '/compare/data/names.json',
} as const;
