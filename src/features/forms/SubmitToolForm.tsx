import { useState } from 'react';
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
const EMPTY = { name: '', url: '', email: '', works_with: '', pricing_url: '' };
const NO_CHOICES: Record<Choices, string[]> = { platforms: [], audience: [] };

/**
 * The tool submission form on /newapp/; a plain form post without JavaScript. `cancelHref`
 * comes from the page, so the form islands share no page paths (the home page's JavaScript).
 */
export default function SubmitToolForm({ cancelHref }: { cancelHref: string }) {
	const [values, setValues] = useState<Record<Field, string>>(EMPTY);
	const [choices, setChoices] = useState(NO_CHOICES);
	const [errors, setErrors] = useState<Partial<Record<Field | Choices, string>>>({});
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

	const field = (
		name: Field,
		label: string,
		extra: React.InputHTMLAttributes<HTMLInputElement>,
	) => (
		<div className="form-field">
			<label htmlFor={`submit-${name}`}>{label}</label>
			<input
				id={`submit-${name}`}
				className="form-input"
				name={name}
				required
				value={values[name]}
				onChange={(event) => setValues({ ...values, [name]: event.target.value })}
				aria-invalid={errors[name] ? true : undefined}
				aria-describedby={errors[name] ? `submit-${name}-error` : undefined}
				{...extra}
			/>
			{errors[name] && (
				<p id={`submit-${name}-error`} className="form-error">
					{errors[name]}
				</p>
			)}
		</div>
	);

	const choiceGroup = (name: Choices, legend: string, options: Record<string, string>) => (
		<fieldset
			className="form-choices"
			aria-invalid={errors[name] ? true : undefined}
			aria-describedby={errors[name] ? `submit-${name}-error` : undefined}
		>
			<legend>{legend}</legend>
			{Object.entries(options).map(([value, label]) => (
				<label key={value} className="form-choice">
					<input
						type="checkbox"
						name={name}
						value={value}
						checked={choices[name].includes(value)}
						onChange={(event) =>
							setChoices({
								...choices,
								[name]: event.target.checked
									? [...choices[name], value]
									: choices[name].filter((v) => v !== value),
							})
						}
					/>{' '}
					{label}
				</label>
			))}
			{errors[name] && (
				<p id={`submit-${name}-error`} className="form-error">
					{errors[name]}
				</p>
			)}
		</fieldset>
	);

	return (
		<SubmitFunctionForm onSubmit={onSubmit} onFocus={onFocus}>
			{field('name', 'Application Name', { type: 'text', maxLength: 100, autoComplete: 'off' })}
			{field('url', 'Application URL', {
				type: 'text',
				inputMode: 'url',
				maxLength: 2048,
				autoComplete: 'url',
				placeholder: 'https://example.com',
				spellCheck: false,
			})}
			{field('email', 'Your e-mail (optional)', {
				type: 'email',
				required: false,
				maxLength: 254,
				autoComplete: 'email',
				'aria-describedby': errors.email
					? 'submit-email-error submit-email-hint'
					: 'submit-email-hint',
			})}
			<p id="submit-email-hint" className="form-hint">
				Only used to tell you when your tool is live. Never shown or shared.
			</p>
			{/* A native combobox: suggestions from the page's <datalist>, plain text without them. */}
			{field('works_with', 'Works with (optional)', {
				type: 'text',
				required: false,
				maxLength: 1100,
				autoComplete: 'off',
				list: WORKS_WITH_LIST_ID,
				'aria-describedby': errors.works_with
					? 'submit-works_with-error submit-works_with-hint'
					: 'submit-works_with-hint',
			})}
			<p id="submit-works_with-hint" className="form-hint">
				Listed tools it integrates with, separated by commas (at most 10).
			</p>
			<fieldset className="form-fieldset">
				<legend>Help our editors (optional)</legend>
				<p className="form-hint">
					Suggestions only: an editor checks each on the vendor&apos;s own pages before it is shown.
				</p>
				{choiceGroup('platforms', 'Runs on', PLATFORMS)}
				{choiceGroup('audience', 'Built for', AUDIENCES)}
				{field('pricing_url', 'Pricing page (optional)', {
					type: 'text',
					required: false,
					inputMode: 'url',
					maxLength: 2048,
					autoComplete: 'off',
					placeholder: 'https://example.com/pricing',
					spellCheck: false,
				})}
			</fieldset>
			<Honeypot />
			<FormActions busy={busy} label="Submit" busyLabel="Submitting…" cancelHref={cancelHref} />
		</SubmitFunctionForm>
	);
}
