import { describe, expect, it } from 'vitest';
import { nameMatches, searchKey, toolCount } from './search.ts';

const key = (name: string) => searchKey(name);

describe('name search', () => {
	it('is a case-insensitive substring match', () => {
		expect(nameMatches(key('Procore'), 'CORE')).toBe(true);
		expect(nameMatches(key('Procore'), 'pro')).toBe(true);
		expect(nameMatches(key('Procore'), 'fieldwire')).toBe(false);
	});
	it('treats special characters literally', () => {
		expect(nameMatches(key('Notepad C++'), 'c++')).toBe(true);
		expect(nameMatches(key('Tool (Beta)'), '(')).toBe(true);
		expect(nameMatches(key('Procore'), '.')).toBe(false);
		expect(nameMatches(key('Procore'), '*')).toBe(false);
		expect(nameMatches(key('Procore'), '.*')).toBe(false);
	});
	it('matches everything for an empty or blank query', () => {
		expect(nameMatches(key('Procore'), '')).toBe(true);
		expect(nameMatches(key('Procore'), '   ')).toBe(true);
	});
	it('counts in words', () => {
		expect(toolCount(1)).toBe('1 tool');
		expect(toolCount(0)).toBe('0 tools');
	});
});
