// The value inputs of each "what" of the suggest form: a fact's vocabulary (boxes for a set,
// radio buttons for one value, the price's four parts), an integration's words, or the
// listing's new text. Named as the submit function reads them (`value_<fact>`, `price_*`...).
// Rendered once per build as static HTML (value-groups.server.tsx), never in the browser.
import { CATEGORIES } from '../../lib/categories.ts';
import {
	CURRENCIES,
	FACTS,
	type FactKey,
	PRICE_PERIODS,
	PRICE_UNITS,
} from '../facts/vocabulary.ts';
import { MOVES, STATUSES, VIAS } from '../integrations/details.ts';

export type Errors = Record<string, string | undefined>;

const CATEGORY_LABELS = Object.fromEntries(
	[...CATEGORIES].map(([slug, { label }]) => [slug, label]),
);

/** An error line under a field, tied to it by id. */
export function FieldError({ name, errors }: { name: string; errors: Errors }) {
	return errors[name] ? (
		<p id={`suggest-${name}-error`} className="form-error">
			{errors[name]}
		</p>
	) : null;
}

const invalid = (name: string, errors: Errors) =>
	errors[name]
		? { 'aria-invalid': true as const, 'aria-describedby': `suggest-${name}-error` }
		: {};

export function Choices({
	name,
	legend,
	options,
	type,
	errors,
}: {
	name: string;
	legend: string;
	options: Record<string, string>;
	type: 'checkbox' | 'radio';
	errors: Errors;
}) {
	return (
		<fieldset className="form-choices" {...invalid(name, errors)}>
			<legend>{legend}</legend>
			{Object.entries(options).map(([value, label]) => (
				<label key={value} className="form-choice">
					<input type={type} name={name} value={value} /> {label}
				</label>
			))}
			<FieldError name={name} errors={errors} />
		</fieldset>
	);
}

function Text({
	name,
	label,
	errors,
	...extra
}: { name: string; label: string; errors: Errors } & React.InputHTMLAttributes<HTMLInputElement>) {
	return (
		<div className="form-field">
			<label htmlFor={`suggest-${name}`}>{label}</label>
			<input
				id={`suggest-${name}`}
				className="form-input"
				name={name}
				type="text"
				autoComplete="off"
				{...invalid(name, errors)}
				{...extra}
			/>
			<FieldError name={name} errors={errors} />
		</div>
	);
}

function Select({
	name,
	label,
	options,
	errors,
	empty,
}: {
	name: string;
	label: string;
	options: Record<string, string>;
	errors: Errors;
	empty?: string;
}) {
	return (
		<div className="form-field">
			<label htmlFor={`suggest-${name}`}>{label}</label>
			<select
				id={`suggest-${name}`}
				className="form-input"
				name={name}
				defaultValue=""
				{...invalid(name, errors)}
			>
				<option value="">{empty ?? 'Choose…'}</option>
				{Object.entries(options).map(([value, text]) => (
					<option key={value} value={value}>
						{text}
					</option>
				))}
			</select>
			<FieldError name={name} errors={errors} />
		</div>
	);
}

const listOf = (values: readonly string[]) => Object.fromEntries(values.map((v) => [v, v]));

/** The inputs of one fact's proposed value. */
export function FactValue({ fact, errors }: { fact: FactKey; errors: Errors }) {
	const { label, shape } = FACTS[fact];
	const name = `value_${fact}`;
	switch (shape.kind) {
		case 'set':
			return (
				<Choices
					name={name}
					legend={`${label}: every value that applies`}
					options={fact === 'also_does' ? CATEGORY_LABELS : shape.values}
					type="checkbox"
					errors={errors}
				/>
			);
		case 'one':
			return (
				<Choices name={name} legend={label} options={shape.values} type="radio" errors={errors} />
			);
		case 'text':
			return (
				<Text name={name} label={`${label} (the company's name)`} errors={errors} maxLength={100} />
			);
		case 'country':
			return (
				<Text
					name={name}
					label={`${label}: two-letter country code (US, GB, DE…)`}
					errors={errors}
					maxLength={2}
					autoCapitalize="characters"
				/>
			);
		case 'year':
			return (
				<Text
					name={name}
					label={`${label}: the year`}
					errors={errors}
					maxLength={4}
					inputMode="numeric"
				/>
			);
		case 'price':
			return (
				<fieldset className="form-fieldset">
					<legend>{label}: the lowest price the vendor publishes</legend>
					<Text
						name="price_amount"
						label="Amount"
						errors={errors}
						maxLength={10}
						inputMode="decimal"
					/>
					<Select
						name="price_currency"
						label="Currency"
						options={listOf(CURRENCIES)}
						errors={errors}
					/>
					<Select name="price_unit" label="Per" options={listOf(PRICE_UNITS)} errors={errors} />
					<Select name="price_period" label="Paid" options={PRICE_PERIODS} errors={errors} />
				</fieldset>
			);
	}
}

/** Free text that qualifies a fact: a free version's limits, a price's terms, the API docs. */
export function DetailInput({ errors }: { errors: Errors }) {
	return (
		<Text
			name="detail"
			label="Detail (optional): a free version's limits, a trial's length, a price's terms, or for an open API its documentation's address"
			errors={errors}
			maxLength={200}
		/>
	);
}

/** An integration with another listed tool, in the words of `editor link`. */
export function IntegrationInputs({ toolName, errors }: { toolName: string; errors: Errors }) {
	return (
		<>
			<Text
				name="partner"
				label="The other tool, as this directory lists it"
				errors={errors}
				maxLength={100}
			/>
			<Select
				name="via"
				label="How they connect"
				options={VIAS}
				errors={errors}
				empty="The page does not say"
			/>
			<Text
				name="via_service"
				label="The connecting service, for middleware (Agave, Zapier…)"
				errors={errors}
				maxLength={60}
			/>
			<Select
				name="direction"
				label="Which way data flows"
				options={{
					'a-to-b': `From ${toolName} to the other tool`,
					'b-to-a': `From the other tool to ${toolName}`,
					both: 'Both ways',
				}}
				errors={errors}
				empty="The page does not say"
			/>
			<Choices
				name="moves"
				legend="What it moves (optional)"
				options={MOVES}
				type="checkbox"
				errors={errors}
			/>
			<Select
				name="link_status"
				label="Status"
				options={{ current: 'Current', ...STATUSES }}
				errors={errors}
				empty="The page does not say"
			/>
		</>
	);
}

/** The listing's new name, description, address or category. */
export function ListingInput({
	field,
	errors,
}: {
	field: 'name' | 'description' | 'url' | 'category';
	errors: Errors;
}) {
	const name = `new_${field}`;
	if (field === 'category')
		return (
			<Select name={name} label="The right category" options={CATEGORY_LABELS} errors={errors} />
		);
	if (field === 'description')
		return (
			<div className="form-field">
				<label htmlFor={`suggest-${name}`}>The right description</label>
				<textarea
					id={`suggest-${name}`}
					className="form-input"
					name={name}
					maxLength={500}
					rows={3}
					{...invalid(name, errors)}
				/>
				<FieldError name={name} errors={errors} />
			</div>
		);
	return (
		<Text
			name={name}
			label={field === 'name' ? 'The right name' : 'The right website address'}
			errors={errors}
			maxLength={field === 'name' ? 100 : 2048}
			{...(field === 'url' ? { inputMode: 'url' as const, spellCheck: false } : {})}
		/>
	);
}
