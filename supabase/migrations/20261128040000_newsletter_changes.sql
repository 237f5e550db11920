-- The week's changes in the newsletter (issue 28): a draft also snapshots the published changes
-- (public.published_changes) since the last sent issue, so the preview, every message and the
-- published page show "What changed this week" alike. Like /changes/, only the rows anon may
-- read (about tools live at draft time, and removals), the newest 50, each kept with the columns
-- the site words it from (src/features/changes/changes.ts); changes_more counts the rest. An issue
-- drafted before holds no changes and shows no such section.

alter table public.newsletter_issues
  add column changes jsonb not null default '[]' check (jsonb_typeof(changes) = 'array'),
  add column changes_more integer not null default 0 check (changes_more >= 0);
comment on column public.newsletter_issues.changes is 'The newest published changes (at most 50, newest first) in the issue''s window, snapshot by newsletter_draft.';
comment on column public.newsletter_issues.changes_more is 'How many more changes the window held than the issue shows.';

-- Drafts the next issue, or redrafts the unsent one: live tools published, integrations between
-- live tools added and the published changes since the last sent issue (the first covers
-- p_first_days).
create or replace function public.newsletter_draft(p_intro text, p_first_days integer default 7)
returns setof public.newsletter_issues
language plpgsql set search_path = ''
as $$
declare
  v_from timestamptz;
  v_now timestamptz := now();
  v_number integer;
  v_tools jsonb;
  v_integrations jsonb;
  v_changes jsonb;
  v_changes_more integer;
begin
  select covers_until into v_from from public.newsletter_issues
  where sent_at is not null order by number desc limit 1;
  v_from := coalesce(v_from, v_now - make_interval(days => p_first_days));
  select coalesce(jsonb_agg(jsonb_build_object('id', t.id, 'name', t.name, 'url', t.url,
      'category', t.category, 'description', t.description, 'publishedAt', t.published_at)
      order by t.published_at, t.name_sort, t.id), '[]')
  into v_tools from public.construction_apps t
  where t.status = 'live' and t.published_at > v_from and t.published_at <= v_now;
  select coalesce(jsonb_agg(jsonb_build_object('kind', i.kind, 'note', i.note,
      'a', jsonb_build_object('id', a.id, 'name', a.name),
      'b', jsonb_build_object('id', b.id, 'name', b.name)) order by i.created_at, i.id), '[]')
  into v_integrations from public.tool_integrations i
  join public.construction_apps a on a.id = i.tool_low_id and a.status = 'live'
  join public.construction_apps b on b.id = i.tool_high_id and b.status = 'live'
  where i.created_at > v_from and i.created_at <= v_now;

  -- The rows anon would read (published_changes_select_anon): a sent issue is public.
  with visible as (
    select c.*, row_number() over (order by c.changed_at desc, c.id desc) as n
    from public.published_changes c
    where c.changed_at > v_from and c.changed_at <= v_now
      and (c.tool_id is null or exists (
        select 1 from public.construction_apps a where a.id = c.tool_id and a.status = 'live'))
      and (c.other_tool_id is null or exists (
        select 1 from public.construction_apps b where b.id = c.other_tool_id and b.status = 'live'))
  ), kept as (
    select * from visible where n <= 50
    -- A fact's replacement is two rows (removed, then set) the site shows as one change: keep
    -- the "removed" when its "set" is the 50th.
    union all
    select v.* from visible v
    where v.n = 51 and v.kind = 'fact_removed' and exists (
      select 1 from visible s where s.n = 50 and s.kind in ('fact_set', 'fact_changed')
        and s.tool_id = v.tool_id and s.fact = v.fact and s.changed_at = v.changed_at)
  )
  select
    coalesce((select jsonb_agg(jsonb_build_object('id', k.id, 'changed_at', k.changed_at,
        'kind', k.kind, 'tool_id', k.tool_id, 'tool_name', k.tool_name,
        'other_tool_id', k.other_tool_id, 'other_tool_name', k.other_tool_name, 'fact', k.fact,
        'value', k.value, 'previous_value', k.previous_value) order by k.n) from kept k), '[]'),
    (select count(*) from visible) - (select count(*) from kept)
  into v_changes, v_changes_more;

  select number into v_number from public.newsletter_issues where sent_at is null for update;
  if v_number is null then
    insert into public.newsletter_issues
      (number, intro, tools, integrations, changes, changes_more, covers_from, covers_until)
    select coalesce(max(number), 0) + 1, p_intro, v_tools, v_integrations, v_changes,
      v_changes_more, v_from, v_now
    from public.newsletter_issues
    returning number into v_number;
  else
    update public.newsletter_issues
    set intro = p_intro, tools = v_tools, integrations = v_integrations, changes = v_changes,
        changes_more = v_changes_more, covers_from = v_from, covers_until = v_now,
        updated_at = v_now
    where number = v_number;
  end if;
  return query select * from public.newsletter_issues where number = v_number;
end
$$;

revoke execute on function public.newsletter_draft(text, integer) from public, anon, authenticated;
grant execute on function public.newsletter_draft(text, integer) to service_role;
