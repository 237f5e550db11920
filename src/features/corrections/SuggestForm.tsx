import { useState, useSyncExternalStore } from 'react';
import { endpoints } from '../../lib/paths.ts';
import { FACT_KEYS, FACTS, isFactKey } from '../facts/vocabulary.ts';
import Honeypot from '../forms/Honeypot.tsx';
import { useFormSubmit } from '../forms/useFormSubmit.ts';
import { SUGGESTED } from './messages.ts';
import {
	DetailInput,
	type Errors,
	FactValue,
	FieldError,
	IntegrationInputs,
	ListingInput,
} from './ValueInputs.tsx';
import { CORRECTION_KIND, LISTING_FIELDS, QUOTE_MAX, WHAT_GROUPS } from './what.ts';
import '../forms/forms.css';

// search/useHydrated.ts's three lines, kept here: importing them would split them into a chunk of
// their own that the home page's search island then loads as one more file.
const never = () => () => {};
const useHydrated = () =>
	useSyncExternalStore(
		never,
		() => true,
		() => false,
	);

interface Props {
	toolId: number;
	toolName: string;
	cancelHref: string;
}

/**
 * The correction form of a tool (/app/{id}/suggest/). Without JavaScript every value group is
 * shown and posted, and the function reads the chosen one; with it, only the chosen group shows
 * and is sent. Inputs are the browser's own (uncontrolled): a failure keeps what was typed, a
 * success empties the form.
 */
export default function SuggestForm({ toolId, toolName, cancelHref }: Props) {
	const [what, setWhat] = useState('');
	// False in the pre-rendered HTML and while hydrating, so the no-JS form is what renders first.
	const enhanced = useHydrated();
	const [errors, setErrors] = useState<Errors>({});
	const { busy, onSubmit, onFocus } = useFormSubmit(endpoints.submit, (result, form, toast) => {
		if (result.ok) {
			form.reset();
			setWhat('');
			setErrors({});
			toast.success(SUGGESTED);
			return;
		}
		setErrors(result.fields ?? {});
		toast.error(result.message);
		const first = Object.keys(result.fields ?? {})[0];
		if (first) form.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
	});
	/** With JavaScript a group not chosen is disabled: hidden, unfocusable and not sent. */
	const group = (shown: boolean) => ({ disabled: enhanced && !shown, hidden: enhanced && !shown });
	const chosenFact = isFactKey(what) ? what : null;

	return (
		<form
			className="submit-form"
			method="post"
			action={endpoints.submit}
			onSubmit={onSubmit}
			onFocus={onFocus}
			noValidate={enhanced}
		>
			<input type="hidden" name="kind" value={CORRECTION_KIND} />
			<input type="hidden" name="tool_id" value={toolId} />
			<div className="form-field">
				<label htmlFor="suggest-what">What is wrong or missing?</label>
				<select
					id="suggest-what"
					className="form-input"
					name="what"
					required
					value={what}
					onChange={(event) => setWhat(event.target.value)}
					aria-invalid={errors.what ? true : undefined}
					aria-describedby={errors.what ? 'suggest-what-error' : undefined}
				>
					<option value="">Choose…</option>
					{WHAT_GROUPS.map(({ label, options }) => (
						<optgroup key={label} label={label}>
							{options.map(([value, text]) => (
								<option key={value} value={value}>
									{text}
								</option>
							))}
						</optgroup>
					))}
				</select>
				<FieldError name="what" errors={errors} />
			</div>
			{!enhanced && (
				<p className="form-hint">
					Fill in the part below that matches your choice; the others are ignored.
				</p>
			)}
			{FACT_KEYS.map((fact) => (
				<fieldset key={fact} className="form-fieldset" {...group(what === fact)}>
					<legend>{enhanced ? 'What the page says' : `If you chose ${FACTS[fact].label}`}</legend>
					<FactValue fact={fact} errors={errors} />
				</fieldset>
			))}
			<fieldset
				className="form-fieldset"
				{...group(chosenFact !== null && FACTS[chosenFact].detail !== undefined)}
			>
				<legend>{enhanced ? 'Its detail' : 'For a fact with a detail'}</legend>
				<DetailInput errors={errors} />
			</fieldset>
			<fieldset className="form-fieldset" {...group(what === 'integration')}>
				<legend>
					{enhanced ? 'The integration' : 'If you chose an integration with another listed tool'}
				</legend>
				<IntegrationInputs toolName={toolName} errors={errors} />
			</fieldset>
			{(Object.keys(LISTING_FIELDS) as (keyof typeof LISTING_FIELDS)[]).map((field) => (
				<fieldset key={field} className="form-fieldset" {...group(what === field)}>
					<legend>{enhanced ? 'The correction' : `If you chose ${LISTING_FIELDS[field]}`}</legend>
					<ListingInput field={field} errors={errors} />
				</fieldset>
			))}
			<div className="form-field">
				<label htmlFor="suggest-source_url">Source: the vendor page that says it</label>
				<input
					id="suggest-source_url"
					className="form-input"
					name="source_url"
					type="url"
					required
					maxLength={2048}
					inputMode="url"
					placeholder="https://vendor.example/pricing"
					spellCheck={false}
					autoComplete="off"
					aria-invalid={errors.source_url ? true : undefined}
					aria-describedby={`suggest-source-hint${errors.source_url ? ' suggest-source_url-error' : ''}`}
				/>
				<p id="suggest-source-hint" className="form-hint form-hint--after">
					Required. The vendor&apos;s own site, help centre, trust page or app store listing; not a
					review site.
				</p>
				<FieldError name="source_url" errors={errors} />
			</div>
			<div className="form-field">
				<label htmlFor="suggest-quote">The sentence the page says (optional)</label>
				<textarea
					id="suggest-quote"
					className="form-input"
					name="quote"
					rows={3}
					maxLength={QUOTE_MAX}
					aria-invalid={errors.quote ? true : undefined}
					aria-describedby={errors.quote ? 'suggest-quote-error' : undefined}
				/>
				<FieldError name="quote" errors={errors} />
			</div>
			<div className="form-field">
				<label htmlFor="suggest-email">Your e-mail (optional)</label>
				<input
					id="suggest-email"
					className="form-input"
					name="email"
					type="email"
					maxLength={254}
					autoComplete="email"
					aria-invalid={errors.email ? true : undefined}
					aria-describedby={`suggest-email-hint${errors.email ? ' suggest-email-error' : ''}`}
				/>
				<p id="suggest-email-hint" className="form-hint form-hint--after">
					Only to tell you once whether an editor accepted it. Never shown or shared.
				</p>
				<FieldError name="email" errors={errors} />
			</div>
			<FieldError name="tool_id" errors={errors} />
			<Honeypot />
			<div className="form-actions">
				<button type="submit" className="button button--primary" disabled={busy} aria-busy={busy}>
					{busy ? 'Sending…' : 'Send the correction'}
				</button>
				<a className="button" href={cancelHref}>
					Cancel
				</a>
			</div>
		</form>
	);
}
