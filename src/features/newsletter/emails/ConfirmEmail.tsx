import { Button } from '@react-email/button';
import { Heading } from '@react-email/heading';
import { Link } from '@react-email/link';
import { Section } from '@react-email/section';
import { Text } from '@react-email/text';
import { Layout } from './Layout.tsx';
import { style } from './theme.ts';

export interface ConfirmEmailProps {
	siteName: string;
	siteUrl: string;
	confirmUrl: string;
	unsubscribeUrl: string;
}

/** The double opt-in message: one button that leads to the confirmation page. */
export function ConfirmEmail({ siteName, siteUrl, confirmUrl, unsubscribeUrl }: ConfirmEmailProps) {
	return (
		<Layout
			siteName={siteName}
			siteUrl={siteUrl}
			preview={`Confirm your subscription to the ${siteName} weekly newsletter`}
			unsubscribeUrl={unsubscribeUrl}
			reason={`Someone, probably you, entered this address on ${siteName}. If it was not you, ignore this message: without a confirmation you will get nothing more.`}
		>
			<Heading as="h1" style={style.h1}>
				Confirm your subscription
			</Heading>
			<Text style={style.text}>
				Please confirm that you want the free weekly newsletter: new construction-tech tools, market
				moves and integration ideas. The link works for 48 hours.
			</Text>
			<Section style={{ margin: '24px 0' }}>
				<Button href={confirmUrl} style={style.button}>
					Confirm my subscription
				</Button>
			</Section>
			<Text style={style.small}>
				Or open this address:{' '}
				<Link href={confirmUrl} style={style.link}>
					{confirmUrl}
				</Link>
			</Text>
		</Layout>
	);
}
