import styled from 'styled-components';
import { ChoiceGroup, MutedText } from '@side-quest/design';
import {
  POST_SCORING_FIELD,
  POST_TEST_FIELD_PREFIX,
  type TestRuntime,
  type TestScoredPostFormReturn,
} from '@side-quest/data/lifecycle';
import { checkedScoring, postScoringChoices } from './postScoring';
import { SETUP_DEFAULTS, ScoringSetupFields } from './ScoringSetupFields';
import { TEST_SETUP_DEFAULTS, TestSetupFields } from './TestSetupFields';

/*
 * The post form's scoring (issue 45 item 2, issue 56 item 3): none, an answer key or tests, by a radio;
 * the chosen setup's fields ride with the form and are attached once the draft is saved. Both setups
 * stay in the page, so the form works without JavaScript; where the browser can (`:has`), the one not
 * chosen is hidden. Nothing is required here: the server checks the chosen setup.
 */
const Scoring = styled(ChoiceGroup)`
  &:has(input[name='${POST_SCORING_FIELD}'][value='none']:checked) [data-scoring],
  &:has(input[name='${POST_SCORING_FIELD}'][value='key']:checked) [data-scoring='tests'],
  &:has(input[name='${POST_SCORING_FIELD}'][value='tests']:checked) [data-scoring='key'] {
    display: none;
  }
`;

export function PostScoringFields({
  idPrefix,
  testRuntimes,
  returned,
}: {
  idPrefix: string;
  testRuntimes: readonly TestRuntime[];
  returned: TestScoredPostFormReturn | null;
}) {
  const field = (name: string) => `${idPrefix}-${name}`;
  const checked = checkedScoring(returned, testRuntimes);
  const testsOffered = testRuntimes.length > 0;
  return (
    <Scoring aria-describedby={field('about')}>
      <legend>Scoring (optional)</legend>
      <MutedText id={field('about')}>
        Score entries with a public leaderboard: against answers you keep (each entry a file of predictions),
        or by running your tests on each entrant’s code. Choose none for a bounty reviewed by hand. The setup
        is frozen once staff approve the bounty or it is published.
      </MutedText>
      {postScoringChoices(testRuntimes).map((choice) => (
        <label key={choice.value}>
          <input
            type="radio"
            name={POST_SCORING_FIELD}
            value={choice.value}
            defaultChecked={choice.value === checked}
          />{' '}
          {choice.label}
        </label>
      ))}
      {!testsOffered && (
        <MutedText data-testid="tests-not-offered">
          Scoring by tests is not offered now: no runner that can run them is running.
        </MutedText>
      )}
      {(returned?.setup || returned?.testSetup) && (
        <MutedText role="status">Files are not kept when a form comes back: choose them again.</MutedText>
      )}
      <ChoiceGroup data-scoring="key">
        <legend>Answer key setup</legend>
        <ScoringSetupFields idPrefix={field('key')} values={returned?.setup ?? SETUP_DEFAULTS} optional />
      </ChoiceGroup>
      {testsOffered && (
        <ChoiceGroup data-scoring="tests">
          <legend>Test setup</legend>
          {returned?.setupProblems && returned.setupProblems.length > 0 && (
            <ul aria-label="What to fix in the test setup">
              {returned.setupProblems.map((problem, index) => (
                <li key={index}>{problem}</li>
              ))}
            </ul>
          )}
          <TestSetupFields
            idPrefix={field('tests')}
            values={returned?.testSetup ?? TEST_SETUP_DEFAULTS}
            liveRuntimes={testRuntimes}
            namePrefix={POST_TEST_FIELD_PREFIX}
            optional
          />
        </ChoiceGroup>
      )}
    </Scoring>
  );
}
