/**
 * The lifecycle phases of a construction project, and which categories belong to each: the
 * one place the market map (/landscape/), its pictures and the stats page group categories by.
 */
import type { CategorySlug } from '../../lib/categories.ts';

export interface Phase {
	/** A stable key, used in ids and data files. */
	key: string;
	label: string;
	/** The categories in it, in the order the map shows them. */
	categories: readonly CategorySlug[];
}

export const PHASES: readonly Phase[] = [
	{ key: 'design', label: 'Design', categories: ['bim-design'] },
	{
		key: 'preconstruction',
		label: 'Preconstruction',
		categories: ['estimating', 'bidding-procurement', 'scheduling'],
	},
	{
		key: 'construction',
		label: 'Construction',
		categories: [
			'project-management',
			'field-management',
			'documents-collaboration',
			'safety-quality',
			'reality-capture',
		],
	},
	{
		key: 'back-office',
		label: 'Back office and assets',
		categories: ['financials', 'workforce', 'equipment-fleet'],
	},
];

const phaseByCategory = new Map(
	PHASES.flatMap((phase) => phase.categories.map((slug) => [slug, phase] as const)),
);

/** The phase a category belongs to. */
export function phaseOf(slug: CategorySlug): Phase {
	return phaseByCategory.get(slug)!;
}
