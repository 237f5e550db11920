// A real SMTP server on loopback for the mail tests (smtp-server, from nodemailer's authors):
// STARTTLS or implicit TLS on a certificate made at test time, optional login, and per test
// what a mail server may answer (a recipient deferred or refused, a dropped connection). The
// mailer under test trusts the certificate through SMTP_CA_FILE, as production would trust a
// private relay's: certificate checks are never turned off.
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { simpleParser, type ParsedMail } from 'mailparser';
import { generate } from 'selfsigned';
import { SMTPServer, type SMTPServerSession } from 'smtp-server';
import { freePort } from './free-port.ts';
import { tempDir } from '../newsletter/outbox.ts';

export interface ReceivedMessage {
	from: string;
	to: string[];
	/** The message as the server received it (CRLF line ends). */
	raw: string;
	parsed: ParsedMail;
	/** The raw header block, unfolded, by lower-case name. */
	headers: Record<string, string>;
	/** Whether the session was encrypted (STARTTLS or implicit TLS) when the message came. */
	secure: boolean;
	/** The login the session used, if any. */
	user?: string;
	/** The connection it came on (a pool reuses one for many messages). */
	session: string;
}

export interface SmtpBehaviour {
	/** Login required, with these credentials (any other is refused with 535). Unset: no AUTH. */
	auth?: { user: string; pass: string };
	/**
	 * The answer to RCPT TO for an address, on its `tries`-th RCPT (1 for the first):
	 * `{ code: 450, message }` defers it, 5xx refuses it; null accepts it.
	 */
	rcpt?: (address: string, tries: number) => { code: number; message: string } | null;
	/** Once this many messages were accepted, the next MAIL FROM gets its connection dropped (once). */
	dropAfter?: number;
	/** Drops the connection once a whole message came in, before answering it (once). */
	dropBeforeAnswer?: boolean;
}

export interface SmtpServerOptions extends SmtpBehaviour {
	/** Offer STARTTLS on the plain port (default true). */
	starttls?: boolean;
	/** TLS from the first byte (smtps://). */
	secure?: boolean;
	/** The loopback address to listen on (default 127.0.0.1). */
	host?: string;
}

export interface TestSmtpServer {
	host: string;
	port: number;
	/** A PEM file of the server's certificate, for SMTP_CA_FILE. */
	caFile: string;
	/** `smtp://` (or `smtps://`) to this server, with a login if given. */
	url(login?: { user: string; pass: string }): string;
	/** Every message accepted, in order. */
	messages: ReceivedMessage[];
	/** RCPT TO tries per address (accepted or not). */
	rcptTries: Map<string, number>;
	/** Logins refused (535) and MAIL FROMs refused for want of one (530). */
	refused: { auth: number; unauthenticated: number };
	/** Connections dropped by `dropAfter`. */
	dropped: number;
	/** What the server answers from now on; replaces the behaviour given at start. */
	behave(behaviour: SmtpBehaviour): void;
	close(): Promise<void>;
}

let certificate: Promise<{ key: string; cert: string; caFile: string }> | undefined;

/** One self-signed certificate for every loopback name the tests use, made once per process. */
function loopbackCertificate() {
	return (certificate ??= (async () => {
		const pems = await generate([{ name: 'commonName', value: 'localhost' }], {
			keySize: 2048,
			algorithm: 'sha256',
			extensions: [
				{ name: 'basicConstraints', cA: true },
				{
					name: 'subjectAltName',
					altNames: [
						{ type: 2, value: 'localhost' },
						{ type: 7, ip: '127.0.0.1' },
						{ type: 7, ip: '127.0.0.2' },
					],
				},
			],
		});
		const caFile = path.join(await tempDir('contech-smtp-ca-'), 'ca.pem');
		await writeFile(caFile, pems.cert);
		return { key: pems.private, cert: pems.cert, caFile };
	})());
}

function headersOf(raw: string): Record<string, string> {
	const headers: Record<string, string> = {};
	const block = raw.split(/\r?\n\r?\n/)[0].replace(/\r?\n[ \t]+/g, ' ');
	for (const line of block.split(/\r?\n/)) {
		const colon = line.indexOf(':');
		if (colon > 0) headers[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim();
	}
	return headers;
}

const smtpError = (code: number, message: string) =>
	Object.assign(new Error(message), { responseCode: code });

export async function startSmtpServer(options: SmtpServerOptions = {}): Promise<TestSmtpServer> {
	const { key, cert, caFile } = await loopbackCertificate();
	const host = options.host ?? '127.0.0.1';
	const port = await freePort();
	let behaviour: SmtpBehaviour = options;
	const messages: ReceivedMessage[] = [];
	const rcptTries = new Map<string, number>();
	const refused = { auth: 0, unauthenticated: 0 };
	let dropped = 0;
	let dropDone = false;
	const userOf = (session: SMTPServerSession) =>
		typeof session.user === 'string' ? session.user : undefined;

	const drop = (session: SMTPServerSession) => {
		const connections = server.connections as Set<{ id: string; _socket: { destroy(): void } }>;
		for (const connection of connections)
			if (connection.id === session.id) connection._socket.destroy();
	};

	const server: SMTPServer = new SMTPServer({
		secure: Boolean(options.secure),
		key,
		cert,
		// No STARTTLS at all (hiding it from EHLO would still let a client that insists upgrade).
		disabledCommands: options.starttls === false ? ['STARTTLS'] : [],
		// Asked per session, so `behave` can turn the login on and off.
		authOptional: true,
		authMethods: ['PLAIN', 'LOGIN'],
		logger: false,
		disableReverseLookup: true,
		onAuth(auth, _session, callback) {
			const login = behaviour.auth;
			if (login && auth.username === login.user && auth.password === login.pass)
				return callback(null, { user: auth.username });
			refused.auth++;
			callback(smtpError(535, 'Authentication credentials invalid'));
		},
		onMailFrom(_address, session, callback) {
			if (behaviour.auth && !session.user) {
				refused.unauthenticated++;
				return callback(smtpError(530, 'Authentication required'));
			}
			if (
				behaviour.dropAfter !== undefined &&
				!dropDone &&
				messages.length >= behaviour.dropAfter
			) {
				dropDone = true;
				dropped++;
				// No answer: the connection goes away under the client, as a crashing server's would.
				drop(session);
				return;
			}
			callback();
		},
		onRcptTo(address, _session, callback) {
			const to = address.address.toLowerCase();
			const tries = (rcptTries.get(to) ?? 0) + 1;
			rcptTries.set(to, tries);
			const answer = behaviour.rcpt?.(to, tries);
			if (answer) return callback(smtpError(answer.code, answer.message));
			callback();
		},
		onData(stream, session, callback) {
			const chunks: Buffer[] = [];
			stream.on('data', (chunk: Buffer) => chunks.push(chunk));
			stream.on('end', async () => {
				if (behaviour.dropBeforeAnswer && !dropDone) {
					dropDone = true;
					dropped++;
					drop(session);
					return;
				}
				const raw = Buffer.concat(chunks).toString('utf8');
				messages.push({
					from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
					to: session.envelope.rcptTo.map((rcpt) => rcpt.address.toLowerCase()),
					raw,
					parsed: await simpleParser(raw),
					headers: headersOf(raw),
					secure: Boolean(session.secure),
					user: userOf(session),
					session: session.id,
				});
				callback(null);
			});
		},
	});
	server.on('error', () => undefined);
	await new Promise<void>((resolve, reject) => {
		server.once('error', reject);
		server.listen(port, host, () => resolve());
	});

	return {
		host,
		port,
		caFile,
		url(login) {
			const auth = login
				? `${encodeURIComponent(login.user)}:${encodeURIComponent(login.pass)}@`
				: '';
			return `${options.secure ? 'smtps' : 'smtp'}://${auth}${host}:${port}`;
		},
		messages,
		rcptTries,
		refused,
		get dropped() {
			return dropped;
		},
		behave(next) {
			behaviour = next;
			dropDone = false;
		},
		close: () => new Promise<void>((resolve) => server.close(() => resolve())),
	};
}
