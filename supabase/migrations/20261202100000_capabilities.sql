-- Capabilities (record 0028): what a tool
-- of each category can do, one fact per capability, 'yes' where the vendor's own sentence states
-- it and 'no' only where the vendor's own page says it is not offered. They are rows of
-- public.tool_facts like every fact, so the quote, the source, the date and the editor's and
-- suggestions' paths are the same; this migration only widens the vocabulary the CHECK holds.
-- tests/store/facts.test.ts holds this list and src/features/facts/capabilities.ts equal.

create or replace function public.tool_fact_valid(p_fact text, p_value text[], p_detail text)
returns boolean
language sql
immutable
set search_path = ''
as $$
  select cardinality(p_value) between 1 and 8
    and array_position(p_value, null) is null
    -- No value twice.
    and cardinality(p_value) = (select count(distinct v) from unnest(p_value) v)
    -- What a tool can do (src/features/facts/capabilities.ts): stated as offered, or as not
    -- offered where the vendor's own page says so.
    and case when p_fact = any (array[
        'takeoff_2d', 'takeoff_3d', 'auto_takeoff', 'assemblies', 'cost_database',
        'cad_drawings', 'bid_proposals', 'excel_export', 'cpm', 'gantt', 'lookahead',
        'p6_exchange', 'ms_project_exchange', 'resource_levelling', 'schedule_4d',
        'schedule_risk', 'location_based', 'schedule_quality', 'pull_planning', 'punch_lists',
        'daily_logs', 'inspections', 'custom_forms', 'plan_viewer', 'photo_markup', 'tasks',
        'rfis', 'submittals', 'change_orders', 'budgets', 'meeting_minutes',
        'portfolio_reporting', 'client_portal', 'selections', 'bim_authoring',
        'drawings_from_model', 'clash_detection', 'ifc', 'bcf', 'model_viewer_web',
        'cloud_worksharing', 'rendering', 'model_checking', 'bid_invitations', 'bid_levelling',
        'sub_network', 'prequalification', 'project_leads', 'plan_room', 'purchase_orders',
        'material_requisitions', 'job_costing', 'pay_apps', 'lien_waivers', 'retainage',
        'ap_automation', 'wip_reports', 'payroll', 'certified_payroll', 'compliance_docs',
        'subcontractor_payments', 'draw_management', 'pdf_markup', 'sheet_versions',
        'drawing_compare', 'sheet_ocr', 'transmittals', 'approval_workflows', 'iso19650',
        'live_sessions', 'incident_reporting', 'observations', 'toolbox_talks',
        'corrective_actions', 'permits_to_work', 'training_records', 'jha', 'osha_recordkeeping',
        'capture_360', 'laser_scanning', 'drone_mapping', 'photogrammetry', 'ai_progress',
        'bim_comparison', 'floor_plan_pins', 'measurements', 'stockpile_volumes',
        'jobsite_cameras', 'gps_tracking', 'preventive_maintenance', 'tool_tracking',
        'utilisation', 'equipment_inspections', 'fuel_tracking', 'rental_tracking',
        'check_in_out', 'ifta_reporting', 'time_tracking', 'geofencing', 'crew_scheduling',
        'certifications', 'prevailing_wage', 'cost_code_time', 'onboarding'
    ]) then cardinality(p_value) = 1 and p_value <@ array['yes', 'no']
    else case p_fact
      when 'vendor' then cardinality(p_value) = 1 and char_length(btrim(p_value[1])) between 1 and 100
      when 'hq_country' then cardinality(p_value) = 1 and p_value[1] = any (array[
    'AD', 'AE', 'AF', 'AG', 'AI', 'AL', 'AM', 'AO', 'AQ', 'AR', 'AS', 'AT', 'AU', 'AW', 'AX', 'AZ', 'BA', 'BB', 'BD', 'BE', 'BF', 'BG', 'BH', 'BI', 'BJ', 'BL', 'BM', 'BN', 'BO', 'BQ', 'BR', 'BS',
    'BT', 'BV', 'BW', 'BY', 'BZ', 'CA', 'CC', 'CD', 'CF', 'CG', 'CH', 'CI', 'CK', 'CL', 'CM', 'CN', 'CO', 'CR', 'CU', 'CV', 'CW', 'CX', 'CY', 'CZ', 'DE', 'DJ', 'DK', 'DM', 'DO', 'DZ', 'EC', 'EE',
    'EG', 'EH', 'ER', 'ES', 'ET', 'FI', 'FJ', 'FK', 'FM', 'FO', 'FR', 'GA', 'GB', 'GD', 'GE', 'GF', 'GG', 'GH', 'GI', 'GL', 'GM', 'GN', 'GP', 'GQ', 'GR', 'GS', 'GT', 'GU', 'GW', 'GY', 'HK', 'HM',
    'HN', 'HR', 'HT', 'HU', 'ID', 'IE', 'IL', 'IM', 'IN', 'IO', 'IQ', 'IR', 'IS', 'IT', 'JE', 'JM', 'JO', 'JP', 'KE', 'KG', 'KH', 'KI', 'KM', 'KN', 'KP', 'KR', 'KW', 'KY', 'KZ', 'LA', 'LB', 'LC',
    'LI', 'LK', 'LR', 'LS', 'LT', 'LU', 'LV', 'LY', 'MA', 'MC', 'MD', 'ME', 'MF', 'MG', 'MH', 'MK', 'ML', 'MM', 'MN', 'MO', 'MP', 'MQ', 'MR', 'MS', 'MT', 'MU', 'MV', 'MW', 'MX', 'MY', 'MZ', 'NA',
    'NC', 'NE', 'NF', 'NG', 'NI', 'NL', 'NO', 'NP', 'NR', 'NU', 'NZ', 'OM', 'PA', 'PE', 'PF', 'PG', 'PH', 'PK', 'PL', 'PM', 'PN', 'PR', 'PS', 'PT', 'PW', 'PY', 'QA', 'RE', 'RO', 'RS', 'RU', 'RW',
    'SA', 'SB', 'SC', 'SD', 'SE', 'SG', 'SH', 'SI', 'SJ', 'SK', 'SL', 'SM', 'SN', 'SO', 'SR', 'SS', 'ST', 'SV', 'SX', 'SY', 'SZ', 'TC', 'TD', 'TF', 'TG', 'TH', 'TJ', 'TK', 'TL', 'TM', 'TN', 'TO',
    'TR', 'TT', 'TV', 'TW', 'TZ', 'UA', 'UG', 'UM', 'US', 'UY', 'UZ', 'VA', 'VC', 'VE', 'VG', 'VI', 'VN', 'VU', 'WF', 'WS', 'YE', 'YT', 'ZA', 'ZM', 'ZW'
      ])
      when 'founded' then cardinality(p_value) = 1 and p_value[1] ~ '^(1[89]|20)[0-9]{2}$'
      when 'platforms' then p_value <@ array['web', 'ios', 'ipados', 'android', 'windows', 'macos', 'on_premises']
      when 'offline' then cardinality(p_value) = 1 and p_value <@ array['full', 'partial', 'none']
      when 'pricing_model' then p_value <@ array['per_user', 'per_active_user', 'unlimited_users',
        'per_project', 'construction_volume', 'by_module', 'perpetual', 'quote_only']
      -- amount, currency (ISO 4217), unit, period: a price the vendor itself publishes.
      when 'starting_price' then cardinality(p_value) = 4
        and p_value[1] ~ '^[0-9]{1,7}(\.[0-9]{1,2})?$' and p_value[1]::numeric > 0
        and p_value[2] = any (array['USD', 'EUR', 'GBP', 'AUD', 'CAD', 'NZD', 'CHF', 'SEK', 'NOK',
          'DKK', 'JPY', 'SGD', 'INR', 'ZAR', 'AED'])
        and p_value[3] = any (array['user', 'account', 'project', 'device', 'seat'])
        and p_value[4] = any (array['month', 'year', 'once'])
      when 'free_version' then cardinality(p_value) = 1 and p_value <@ array['yes', 'no']
      when 'free_trial' then cardinality(p_value) = 1 and p_value <@ array['yes', 'no']
      when 'audience' then p_value <@ array['general_contractors', 'specialty_contractors',
        'owners_developers', 'residential', 'heavy_civil', 'architects_engineers']
      when 'company_size' then p_value <@ array['small', 'mid', 'enterprise']
      -- An open API names its developer documentation.
      when 'open_api' then cardinality(p_value) = 1 and p_value <@ array['yes', 'no']
        and (p_value[1] = 'no' or coalesce(p_detail ~* '^https?://[^/?#@[:space:]]+', false))
      when 'soc2' then cardinality(p_value) = 1 and p_value <@ array['type_1', 'type_2']
      when 'sso' then cardinality(p_value) = 1 and p_value <@ array['yes', 'no']
      when 'also_does' then cardinality(p_value) <= 2 and p_value <@ array['project-management',
        'estimating', 'bim-design', 'scheduling', 'field-management', 'bidding-procurement',
        'financials', 'documents-collaboration', 'safety-quality', 'reality-capture',
        'equipment-fleet', 'workforce']
      else false
    end
    end
$$;

-- What an editor looked for when a tool's own pages document no integration: the tool page
-- says so ("No integration documented on its own pages, read 2 Dec 2026"), so that "none found"
-- and "not looked for" read differently. One row per tool; a documented connection supersedes it
-- on the page, and the editor's `integrations <tool> --none-found` writes it.
create table public.integration_searches (
  tool_id bigint primary key references public.construction_apps (id) on delete cascade,
  searched_on date not null default current_date
    constraint integration_searches_searched_on_past check (searched_on between date '2000-01-01' and current_date + 1),
  looked_at text not null
    constraint integration_searches_looked_at_length check (char_length(btrim(looked_at)) between 1 and 300)
);
alter table public.integration_searches enable row level security;
comment on table public.integration_searches is
  'What was looked for on a tool''s own pages when no integration was found, and when (record 0028).';
revoke all on public.integration_searches from public, anon, authenticated;
grant select on public.integration_searches to anon, authenticated;
grant select, insert, update, delete on public.integration_searches to service_role;
create policy "anon reads searches of live tools" on public.integration_searches
  for select to anon using (
    exists (select 1 from public.construction_apps t where t.id = tool_id and t.status = 'live')
  );
create policy "authenticated reads searches of live tools" on public.integration_searches
  for select to authenticated using (
    exists (select 1 from public.construction_apps t where t.id = tool_id and t.status = 'live')
  );
