/** The honeypot field's name, shared by the form islands and the functions. */
export const HONEYPOT_FIELD = 'nickname';
