/** schema.org JSON-LD for the page templates, built from plain values so tests can call it. */
type JsonLd = Record<string, unknown>;

const CONTEXT = 'https://schema.org';

/** The site itself, with a sitelinks search box that opens the home page's name search. */
export function websiteJsonLd(site: URL, name: string, description: string): JsonLd {
	return {
		'@context': CONTEXT,
		'@type': 'WebSite',
		name,
		description,
		url: new URL('/', site).href,
		potentialAction: {
			'@type': 'SearchAction',
			target: {
				'@type': 'EntryPoint',
				// The braces stay literal: URL leaves { and } unescaped in a query.
				urlTemplate: new URL('/?q={search_term_string}', site).href,
			},
			'query-input': 'required name=search_term_string',
		},
	};
}

/** A list of tool pages in the order shown (summary-page style: position and address only). */
export function itemListJsonLd(name: string, pageUrls: URL[]): JsonLd {
	return {
		'@context': CONTEXT,
		'@type': 'ItemList',
		name,
		numberOfItems: pageUrls.length,
		itemListElement: pageUrls.map((url, index) => ({
			'@type': 'ListItem',
			position: index + 1,
			url: url.href,
		})),
	};
}

/** A price the vendor itself publishes (never a third party's estimate). */
export interface PublishedPrice {
	amount: string;
	currency: string;
	/** "USD 39 per user a month", as the page shows it. */
	description: string;
}

/**
 * One tool: the software at its own address, described by our page. `operatingSystem` and
 * `offers` only from facts read on the vendor's pages; a sub-category per job it does.
 */
export function softwareApplicationJsonLd(tool: {
	name: string;
	description: string;
	url: string;
	categoryLabel: string;
	pageUrl: URL;
	alsoDoes?: string[];
	operatingSystems?: string[];
	price?: PublishedPrice | null;
}): JsonLd {
	const subCategories = [tool.categoryLabel, ...(tool.alsoDoes ?? [])];
	return {
		'@context': CONTEXT,
		'@type': 'SoftwareApplication',
		name: tool.name,
		description: tool.description,
		url: tool.url,
		// Google's app-type vocabulary; our finer category goes in the sub-category.
		applicationCategory: 'BusinessApplication',
		applicationSubCategory: subCategories.length > 1 ? subCategories : tool.categoryLabel,
		...(tool.operatingSystems?.length && { operatingSystem: tool.operatingSystems.join(', ') }),
		...(tool.price && {
			offers: {
				'@type': 'Offer',
				price: tool.price.amount,
				priceCurrency: tool.price.currency,
				description: tool.price.description,
				url: tool.url,
			},
		}),
		mainEntityOfPage: tool.pageUrl.href,
	};
}

/** JSON for a `<script type="application/ld+json">`: `<` escaped so text can never close the tag. */
export function serializeJsonLd(data: JsonLd | JsonLd[]): string {
	return JSON.stringify(data).replace(/</g, '\\u003c');
}
