-- A correction is the vendor's only when its sender proved the mailbox (record 0027). Until
-- now a suggestion that merely named a confirmed claimant's address was stored as stated by the
-- vendor: anyone could type that address. Now such a suggestion is mailed a signed link of its
-- own (as a claim is), and only its confirmation from that mailbox makes it the vendor's; until
-- then it is an ordinary suggestion whose e-mail is "not confirmed".

alter table public.tool_suggestions
  -- The latest link sent for this suggestion: signed into it, so a newer link voids an older one.
  add column email_requested_at timestamptz,
  -- When the link was confirmed from the mailbox: the only way vendor_stated becomes true.
  add column email_confirmed_at timestamptz;
comment on column public.tool_suggestions.email_confirmed_at is
  'Set when the suggester opened the link mailed to the suggestion''s address and pressed its button (record 0027).';
comment on column public.tool_suggestions.vendor_stated is
  'The suggester proved the mailbox (email_confirmed_at) of a confirmed, unrevoked claim on the tool: accepted as origin ''vendor''.';

-- Rows written before this rule took the address at its word: none of them proved a mailbox.
update public.tool_suggestions set vendor_stated = false
where status = 'pending' and vendor_stated and email_confirmed_at is null;
alter table public.tool_suggestions add constraint tool_suggestions_vendor_proved_mailbox check (
  status <> 'pending' or not vendor_stated or (email is not null and email_confirmed_at is not null));

-- outcome: 'created' (also for a duplicate of a pending suggestion), 'confirm' (created, and its
-- address holds a confirmed claim on the tool: mail suggestion_id a link signed over
-- requested_ms), 'unknown_tool', 'unknown_partner', 'rate_limited' or 'busy'.
drop function public.suggest_tool_correction(text, text, integer, integer, bigint, text, text, text[], text, text, text, text, text, text[], text, text, text, text, text);
create function public.suggest_tool_correction(
  p_bucket text, p_client_hash text, p_window_seconds integer, p_max_hits integer,
  p_tool_id bigint, p_what text, p_fact text, p_value text[], p_detail text,
  p_partner text, p_link_via text, p_link_via_service text, p_link_flow text,
  p_link_moves text[], p_link_status text, p_new_text text,
  p_source_url text, p_quote text, p_email text
) returns table (outcome text, retry_after integer, suggestion_id bigint, requested_ms bigint, tool_name text)
language plpgsql set search_path = ''
as $$
declare
  v_limited record;
  v_partner_id bigint;
  v_tool public.construction_apps;
  v_row public.tool_suggestions;
begin
  select * into v_limited
  from public.correction_rate_check(p_bucket, p_client_hash, p_window_seconds, p_max_hits);
  if v_limited.outcome is not null then
    return query select v_limited.outcome, v_limited.retry_after, null::bigint, null::bigint, null::text;
    return;
  end if;
  select * into v_tool from public.construction_apps where id = p_tool_id and status = 'live';
  if not found then
    return query select 'unknown_tool'::text, null::integer, null::bigint, null::bigint, null::text;
    return;
  end if;
  if p_what = 'integration' then
    select t.id into v_partner_id from public.construction_apps t
    where t.status = 'live' and t.id <> p_tool_id
      and (lower(t.name) = lower(btrim(p_partner)) or t.id::text = btrim(p_partner))
    order by (t.id::text = btrim(p_partner)) desc, t.id limit 1;
    if v_partner_id is null then
      return query select 'unknown_partner'::text, null::integer, null::bigint, null::bigint, null::text;
      return;
    end if;
  end if;
  -- Never the vendor's when written: only the mailed link's confirmation makes it so.
  insert into public.tool_suggestions (tool_id, what, fact, value, detail, partner_id, link_via,
    link_via_service, link_flow, link_moves, link_status, new_text, source_url, quote, email,
    vendor_stated, dedupe_key)
  values (p_tool_id, p_what, p_fact, p_value, p_detail, v_partner_id, p_link_via,
    p_link_via_service, p_link_flow, p_link_moves, p_link_status, p_new_text, p_source_url,
    p_quote, p_email, false,
    md5(concat_ws('|', p_what, p_fact, array_to_string(p_value, ','), p_detail, v_partner_id,
      p_link_via, p_link_via_service, p_link_flow, array_to_string(p_link_moves, ','),
      p_link_status, p_new_text, p_source_url, p_quote, lower(p_email))))
  on conflict (tool_id, dedupe_key) where status = 'pending' do nothing
  returning * into v_row;
  if not found then
    select * into v_row from public.tool_suggestions s
    where s.tool_id = p_tool_id and s.status = 'pending'
      and s.dedupe_key = md5(concat_ws('|', p_what, p_fact, array_to_string(p_value, ','), p_detail,
        v_partner_id, p_link_via, p_link_via_service, p_link_flow,
        array_to_string(p_link_moves, ','), p_link_status, p_new_text, p_source_url, p_quote,
        lower(p_email)));
  end if;
  if v_row.id is null or v_row.email_confirmed_at is not null
      or not public.has_listing_claim(p_tool_id, p_email) then
    return query select 'created'::text, null::integer, null::bigint, null::bigint, null::text;
    return;
  end if;
  -- A claimant's address: a link for this suggestion (a newer one voids the older).
  update public.tool_suggestions s set email_requested_at = clock_timestamp()
  where s.id = v_row.id returning * into v_row;
  return query select 'confirm'::text, null::integer, v_row.id,
    public.newsletter_consent_ms(v_row.email_requested_at), v_tool.name;
end
$$;

-- The suggestion link's button. 'confirmed' (also when it already was; vendor_stated when the
-- address still holds a confirmed claim), 'invalid' (no such pending suggestion, or a newer
-- link replaced this one), 'rate_limited' or 'busy'.
create function public.confirm_suggestion_email(
  p_bucket text, p_client_hash text, p_window_seconds integer, p_max_hits integer,
  p_suggestion_id bigint, p_requested_ms bigint
) returns table (outcome text, retry_after integer, tool_id bigint)
language plpgsql set search_path = ''
as $$
declare
  v_limited record;
  v_row public.tool_suggestions;
begin
  select * into v_limited
  from public.correction_rate_check(p_bucket, p_client_hash, p_window_seconds, p_max_hits);
  if v_limited.outcome is not null then
    return query select v_limited.outcome, v_limited.retry_after, null::bigint;
    return;
  end if;
  update public.tool_suggestions s
  set email_confirmed_at = coalesce(s.email_confirmed_at, now()),
    vendor_stated = public.has_listing_claim(s.tool_id, s.email)
  where s.id = p_suggestion_id and s.status = 'pending' and s.email is not null
    and s.email_requested_at is not null
    and public.newsletter_consent_ms(s.email_requested_at) = p_requested_ms
  returning * into v_row;
  if not found then
    return query select 'invalid'::text, null::integer, null::bigint;
    return;
  end if;
  return query select 'confirmed'::text, null::integer, v_row.tool_id;
end
$$;

-- Confirming a claim proves the mailbox now, not who wrote the earlier suggestions from that
-- address: only those whose own link was confirmed become the vendor's.
create or replace function public.confirm_listing_claim(
  p_bucket text, p_client_hash text, p_window_seconds integer, p_max_hits integer,
  p_claim_id bigint, p_requested_ms bigint
) returns table (outcome text, retry_after integer, tool_id bigint)
language plpgsql set search_path = ''
as $$
declare
  v_limited record;
  v_claim public.listing_claims;
begin
  select * into v_limited
  from public.correction_rate_check(p_bucket, p_client_hash, p_window_seconds, p_max_hits);
  if v_limited.outcome is not null then
    return query select v_limited.outcome, v_limited.retry_after, null::bigint;
    return;
  end if;
  update public.listing_claims c set confirmed_at = coalesce(c.confirmed_at, now())
  where c.id = p_claim_id and c.revoked_at is null
    and public.newsletter_consent_ms(c.requested_at) = p_requested_ms
  returning * into v_claim;
  if not found then
    return query select 'invalid'::text, null::integer, null::bigint;
    return;
  end if;
  update public.tool_suggestions s set vendor_stated = true
  where s.tool_id = v_claim.tool_id and s.status = 'pending'
    and lower(s.email) = v_claim.email_normalized and s.email_confirmed_at is not null;
  return query select 'confirmed'::text, null::integer, v_claim.tool_id;
end
$$;

revoke execute on function public.suggest_tool_correction(text, text, integer, integer, bigint, text, text, text[], text, text, text, text, text, text[], text, text, text, text, text) from public, anon, authenticated;
revoke execute on function public.confirm_suggestion_email(text, text, integer, integer, bigint, bigint) from public, anon, authenticated;
grant execute on function public.suggest_tool_correction(text, text, integer, integer, bigint, text, text, text[], text, text, text, text, text, text[], text, text, text, text, text) to service_role;
grant execute on function public.confirm_suggestion_email(text, text, integer, integer, bigint, bigint) to service_role;
