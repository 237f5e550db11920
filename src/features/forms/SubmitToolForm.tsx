import { type InputHTMLAttributes, useState } from 'react';
import { endpoints } from '../../lib/paths.ts';
import Honeypot from './Honeypot.tsx';
import { SUBMITTED } from './submit-messages.ts';
import { WORKS_WITH_LIST_ID } from '../integrations/submit-choices.ts';
import { useFormSubmit } from './useFormSubmit.ts';
import { AUDIENCES, PLATFORMS } from '../facts/vocabulary.ts';
import './forms.css';
import { FormActions, SubmitFunctionForm } from './FormParts.tsx';

type Field = 'name' | 'url' | 'email' | 'works_with' | 'pricing_url';
type Choices = 'platforms' | 'audience';
type Errors = Partial<Record<Field | Choices, string>>;
const EMPTY = { name: '', url: '', email: '', works_with: '', pricing_url: '' };
const NO_CHOICES: Record<Choices, string[]> = { platforms: [], audience: [] };

/**
 * What the form holds (the values typed, the boxes ticked, what the function refused) and its
 * post: a success empties it, a refusal marks the fields and focuses the first.
 */
function useSubmitTool() {
	const [values, setValues] = useState<Record<Field, string>>(EMPTY);
	const [choices, setChoices] = useState(NO_CHOICES);
	const [errors, setErrors] = useState<Errors>({});
	const { busy, onSubmit, onFocus } = useFormSubmit(endpoints.submit, (result, form, toast) => {
		if (result.ok) {
			setValues(EMPTY);
			setChoices(NO_CHOICES);
			setErrors({});
			toast.success(SUBMITTED);
			return;
		}
		setErrors(result.fields ?? {});
		if (result.link) {
			toast.info(
				<span>
					{result.message} <a href={result.link}>See its page</a>
				</span>,
			);
			return;
		}
		toast.error(result.message);
		const firstInvalid = (Object.keys(result.fields ?? {}) as Field[])[0];
		if (firstInvalid) form.querySelector<HTMLInputElement>(`[name=${firstInvalid}]`)?.focus();
	});
	return { values, setValues, choices, setChoices, errors, busy, onSubmit, onFocus };
}

/** The line under a field or group that says why it was refused, tied to it by id. */
function FieldError({ name, error }: { name: Field | Choices; error?: string }) {
	return error ? (
		<p id={`submit-${name}-error`} className="form-error">
			{error}
		</p>
	) : null;
}

/** A text field with its label, its error and, given `hint`, a line of help after it. */
function TextField({
	name,
	label,
	value,
	error,
	onValue,
	hint,
	...input
}: {
	name: Field;
	label: string;
	value: string;
	error?: string;
	onValue: (value: string) => void;
	hint?: string;
} & InputHTMLAttributes<HTMLInputElement>) {
	const hintId = `submit-${name}-hint`;
	// Why it was refused first, then the hint.
	const describedBy =
		[error && `submit-${name}-error`, hint && hintId].filter(Boolean).join(' ') || undefined;
	return (
		<>
			<div className="form-field">
				<label htmlFor={`submit-${name}`}>{label}</label>
				<input
					id={`submit-${name}`}
					className="form-input"
					name={name}
					required
					value={value}
					onChange={(event) => onValue(event.target.value)}
					aria-invalid={error ? true : undefined}
					aria-describedby={describedBy}
					{...input}
				/>
				<FieldError name={name} error={error} />
			</div>
			{hint && (
				<p id={hintId} className="form-hint">
					{hint}
				</p>
			)}
		</>
	);
}

/** A group of boxes to tick, any number of them, with its error. */
function ChoiceGroup(props: {
	name: Choices;
	legend: string;
	options: Record<string, string>;
	chosen: string[];
	error?: string;
	onChosen: (chosen: string[]) => void;
}) {
	const { name, chosen, error } = props;
	return (
		<fieldset
			className="form-choices"
			aria-invalid={error ? true : undefined}
			aria-describedby={error ? `submit-${name}-error` : undefined}
		>
			<legend>{props.legend}</legend>
			{Object.entries(props.options).map(([value, label]) => (
				<label key={value} className="form-choice">
					<input
						type="checkbox"
						name={name}
						value={value}
						checked={chosen.includes(value)}
						onChange={(event) =>
							props.onChosen(
								event.target.checked ? [...chosen, value] : chosen.filter((v) => v !== value),
							)
						}
					/>{' '}
					{label}
				</label>
			))}
			<FieldError name={name} error={error} />
		</fieldset>
	);
}

/**
 * The tool submission form on /newapp/; a plain form post without JavaScript. `cancelHref`
 * comes from the page, so the form islands share no page paths (the home page's JavaScript).
 */
export default function SubmitToolForm({ cancelHref }: { cancelHref: string }) {
	const { values, setValues, choices, setChoices, errors, busy, onSubmit, onFocus } =
		useSubmitTool();
	const text = (name: Field) => ({
		name,
		value: values[name],
		error: errors[name],
		onValue: (value: string) => setValues({ ...values, [name]: value }),
	});
	const boxes = (name: Choices) => ({
		name,
		chosen: choices[name],
		error: errors[name],
		onChosen: (chosen: string[]) => setChoices({ ...choices, [name]: chosen }),
	});

	return (
		<SubmitFunctionForm onSubmit={onSubmit} onFocus={onFocus}>
			<TextField
				{...text('name')}
				label="Application Name"
				type="text"
				maxLength={100}
				autoComplete="off"
			/>
			<TextField
				{...text('url')}
				label="Application URL"
				type="text"
				inputMode="url"
				maxLength={2048}
				autoComplete="url"
				placeholder="https://example.com"
				spellCheck={false}
			/>
			<TextField
				{...text('email')}
				label="Your e-mail (optional)"
				type="email"
				required={false}
				maxLength={254}
				autoComplete="email"
				hint="Only used to tell you when your tool is live. Never shown or shared."
			/>
			{/* A native combobox: suggestions from the page's <datalist>, plain text without them. */}
			<TextField
				{...text('works_with')}
				label="Works with (optional)"
				type="text"
				required={false}
				maxLength={1100}
				autoComplete="off"
				list={WORKS_WITH_LIST_ID}
				hint="Listed tools it integrates with, separated by commas (at most 10)."
			/>
			<fieldset className="form-fieldset">
				<legend>Help our editors (optional)</legend>
				<p className="form-hint">
					Suggestions only: an editor checks each on the vendor&apos;s own pages before it is shown.
				</p>
				<ChoiceGroup {...boxes('platforms')} legend="Runs on" options={PLATFORMS} />
				<ChoiceGroup {...boxes('audience')} legend="Built for" options={AUDIENCES} />
				<TextField
					{...text('pricing_url')}
					label="Pricing page (optional)"
					type="text"
					required={false}
					inputMode="url"
					maxLength={2048}
					autoComplete="off"
					placeholder="https://example.com/pricing"
					spellCheck={false}
				/>
			</fieldset>
			<Honeypot />
			<FormActions busy={busy} label="Submit" busyLabel="Submitting…" cancelHref={cancelHref} />
		</SubmitFunctionForm>
	);
}
