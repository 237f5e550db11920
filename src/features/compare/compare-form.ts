/**
 * The markup contract of the "Compare" ticks: each card's checkbox (`name="tools"`, the tool
 * id as its value) belongs to one form per page (`form="compare"`), a GET to the compare
 * page. Without JavaScript it asks for `/compare/?tools=3&tools=9`; on the home page the
 * script loaded on the first tick asks for `/compare/?tools=3,9`.
 */
export const COMPARE_FORM_ID = 'compare';
export const COMPARE_PARAM = 'tools';

import { PICK_LIMITS } from '../picker/limits.ts';

/** How many tools the compare page shows side by side. */
export const COMPARE_MIN = 2;
export const COMPARE_MAX = PICK_LIMITS.compare;
