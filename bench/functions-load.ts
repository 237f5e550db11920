// Child process of the benchmark: calls the subscribe and submit functions' default handlers
// directly (Request in, Response out) under a bounded concurrent load, and prints JSON results.
// Run with cwd = the site, EMBEDDED_DB_DIR/PORT = the benchmark database.
import path from 'node:path';
import { pathToFileURL } from 'node:url';

type Handler = (request: Request, context: unknown) => Promise<Response>;

export interface LoadResult {
	name: string;
	requests: number;
	concurrency: number;
	latenciesMs: number[];
	wallMs: number;
	errors: string[];
}

const [requests, concurrency, maxSeconds, runId] = process.argv.slice(2).map(Number);

/** The function's body for request `i`: unique, so each accepted request must add exactly one row. */
function bodyFor(name: string, i: number): Record<string, string> {
	return name === 'subscribe'
		? { email: `bench-${runId}-${i}@example.com` }
		: { name: `Bench Tool ${runId}-${i}`, url: `https://bench-${runId}-${i}.example.com/` };
}

// Every request from a different visitor address (198.18.0.0/15 is reserved for benchmarks),
// so the per-IP rate limit is exercised but never reached.
const visitorIp = (i: number) => `198.18.${(i >> 8) & 255}.${i & 255}`;

async function load(name: string): Promise<LoadResult> {
	const file = pathToFileURL(path.resolve(`netlify/functions/${name}.mts`)).href;
	const handler = (await import(file)).default as Handler;
	const latenciesMs: number[] = [];
	const errors: string[] = [];
	const deadline = Date.now() + maxSeconds * 1000;
	let next = 0;
	const call = async (i: number) => {
		const request = new Request(`http://127.0.0.1/.netlify/functions/${name}`, {
			method: 'POST',
			headers: { 'content-type': 'application/json' },
			body: JSON.stringify(bodyFor(name, i)),
		});
		const started = performance.now();
		try {
			const response = await handler(request, { ip: visitorIp(i) });
			const text = await response.text();
			if (response.status !== 200) errors.push(`${response.status} ${text.slice(0, 200)}`);
		} catch (error) {
			errors.push(String(error));
		}
		return performance.now() - started;
	};
	// Warm-up (connection opening, module compilation) is not measured but its rows count.
	for (let i = 0; i < 5; i++) await call(requests + i);
	const started = performance.now();
	const worker = async () => {
		while (next < requests && Date.now() < deadline) latenciesMs.push(await call(next++));
	};
	await Promise.all(Array.from({ length: concurrency }, worker));
	return {
		name,
		requests: latenciesMs.length,
		concurrency,
		latenciesMs,
		wallMs: performance.now() - started,
		errors,
	};
}

const results = [await load('subscribe'), await load('submit')];
process.stdout.write(`BENCH_RESULT ${JSON.stringify(results)}\n`);
// The functions keep a connection pool open; the results are out, so leave now.
process.exit(0);
