-- The database's own checks on tool names and URLs, as strict as the functions'
-- (src/features/forms/fields.server.ts), so a row written by any other path (the dashboard,
-- a script with the secret key) obeys the same rules. Every sample row passes them
-- (tests/store checks the seed after migrating).

-- A URL: http(s), then a public host name (labels of letters, digits and hyphens, a letter
-- TLD or punycode; no IP literal, no localhost, no user name or password), an optional
-- port, and a path, query or fragment without spaces or control characters.
alter table public.construction_apps drop constraint construction_apps_url_check;
alter table public.construction_apps add constraint construction_apps_url_check check (
  char_length(url) <= 2048
  and url ~* '^https?://([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+([a-z]{2,63}|xn--[a-z0-9-]{1,59})(:[0-9]{1,5})?([/?#][^[:space:][:cntrl:]]*)?$'
);
alter table public.new_app_submissions drop constraint new_app_submissions_url_check;
alter table public.new_app_submissions add constraint new_app_submissions_url_check check (
  char_length(url) <= 2048
  and url ~* '^https?://([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+([a-z]{2,63}|xn--[a-z0-9-]{1,59})(:[0-9]{1,5})?([/?#][^[:space:][:cntrl:]]*)?$'
);

-- A name: no markup (< >), no C0 or C1 control characters, no bidirectional marks,
-- embeddings, overrides or isolates, no zero-width characters or byte-order mark.
alter table public.construction_apps add constraint construction_apps_name_characters_check check (
  name !~ '[<>\u0001-\u001f\u007f-\u009f\u061c\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff]'
);
alter table public.new_app_submissions add constraint new_app_submissions_name_characters_check check (
  name !~ '[<>\u0001-\u001f\u007f-\u009f\u061c\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff]'
);
