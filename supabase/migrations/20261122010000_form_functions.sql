-- Database functions behind the two Netlify functions (subscribe, submit) and their rate
-- limit. Each does its whole job in one statement, so parallel duplicate requests give one
-- row and no error, on Supabase (called with supabase-js rpc) and on the embedded database.
-- Only the server (secret key: service_role, or the owner) may execute them.

-- The duplicate key of a tool URL: scheme, leading www., fragment, tracking parameters and
-- trailing slash ignored; host and path lowercased.
create function public.tool_url_key(url text) returns text
language sql immutable parallel safe set search_path = ''
as $$
  select regexp_replace(
    regexp_replace(
      regexp_replace(
        regexp_replace(lower(split_part(url, '#', 1)), '^https?://(www\.)?', ''),
        '([?&])(utm_[^=&]*|fbclid|gclid|msclkid|mc_cid|mc_eid|ref|source)(=[^&]*)?', '\1', 'g'),
      '[?&]+$|(\?)&+|&&+', '\1', 'g'),
    '/+(\?|$)', '\1')
$$;
comment on function public.tool_url_key(text) is 'Duplicate key for tool URLs (see the submit function).';

alter table public.construction_apps add column url_key text generated always as (public.tool_url_key(url)) stored;
alter table public.new_app_submissions add column url_key text generated always as (public.tool_url_key(url)) stored;
create index construction_apps_url_key_idx on public.construction_apps (url_key);
create unique index new_app_submissions_pending_url_key_idx on public.new_app_submissions (url_key) where status = 'pending';

create table public.rate_limits (
  bucket text not null,
  client_hash text not null check (char_length(client_hash) between 16 and 128),
  window_start timestamptz not null,
  hits integer not null default 1,
  primary key (bucket, client_hash, window_start)
);
alter table public.rate_limits enable row level security;
comment on table public.rate_limits is 'Request counts per salted hash of a client IP and time window; never a raw IP.';

-- Counts one request and returns the count in the current window and the seconds left in it.
create function public.hit_rate_limit(p_bucket text, p_client_hash text, p_window_seconds integer)
returns table (hits integer, retry_after integer)
language plpgsql set search_path = ''
as $$
declare
  v_start timestamptz := to_timestamp(floor(extract(epoch from now()) / p_window_seconds) * p_window_seconds);
  v_hits integer;
begin
  insert into public.rate_limits as r (bucket, client_hash, window_start) values (p_bucket, p_client_hash, v_start)
  on conflict (bucket, client_hash, window_start) do update set hits = r.hits + 1
  returning r.hits into v_hits;
  if v_hits = 1 then
    delete from public.rate_limits where window_start < now() - interval '2 days';
  end if;
  return query select v_hits, greatest(1, ceil(extract(epoch from v_start + make_interval(secs => p_window_seconds) - now()))::integer);
end
$$;

-- Adds a subscriber; 'created' or 'exists' (same address in any letter case).
create function public.subscribe_newsletter(p_email text, p_source text)
returns text
language plpgsql set search_path = ''
as $$
begin
  insert into public.newsletter_subscribers (email, source) values (p_email, p_source)
  on conflict (email_normalized) do nothing;
  return case when found then 'created' else 'exists' end;
end
$$;

-- Records a submission: 'created', 'pending' (same URL already awaiting review) or
-- 'listed' with the live tool's id (same URL already in the catalogue).
create function public.submit_tool(p_name text, p_url text)
returns table (outcome text, tool_id bigint)
language plpgsql set search_path = ''
as $$
declare
  v_tool bigint;
begin
  select id into v_tool from public.construction_apps
  where url_key = public.tool_url_key(p_url) and status = 'live' order by id limit 1;
  if v_tool is not null then
    return query select 'listed'::text, v_tool;
    return;
  end if;
  insert into public.new_app_submissions (name, url) values (p_name, p_url)
  on conflict (url_key) where status = 'pending' do nothing;
  return query select case when found then 'created' else 'pending' end, null::bigint;
end
$$;

revoke all on public.rate_limits from anon, authenticated;
revoke execute on function public.hit_rate_limit(text, text, integer) from public, anon, authenticated;
revoke execute on function public.subscribe_newsletter(text, text) from public, anon, authenticated;
revoke execute on function public.submit_tool(text, text) from public, anon, authenticated;
grant execute on function public.hit_rate_limit(text, text, integer) to service_role;
grant execute on function public.subscribe_newsletter(text, text) to service_role;
grant execute on function public.submit_tool(text, text) to service_role;
grant select, insert, update on public.rate_limits, public.newsletter_subscribers, public.new_app_submissions to service_role;
grant select on public.construction_apps to service_role;
