import type { SkillStat } from '../../stats/skillStats';
import { TOP_SKILLS_LIMIT } from '../../stats/rankings';
import { bountiesForSkillPath } from '../bountyLinks';
import { CompassSection, type SectionState } from './CompassSection';
import { DemandMeter } from './DemandMeter';
import { RankedList, RankedRow, RowFigure, RowLink } from './rows';

/** Most In-Demand Skills: the top skills by count, each with its demand bar and percentage. */
export function InDemandSkills({ skills, loading }: { skills: SkillStat[]; loading: boolean }) {
  const state: SectionState = loading ? 'loading' : skills.length === 0 ? 'empty' : 'ready';
  return (
    <CompassSection
      id="in-demand-skills"
      title="Most In-Demand Skills"
      state={state}
      placeholderRows={TOP_SKILLS_LIMIT}
      placeholderHeight="2.9rem"
      emptyText="No skill data available yet"
    >
      <RankedList>
        {skills.map((skill) => (
          <RankedRow key={skill.id}>
            <RowLink to={bountiesForSkillPath(skill.displayName)}>{skill.displayName}</RowLink>
            <RowFigure aria-hidden="true">{skill.demandScore}%</RowFigure>
            <DemandMeter skill={skill.displayName} score={skill.demandScore} />
          </RankedRow>
        ))}
      </RankedList>
    </CompassSection>
  );
}
