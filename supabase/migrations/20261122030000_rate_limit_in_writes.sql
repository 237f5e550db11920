-- The rate limit checked in the same statement as the write, so the subscribe and submit
-- functions make one database call per accepted request instead of two (hit_rate_limit, then
-- the write). subscribe_newsletter_rate_limited and submit_tool_rate_limited count the hit
-- and, over the limit, answer 'rate_limited' with the seconds left in the window and write
-- nothing; otherwise they call subscribe_newsletter / submit_tool (same duplicate rules).
-- hit_rate_limit alone stays for requests that are counted but never written (invalid input).
-- Also two speed-ups with the same answers: an index for the rate-limit cleanup, and
-- submit_tool computing the URL key once. Only the server (secret key: service_role, or the
-- owner) may execute these functions.

-- hit_rate_limit deletes windows older than two days whenever a new client arrives; without
-- an index on window_start that reads the whole table (~10 ms at 50,000 rows on PGlite).
create index rate_limits_window_start_idx on public.rate_limits (window_start);

-- submit_tool, same answers: the URL key is computed once into a variable. Written inline
-- (url_key = tool_url_key(p_url)), plpgsql's cached generic plan evaluated the key for every
-- live tool it scanned (~1 ms per submission at 180 tools on PGlite, growing with the catalogue).
create or replace function public.submit_tool(p_name text, p_url text, p_email text default null)
returns table (outcome text, tool_id bigint)
language plpgsql set search_path = ''
as $$
declare
  v_key text := public.tool_url_key(p_url);
  v_tool bigint;
begin
  select id into v_tool from public.construction_apps
  where url_key = v_key and status = 'live' order by id limit 1;
  if v_tool is not null then
    return query select 'listed'::text, v_tool;
    return;
  end if;
  insert into public.new_app_submissions (name, url, submitter_email) values (p_name, p_url, p_email)
  on conflict (url_key) where status = 'pending'
  do update set submitter_email = coalesce(public.new_app_submissions.submitter_email, excluded.submitter_email);
  return query select 'created'::text, null::bigint;
end
$$;

-- 'rate_limited' (retry_after set, nothing written), else 'created' or 'exists'.
create function public.subscribe_newsletter_rate_limited(
  p_bucket text, p_client_hash text, p_window_seconds integer, p_max_hits integer,
  p_email text, p_source text
) returns table (outcome text, retry_after integer)
language plpgsql set search_path = ''
as $$
declare
  v_hits integer;
  v_retry_after integer;
begin
  select h.hits, h.retry_after into v_hits, v_retry_after
  from public.hit_rate_limit(p_bucket, p_client_hash, p_window_seconds) as h;
  if v_hits > p_max_hits then
    return query select 'rate_limited'::text, v_retry_after;
    return;
  end if;
  return query select public.subscribe_newsletter(p_email, p_source), null::integer;
end
$$;
comment on function public.subscribe_newsletter_rate_limited(text, text, integer, integer, text, text) is
  'hit_rate_limit, then subscribe_newsletter unless the client is over p_max_hits, in one statement.';

-- 'rate_limited' (retry_after set, nothing written), else what submit_tool answers
-- ('created', 'pending', or 'listed' with the live tool's id).
create function public.submit_tool_rate_limited(
  p_bucket text, p_client_hash text, p_window_seconds integer, p_max_hits integer,
  p_name text, p_url text, p_email text default null
) returns table (outcome text, tool_id bigint, retry_after integer)
language plpgsql set search_path = ''
as $$
declare
  v_hits integer;
  v_retry_after integer;
begin
  select h.hits, h.retry_after into v_hits, v_retry_after
  from public.hit_rate_limit(p_bucket, p_client_hash, p_window_seconds) as h;
  if v_hits > p_max_hits then
    return query select 'rate_limited'::text, null::bigint, v_retry_after;
    return;
  end if;
  return query select s.outcome, s.tool_id, null::integer from public.submit_tool(p_name, p_url, p_email) as s;
end
$$;
comment on function public.submit_tool_rate_limited(text, text, integer, integer, text, text, text) is
  'hit_rate_limit, then submit_tool unless the client is over p_max_hits, in one statement.';

revoke execute on function public.subscribe_newsletter_rate_limited(text, text, integer, integer, text, text) from public, anon, authenticated;
revoke execute on function public.submit_tool_rate_limited(text, text, integer, integer, text, text, text) from public, anon, authenticated;
grant execute on function public.subscribe_newsletter_rate_limited(text, text, integer, integer, text, text) to service_role;
grant execute on function public.submit_tool_rate_limited(text, text, integer, integer, text, text, text) to service_role;

-- hit_rate_limit's cleanup deletes old windows: the server role runs it (Supabase's default
-- privileges give service_role this already; the embedded database needs it said).
grant delete on public.rate_limits to service_role;
