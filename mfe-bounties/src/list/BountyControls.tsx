import { useId, useState } from 'react';
import styled from 'styled-components';
import { Button } from '@side-quest/design';
import { Select, TextInput } from '../common/formControls';
import type { ListQuery, SortField } from './bountyQuery';

const Panel = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(4)};
  padding: ${({ theme }) => theme.space(4)};
  margin-bottom: ${({ theme }) => theme.space(6)};
  background: ${({ theme }) => theme.color.surface};
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.large};
  grid-template-columns: minmax(0, 1fr);
  @media (min-width: ${({ theme }) => theme.breakpoint.medium}) {
    grid-template-columns: minmax(0, 2fr) minmax(0, 1fr) minmax(0, 1.4fr);
    align-items: end;
  }
`;

const Field = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(1)};
  min-width: 0;
  label {
    font-size: 0.85rem;
    font-family: ${({ theme }) => theme.font.mono};
    color: ${({ theme }) => theme.color.textMuted};
  }
`;

const Row = styled.div`
  display: flex;
  gap: ${({ theme }) => theme.space(2)};
  min-width: 0;
  > select {
    flex: 1;
  }
`;

const Bottom = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(3)};
  align-items: center;
  justify-content: space-between;
  @media (min-width: ${({ theme }) => theme.breakpoint.medium}) {
    grid-column: 1 / -1;
  }
`;

const SortGroup = styled.div`
  display: grid;
  grid-template-columns: repeat(3, minmax(0, 1fr));
  align-items: center;
  gap: ${({ theme }) => theme.space(2)};
  flex: 1 1 100%;
  > span {
    grid-column: 1 / -1;
  }
  > button {
    padding-inline: 0.4rem;
    font-size: 0.9rem;
  }
  @media (min-width: ${({ theme }) => theme.breakpoint.medium}) {
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
  font-family: ${({ theme }) => theme.font.mono};
  color: ${({ theme }) => theme.color.textMuted};
`;

const Chips = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(2)};
  @media (min-width: ${({ theme }) => theme.breakpoint.medium}) {
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
  border: 1px solid ${({ theme }) => theme.color.accent};
  background: ${({ theme }) => theme.color.accentMuted};
  font-family: ${({ theme }) => theme.font.mono};
  font-size: 0.85rem;
  cursor: pointer;
`;

const SORT_LABELS: Record<SortField, string> = { title: 'Title', reward: 'Reward', deadline: 'Deadline' };

export interface BountyControlsProps {
  query: ListQuery;
  domains: readonly string[];
  skills: readonly string[];
  onSearch: (search: string) => void;
  onDomain: (domain: string) => void;
  onAddSkill: (skill: string) => void;
  onRemoveSkill: (skill: string) => void;
  onSort: (field: SortField) => void;
  onReset: () => void;
}

/** Search, domain, skills, sort and Reset All (mfe-bounties/README.md, "List"). */
export function BountyControls({
  query,
  domains,
  skills,
  onSearch,
  onDomain,
  onAddSkill,
  onRemoveSkill,
  onSort,
  onReset,
}: BountyControlsProps) {
  const ids = { search: useId(), domain: useId(), skill: useId(), sort: useId() };
  const [pendingSkill, setPendingSkill] = useState('');
  const selectedKeys = new Set(query.skills.map((skill) => skill.toLowerCase()));
  const skillChoices = skills.filter((skill) => !selectedKeys.has(skill.toLowerCase()));
  // A domain from a shared link that this dataset lacks still shows as selected.
  const domainChoices =
    query.domain && !domains.includes(query.domain) ? [...domains, query.domain] : domains;

  return (
    <Panel role="search" aria-label="Filter bounties">
      <Field>
        <label htmlFor={ids.search}>Search</label>
        <TextInput
          id={ids.search}
          type="search"
          placeholder="Search title, summary or company"
          value={query.search}
          onChange={(event) => onSearch(event.target.value)}
        />
      </Field>
      <Field>
        <label htmlFor={ids.domain}>Domain</label>
        <Select id={ids.domain} value={query.domain} onChange={(event) => onDomain(event.target.value)}>
          <option value="">All Domains</option>
          {domainChoices.map((domain) => (
            <option key={domain} value={domain}>
              {domain}
            </option>
          ))}
        </Select>
      </Field>
      <Field>
        <label htmlFor={ids.skill}>Skill</label>
        <Row>
          <Select
            id={ids.skill}
            value={pendingSkill}
            onChange={(event) => setPendingSkill(event.target.value)}
          >
            <option value="">Select a skill</option>
            {skillChoices.map((skill) => (
              <option key={skill} value={skill}>
                {skill}
              </option>
            ))}
          </Select>
          <Button
            $variant="secondary"
            disabled={!pendingSkill}
            onClick={() => {
              onAddSkill(pendingSkill);
              setPendingSkill('');
            }}
          >
            ADD
          </Button>
        </Row>
      </Field>
      {query.skills.length > 0 && (
        <Chips aria-label="Selected skills">
          {query.skills.map((skill) => (
            <li key={skill}>
              <Chip type="button" aria-label={`Remove skill ${skill}`} onClick={() => onRemoveSkill(skill)}>
                {skill} <span aria-hidden="true">×</span>
              </Chip>
            </li>
          ))}
        </Chips>
      )}
      <Bottom>
        <SortGroup role="group" aria-labelledby={ids.sort}>
          <SortLabel id={ids.sort}>Sort by</SortLabel>
          {(Object.keys(SORT_LABELS) as SortField[]).map((field) => {
            const active = query.sortField === field;
            return (
              <Button
                key={field}
                $variant={active ? 'primary' : 'ghost'}
                aria-pressed={active}
                onClick={() => onSort(field)}
              >
                {SORT_LABELS[field]}
                {active && (
                  <>
                    <span aria-hidden="true">{query.sortDirection === 'asc' ? '↑' : '↓'}</span>
                    <span className="visually-hidden">
                      {query.sortDirection === 'asc' ? ' ascending' : ' descending'}
                    </span>
                  </>
                )}
              </Button>
            );
          })}
        </SortGroup>
        <Button $variant="ghost" onClick={onReset}>
          Reset All
        </Button>
      </Bottom>
    </Panel>
  );
}
