import type { AreaStat } from '../../stats/areaStats';
import { TRENDING_AREAS_LIMIT } from '../../stats/rankings';
import { bountiesInAreaPath } from '../bountyLinks';
import { CompassSection, type SectionState } from './CompassSection';
import { RankedList, RankedRow, RowFigure, RowLink } from './rows';

/** Trending Areas: the areas with the most bounties created in the last month. */
export function TrendingAreas({ areas, loading }: { areas: AreaStat[]; loading: boolean }) {
  const state: SectionState = loading ? 'loading' : areas.length === 0 ? 'empty' : 'ready';
  return (
    <CompassSection
      id="trending-areas"
      title="Trending Areas"
      state={state}
      placeholderRows={TRENDING_AREAS_LIMIT}
      emptyText="No trending areas yet"
    >
      <RankedList>
        {areas.map((area) => (
          <RankedRow key={area.name}>
            <RowLink to={bountiesInAreaPath(area.name)}>{area.name}</RowLink>
            <RowFigure>({area.recentCount} recent)</RowFigure>
          </RankedRow>
        ))}
      </RankedList>
    </CompassSection>
  );
}
