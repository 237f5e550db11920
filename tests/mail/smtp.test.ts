// The shared mailer against a real SMTP server on loopback: how SMTP_URL is spoken (STARTTLS,
// implicit TLS, a login in the URL, a certificate checked against SMTP_CA_FILE) and what each
// answer of a mail server becomes (MailError's kinds, which the newsletter send acts on).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, parseConfig } from '../../src/lib/config.server.ts';
import {
	createMailer,
	MailError,
	type Mailer,
	smtpTransportOptions,
} from '../../src/lib/mail.server.ts';
import { startSmtpServer, type TestSmtpServer } from '../helpers/smtp-server.ts';

const login = { user: 'mailer@contech.example', pass: 'p@ss word/with:specials' };
const message = { to: 'reader@example.com', subject: 'Hello', text: 'Hi there' };

function mailerFor(env: Record<string, string>): Mailer {
	const { mail } = parseConfig(env, 'functions');
	return createMailer(mail, { timeoutMs: 5_000 });
}

async function failureOf(send: Promise<unknown>): Promise<MailError> {
	const error = await send.then(
		() => null,
		(e: unknown) => e,
	);
	expect(error).toBeInstanceOf(MailError);
	return error as MailError;
}

describe('SMTP_URL smtp:// with STARTTLS and a login', () => {
	let server: TestSmtpServer;
	const mailers: Mailer[] = [];
	const mailer = (env: Record<string, string>) => {
		const made = mailerFor(env);
		mailers.push(made);
		return made;
	};
	beforeAll(async () => {
		server = await startSmtpServer({ auth: login });
	});
	afterAll(async () => {
		for (const made of mailers) made.close?.();
		await server?.close();
	});

	it('upgrades with STARTTLS, checks the certificate against SMTP_CA_FILE and logs in', async () => {
		const send = mailer({ SMTP_URL: server.url(login), SMTP_CA_FILE: server.caFile });
		await send(message);
		const [received] = server.messages;
		expect(received).toMatchObject({ to: ['reader@example.com'], secure: true, user: login.user });
		expect(received.parsed.text?.trim()).toBe('Hi there');
		expect(received.headers.subject).toBe('Hello');
	});

	it('refuses a certificate nobody vouches for (no SMTP_CA_FILE): nothing is sent', async () => {
		const before = server.messages.length;
		const error = await failureOf(mailer({ SMTP_URL: server.url(login) })(message));
		expect(error.kind).toBe('setup');
		expect(error.message).toMatch(/certificate/i);
		expect(server.messages).toHaveLength(before);
	});

	it('a server that requires a login refuses a URL without one (530)', async () => {
		const send = mailer({ SMTP_URL: server.url(), SMTP_CA_FILE: server.caFile });
		const error = await failureOf(send(message));
		expect(error).toMatchObject({ kind: 'setup', responseCode: 530 });
		expect(server.refused.unauthenticated).toBeGreaterThan(0);
	});

	it('a wrong password is refused (535), and verify() says so before anything is sent', async () => {
		const send = mailer({
			SMTP_URL: server.url({ user: login.user, pass: 'wrong' }),
			SMTP_CA_FILE: server.caFile,
		});
		const error = await failureOf(send.verify!());
		expect(error).toMatchObject({ kind: 'setup', responseCode: 535 });
		expect((await failureOf(send(message))).kind).toBe('setup');
		expect(server.refused.auth).toBeGreaterThanOrEqual(2);
	});

	it('sorts recipients the server defers (4xx) from ones it refuses for good (5xx)', async () => {
		server.behave({
			auth: login,
			rcpt: (address) =>
				address.startsWith('busy')
					? { code: 451, message: '4.7.1 Greylisted, try again later' }
					: address.startsWith('gone')
						? { code: 550, message: '5.1.1 No such mailbox' }
						: null,
		});
		const send = mailer({ SMTP_URL: server.url(login), SMTP_CA_FILE: server.caFile });
		const busy = await failureOf(send({ ...message, to: 'busy@example.com' }));
		expect(busy).toMatchObject({ kind: 'deferred', responseCode: 451 });
		const gone = await failureOf(send({ ...message, to: 'gone@example.com' }));
		expect(gone).toMatchObject({ kind: 'bounced', responseCode: 550 });
		expect(gone.message).toContain('No such mailbox');
		await send(message);
		server.behave({ auth: login });
	});

	it('a connection dropped before the message was handed over is a lost connection, not a bounce', async () => {
		server.behave({ auth: login, dropAfter: 0 });
		const send = mailer({ SMTP_URL: server.url(login), SMTP_CA_FILE: server.caFile });
		const error = await failureOf(send(message));
		expect(error.kind).toBe('connection');
		expect(server.dropped).toBe(1);
		server.behave({ auth: login });
	});

	it('a connection dropped after the whole message went, before the answer, may have delivered it', async () => {
		server.behave({ auth: login, dropBeforeAnswer: true });
		const send = mailer({ SMTP_URL: server.url(login), SMTP_CA_FILE: server.caFile });
		const error = await failureOf(send(message));
		expect(error.kind).toBe('unknown');
		expect(server.dropped).toBe(2);
		server.behave({ auth: login });
	});
});

describe('SMTP_URL smtps:// (TLS from the first byte)', () => {
	let server: TestSmtpServer;
	beforeAll(async () => {
		server = await startSmtpServer({ secure: true });
	});
	afterAll(() => server?.close());

	it('sends over TLS with the certificate checked', async () => {
		const send = mailerFor({ SMTP_URL: server.url(), SMTP_CA_FILE: server.caFile });
		await send(message);
		expect(server.messages[0]).toMatchObject({ secure: true, to: ['reader@example.com'] });
	});
});

describe('smtp:// off loopback', () => {
	let server: TestSmtpServer;
	beforeAll(async () => {
		// 127.0.0.2 is loopback to the kernel, not to the mailer's rule (localhost, 127.0.0.1, ::1).
		server = await startSmtpServer({ host: '127.0.0.2', starttls: false });
	});
	afterAll(() => server?.close());

	it('never sends in clear: a server that offers no STARTTLS is refused', async () => {
		const send = mailerFor({ SMTP_URL: server.url(), SMTP_CA_FILE: server.caFile });
		const error = await failureOf(send(message));
		expect(error.kind).toBe('setup');
		expect(error.message).toMatch(/STARTTLS/);
		expect(server.messages).toHaveLength(0);
	});

	it('asks nodemailer for STARTTLS off loopback only, and never turns certificate checks off', () => {
		const options = (url: string) =>
			smtpTransportOptions(
				{ smtpUrl: url, from: 'x@example.com', outboxDir: '.' },
				{ timeoutMs: 1000 },
			) as { requireTLS?: boolean; tls?: { rejectUnauthorized?: boolean } };
		expect(options('smtp://smtp.example.com:587').requireTLS).toBe(true);
		expect(options('smtp://127.0.0.1:1025').requireTLS).toBeUndefined();
		expect(options('smtps://smtp.example.com').requireTLS).toBeUndefined();
		expect(options('smtp://smtp.example.com:587').tls?.rejectUnauthorized).toBeUndefined();
	});
});

describe('SMTP_URL in the configuration', () => {
	it('refuses query options that would turn TLS or certificate checks off, without repeating the URL', () => {
		for (const query of ['ignoreTLS=true', 'requireTLS=false', 'tls.rejectUnauthorized=false'])
			expect(() =>
				parseConfig({ SMTP_URL: `smtp://user:hunter2@smtp.example.com:587?${query}` }, 'functions'),
			).toThrow(/SMTP_URL must not turn TLS or certificate checks off(?![^]*hunter2)/);
		expect(
			parseConfig({ SMTP_URL: 'smtp://user:pass@smtp.example.com:587' }, 'functions').mail.smtpUrl,
		).toBe('smtp://user:pass@smtp.example.com:587');
	});
});

describe('SMTP_CA_FILE', () => {
	it('must be a readable PEM file holding a certificate', () => {
		expect(() => parseConfig({ SMTP_CA_FILE: '/nowhere/ca.pem' }, 'functions')).toThrow(
			ConfigError,
		);
		expect(() => parseConfig({ SMTP_CA_FILE: 'package.json' }, 'functions')).toThrow(
			/SMTP_CA_FILE must be the path of a readable PEM file/,
		);
	});
});
