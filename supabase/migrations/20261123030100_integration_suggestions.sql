-- "Works with" suggestions on submissions, and approving a submission with its integrations.
-- A submitter names listed tools (names or ids); submit_tool_with_suggestions resolves them to
-- live tools, refuses unknown ones (counted against the rate limit like other invalid input,
-- nothing written), then submits exactly like submit_tool_rate_limited and keeps the tool ids
-- on the pending submission. approve_submission_with_integrations publishes the tool and links
-- it to the partners an editor accepted, in one transaction. Only the server role executes them.

alter table public.new_app_submissions
  add column works_with_ids bigint[] not null default '{}'
  constraint new_app_submissions_works_with_cap check (cardinality(works_with_ids) <= 10);
comment on column public.new_app_submissions.works_with_ids is
  'Live tools the submitter says the tool works with (suggestions; editors verify before linking).';

-- outcome: 'unknown_tools' (unknown lists what matched no live tool), else as submit_tool_rate_limited.
create function public.submit_tool_with_suggestions(
  p_bucket text, p_client_hash text, p_window_seconds integer, p_max_hits integer,
  p_name text, p_url text, p_email text, p_works_with text[]
) returns table (outcome text, tool_id bigint, retry_after integer, unknown text[])
language plpgsql set search_path = ''
as $$
declare
  v_ids bigint[] := '{}';
  v_unknown text[] := '{}';
  v_entry text;
  v_id bigint;
  v_hits integer;
  v_retry integer;
  v_result record;
begin
  if cardinality(p_works_with) > 10 then
    raise exception 'at most 10 tools in works_with' using errcode = '22023';
  end if;
  foreach v_entry in array coalesce(p_works_with, '{}') loop
    select t.id into v_id from public.construction_apps t
    where t.status = 'live' and (lower(t.name) = lower(btrim(v_entry)) or t.id::text = btrim(v_entry))
    order by (t.id::text = btrim(v_entry)) desc, t.id limit 1;
    if v_id is null then
      v_unknown := v_unknown || v_entry;
    elsif not v_id = any (v_ids) then
      v_ids := v_ids || v_id;
    end if;
  end loop;
  if cardinality(v_unknown) > 0 then
    select h.hits, h.retry_after into v_hits, v_retry
    from public.hit_rate_limit(p_bucket, p_client_hash, p_window_seconds) as h;
    if v_hits > p_max_hits then
      return query select 'rate_limited'::text, null::bigint, v_retry, null::text[];
    else
      return query select 'unknown_tools'::text, null::bigint, null::integer, v_unknown;
    end if;
    return;
  end if;
  select * into v_result from public.submit_tool_rate_limited(
    p_bucket, p_client_hash, p_window_seconds, p_max_hits, p_name, p_url, p_email) as s;
  if v_result.outcome = 'created' and cardinality(v_ids) > 0 then
    update public.new_app_submissions set works_with_ids = v_ids, updated_at = now()
    where url_key = public.tool_url_key(p_url) and status = 'pending';
  end if;
  return query select v_result.outcome, v_result.tool_id, v_result.retry_after, null::text[];
end
$$;

-- Errors as approve_submission's, plus CTNFD (not found) when a partner is not a live tool.
create function public.approve_submission_with_integrations(
  p_id bigint, p_name text, p_url text, p_description text, p_category text, p_force boolean,
  p_partner_ids bigint[], p_kind text, p_source_url text
) returns bigint
language plpgsql set search_path = ''
as $$
declare
  v_tool bigint;
  v_missing bigint;
begin
  select p into v_missing from unnest(p_partner_ids) as p
  where not exists (select 1 from public.construction_apps t where t.id = p and t.status = 'live')
  limit 1;
  if v_missing is not null then
    raise exception 'no live tool with id %', v_missing using errcode = 'CTNFD';
  end if;
  v_tool := public.approve_submission(p_id, p_name, p_url, p_description, p_category, p_force);
  insert into public.tool_integrations (tool_low_id, tool_high_id, kind, source_url)
  select distinct least(v_tool, p), greatest(v_tool, p), p_kind, p_source_url
  from unnest(p_partner_ids) as p;
  return v_tool;
end
$$;

revoke execute on function public.submit_tool_with_suggestions(text, text, integer, integer, text, text, text, text[]) from public, anon, authenticated;
revoke execute on function public.approve_submission_with_integrations(bigint, text, text, text, text, boolean, bigint[], text, text) from public, anon, authenticated;
grant execute on function public.submit_tool_with_suggestions(text, text, integer, integer, text, text, text, text[]) to service_role;
grant execute on function public.approve_submission_with_integrations(bigint, text, text, text, text, boolean, bigint[], text, text) to service_role;
