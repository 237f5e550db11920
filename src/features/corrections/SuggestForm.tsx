import { type ReactNode, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { endpoints } from '../../lib/paths.ts';
import Honeypot from '../forms/Honeypot.tsx';
import { useFormSubmit } from '../forms/useFormSubmit.ts';
import { SUGGESTED } from './messages.ts';
import { type Errors, FieldError } from './ValueInputs.tsx';
import { CORRECTION_KIND, QUOTE_MAX, WHAT_GROUPS } from './what.ts';
import '../forms/forms.css';
import { FormActions } from '../forms/FormParts.tsx';

// search/useHydrated.ts's three lines, kept here: importing them would split them into a chunk of
// their own that the home page's search island then loads as one more file.
const never = () => () => {};
const useHydrated = () =>
	useSyncExternalStore(
		never,
		() => true,
		() => false,
	);

/** The fields this component renders itself; the others are in the value groups (the slot). */
const OWN_FIELDS = new Set(['what', 'source_url', 'quote', 'email', 'tool_id']);

interface Props {
	toolId: number;
	cancelHref: string;
	/** The value groups, static HTML from the page (value-groups.server.tsx). */
	children?: ReactNode;
}

/** Shows the chosen "what"'s groups only; the others are disabled: hidden, unfocusable, not sent. */
function showGroups(form: HTMLFormElement, what: string) {
	for (const group of form.querySelectorAll<HTMLFieldSetElement>('fieldset[data-what]')) {
		const shown = group.dataset.what!.split(' ').includes(what);
		group.hidden = !shown;
		group.disabled = !shown;
	}
	for (const hint of form.querySelectorAll<HTMLElement>('[data-without-js]')) hint.hidden = true;
}

/** Marks the refused fields inside the value groups, as the form's own fields are marked. */
function markGroupErrors(form: HTMLFormElement, errors: Errors) {
	for (const old of form.querySelectorAll('[data-group-error]')) old.remove();
	for (const marked of form.querySelectorAll('fieldset[data-what] [aria-invalid]'))
		marked.removeAttribute('aria-invalid');
	for (const [name, message] of Object.entries(errors)) {
		if (OWN_FIELDS.has(name) || !message) continue;
		const input = form.querySelector<HTMLElement>(`fieldset[data-what] [name="${name}"]`);
		const holder = input?.closest('.form-choices, .form-field');
		if (!input || !holder) continue;
		const target = holder.matches('.form-choices') ? holder : input;
		const error = Object.assign(document.createElement('p'), {
			id: `suggest-${name}-error`,
			className: 'form-error',
			textContent: message,
		});
		error.dataset.groupError = '';
		holder.append(error);
		target.setAttribute('aria-invalid', 'true');
		target.setAttribute('aria-describedby', error.id);
	}
}

/** The "what" select: the fact, the integration or the listing's text the correction is about. */
function WhatField(props: { what: string; onWhat: (what: string) => void; errors: Errors }) {
	const { errors } = props;
	return (
		<div className="form-field">
			<label htmlFor="suggest-what">What is wrong or missing?</label>
			<select
				id="suggest-what"
				className="form-input"
				name="what"
				required
				value={props.what}
				onChange={(event) => props.onWhat(event.target.value)}
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
	);
}

/** The source the correction cites (required), and the sentence it says there (optional). */
function SourceFields({ errors }: { errors: Errors }) {
	return (
		<>
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
		</>
	);
}

/** The sender's e-mail (optional), to hear whether an editor accepted the correction. */
function EmailField({ errors }: { errors: Errors }) {
	return (
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
	);
}

/**
 * The correction form of a tool (/app/{id}/suggest/). Without JavaScript every value group is
 * shown and posted, and the function reads the chosen one; with it, only the chosen group shows
 * and is sent. Inputs are the browser's own (uncontrolled): a failure keeps what was typed, a
 * success empties the form.
 */
export default function SuggestForm({ toolId, cancelHref, children }: Props) {
	const [what, setWhat] = useState('');
	// False in the pre-rendered HTML and while hydrating, so the no-JS form is what renders first.
	const enhanced = useHydrated();
	const [errors, setErrors] = useState<Errors>({});
	const formRef = useRef<HTMLFormElement>(null);
	useEffect(() => {
		if (enhanced && formRef.current) showGroups(formRef.current, what);
	}, [enhanced, what]);
	const { busy, onSubmit, onFocus } = useFormSubmit(endpoints.submit, (result, form, toast) => {
		if (result.ok) {
			form.reset();
			setWhat('');
			setErrors({});
			markGroupErrors(form, {});
			toast.success(SUGGESTED);
			return;
		}
		setErrors(result.fields ?? {});
		markGroupErrors(form, result.fields ?? {});
		toast.error(result.message);
		const first = Object.keys(result.fields ?? {})[0];
		if (first) form.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
	});

	return (
		<form
			ref={formRef}
			className="submit-form"
			method="post"
			action={endpoints.submit}
			onSubmit={onSubmit}
			onFocus={onFocus}
			noValidate={enhanced}
		>
			<input type="hidden" name="kind" value={CORRECTION_KIND} />
			<input type="hidden" name="tool_id" value={toolId} />
			<WhatField what={what} onWhat={setWhat} errors={errors} />
			{children}
			<SourceFields errors={errors} />
			<EmailField errors={errors} />
			<FieldError name="tool_id" errors={errors} />
			<Honeypot />
			<FormActions
				busy={busy}
				label="Send the correction"
				busyLabel="Sending…"
				cancelHref={cancelHref}
			/>
		</form>
	);
}
