import {
  memo,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type FormEvent,
  type MouseEvent,
} from 'react';
import styled from 'styled-components';
import { Button, theme } from '@side-quest/design';
import { SITE_ROUTES } from '@side-quest/data';
import { Select, TextInput } from '../common/formControls';
import {
  DEFAULT_LIST_QUERY,
  URL_KEYS,
  applyListChanges,
  listQueryFields,
  nextSort,
  parseRewardBound,
  parseSponsorFilter,
  parseStage,
  parseStatus,
  removeSkill,
  skillCount,
  type FacetCounts,
  type ListQuery,
  type SortField,
} from '@side-quest/data/bounty-query';
import { PUBLIC_STAGES, stageLabel } from '@side-quest/data/lifecycle';
import { formatReward } from '../common/bountyFormat';
import { facetOptionsHtml } from './facetOptions';
import { UntilHydrated, submitsUntil } from './UntilHydrated';
import { Field, FilterSelect, type FilterOption } from './FilterSelect';

const Panel = styled.form`
  display: grid;
  gap: ${theme.space(4)};
  padding: ${theme.space(4)};
  margin-bottom: ${theme.space(6)};
  background: ${theme.color.surface};
  border: 1px solid ${theme.color.border};
  border-radius: ${theme.radius.large};
  grid-template-columns: minmax(0, 1fr);
  @media (min-width: ${theme.breakpoint.medium}) {
    grid-template-columns: minmax(0, 2fr) minmax(0, 1fr) minmax(0, 1.4fr);
    align-items: end;
  }
`;

const Row = styled.div`
  display: flex;
  gap: ${theme.space(2)};
  min-width: 0;
  > select {
    flex: 1;
    /* As tall as the APPLY and ADD buttons beside it (2 × 0.6rem padding, a 1.55 line, 2 × 2px
       border: 3rem), so the row keeps its height when APPLY goes away at hydration; it shrank by
       4px and moved everything below it. */
    min-height: 3rem;
  }
`;

/** Status and the reward bounds: a row of their own under the SPEC's three controls. */
const ExtraFilters = styled.div`
  display: grid;
  gap: ${theme.space(4)};
  grid-template-columns: repeat(3, minmax(0, 1fr));
  @media (max-width: 419px) {
    grid-template-columns: minmax(0, 1fr) minmax(0, 1fr);
    > :first-child {
      grid-column: 1 / -1;
    }
  }
  @media (min-width: ${theme.breakpoint.medium}) {
    grid-column: 1 / -1;
  }
`;

const Bottom = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${theme.space(3)};
  align-items: center;
  justify-content: space-between;
  @media (min-width: ${theme.breakpoint.medium}) {
    grid-column: 1 / -1;
  }
`;

const SortGroup = styled.div`
  display: grid;
  grid-template-columns: repeat(3, minmax(0, 1fr));
  align-items: center;
  gap: ${theme.space(2)};
  flex: 1 1 100%;
  > span {
    grid-column: 1 / -1;
  }
  > button {
    padding-inline: 0.4rem;
    font-size: 0.9rem;
  }
  @media (min-width: ${theme.breakpoint.medium}) {
    display: flex;
    flex: 0 1 auto;
    > button {
      padding-inline: 1.1rem;
      font-size: 1rem;
    }
  }
`;

const SortLabel = styled.span`
  font-size: 0.85rem;
  font-family: ${theme.font.mono};
  color: ${theme.color.textMuted};
`;

const Chips = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: flex;
  flex-wrap: wrap;
  gap: ${theme.space(2)};
  @media (min-width: ${theme.breakpoint.medium}) {
    grid-column: 1 / -1;
  }
`;

const Chip = styled.button`
  min-height: 44px;
  display: inline-flex;
  align-items: center;
  gap: 0.5rem;
  padding: 0.3rem 0.8rem;
  border-radius: 999px;
  border: 1px solid ${theme.color.accent};
  background: ${theme.color.accentMuted};
  font-family: ${theme.font.mono};
  font-size: 0.85rem;
  cursor: pointer;
`;

const SORT_LABELS: Record<SortField, string> = {
  title: 'Title',
  reward: 'Reward',
  deadline: 'Deadline',
  pays: 'Pays fastest',
};

/** The reward bounds offered; a bound from a shared link that is not one of them is offered too. */
export const MIN_REWARD_PRESETS = [100, 500, 1000, 2500, 5000];
export const MAX_REWARD_PRESETS = [500, 1000, 2500, 5000, 10000];

function withBound(presets: readonly number[], bound: number | null): number[] {
  return bound === null || presets.includes(bound) ? [...presets] : [...presets, bound].sort((a, b) => a - b);
}

/** Min reward or Max reward: Any, the presets, and a bound from a shared link that is not one of them. */
const RewardBoundField = memo(function RewardBoundField(props: {
  id: string;
  label: string;
  name: string;
  presets: readonly number[];
  bound: number | null;
  onChange: (bound: number | null) => void;
}) {
  const { presets, bound, onChange } = props;
  const options = useMemo<FilterOption[]>(
    () => [
      { value: '', label: 'Any' },
      ...withBound(presets, bound).map((amount) => ({
        value: String(amount),
        label: formatReward(amount) ?? '$0',
      })),
    ],
    [presets, bound],
  );
  return (
    <FilterSelect
      id={props.id}
      label={props.label}
      name={props.name}
      value={bound === null ? '' : String(bound)}
      options={options}
      onChange={(value) => onChange(parseRewardBound(value))}
    />
  );
});

type ChoiceFilter = 'status' | 'stage' | 'sponsor';

/** Status, Stage on Side Quest and Sponsor, in that order: each a FilterSelect of fixed options. */
const CHOICE_FILTERS: ReadonlyArray<{
  key: ChoiceFilter;
  label: string;
  options: readonly FilterOption[];
  change: (value: string) => Pick<Partial<ListQuery>, ChoiceFilter>;
}> = [
  {
    key: 'status',
    label: 'Status',
    options: [
      { value: '', label: 'All' },
      { value: 'open', label: 'Open' },
      { value: 'closed', label: 'Closed' },
    ],
    change: (value) => ({ status: parseStatus(value) }),
  },
  {
    key: 'stage',
    label: 'Stage on Side Quest',
    options: [
      { value: '', label: 'All bounties' },
      ...PUBLIC_STAGES.map((stage) => ({ value: stage, label: stageLabel(stage) })),
    ],
    change: (value) => ({ stage: parseStage(value) }),
  },
  {
    key: 'sponsor',
    label: 'Sponsor',
    options: [
      { value: '', label: 'All sponsors' },
      { value: 'verified', label: 'Verified sponsors' },
    ],
    change: (value) => ({ sponsor: parseSponsorFilter(value) }),
  },
];

/** With JavaScript every change applies at once; the browser's own submit would reload the page. */
const preventSubmit = (event: FormEvent) => event.preventDefault();

/** With JavaScript a click applies the change; the default (a submit before hydration) must not. */
const onClick = (action: () => void) => (event: MouseEvent) => {
  event.preventDefault();
  action();
};

/** The hidden fields that carry a list state in a GET form. */
export function StateFields({ query }: { query: ListQuery }) {
  return (
    <>
      {listQueryFields(query).map(([name, value], index) => (
        <input key={`${name}-${index}`} type="hidden" name={name} value={value} />
      ))}
    </>
  );
}

export interface BountyControlsProps {
  query: ListQuery;
  domains: readonly string[];
  skills: readonly string[];
  /** How many bounties each domain and skill option would show; absent while the list loads. */
  facets?: FacetCounts;
  onSearch: (search: string) => void;
  /** Status and reward bounds. */
  onFilter: (
    changes: Pick<Partial<ListQuery>, 'status' | 'stage' | 'sponsor' | 'minReward' | 'maxReward'>,
  ) => void;
  onDomain: (domain: string) => void;
  onAddSkill: (skill: string) => void;
  onRemoveSkill: (skill: string) => void;
  onSort: (field: SortField) => void;
  onReset: () => void;
}

type ControlHandlers = Pick<
  BountyControlsProps,
  'onSearch' | 'onFilter' | 'onDomain' | 'onAddSkill' | 'onRemoveSkill' | 'onSort' | 'onReset'
>;

/**
 * The handlers as one object that never changes and calls the latest ones given: the panel's memoised
 * parts then render again only when what they show changes (a sort renders the sort buttons alone).
 */
function useStableHandlers(handlers: ControlHandlers): ControlHandlers {
  const latest = useRef(handlers);
  useLayoutEffect(() => {
    latest.current = handlers;
  });
  return useMemo(
    () => ({
      onSearch: (search) => latest.current.onSearch(search),
      onFilter: (changes) => latest.current.onFilter(changes),
      onDomain: (domain) => latest.current.onDomain(domain),
      onAddSkill: (skill) => latest.current.onAddSkill(skill),
      onRemoveSkill: (skill) => latest.current.onRemoveSkill(skill),
      onSort: (field) => latest.current.onSort(field),
      onReset: () => latest.current.onReset(),
    }),
    [],
  );
}

const SearchField = memo(function SearchField(props: {
  id: string;
  value: string;
  onSearch: (search: string) => void;
}) {
  return (
    <Field>
      <label htmlFor={props.id}>Search</label>
      <TextInput
        id={props.id}
        name={URL_KEYS.search}
        type="search"
        placeholder="Search title, summary or company"
        value={props.value}
        onChange={(event) => props.onSearch(event.target.value)}
      />
    </Field>
  );
});

const DomainField = memo(function DomainField(props: {
  id: string;
  domain: string;
  domains: readonly string[];
  facets?: FacetCounts;
  onDomain: (domain: string) => void;
}) {
  const { domain, domains, facets } = props;
  // A domain from a shared link that this dataset lacks still shows as selected.
  const domainOptions = useMemo(() => {
    const choices = domain && !domains.includes(domain) ? [...domains, domain] : domains;
    const countOf = facets && ((option: string) => facets.domains.get(option) ?? 0);
    return { __html: facetOptionsHtml('All Domains', choices, countOf, domain) };
  }, [domains, domain, facets]);
  return (
    <Field>
      <label htmlFor={props.id}>Domain</label>
      <Row>
        <Select
          id={props.id}
          name={URL_KEYS.domain}
          value={domain}
          onChange={(event) => props.onDomain(event.target.value)}
          dangerouslySetInnerHTML={domainOptions}
        />
        {/* Applies a chosen domain without JavaScript; the first submit button, so Enter in the
          search box submits plainly. Gone once hydrated, when a choice applies at once. */}
        <UntilHydrated>
          {(hydrated) =>
            !hydrated && (
              <Button type="submit" $variant="secondary">
                APPLY
              </Button>
            )
          }
        </UntilHydrated>
      </Row>
    </Field>
  );
});

/** The skill select and ADD: the chosen skill waits here until ADD. */
const SkillPicker = memo(function SkillPicker(props: {
  id: string;
  chosen: readonly string[];
  skills: readonly string[];
  facets?: FacetCounts;
  onAddSkill: (skill: string) => void;
}) {
  const { chosen, skills, facets } = props;
  const [pendingSkill, setPendingSkill] = useState('');
  const skillOptions = useMemo(() => {
    const selectedKeys = new Set(chosen.map((skill) => skill.toLowerCase()));
    const choices = skills.filter((skill) => !selectedKeys.has(skill.toLowerCase()));
    const countOf = facets && ((skill: string) => skillCount(facets, skill));
    return { __html: facetOptionsHtml('Select a skill', choices, countOf) };
  }, [skills, chosen, facets]);
  return (
    <Row>
      <Select
        id={props.id}
        name={URL_KEYS.skill}
        value={pendingSkill}
        onChange={(event) => setPendingSkill(event.target.value)}
        // Its options are one string (facetOptionsHtml): React hydrates no element of them.
        dangerouslySetInnerHTML={skillOptions}
      />
      <UntilHydrated>
        {(hydrated) => (
          <Button
            {...submitsUntil(hydrated)}
            $variant="secondary"
            disabled={hydrated && !pendingSkill}
            onClick={onClick(() => {
              props.onAddSkill(pendingSkill);
              setPendingSkill('');
            })}
          >
            ADD
          </Button>
        )}
      </UntilHydrated>
    </Row>
  );
});

/** Status, Stage on Side Quest or Sponsor. */
const ChoiceFilterField = memo(function ChoiceFilterField(props: {
  id: string;
  filter: (typeof CHOICE_FILTERS)[number];
  value: string;
  onFilter: BountyControlsProps['onFilter'];
}) {
  const { filter } = props;
  return (
    <FilterSelect
      id={props.id}
      label={filter.label}
      name={URL_KEYS[filter.key]}
      value={props.value}
      options={filter.options}
      onChange={(value) => props.onFilter(filter.change(value))}
    />
  );
});

/** The id of the hidden GET form that holds the state a button leads to without JavaScript. */
const actionFormId = (actionsId: string, key: string) => `${actionsId}-${key}`;

const SortButtons = memo(function SortButtons(props: {
  labelId: string;
  actionsId: string;
  sortField: SortField;
  sortDirection: ListQuery['sortDirection'];
  onSort: (field: SortField) => void;
}) {
  const { sortField, sortDirection } = props;
  return (
    <SortGroup role="group" aria-labelledby={props.labelId}>
      <SortLabel id={props.labelId}>Sort by</SortLabel>
      {(Object.keys(SORT_LABELS) as SortField[]).map((field) => {
        const active = sortField === field;
        const form = actionFormId(props.actionsId, `sort-${field}`);
        return (
          <UntilHydrated key={field}>
            {(hydrated) => (
              <Button
                {...submitsUntil(hydrated, form)}
                $variant={active ? 'primary' : 'ghost'}
                aria-pressed={active}
                onClick={onClick(() => props.onSort(field))}
              >
                {SORT_LABELS[field]}
                {active && (
                  <>
                    <span aria-hidden="true">{sortDirection === 'asc' ? '↑' : '↓'}</span>
                    <span className="visually-hidden">
                      {sortDirection === 'asc' ? ' ascending' : ' descending'}
                    </span>
                  </>
                )}
              </Button>
            )}
          </UntilHydrated>
        );
      })}
    </SortGroup>
  );
});

const ResetAllButton = memo(function ResetAllButton(props: { form: string; onReset: () => void }) {
  return (
    <UntilHydrated>
      {(hydrated) => (
        <Button {...submitsUntil(hydrated, props.form)} $variant="ghost" onClick={onClick(props.onReset)}>
          Reset All
        </Button>
      )}
    </UntilHydrated>
  );
});

/**
 * Search, domain, skills, sort and Reset All (mfe-bounties/README.md, "List"). The panel is a GET form to
 * /bounties whose fields carry the list's URL names, so it works before and without JavaScript: Enter in
 * the search box, APPLY (shown only until the page is hydrated) and ADD submit it; a button that sets a
 * state of its own (a sort, removing a chip, Reset All) submits a small hidden form holding that state.
 * Once hydrated they are plain buttons again and every change applies at once, as the list always did;
 * what changes then is rendered by UntilHydrated alone. Each control is a memoised part given stable
 * handlers, so a change renders again only the controls it changes.
 */
export function BountyControls({ query, domains, skills, facets, ...handlers }: BountyControlsProps) {
  const { onSearch, onFilter, onDomain, onAddSkill, onRemoveSkill, onSort, onReset } =
    useStableHandlers(handlers);
  const ids = {
    search: useId(),
    domain: useId(),
    skill: useId(),
    status: useId(),
    stage: useId(),
    sponsor: useId(),
    min: useId(),
    max: useId(),
    sort: useId(),
    actions: useId(),
  };
  // The states the buttons lead to without JavaScript, each submitted by its own hidden GET form.
  const actionForms: Array<{ id: string; query: ListQuery }> = [];
  const stateForm = (key: string, next: ListQuery) => {
    const id = actionFormId(ids.actions, key);
    actionForms.push({ id, query: next });
    return id;
  };
  const resetForm = stateForm('reset', DEFAULT_LIST_QUERY);
  const removeForms = query.skills.map((skill, index) =>
    stateForm(`remove-${index}`, applyListChanges(query, { skills: removeSkill(query.skills, skill) })),
  );
  for (const field of Object.keys(SORT_LABELS) as SortField[])
    stateForm(`sort-${field}`, applyListChanges(query, nextSort(query, field)));
  const onRewardBound = useMemo(
    () => ({
      min: (minReward: number | null) => onFilter({ minReward }),
      max: (maxReward: number | null) => onFilter({ maxReward }),
    }),
    [onFilter],
  );
  // The sort the main form keeps when it is submitted (only when it is not the default).
  const sortFields = listQueryFields({
    ...DEFAULT_LIST_QUERY,
    sortField: query.sortField,
    sortDirection: query.sortDirection,
  });

  return (
    <>
      <Panel
        role="search"
        aria-label="Filter bounties"
        method="get"
        action={SITE_ROUTES.bounties}
        onSubmit={preventSubmit}
      >
        <SearchField id={ids.search} value={query.search} onSearch={onSearch} />
        <DomainField
          id={ids.domain}
          domain={query.domain}
          domains={domains}
          facets={facets}
          onDomain={onDomain}
        />
        <Field>
          <label htmlFor={ids.skill}>Skill</label>
          {/* The chosen skills, in order before a newly added one, as the list writes them. */}
          {query.skills.map((skill) => (
            <input key={skill} type="hidden" name={URL_KEYS.skill} value={skill} />
          ))}
          <SkillPicker
            id={ids.skill}
            facets={facets}
            skills={skills}
            chosen={query.skills}
            onAddSkill={onAddSkill}
          />
          {sortFields.map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
          {query.savedOnly && <input type="hidden" name={URL_KEYS.saved} value="1" />}
        </Field>
        <ExtraFilters>
          {CHOICE_FILTERS.map((filter) => (
            <ChoiceFilterField
              key={filter.key}
              id={ids[filter.key]}
              filter={filter}
              value={query[filter.key]}
              onFilter={onFilter}
            />
          ))}
          <RewardBoundField
            id={ids.min}
            label="Min reward"
            name={URL_KEYS.minReward}
            presets={MIN_REWARD_PRESETS}
            bound={query.minReward}
            onChange={onRewardBound.min}
          />
          <RewardBoundField
            id={ids.max}
            label="Max reward"
            name={URL_KEYS.maxReward}
            presets={MAX_REWARD_PRESETS}
            bound={query.maxReward}
            onChange={onRewardBound.max}
          />
        </ExtraFilters>
        {query.skills.length > 0 && (
          <Chips aria-label="Selected skills">
            {query.skills.map((skill, index) => (
              <li key={skill}>
                <UntilHydrated>
                  {(hydrated) => (
                    <Chip
                      {...submitsUntil(hydrated, removeForms[index])}
                      aria-label={`Remove skill ${skill}`}
                      onClick={onClick(() => onRemoveSkill(skill))}
                    >
                      {skill} <span aria-hidden="true">×</span>
                    </Chip>
                  )}
                </UntilHydrated>
              </li>
            ))}
          </Chips>
        )}
        <Bottom>
          <SortButtons
            labelId={ids.sort}
            actionsId={ids.actions}
            sortField={query.sortField}
            sortDirection={query.sortDirection}
            onSort={onSort}
          />
          <ResetAllButton form={resetForm} onReset={onReset} />
        </Bottom>
      </Panel>
      {/* Outside the panel: forms cannot nest. */}
      <UntilHydrated>
        {(hydrated) =>
          !hydrated &&
          actionForms.map(({ id, query: state }) => (
            <form key={id} id={id} method="get" action={SITE_ROUTES.bounties} hidden>
              <StateFields query={state} />
            </form>
          ))
        }
      </UntilHydrated>
    </>
  );
}
