/**
 * The fixed construction-tech taxonomy: the one place categories are defined.
 * The database CHECK constraint, the seed, the filter chips and the category pages follow it.
 */
export const CATEGORIES = new Map([
	[
		'project-management',
		{
			label: 'Project Management',
			description:
				'Run jobs end to end: RFIs, submittals, daily logs and the whole project record in one place.',
		},
	],
	[
		'estimating',
		{
			label: 'Estimating & Takeoff',
			description: 'Measure drawings, price the work and turn quantities into winning bids.',
		},
	],
	[
		'bim-design',
		{
			label: 'BIM & Design',
			description: 'Model, coordinate and review buildings in 3D before anything is built.',
		},
	],
	[
		'scheduling',
		{
			label: 'Scheduling & Planning',
			description: 'Plan sequences, manage the critical path and keep crews and trades in step.',
		},
	],
	[
		'field-management',
		{
			label: 'Field Management',
			description:
				'Tools for superintendents and crews on site: tasks, punch lists, photos and reports.',
		},
	],
	[
		'bidding-procurement',
		{
			label: 'Bidding & Procurement',
			description: 'Find subcontractors, invite bids, compare quotes and buy materials.',
		},
	],
	[
		'financials',
		{
			label: 'Accounting & Financials',
			description: 'Job costing, payment applications, lien waivers and construction accounting.',
		},
	],
	[
		'documents-collaboration',
		{
			label: 'Documents & Collaboration',
			description: 'Share drawings and documents, mark up plans and keep every version in sync.',
		},
	],
	[
		'safety-quality',
		{
			label: 'Safety & Quality',
			description:
				'Inspections, checklists, incident reporting and compliance for safer, better sites.',
		},
	],
	[
		'reality-capture',
		{
			label: 'Reality Capture & Drones',
			description: '360° photos, laser scans and drone surveys that document progress as built.',
		},
	],
	[
		'equipment-fleet',
		{
			label: 'Equipment & Fleet',
			description: 'Track machines, tools and vehicles: location, utilisation and maintenance.',
		},
	],
	[
		'workforce',
		{
			label: 'Workforce & Payroll',
			description:
				'Time tracking, certified payroll, staffing and labour management for construction.',
		},
	],
] as const);

export type CategorySlug = typeof CATEGORIES extends Map<infer K, unknown> ? K : never;

/** All category slugs, in display order. */
export const CATEGORY_SLUGS = [...CATEGORIES.keys()] as CategorySlug[];

/** True when `value` is one of the fixed category slugs. */
export function isCategorySlug(value: unknown): value is CategorySlug {
	return typeof value === 'string' && CATEGORIES.has(value as CategorySlug);
}
