-- A ceiling per form per hour over all clients together, so a flood from many addresses
-- (each under its own limit) cannot fill the review queue or the subscriber list. Checked
-- after the client's own limit, in the same statement as the write: a request refused for
-- its client does not use up everyone's allowance. Over the ceiling the functions answer
-- 'busy' with the seconds left in the hour and write nothing. Editors can change a ceiling
-- with one UPDATE; a form without a row has none.

create table public.rate_limit_ceilings (
  bucket text primary key,
  max_hits integer not null check (max_hits > 0),
  window_seconds integer not null default 3600 check (window_seconds between 60 and 86400)
);
alter table public.rate_limit_ceilings enable row level security;
comment on table public.rate_limit_ceilings is
  'Requests per window accepted from all clients together, per form (bucket).';
-- Ten times a busy day's traffic for this site, far below what a flood would write.
insert into public.rate_limit_ceilings (bucket, max_hits) values ('subscribe', 600), ('submit', 120);
revoke all on public.rate_limit_ceilings from anon, authenticated;
grant select on public.rate_limit_ceilings to service_role;

-- The shared counter lives in rate_limits under a fixed client_hash that no salted hash
-- (32 hex characters) can equal.
create function public.hit_rate_ceiling(p_bucket text)
returns table (over boolean, retry_after integer)
language plpgsql set search_path = ''
as $$
declare
  v_ceiling public.rate_limit_ceilings;
begin
  select * into v_ceiling from public.rate_limit_ceilings where bucket = p_bucket;
  if not found then
    return query select false, null::integer;
    return;
  end if;
  return query select h.hits > v_ceiling.max_hits, h.retry_after
  from public.hit_rate_limit(p_bucket, 'all-clients-of-this-form', v_ceiling.window_seconds) as h;
end
$$;
revoke execute on function public.hit_rate_ceiling(text) from public, anon, authenticated;
grant execute on function public.hit_rate_ceiling(text) to service_role;

-- Same signatures and answers as before, plus 'busy'.
create or replace function public.subscribe_newsletter_rate_limited(
  p_bucket text, p_client_hash text, p_window_seconds integer, p_max_hits integer,
  p_email text, p_source text
) returns table (outcome text, retry_after integer)
language plpgsql set search_path = ''
as $$
declare
  v_hits integer;
  v_retry_after integer;
  v_over boolean;
begin
  select h.hits, h.retry_after into v_hits, v_retry_after
  from public.hit_rate_limit(p_bucket, p_client_hash, p_window_seconds) as h;
  if v_hits > p_max_hits then
    return query select 'rate_limited'::text, v_retry_after;
    return;
  end if;
  select c.over, c.retry_after into v_over, v_retry_after from public.hit_rate_ceiling(p_bucket) as c;
  if v_over then
    return query select 'busy'::text, v_retry_after;
    return;
  end if;
  return query select public.subscribe_newsletter(p_email, p_source), null::integer;
end
$$;

create or replace function public.submit_tool_rate_limited(
  p_bucket text, p_client_hash text, p_window_seconds integer, p_max_hits integer,
  p_name text, p_url text, p_email text default null
) returns table (outcome text, tool_id bigint, retry_after integer)
language plpgsql set search_path = ''
as $$
declare
  v_hits integer;
  v_retry_after integer;
  v_over boolean;
begin
  select h.hits, h.retry_after into v_hits, v_retry_after
  from public.hit_rate_limit(p_bucket, p_client_hash, p_window_seconds) as h;
  if v_hits > p_max_hits then
    return query select 'rate_limited'::text, null::bigint, v_retry_after;
    return;
  end if;
  select c.over, c.retry_after into v_over, v_retry_after from public.hit_rate_ceiling(p_bucket) as c;
  if v_over then
    return query select 'busy'::text, null::bigint, v_retry_after;
    return;
  end if;
  return query select s.outcome, s.tool_id, null::integer from public.submit_tool(p_name, p_url, p_email) as s;
end
$$;
