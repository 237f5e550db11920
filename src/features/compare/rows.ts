/**
 * The fact rows of a comparison in buyer order (who it is for, pricing, platforms and offline,
 * security, the company), grouped by section: the layout both the compare island and the
 * "A vs B" pages give the comparison model (model.ts).
 */
import type { FactKey } from '../facts/vocabulary.ts';

export interface CompareSection {
	heading: string;
	facts: FactKey[];
}

export const COMPARE_SECTIONS: CompareSection[] = [
	{ heading: 'Who it is for', facts: ['audience', 'company_size', 'also_does'] },
	{
		heading: 'Pricing',
		facts: ['pricing_model', 'starting_price', 'free_version', 'free_trial'],
	},
	{ heading: 'Platforms and offline use', facts: ['platforms', 'offline'] },
	{ heading: 'Security and integration', facts: ['open_api', 'soc2', 'sso'] },
	{ heading: 'The company', facts: ['vendor', 'hq_country', 'founded'] },
];
