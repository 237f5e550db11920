// The requests the parity test sends to both servers, and the headers it compares.

export interface ParityRequest {
	name: string;
	path: string;
	method?: string;
	headers?: Record<string, string>;
	/** A body, or one made unique per server so both can store their own row. */
	body?: string | ((run: string) => string);
	/** The status both must answer, where the site's behaviour fixes it. */
	expect?: number;
}

export const SECURITY_HEADERS = [
	'content-security-policy',
	'strict-transport-security',
	'x-content-type-options',
	'x-frame-options',
	'referrer-policy',
	'permissions-policy',
	'cross-origin-opener-policy',
];

const json = { 'content-type': 'application/json' };
const stamp = Date.now().toString(36);

const functionRequests = (name: string, validBody: (id: string) => object): ParityRequest[] => [
	{ name: `${name}: GET is refused`, path: `/.netlify/functions/${name}`, expect: 405 },
	{
		name: `${name}: broken JSON`,
		path: `/.netlify/functions/${name}`,
		method: 'POST',
		headers: json,
		body: '{"email": ',
		expect: 400,
	},
	{
		// 403 once the functions refuse cross-site posts; both servers must answer the same.
		name: `${name}: a post from another site`,
		path: `/.netlify/functions/${name}`,
		method: 'POST',
		headers: { ...json, origin: 'https://attacker.example', 'sec-fetch-site': 'cross-site' },
		body: (run) => JSON.stringify(validBody(`cross-${run}`)),
	},
	{
		name: `${name}: a valid post`,
		path: `/.netlify/functions/${name}`,
		method: 'POST',
		headers: json,
		body: (run) => JSON.stringify(validBody(run)),
		expect: 200,
	},
];

export const PARITY_REQUESTS: ParityRequest[] = [
	{ name: 'the home page', path: '/', expect: 200 },
	{ name: 'a missing page', path: '/no-such-page/', expect: 404 },
	{ name: 'a built asset', path: '/favicon.svg', expect: 200 },
	// The one page other sites may frame: netlify.toml's later rule for /embed/* (record 0023).
	{ name: 'the embeddable market map', path: '/embed/landscape/', expect: 200 },
	{ name: 'the market map itself', path: '/landscape/', expect: 200 },
	...functionRequests('subscribe', (id) => ({ email: `parity-${stamp}-${id}@example.com` })),
	...functionRequests('submit', (id) => ({
		name: `Parity Tool ${stamp} ${id}`,
		url: `https://parity-${stamp}-${id}.example.com/`,
	})),
];
