// The pages the layout test (layout.browser.test.ts, record 0029) opens: one of each template.
/** A template: where it is, whether it works without JavaScript, and what in it must not overlap. */
export interface Template {
	name: string;
	path: string;
	/** Also loaded with JavaScript off (the page works without it). */
	noScript: boolean;
	/** Each match is one label; no two may overlap. */
	labels?: string;
}

/** Ids are the sample catalogue's (supabase/seed.sql) and the fixtures'; `id(name)` finds one. */
export function templates(id: (name: string) => number): Template[] {
	const vs = '/compare/on-screen-takeoff-vs-stack/';
	return [
		{ name: 'home', path: '/', noScript: true },
		{ name: 'tool', path: `/app/${id('Asta Powerproject')}/`, noScript: true },
		{ name: 'tool with facts', path: `/app/${id('Quarry Takeoff')}/`, noScript: true },
		{ name: 'correction form', path: `/app/${id('Procore')}/suggest/`, noScript: true },
		{ name: 'category', path: '/category/estimating/', noScript: true },
		{ name: 'capability page', path: '/category/estimating/takeoff-2d/', noScript: true },
		{ name: 'filter page', path: '/platform/android/', noScript: true },
		{ name: 'vs', path: vs, noScript: true },
		{ name: 'vs, documented', path: '/compare/quarry-takeoff-vs-wren-estimator/', noScript: true },
		{
			name: 'compare',
			path: `/compare/?tools=${[id('Procore'), id('On-Screen Takeoff'), id('STACK')].join(',')}`,
			noScript: false,
		},
		{
			name: 'compare, four documented',
			path: `/compare/?tools=${['Quarry Takeoff', 'Wren Estimator', 'Kestrel Schedules', 'Heron Crews'].map(id).join(',')}`,
			noScript: false,
		},
		{
			name: 'stack',
			path: `/stack/?tools=${[id('Procore'), id('Sage 300 CRE'), id('Autodesk Build')].join(',')}`,
			noScript: false,
		},
		{
			name: 'landscape',
			path: '/landscape/',
			noScript: true,
			labels: '.landscape__tiles a, .landscape__category > :first-child',
		},
		{ name: 'embed', path: '/embed/landscape/', noScript: true },
		{
			name: 'stats',
			path: '/stats/',
			noScript: true,
			labels: '.bar-chart__label, .bar-chart__value',
		},
		{ name: 'open data', path: '/data/', noScript: true },
		{ name: 'changes', path: '/changes/', noScript: true },
		{
			name: 'integrations hub',
			path: '/integrations/',
			noScript: true,
			labels: '.integration-map__labels text',
		},
		{
			name: 'integration page',
			path: `/integrations/${id('Procore')}/`,
			noScript: true,
			labels: '.integration-map__labels text',
		},
		{ name: 'newsletter', path: '/newsletter/', noScript: true },
		{ name: 'newsletter issue', path: '/newsletter/1/', noScript: true },
		{ name: 'subscribed', path: '/newsletter/thanks/', noScript: true },
		{ name: 'subscription confirmed', path: '/newsletter/confirmed/', noScript: true },
		{ name: 'unsubscribed', path: '/newsletter/unsubscribed/', noScript: true },
		{ name: 'newapp', path: '/newapp/', noScript: true },
		{ name: 'submitted', path: '/newapp/thanks/', noScript: true },
		{ name: 'suggested', path: '/suggest/thanks/', noScript: true },
		{ name: 'claim sent', path: '/claim/sent/', noScript: true },
		{ name: 'claim confirmed', path: '/claim/confirmed/', noScript: true },
		{ name: 'not found', path: '/no-such-page/', noScript: true },
	];
}
