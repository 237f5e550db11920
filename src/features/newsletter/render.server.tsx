import { render } from '@react-email/render';
import type { Mail } from '../../lib/mail.server.ts';
import { withRef } from '../../lib/outbound.ts';
import { paths } from '../../lib/paths.ts';
import { logoUrlFor } from '../../lib/tool-url.ts';
import { IssueEmail } from './emails/IssueEmail.tsx';
import { type Issue, issueSubject } from './issue.ts';
import { type SiteInfo, unsubscribeHeaders } from './site-info.ts';

// Rendered once per issue with this stand-in, then swapped for each subscriber's own link:
// rendering React for each of 10,000 messages would cost more than sending them.
const PLACEHOLDER = 'https://unsubscribe.invalid/personal-link';

export interface RenderedIssue {
	subject: string;
	html: string;
	text: string;
}

/** The issue's HTML and text, with a stand-in for the personal unsubscribe link. */
export async function renderIssue(issue: Issue, site: SiteInfo): Promise<RenderedIssue> {
	const subject = issueSubject(issue, site.siteName);
	const absolute = (path: string) => withRef(new URL(path, site.siteUrl).href, site.ref);
	const email = (
		<IssueEmail
			issue={issue}
			subject={subject}
			siteName={site.siteName}
			siteUrl={absolute(paths.home)}
			toolHref={(id) => absolute(paths.tool(id))}
			logoSrc={(url) =>
				site.logoTemplate === null ? null : logoUrlFor(new URL(url), site.logoTemplate)
			}
			webUrl={absolute(paths.newsletterIssue(issue.number))}
			changesUrl={absolute(paths.changes)}
			unsubscribeUrl={PLACEHOLDER}
		/>
	);
	return {
		subject,
		html: await render(email),
		text: await render(email, { plainText: true }),
	};
}

const escapeAttribute = (text: string) => text.replaceAll('&', '&amp;').replaceAll('"', '&quot;');

/** One subscriber's message of a rendered issue. */
export function personalIssueMail(
	rendered: RenderedIssue,
	to: string,
	unsubscribeUrl: string,
): Mail {
	return {
		to,
		subject: rendered.subject,
		html: rendered.html.replaceAll(PLACEHOLDER, escapeAttribute(unsubscribeUrl)),
		text: rendered.text.replaceAll(PLACEHOLDER, unsubscribeUrl),
		headers: unsubscribeHeaders(unsubscribeUrl),
	};
}
