// The submit function against someone trying (record 0027): control characters (ESC, BEL, C1,
// a newline where the form has one line) are refused in every field, a newline is kept only
// where the form is multi-line; `tool_id` is a whole number, nothing a coercion reads as one.
// Every refusal is a clear 422 that stores nothing.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createSubmitHandler } from '../../src/features/corrections/submit-handler.server.ts';
import { startTestDb, type TestDb } from '../helpers/test-db.ts';
import { nextIp, postForm, postJson, testDeps } from './harness.ts';

const PATH = '/.netlify/functions/submit';
let db: TestDb;
let toolId: number;
let handle: ReturnType<typeof createSubmitHandler>;

const correction = (fields: Record<string, unknown>) =>
	handle(
		postJson(PATH, {
			kind: 'correction',
			tool_id: toolId,
			what: 'sso',
			value_sso: 'yes',
			source_url: 'https://hardening.example.com/security',
			...fields,
		}),
		{ ip: nextIp() },
	);
const stored = async () =>
	(await db.sql`select count(*)::int as n from tool_suggestions`)[0].n as number;

beforeAll(async () => {
	db = await startTestDb({ seed: false });
	const [tool] = await db.sql`insert into construction_apps (name, description, url, category)
		values ('Hardening', 'A tool', 'https://hardening.example.com', 'field-management') returning id`;
	toolId = Number(tool.id);
	handle = createSubmitHandler(testDeps(db.sql));
});
afterAll(() => db?.stop());
beforeEach(async () => {
	await db.sql`delete from tool_suggestions`;
	await db.sql`delete from new_app_submissions`;
});

describe('control characters', () => {
	it.each([
		['ESC (clear the screen) in the quote', { quote: 'SSO.\u001b[2J' }, 'quote'],
		['BEL (set the title) in the quote', { quote: 'SSO.\u001b]0;owned\u0007' }, 'quote'],
		['OSC 52 (the clipboard) in the detail', { what: 'free_trial', value_free_trial: 'yes', detail: 'x\u001b]52;c;ZXZpbA==\u0007' }, 'detail'], // prettier-ignore
		['a C1 CSI in the quote', { quote: 'SSO \u009b8m hidden' }, 'quote'],
		['a tab in the quote', { quote: 'SSO\tyes' }, 'quote'],
		['a newline in a one-line field (via)', { what: 'integration', partner: 'Other', via: 'built_in\nsource https://evil.example/' }, 'via'], // prettier-ignore
		['a newline in the vendor', { what: 'vendor', value_vendor: 'Acme\nsource https://evil.example/' }, 'value_vendor'], // prettier-ignore
		['ESC in the e-mail', { email: 'a\u001b[8m@example.com' }, 'email'],
	])('refuses %s with a 422 naming the field, and stores nothing', async (_, fields, field) => {
		const response = await correction(fields);
		expect(response.status).toBe(422);
		const { error } = await response.json();
		expect(error.code).toBe('invalid_field');
		// The field's own rule speaks when it has one (the e-mail's, the list's); else this one.
		expect(error.fields[field]).toMatch(/control characters|valid e-mail|from the list/);
		expect(await stored()).toBe(0);
	});

	it('refuses them in a new tool’s fields too, and in a plain form post', async () => {
		const json = await handle(
			postJson(PATH, { name: 'Tool\u001b]0;x\u0007', url: 'https://tool.example.com' }),
			{ ip: nextIp() },
		);
		expect(json.status).toBe(422);
		const form = await handle(
			postForm(PATH, {
				kind: 'correction',
				tool_id: String(toolId),
				what: 'description',
				new_description: 'Fine\u0007',
				source_url: 'https://hardening.example.com/about',
			}),
			{ ip: nextIp() },
		);
		expect(form.status).toBe(422);
		expect(await form.text()).toContain('control characters');
		expect(await stored()).toBe(0);
	});

	it('keeps a newline where the form is multi-line (the quote, the description)', async () => {
		expect((await correction({ quote: 'Single sign-on\r\nwith SAML.' })).status).toBe(200);
		const description = await correction({
			what: 'description',
			new_description: 'Field app.\nFor crews.',
		});
		expect(description.status).toBe(200);
		expect(await stored()).toBe(2);
	});
});

describe('sources on this machine or its network', () => {
	it.each([
		'http://localhost.localdomain/trust',
		'https://10.0.0.1.nip.io/trust',
		'https://app-192-168-1-2.sslip.io/',
		'http://metadata.google.internal/computeMetadata/v1/',
		'https://printer.local/',
	])('refuses %s by its name, without a DNS lookup, and stores nothing', async (source) => {
		const response = await correction({ source_url: source });
		expect(response.status).toBe(422);
		expect((await response.json()).error.fields.source_url).toMatch(/public website/);
		expect(await stored()).toBe(0);
	});
});

describe('tool_id', () => {
	// Each of these a coercion reads as the tool's own id (true as 1: the tool is the first row).
	it.each([
		['true', () => true],
		['[id]', () => [toolId]],
		['"0x…" (hex)', () => `0x${toolId.toString(16)}`],
		['"…e0"', () => `${toolId}e0`],
		['"….0"', () => `${toolId}.0`],
		['" …" with a plus sign', () => `+${toolId}`],
		['1.5', () => 1.5],
		['-1', () => -1],
		['null', () => null],
	])('refuses %s with a 422 and stores nothing', async (_, value) => {
		expect(toolId).toBe(1);
		const response = await correction({ tool_id: value() });
		expect(response.status).toBe(422);
		expect((await response.json()).error.fields).toHaveProperty('tool_id');
		expect(await stored()).toBe(0);
	});

	it('takes a whole number as a JSON number or as the form’s digits', async () => {
		expect((await correction({ tool_id: toolId })).status).toBe(200);
		expect((await correction({ tool_id: String(toolId), quote: 'Other.' })).status).toBe(200);
		const [row] = await db.sql`select tool_id from tool_suggestions limit 1`;
		expect(Number(row.tool_id)).toBe(toolId);
	});
});
