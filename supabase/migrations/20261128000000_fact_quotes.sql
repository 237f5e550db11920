-- Every fact held to its quote (issue 27): a fact keeps the sentence its source page says, so a
-- visitor can read it beside the source, and says whether someone read it on the vendor's page
-- ('read') or a verified vendor stated it through a claimed listing ('vendor'). The quote must
-- state the value itself; conditions and limits go into the detail. Rows written before this
-- migration keep no quote (null) until an editor re-reads them; new writes through the editor
-- give one.

alter table public.tool_facts
  add column quote text
    constraint tool_facts_quote_length check (
      quote is null or char_length(btrim(quote)) between 1 and 500),
  add column origin text not null default 'read'
    constraint tool_facts_origin check (origin in ('read', 'vendor'));
comment on column public.tool_facts.quote is
  'The sentence the source page says, stating the value itself (at most 500 characters).';
comment on column public.tool_facts.origin is
  '''read'': an editor read it on the vendor''s page; ''vendor'': the vendor stated it through a claimed listing, accepted by an editor.';

-- set_tool_fact with the quote and the origin. The old signature goes: two overloads with
-- defaults would make every call ambiguous.
drop function public.set_tool_fact(bigint, text, text[], text, text, boolean);
create function public.set_tool_fact(
  p_tool_id bigint, p_fact text, p_value text[], p_detail text, p_source_url text,
  p_replace boolean default true, p_quote text default null, p_origin text default 'read'
)
returns void
language plpgsql
set search_path = ''
as $$
begin
  if not exists (select 1 from public.construction_apps where id = p_tool_id) then
    raise exception 'no tool with id %', p_tool_id using errcode = 'P0002';
  end if;
  if p_replace then
    delete from public.tool_facts where tool_id = p_tool_id and fact = p_fact;
  end if;
  insert into public.tool_facts (tool_id, fact, value, detail, source_url, verified_on, quote, origin)
  values (p_tool_id, p_fact, p_value, p_detail, p_source_url, current_date, p_quote, p_origin)
  on conflict (tool_id, fact, source_url) do update
    set value = excluded.value, detail = excluded.detail, verified_on = current_date,
      quote = excluded.quote, origin = excluded.origin;
end
$$;
revoke execute on function public.set_tool_fact(bigint, text, text[], text, text, boolean, text, text)
  from public, anon, authenticated;
grant execute on function public.set_tool_fact(bigint, text, text[], text, text, boolean, text, text)
  to service_role;
