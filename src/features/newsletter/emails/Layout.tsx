import { Body } from '@react-email/body';
import { Container } from '@react-email/container';
import { Head } from '@react-email/head';
import { Hr } from '@react-email/hr';
import { Html } from '@react-email/html';
import { Link } from '@react-email/link';
import { Preview } from '@react-email/preview';
import { Text } from '@react-email/text';
import type { ReactNode } from 'react';
import { style } from './theme.ts';

export interface LayoutProps {
	siteName: string;
	siteUrl: string;
	preview: string;
	/** The recipient's personal unsubscribe page. */
	unsubscribeUrl: string;
	/** Why the recipient gets this message, shown above the unsubscribe link. */
	reason: string;
	children: ReactNode;
}

/** The frame of every e-mail to a subscriber: 600 px card, footer with the unsubscribe link. */
export function Layout({
	siteName,
	siteUrl,
	preview,
	unsubscribeUrl,
	reason,
	children,
}: LayoutProps) {
	return (
		<Html lang="en">
			<Head>
				<meta name="color-scheme" content="light dark" />
				<meta name="supported-color-schemes" content="light dark" />
			</Head>
			<Preview>{preview}</Preview>
			<Body style={style.body}>
				<Container style={style.container}>
					<Text style={style.brand}>
						<Link href={siteUrl} style={{ ...style.link, textDecoration: 'none' }}>
							{siteName}
						</Link>
					</Text>
					{children}
					<Hr style={style.rule} />
					<Text style={style.small}>{reason}</Text>
					<Text style={style.small}>
						<Link href={unsubscribeUrl} style={style.link}>
							Unsubscribe
						</Link>{' '}
						with one click, at any time.
					</Text>
				</Container>
			</Body>
		</Html>
	);
}
