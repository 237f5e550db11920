-- What changed in the published data (issue 28): a tool published or taken off, a fact of a live
-- tool set, changed or removed, a connection between live tools added, changed or removed. Each
-- row is written by a trigger in the same transaction as the change, so the log and the data can
-- never disagree; nobody updates or deletes a row (append-only). The build reads it as anon, like
-- the catalogue: RLS shows only rows about tools that are live now, and the removals (about no
-- live tool, their name kept as it was published). /changes/ and its feed show the newest.

create table public.published_changes (
  id bigint generated always as identity primary key,
  changed_at timestamptz not null default now(),
  kind text not null check (kind in (
    'tool_published', 'tool_removed',
    'fact_set', 'fact_changed', 'fact_removed',
    'connection_added', 'connection_changed', 'connection_removed'
  )),
  -- The tool it is about; null for a removal, which is about a tool no longer on the site.
  tool_id bigint,
  tool_name text not null,
  -- The other tool of a connection.
  other_tool_id bigint,
  other_tool_name text,
  fact text,
  value text[],
  previous_value text[],
  source_url text,
  constraint published_changes_tool check ((tool_id is null) = (kind = 'tool_removed'))
);

alter table public.published_changes enable row level security;

comment on table public.published_changes is
  'Append-only log of changes to the published data, written by triggers in the changing transaction (issue 28).';

-- Supabase grants the API roles everything by default: anon reads (through RLS), nobody writes
-- but the triggers' owner.
revoke all on public.published_changes from public, anon, authenticated, service_role;
grant select on public.published_changes to anon, service_role;

create policy published_changes_select_anon on public.published_changes
  for select to anon
  using (
    (tool_id is null or exists (
      select 1 from public.construction_apps a where a.id = tool_id and a.status = 'live'))
    and (other_tool_id is null or exists (
      select 1 from public.construction_apps b where b.id = other_tool_id and b.status = 'live'))
  );

create index published_changes_changed_at_idx on public.published_changes (changed_at desc, id desc);

-- Append-only, even for the owner's own mistakes: a correction is a new change.
create function public.published_changes_append_only()
returns trigger
language plpgsql set search_path = ''
as $$
begin
  raise exception 'published_changes is append-only';
end
$$;

create trigger published_changes_append_only
  before update or delete on public.published_changes
  for each row execute function public.published_changes_append_only();

create function public.live_tool_name(p_id bigint)
returns text
language sql stable set search_path = ''
as $$
  select name from public.construction_apps where id = p_id and status = 'live'
$$;

-- A tool goes live (inserted live, or published) or leaves the site (unpublished, deleted).
create function public.log_tool_change()
returns trigger
language plpgsql security definer set search_path = ''
as $$
declare
  v_was boolean := tg_op in ('UPDATE', 'DELETE') and old.status = 'live';
  v_is boolean := tg_op in ('INSERT', 'UPDATE') and new.status = 'live';
begin
  if v_is and not v_was then
    insert into public.published_changes (kind, tool_id, tool_name)
    values ('tool_published', new.id, new.name);
  elsif v_was and not v_is then
    insert into public.published_changes (kind, tool_id, tool_name)
    values ('tool_removed', null, old.name);
  end if;
  return null;
end
$$;

create trigger log_published_tool_change
  after insert or update of status or delete on public.construction_apps
  for each row execute function public.log_tool_change();

-- A fact of a live tool: set, changed (its value, detail, page or quote; a re-read that only
-- moves the date is no change) or removed. An editor's `set` replaces a fact: removed then set.
create function public.log_fact_change()
returns trigger
language plpgsql security definer set search_path = ''
as $$
declare
  v_tool bigint := case when tg_op = 'DELETE' then old.tool_id else new.tool_id end;
  v_name text := public.live_tool_name(v_tool);
begin
  if v_name is null then
    return null;
  end if;
  if tg_op = 'INSERT' then
    insert into public.published_changes (kind, tool_id, tool_name, fact, value, source_url)
    values ('fact_set', v_tool, v_name, new.fact, new.value, new.source_url);
  elsif tg_op = 'DELETE' then
    insert into public.published_changes (kind, tool_id, tool_name, fact, previous_value, source_url)
    values ('fact_removed', v_tool, v_name, old.fact, old.value, old.source_url);
  elsif (new.value, new.detail, new.source_url, new.quote, new.fact)
      is distinct from (old.value, old.detail, old.source_url, old.quote, old.fact) then
    insert into public.published_changes
      (kind, tool_id, tool_name, fact, value, previous_value, source_url)
    values ('fact_changed', v_tool, v_name, new.fact, new.value, old.value, new.source_url);
  end if;
  return null;
end
$$;

create trigger log_published_fact_change
  after insert or update or delete on public.tool_facts
  for each row execute function public.log_fact_change();

-- A connection between two live tools: added, changed (what it documents; a re-read that only
-- moves the date is no change) or removed.
create function public.log_connection_change()
returns trigger
language plpgsql security definer set search_path = ''
as $$
declare
  v_row public.tool_integrations := case when tg_op = 'DELETE' then old else new end;
  v_low text := public.live_tool_name(v_row.tool_low_id);
  v_high text := public.live_tool_name(v_row.tool_high_id);
  v_kind text;
begin
  if v_low is null or v_high is null then
    return null;
  end if;
  if tg_op = 'INSERT' then
    v_kind := 'connection_added';
  elsif tg_op = 'DELETE' then
    v_kind := 'connection_removed';
  elsif (new.kind, new.note, new.source_url, new.direction, new.moves, new.via, new.via_service, new.status)
      is distinct from
      (old.kind, old.note, old.source_url, old.direction, old.moves, old.via, old.via_service, old.status) then
    v_kind := 'connection_changed';
  else
    return null;
  end if;
  insert into public.published_changes
    (kind, tool_id, tool_name, other_tool_id, other_tool_name, value, previous_value, source_url)
  values (
    v_kind, v_row.tool_low_id, v_low, v_row.tool_high_id, v_high,
    case when tg_op <> 'DELETE' then new.moves end,
    case when tg_op <> 'INSERT' then old.moves end,
    v_row.source_url
  );
  return null;
end
$$;

create trigger log_published_connection_change
  after insert or update or delete on public.tool_integrations
  for each row execute function public.log_connection_change();

revoke execute on function
  public.published_changes_append_only(),
  public.live_tool_name(bigint),
  public.log_tool_change(),
  public.log_fact_change(),
  public.log_connection_change()
from public, anon, authenticated;
