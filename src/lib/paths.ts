/** Every internal address of the site, built in one place. */
export const paths = {
	home: '/',
	search: (query: string) => (query ? `/?q=${encodeURIComponent(query)}` : '/'),
	/** A tool's page; `'{id}'` gives the pattern an island fills in (it imports no paths). */
	tool: (id: number | '{id}') => `/app/${id}/`,
	/** A tool's correction form (record 0022), with the claim form below it (`#claim`). */
	suggest: (id: number) => `/app/${id}/suggest/`,
	claim: (id: number) => `/app/${id}/suggest/#claim`,
	suggested: '/suggest/thanks/',
	claimSent: '/claim/sent/',
	claimConfirmed: '/claim/confirmed/',
	/** After a claimant confirmed a correction's e-mail (record 0027). */
	suggestionConfirmed: '/suggest/confirmed/',
	submit: '/newapp/',
	submitted: '/newapp/thanks/',
	subscribed: '/newsletter/thanks/',
	newsletter: '/newsletter/',
	newsletterIssue: (number: number) => `/newsletter/${number}/`,
	subscriptionConfirmed: '/newsletter/confirmed/',
	unsubscribed: '/newsletter/unsubscribed/',
	category: (slug: string) => `/category/${slug}/`,
	/** A category's tools that do one thing (`/category/estimating/assemblies/`). */
	categoryCapability: (slug: string, capability: string) =>
		`/category/${slug}/${capability.replaceAll('_', '-')}/`,
	/** The integration map; a tool's own page is `integrations(key)` (key: `integrationKey`). */
	integrationMap: '/integrations/',
	integrations: (key: string) => `/integrations/${key}/`,
	worksWith: (key: string) => `/?works_with=${encodeURIComponent(key)}`,
	/** The home page with filters on (`{ category: 'estimating', platform: 'android' }`). */
	homeFiltered: (filters: Readonly<Record<string, string>>) => `/?${new URLSearchParams(filters)}`,
	/** The stack page, with these tools chosen (ids, in the order chosen). */
	stack: (toolIds: readonly number[] = []) =>
		toolIds.length ? `/stack/?tools=${toolIds.join(',')}` : '/stack/',
	rss: '/rss.xml',
	/** The market map; `landscape(filters)` with the home's filters in the address. */
	landscape: '/landscape/',
	landscapeSvg: '/landscape.svg',
	landscapePng: '/landscape.png',
	categoryLandscapeSvg: (slug: string) => `/category/${slug}/landscape.svg`,
	/** The map for other sites' iframes; one category's with a slug. */
	embedLandscape: (slug?: string) => (slug ? `/embed/landscape/${slug}/` : '/embed/landscape/'),
	stats: '/stats/',
	/** The change log of the published data, and its feed. */
	changes: '/changes/',
	changesFeed: '/changes.xml',
	openData: '/data/',
	/** The compare island; `compareTools(ids)` opens it on those tools. */
	compare: '/compare/',
	compareTools: (ids: readonly number[]) => `/compare/?tools=${ids.join(',')}`,
	/** A tool's logo as the build stored it (src/features/logos/), one file per size. */
	logo: (name: string, size: number) => `/logos/${name}-${size}.webp`,
} as const;

/** The two functions' addresses: the form islands import these alone, not every page's path. */
export const endpoints = {
	subscribe: '/.netlify/functions/subscribe',
	submit: '/.netlify/functions/submit',
} as const;
