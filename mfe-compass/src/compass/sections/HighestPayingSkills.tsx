import type { SkillStat } from '../../stats/skillStats';
import { HIGHEST_PAYING_LIMIT } from '../../stats/rankings';
import { bountiesForSkillPath } from '../bountyLinks';
import { CompassSection, type SectionState } from './CompassSection';
import { RankedList, RankedRow, RowFigure, RowLink } from './rows';

/** Highest Paying Skills: average reward per bounty in thousands of dollars ('NK avg'). */
export function HighestPayingSkills({ skills, loading }: { skills: SkillStat[]; loading: boolean }) {
  const state: SectionState = loading ? 'loading' : skills.length === 0 ? 'empty' : 'ready';
  return (
    <CompassSection
      id="highest-paying-skills"
      title="Highest Paying Skills"
      state={state}
      placeholderRows={HIGHEST_PAYING_LIMIT}
      emptyText="No payment data yet"
    >
      <RankedList>
        {skills.map((skill) => (
          <RankedRow key={skill.id}>
            <RowLink to={bountiesForSkillPath(skill.displayName)}>{skill.displayName}</RowLink>
            <RowFigure>{skill.avgPay}K avg</RowFigure>
          </RankedRow>
        ))}
      </RankedList>
    </CompassSection>
  );
}
