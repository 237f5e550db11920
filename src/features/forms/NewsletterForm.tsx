import { useState } from 'react';
import { endpoints } from '../../lib/paths.ts';
import Honeypot from './Honeypot.tsx';
import { SUBSCRIBED, SUBSCRIBED_DETAIL } from './messages.ts';
import { useFormSubmit } from './useFormSubmit.ts';
import './forms.css';

/** The newsletter sign-up in the home banner; a plain form post without JavaScript. */
export default function NewsletterForm() {
	const [email, setEmail] = useState('');
	const [error, setError] = useState('');
	const { busy, onSubmit, onFocus } = useFormSubmit(endpoints.subscribe, (result, form, toast) => {
		if (result.ok) {
			setEmail('');
			setError('');
			toast.success(`${SUBSCRIBED} ${SUBSCRIBED_DETAIL}`);
			return;
		}
		setError(result.fields?.email ?? '');
		toast.error(result.message);
		form.querySelector<HTMLInputElement>('input[name=email]')?.focus();
	});

	return (
		<form
			className="newsletter"
			method="post"
			action={endpoints.subscribe}
			onSubmit={onSubmit}
			onFocus={onFocus}
		>
			<label htmlFor="newsletter-email" className="newsletter__label">
				Your work e-mail
			</label>
			<div className="newsletter__row">
				<input
					id="newsletter-email"
					className="form-input"
					type="email"
					name="email"
					required
					maxLength={254}
					autoComplete="email"
					placeholder="name@company.com"
					value={email}
					onChange={(event) => setEmail(event.target.value)}
					aria-invalid={error ? true : undefined}
					aria-describedby={error ? 'newsletter-email-error' : undefined}
				/>
				<button type="submit" className="button button--primary" disabled={busy} aria-busy={busy}>
					{busy ? 'Subscribing…' : 'Subscribe'}
				</button>
			</div>
			{error && (
				<p id="newsletter-email-error" className="form-error">
					{error}
				</p>
			)}
			<Honeypot />
		</form>
	);
}
