import { Column } from '@react-email/column';
import { Heading } from '@react-email/heading';
import { Img } from '@react-email/img';
import { Link } from '@react-email/link';
import { Markdown } from '@react-email/markdown';
import { Row } from '@react-email/row';
import { Section } from '@react-email/section';
import { Text } from '@react-email/text';
import { CATEGORIES, isCategorySlug } from '../../../lib/categories.ts';
import { changeText } from '../../changes/changes.ts';
import type { Issue } from '../issue.ts';
import { Layout } from './Layout.tsx';
import { colour, style } from './theme.ts';
import { plural } from '../../../lib/text.ts';

export interface IssueEmailProps {
	issue: Issue;
	subject: string;
	siteName: string;
	siteUrl: string;
	/** The tool page address (absolute, with the outbound ref) for a tool id. */
	toolHref: (id: number) => string;
	/** The logo image address for a tool's own URL (null: no logo). */
	logoSrc: (url: string) => string | null;
	webUrl: string;
	/** The change log's address (/changes/, absolute). */
	changesUrl: string;
	unsubscribeUrl: string;
}

const categoryLabel = (slug: string) => (isCategorySlug(slug) ? CATEGORIES.get(slug)!.label : slug);

/** One weekly issue: the editor's introduction, the new tools, the new integrations, what changed. */
export function IssueEmail(props: IssueEmailProps) {
	const {
		issue,
		subject,
		siteName,
		siteUrl,
		toolHref,
		logoSrc,
		webUrl,
		changesUrl,
		unsubscribeUrl,
	} = props;
	return (
		<Layout
			siteName={siteName}
			siteUrl={siteUrl}
			preview={subject}
			unsubscribeUrl={unsubscribeUrl}
			reason={`You get this weekly newsletter because you subscribed on ${siteName} and confirmed your address.`}
		>
			<Heading as="h1" style={style.h1}>
				{subject}
			</Heading>
			{issue.intro.trim() && <Intro markdown={issue.intro} />}
			<NewTools tools={issue.tools} toolHref={toolHref} logoSrc={logoSrc} />
			{issue.integrations.length > 0 && (
				<NewIntegrations integrations={issue.integrations} toolHref={toolHref} />
			)}
			{issue.changes.length > 0 && (
				<WhatChanged
					changes={issue.changes}
					changesMore={issue.changesMore}
					toolHref={toolHref}
					changesUrl={changesUrl}
				/>
			)}
			<Text style={style.small}>
				<Link href={webUrl} style={style.link}>
					Read this issue on the web
				</Link>
			</Text>
		</Layout>
	);
}

/** The editor's introduction, written in Markdown. */
function Intro({ markdown }: { markdown: string }) {
	return (
		<Markdown
			markdownContainerStyles={{ color: colour.text, fontSize: '16px', lineHeight: '24px' }}
			markdownCustomStyles={{ link: style.link, p: style.text }}
		>
			{markdown}
		</Markdown>
	);
}

type ToolLinks = Pick<IssueEmailProps, 'toolHref' | 'logoSrc'>;

/** The tools that went live this week, each with its logo and category (or a line saying none did). */
function NewTools({ tools, ...links }: { tools: Issue['tools'] } & ToolLinks) {
	return (
		<>
			<Heading as="h2" style={style.h2}>
				New tools this week
			</Heading>
			{tools.length === 0 && <Text style={style.text}>No new tools went live this week.</Text>}
			{tools.map((tool) => (
				<NewTool key={tool.id} tool={tool} {...links} />
			))}
		</>
	);
}

function NewTool({ tool, toolHref, logoSrc }: { tool: Issue['tools'][number] } & ToolLinks) {
	return (
		<Section style={{ margin: '0 0 16px' }}>
			<Row>
				<Column style={{ width: '48px', verticalAlign: 'top' }}>
					{logoSrc(tool.url) !== null && (
						<Img
							src={logoSrc(tool.url)!}
							width="32"
							height="32"
							alt={`${tool.name} logo`}
							style={{ borderRadius: '4px', backgroundColor: colour.page }}
						/>
					)}
				</Column>
				<Column style={{ verticalAlign: 'top' }}>
					<Text style={{ ...style.text, margin: '0 0 4px', fontWeight: 600 }}>
						<Link href={toolHref(tool.id)} style={style.link}>
							{tool.name}
						</Link>{' '}
						<span style={{ color: colour.muted, fontWeight: 400, fontSize: '13px' }}>
							· {categoryLabel(tool.category)}
						</span>
					</Text>
					{tool.description && <Text style={{ ...style.text, margin: 0 }}>{tool.description}</Text>}
				</Column>
			</Row>
		</Section>
	);
}

/** "A works with B (kind): note", one line per new integration. */
function NewIntegrations({
	integrations,
	toolHref,
}: {
	integrations: Issue['integrations'];
	toolHref: IssueEmailProps['toolHref'];
}) {
	return (
		<>
			<Heading as="h2" style={style.h2}>
				New integrations
			</Heading>
			{integrations.map((link) => (
				<Text key={`${link.a.id}-${link.b.id}`} style={style.text}>
					<Link href={toolHref(link.a.id)} style={style.link}>
						{link.a.name}
					</Link>{' '}
					works with{' '}
					<Link href={toolHref(link.b.id)} style={style.link}>
						{link.b.name}
					</Link>{' '}
					({link.kind}){link.note ? `: ${link.note}` : ''}
				</Text>
			))}
		</>
	);
}

/** The week's changes, how many more the change log holds, and a link to it. */
function WhatChanged({
	changes,
	changesMore,
	toolHref,
	changesUrl,
}: {
	changes: Issue['changes'];
	changesMore: number;
	toolHref: IssueEmailProps['toolHref'];
	changesUrl: string;
}) {
	return (
		<>
			<Heading as="h2" style={style.h2}>
				What changed this week
			</Heading>
			{/* Rows about tools live when the issue was drafted, linked like its new tools. */}
			{changes.map((change) => (
				<Text key={change.id} style={{ ...style.text, margin: '0 0 8px' }}>
					{change.toolId === null ? (
						<strong>{change.toolName}</strong>
					) : (
						<Link href={toolHref(change.toolId)} style={style.link}>
							{change.toolName}
						</Link>
					)}
					: {changeText(change)}
				</Text>
			))}
			<Text style={style.text}>
				{changesMore > 0 && `And ${plural(changesMore, 'more change', 'more changes')}. `}
				<Link href={changesUrl} style={style.link}>
					The full change log
				</Link>
			</Text>
		</>
	);
}
