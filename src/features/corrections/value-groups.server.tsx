// The suggest form's value groups as static HTML, rendered once per build and put into every
// tool's form (the island's slot): the same for every tool but its name, so a page costs a
// string copy rather than rendering some 300 elements (about 3 ms a page, 30 s at 10,000 tools).
import { renderToStaticMarkup } from 'react-dom/server';
import { CAPABILITY_KEYS, CAPABILITY_VALUES } from '../facts/capabilities.ts';
import { COMMON_FACT_KEYS, FACT_KEYS, FACTS } from '../facts/vocabulary.ts';
import {
	Choices,
	DetailInput,
	FactValue,
	IntegrationInputs,
	ListingInput,
} from './ValueInputs.tsx';
import { LISTING_FIELDS, valueField } from './what.ts';

const NO_ERRORS = {};
const TOOL_NAME = 'TOOL-NAME-PLACEHOLDER-7F3A';

/** Every group, each a fieldset naming the "what" it belongs to (`data-what`). */
function ValueGroups() {
	return (
		<>
			<p className="form-hint" data-without-js="">
				Fill in the part below that matches your choice; the others are ignored.
			</p>
			{COMMON_FACT_KEYS.map((fact) => (
				<fieldset key={fact} className="form-fieldset" data-what={fact}>
					<legend>If you chose {FACTS[fact].label}</legend>
					<FactValue fact={fact} errors={NO_ERRORS} />
				</fieldset>
			))}
			{/* Every capability takes the same answer: one group serves them all. */}
			<fieldset className="form-fieldset" data-what={CAPABILITY_KEYS.join(' ')}>
				<legend>If you chose something it does</legend>
				<Choices
					name={valueField(CAPABILITY_KEYS[0])}
					legend="What the vendor's page says"
					options={CAPABILITY_VALUES}
					type="radio"
					errors={NO_ERRORS}
				/>
			</fieldset>
			<fieldset
				className="form-fieldset"
				data-what={FACT_KEYS.filter((fact) => FACTS[fact].detail).join(' ')}
			>
				<legend>For a fact with a detail</legend>
				<DetailInput errors={NO_ERRORS} />
			</fieldset>
			<fieldset className="form-fieldset" data-what="integration">
				<legend>If you chose an integration with another listed tool</legend>
				<IntegrationInputs toolName={TOOL_NAME} errors={NO_ERRORS} />
			</fieldset>
			{(Object.keys(LISTING_FIELDS) as (keyof typeof LISTING_FIELDS)[]).map((field) => (
				<fieldset key={field} className="form-fieldset" data-what={field}>
					<legend>If you chose {LISTING_FIELDS[field]}</legend>
					<ListingInput field={field} errors={NO_ERRORS} />
				</fieldset>
			))}
		</>
	);
}

let groups: string | undefined;
const escapeHtml = (text: string) =>
	text.replace(
		/[&<>"']/g,
		(c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
	);

/** The groups' HTML for one tool (its name in the integration's direction choices). */
export function valueGroupsHtml(toolName: string): string {
	groups ??= renderToStaticMarkup(<ValueGroups />);
	return groups.replaceAll(TOOL_NAME, escapeHtml(toolName));
}
