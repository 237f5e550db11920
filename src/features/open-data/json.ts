/**
 * /data/tools.json and its JSON Schema (/data/tools.schema.json): the same published data as
 * the CSV files, nested. Field names follow the CSV columns.
 */
import { SITE_NAME } from '../../lib/site.ts';
import { CATEGORY_SLUGS } from '../../lib/categories.ts';
import { FACT_KEYS } from '../facts/vocabulary.ts';
import { MOVE_KEYS, STATUS_KEYS, VIA_KEYS } from '../integrations/details.ts';
import { type OpenDataInput, pageUrl } from './files.ts';
import { DATA_LICENCE } from './licence.ts';

export const OPEN_DATA_PATHS = {
	page: '/data/',
	toolsJson: '/data/tools.json',
	schema: '/data/tools.schema.json',
	toolsCsv: '/data/tools.csv',
	factsCsv: '/data/facts.csv',
	integrationsCsv: '/data/integrations.csv',
} as const;

const DIRECTIONS = { low_to_high: 'a_to_b', high_to_low: 'b_to_a', both: 'both' } as const;

export function toolsJson(input: OpenDataInput, generated: Date) {
	return {
		$schema: new URL(OPEN_DATA_PATHS.schema, input.site).href,
		licence: { ...DATA_LICENCE, attribution: `${SITE_NAME}, ${input.site.href}` },
		generated: generated.toISOString(),
		tools: input.tools.map((tool) => {
			const facts = input.facts.get(tool.id) ?? {};
			return {
				id: tool.id,
				name: tool.name,
				description: tool.description || null,
				url: tool.url,
				category: tool.category,
				also_does: facts.also_does?.value ?? [],
				published_at: tool.publishedAt?.toISOString() ?? null,
				page: pageUrl(input.site, tool.id),
				facts: Object.fromEntries(
					FACT_KEYS.filter((key) => facts[key]).map((key) => {
						const fact = facts[key]!;
						return [
							key,
							{
								value: fact.value,
								detail: fact.detail,
								sources: fact.sources.map((source) => ({
									url: source.url,
									value: source.value,
									quote: source.quote,
									checked_on: source.verifiedOn,
									origin: source.origin,
								})),
							},
						];
					}),
				),
			};
		}),
		integrations: input.integrations.map((pair) => ({
			tool_a_id: pair.lowId,
			tool_b_id: pair.highId,
			direction: pair.direction ? DIRECTIONS[pair.direction] : null,
			moves: pair.moves,
			via: pair.via,
			via_service: pair.viaService,
			status: pair.status,
			source: pair.sourceUrl,
			checked_on: pair.verifiedOn,
		})),
	};
}

const nullable = (schema: Record<string, unknown>) => ({ anyOf: [schema, { type: 'null' }] });
const date = { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}$' };
const uri = { type: 'string', format: 'uri' };

/** The JSON Schema (2020-12) of tools.json. */
export function toolsSchema(site: URL) {
	return {
		$schema: 'https://json-schema.org/draft/2020-12/schema',
		$id: new URL(OPEN_DATA_PATHS.schema, site).href,
		title: `${SITE_NAME}: construction software tools`,
		description: `Every live tool of ${SITE_NAME}, its documented facts with their sources, and the documented connections between tools. Licence: ${DATA_LICENCE.name} (${DATA_LICENCE.url}).`,
		type: 'object',
		required: ['licence', 'generated', 'tools', 'integrations'],
		properties: {
			$schema: uri,
			licence: {
				type: 'object',
				required: ['name', 'url', 'attribution'],
				properties: {
					name: { type: 'string' },
					title: { type: 'string' },
					url: uri,
					attribution: { type: 'string' },
				},
			},
			generated: { type: 'string', format: 'date-time' },
			tools: {
				type: 'array',
				items: {
					type: 'object',
					additionalProperties: false,
					required: [
						'id',
						'name',
						'description',
						'url',
						'category',
						'also_does',
						'published_at',
						'page',
						'facts',
					],
					properties: {
						id: { type: 'integer', minimum: 1 },
						name: { type: 'string', minLength: 1 },
						description: nullable({ type: 'string' }),
						url: uri,
						category: { enum: CATEGORY_SLUGS },
						also_does: { type: 'array', items: { enum: CATEGORY_SLUGS } },
						published_at: nullable({ type: 'string', format: 'date-time' }),
						page: uri,
						facts: {
							type: 'object',
							description:
								'Only the facts a vendor page documents; a fact not here is not documented yet (not "no").',
							propertyNames: { enum: FACT_KEYS },
							additionalProperties: {
								type: 'object',
								additionalProperties: false,
								required: ['value', 'detail', 'sources'],
								properties: {
									value: { type: 'array', items: { type: 'string' }, minItems: 1 },
									detail: nullable({ type: 'string' }),
									sources: {
										type: 'array',
										minItems: 1,
										items: {
											type: 'object',
											additionalProperties: false,
											required: ['url', 'value', 'quote', 'checked_on', 'origin'],
											properties: {
												url: uri,
												value: { type: 'array', items: { type: 'string' } },
												quote: nullable({ type: 'string' }),
												checked_on: date,
												origin: { enum: ['read', 'vendor'] },
											},
										},
									},
								},
							},
						},
					},
				},
			},
			integrations: {
				type: 'array',
				items: {
					type: 'object',
					additionalProperties: false,
					required: [
						'tool_a_id',
						'tool_b_id',
						'direction',
						'moves',
						'via',
						'via_service',
						'status',
						'source',
						'checked_on',
					],
					properties: {
						tool_a_id: { type: 'integer' },
						tool_b_id: { type: 'integer' },
						direction: nullable({ enum: ['a_to_b', 'b_to_a', 'both'] }),
						moves: nullable({ type: 'array', items: { enum: MOVE_KEYS } }),
						via: nullable({ enum: VIA_KEYS }),
						via_service: nullable({ type: 'string' }),
						status: nullable({ enum: STATUS_KEYS }),
						source: uri,
						checked_on: date,
					},
				},
			},
		},
	};
}
