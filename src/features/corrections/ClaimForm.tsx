import { useState } from 'react';
import { endpoints } from '../../lib/paths.ts';
import Honeypot from '../forms/Honeypot.tsx';
import { useFormSubmit } from '../forms/useFormSubmit.ts';
import { CLAIM_SENT } from './messages.ts';
import { CLAIM_KIND } from './what.ts';
import '../forms/forms.css';
import { FormActions, SubmitFunctionForm } from '../forms/FormParts.tsx';

/** "Work for this vendor? Claim this listing": a work e-mail, then a signed link by e-mail. */
export default function ClaimForm({ toolId, domain }: { toolId: number; domain: string }) {
	const [error, setError] = useState<string | undefined>();
	const { busy, onSubmit, onFocus } = useFormSubmit(endpoints.submit, (result, form, toast) => {
		if (result.ok) {
			form.reset();
			setError(undefined);
			toast.success(CLAIM_SENT);
			return;
		}
		setError(result.fields?.email ?? result.message);
		toast.error(result.message);
		form.querySelector<HTMLInputElement>('[name="email"]')?.focus();
	});
	return (
		<SubmitFunctionForm onSubmit={onSubmit} onFocus={onFocus}>
			<input type="hidden" name="kind" value={CLAIM_KIND} />
			<input type="hidden" name="tool_id" value={toolId} />
			<div className="form-field">
				<label htmlFor="claim-email">Your work e-mail, at {domain}</label>
				<input
					id="claim-email"
					className="form-input"
					name="email"
					type="email"
					required
					maxLength={254}
					autoComplete="email"
					placeholder={`name@${domain}`}
					aria-invalid={error ? true : undefined}
					aria-describedby={error ? 'claim-email-error' : undefined}
				/>
				{error && (
					<p id="claim-email-error" className="form-error">
						{error}
					</p>
				)}
			</div>
			<Honeypot />
			<FormActions busy={busy} label="E-mail me a confirmation link" busyLabel="Sending…" />
		</SubmitFunctionForm>
	);
}
