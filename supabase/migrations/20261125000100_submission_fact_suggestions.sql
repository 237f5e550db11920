-- /newapp/ asks, optionally, for the platforms, the pricing page's address and who the tool is
-- for (issue 19). They are suggestions, kept on the pending submission for the editor, who
-- confirms each from the source before recording it as a fact (`facts <tool> set … --source`);
-- nothing a submitter says becomes a fact by itself. Vocabularies as tool_facts'.

alter table public.new_app_submissions
  add column suggested_platforms text[] not null default '{}'
    constraint new_app_submissions_platforms_vocabulary check (
      suggested_platforms <@ array['web', 'ios', 'ipados', 'android', 'windows', 'macos', 'on_premises']),
  add column suggested_audience text[] not null default '{}'
    constraint new_app_submissions_audience_vocabulary check (
      suggested_audience <@ array['general_contractors', 'specialty_contractors', 'owners_developers',
        'residential', 'heavy_civil', 'architects_engineers']),
  add column pricing_url text
    constraint new_app_submissions_pricing_url check (
      pricing_url is null or (char_length(pricing_url) <= 2048 and pricing_url ~* '^https?://[^/?#@[:space:]]+'));
comment on column public.new_app_submissions.suggested_platforms is
  'Platforms the submitter says it runs on (suggestions; an editor confirms them from a vendor page).';
comment on column public.new_app_submissions.pricing_url is
  'The pricing page the submitter points to: where an editor reads the pricing facts.';

-- submit_tool_with_suggestions, plus the fact suggestions, in the same call and transaction.
create function public.submit_tool_with_details(
  p_bucket text, p_client_hash text, p_window_seconds integer, p_max_hits integer,
  p_name text, p_url text, p_email text, p_works_with text[],
  p_platforms text[], p_audience text[], p_pricing_url text
) returns table (outcome text, tool_id bigint, retry_after integer, unknown text[])
language plpgsql set search_path = ''
as $$
declare
  v_result record;
begin
  select * into v_result from public.submit_tool_with_suggestions(
    p_bucket, p_client_hash, p_window_seconds, p_max_hits, p_name, p_url, p_email,
    coalesce(p_works_with, '{}')) as s;
  if v_result.outcome = 'created' and (cardinality(p_platforms) > 0
      or cardinality(p_audience) > 0 or p_pricing_url is not null) then
    update public.new_app_submissions set
      suggested_platforms = coalesce(p_platforms, '{}'),
      suggested_audience = coalesce(p_audience, '{}'),
      pricing_url = p_pricing_url,
      updated_at = now()
    where url_key = public.tool_url_key(p_url) and status = 'pending';
  end if;
  return query select v_result.outcome, v_result.tool_id, v_result.retry_after, v_result.unknown;
end
$$;

revoke execute on function public.submit_tool_with_details(text, text, integer, integer, text, text, text, text[], text[], text[], text) from public, anon, authenticated;
grant execute on function public.submit_tool_with_details(text, text, integer, integer, text, text, text, text[], text[], text[], text) to service_role;
