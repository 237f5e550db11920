/**
 * Which "A vs B" pages the build writes: related pairs only (the same job: the same category,
 * or one's "also does"), at most `perTool` pages per tool, the pairs that share the most facts
 * and integration partners first. Linear in the catalogue: each tool is weighed against the
 * `window` tools next to it in each of its jobs' lists (ordered so that tools with the same
 * platforms, audience and pricing sit together), never against the whole category.
 */
import type { ToolFacts } from '../facts/facts.ts';
import { FACTS, type FactKey } from '../facts/vocabulary.ts';
import { slugify } from '../../lib/outbound.ts';

export interface PairTool {
	id: number;
	name: string;
	category: string;
}

export interface PairInput {
	/** In name order (the catalogue's). */
	tools: readonly PairTool[];
	facts: ReadonlyMap<number, ToolFacts>;
	/** Each tool's integration partners' ids. */
	partners: ReadonlyMap<number, readonly number[]>;
	perTool?: number;
	window?: number;
}

/** Two tools, `a` before `b` in name order (the address's order), and what they share. */
export interface ComparePair {
	a: number;
	b: number;
	score: number;
}

/**
 * Three, not the five the issue allowed: each page costs the build about 1 ms of CPU whatever it
 * holds (Astro's render and a directory and a file), and five made 22,500 pages at 10,000 tools,
 * which the 60 s build budget cannot carry (record 0019).
 */
const PER_TOOL = 3;
const WINDOW = 8;
/** A partner both tools work with says more about fit than a shared fact. */
const SHARED_PARTNER_WEIGHT = 2;

/** The facts two tools can share: a value in common counts once. */
const SHARED_FACTS: FactKey[] = (Object.keys(FACTS) as FactKey[]).filter(
	(key) =>
		!['vendor', 'hq_country', 'founded', 'starting_price', 'also_does'].includes(key) &&
		FACTS[key].shape.kind !== 'text',
);

function sharedFacts(x: ToolFacts | undefined, y: ToolFacts | undefined): number {
	if (!x || !y) return 0;
	let shared = 0;
	for (const key of SHARED_FACTS) {
		const a = x[key]?.value;
		const b = y[key]?.value;
		if (a && b) shared += a.filter((value) => b.includes(value)).length;
	}
	return shared;
}

function sharedPartners(x: readonly number[] = [], y: readonly number[] = []): number {
	if (x.length > y.length) [x, y] = [y, x];
	const other = new Set(y);
	return x.filter((id) => other.has(id)).length;
}

/** The tools that do a job: its category's, then those that "also do" it. */
function jobs(tool: PairTool, facts: ToolFacts | undefined): string[] {
	return [tool.category, ...(facts?.also_does?.value ?? [])];
}

/** What puts like tools side by side in a job's list. */
function signature(facts: ToolFacts | undefined): string {
	return (['audience', 'platforms', 'pricing_model'] as FactKey[])
		.map((key) => facts?.[key]?.value.toSorted().join('+') ?? '~')
		.join('|');
}

export function comparePairs(input: PairInput): ComparePair[] {
	const { tools, facts, partners, perTool = PER_TOOL, window = WINDOW } = input;
	const order = new Map(tools.map((tool, at) => [tool.id, at]));
	const byJob = new Map<string, PairTool[]>();
	for (const tool of tools)
		for (const job of jobs(tool, facts.get(tool.id))) {
			const list = byJob.get(job) ?? [];
			list.push(tool);
			byJob.set(job, list);
		}
	const candidates = new Map<string, ComparePair>();
	for (const list of byJob.values()) {
		const signatures = new Map(list.map((tool) => [tool.id, signature(facts.get(tool.id))]));
		list.sort(
			(x, y) =>
				signatures.get(x.id)!.localeCompare(signatures.get(y.id)!) ||
				order.get(x.id)! - order.get(y.id)!,
		);
		list.forEach((tool, at) => {
			for (const other of list.slice(at + 1, at + 1 + window)) {
				const [a, b] = order.get(tool.id)! < order.get(other.id)! ? [tool, other] : [other, tool];
				const key = `${a.id}:${b.id}`;
				if (candidates.has(key)) continue;
				const score =
					sharedFacts(facts.get(a.id), facts.get(b.id)) +
					SHARED_PARTNER_WEIGHT * sharedPartners(partners.get(a.id), partners.get(b.id));
				// A pair with nothing in common would make a page of two unknowns.
				if (score > 0) candidates.set(key, { a: a.id, b: b.id, score });
			}
		});
	}
	const ranked = [...candidates.values()].sort(
		(x, y) =>
			y.score - x.score || order.get(x.a)! - order.get(y.a)! || order.get(x.b)! - order.get(y.b)!,
	);
	const taken = new Map<number, number>();
	const pairs: ComparePair[] = [];
	for (const pair of ranked) {
		if ((taken.get(pair.a) ?? 0) >= perTool || (taken.get(pair.b) ?? 0) >= perTool) continue;
		taken.set(pair.a, (taken.get(pair.a) ?? 0) + 1);
		taken.set(pair.b, (taken.get(pair.b) ?? 0) + 1);
		pairs.push(pair);
	}
	return pairs;
}

/**
 * Each tool's slug for the compare addresses: its name as a slug, with the id added when two
 * tools would share one (or a name has no letters or digits).
 */
export function toolSlugs(tools: readonly PairTool[]): Map<number, string> {
	const counts = new Map<string, number>();
	for (const tool of tools) {
		const slug = slugify(tool.name);
		counts.set(slug, (counts.get(slug) ?? 0) + 1);
	}
	return new Map(
		tools.map((tool) => {
			const slug = slugify(tool.name);
			return [tool.id, !slug || counts.get(slug)! > 1 ? `${slug || 'tool'}-${tool.id}` : slug];
		}),
	);
}

/** `/compare/{a}-vs-{b}/`, `a` and `b` the slugs in the order given. */
export const pairPath = (slugA: string, slugB: string) => `/compare/${slugA}-vs-${slugB}/`;
