import { Suspense, startTransition, useLayoutEffect, useState } from 'react';
import { act } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { useHydrated } from '@side-quest/design';
import { changedFieldIds, handBackTypedValues, replayChangedFields } from './keepTypedValues';

/** A form whose fields are controlled, inside a Suspense boundary as the sections are. */
function Form({ onRender }: { onRender: (state: Record<string, unknown>) => void }) {
  const [challenge, setChallenge] = useState('');
  const [email, setEmail] = useState('');
  const [domain, setDomain] = useState('');
  const [saved, setSaved] = useState(false);
  const [renders, setRenders] = useState(0);
  onRender({ challenge, email, domain, saved });
  return (
    <form>
      <textarea id="challenge" value={challenge} onChange={(event) => setChallenge(event.target.value)} />
      <input id="email" value={email} onChange={(event) => setEmail(event.target.value)} />
      <select id="domain" value={domain} onChange={(event) => setDomain(event.target.value)}>
        <option value="">All</option>
        <option value="Software">Software</option>
      </select>
      <input
        id="saved"
        type="checkbox"
        checked={saved}
        onChange={(event) => setSaved(event.target.checked)}
      />
      <button type="button" id="rerender" onClick={() => setRenders(renders + 1)}>
        {renders}
      </button>
    </form>
  );
}

const app = (onRender: (state: Record<string, unknown>) => void) => (
  <Suspense fallback={null}>
    <Form onRender={onRender} />
  </Suspense>
);

/** The server's page, changed by a visitor before any script ran. */
function serverPageTypedInto(): HTMLElement {
  const container = document.createElement('div');
  container.innerHTML = renderToString(app(() => undefined));
  document.body.append(container);
  const field = <T extends HTMLElement>(id: string) => container.querySelector<T>(`#${id}`)!;
  field<HTMLTextAreaElement>('challenge').value = 'Our release takes two hours';
  field<HTMLSelectElement>('domain').value = 'Software';
  field<HTMLInputElement>('saved').checked = true;
  return container;
}

async function hydrate(container: HTMLElement) {
  const states: Array<Record<string, unknown>> = [];
  await act(async () => {
    hydrateRoot(
      container,
      app((state) => states.push(state)),
    );
  });
  return states;
}

const rerender = async (container: HTMLElement) =>
  act(async () => container.querySelector<HTMLButtonElement>('#rerender')!.click());

describe('keeping what a visitor typed before hydration', () => {
  afterEach(() => {
    document.body.innerHTML = '';
  });

  it('finds the fields changed on the server’s page, and only those', () => {
    expect(changedFieldIds(serverPageTypedInto())).toEqual(['challenge', 'domain', 'saved']);
  });

  it('loses the typing at the first render after hydration when nothing hands it back', async () => {
    const container = serverPageTypedInto();
    await hydrate(container);
    await rerender(container);
    expect(container.querySelector<HTMLTextAreaElement>('#challenge')!.value).toBe('');
  });

  it('hands each changed field to its component after hydration: state and screen keep the typing', async () => {
    const container = serverPageTypedInto();
    const ids = changedFieldIds(container);
    const states = await hydrate(container);
    await act(async () => replayChangedFields(ids));
    await rerender(container);
    expect(states.at(-1)).toEqual({
      challenge: 'Our release takes two hours',
      email: '',
      domain: 'Software',
      saved: true,
    });
    expect(container.querySelector<HTMLTextAreaElement>('#challenge')!.value).toBe(
      'Our release takes two hours',
    );
    expect(container.querySelector<HTMLSelectElement>('#domain')!.value).toBe('Software');
    expect(container.querySelector<HTMLInputElement>('#saved')!.checked).toBe(true);
  });

  it('leaves a field alone that already shows the server’s value again', async () => {
    const container = serverPageTypedInto();
    const ids = changedFieldIds(container);
    const states = await hydrate(container);
    container.querySelector<HTMLTextAreaElement>('#challenge')!.value = '';
    const before = states.length;
    await act(async () => replayChangedFields(['challenge']));
    expect(states).toHaveLength(before);
    expect(ids).toContain('challenge');
  });

  it('hands back the radio a visitor picked, and the group follows it', async () => {
    function Choice({ onRender }: { onRender: (type: string) => void }) {
      const [type, setType] = useState('hiring');
      onRender(type);
      return (
        <fieldset>
          {['hiring', 'bottleneck'].map((value) => (
            <input
              key={value}
              id={value}
              type="radio"
              name="challengeType"
              value={value}
              checked={type === value}
              onChange={() => setType(value)}
            />
          ))}
        </fieldset>
      );
    }
    const container = document.createElement('div');
    container.innerHTML = renderToString(<Choice onRender={() => undefined} />);
    document.body.append(container);
    container.querySelector<HTMLInputElement>('#bottleneck')!.checked = true;
    expect(container.querySelector<HTMLInputElement>('#hiring')!.checked).toBe(false);
    const ids = changedFieldIds(container);
    expect(ids).toEqual(['bottleneck']);
    const states: string[] = [];
    await act(async () => {
      hydrateRoot(container, <Choice onRender={(type) => states.push(type)} />);
    });
    await act(async () => replayChangedFields(ids));
    expect(states.at(-1)).toBe('bottleneck');
    expect(container.querySelector<HTMLInputElement>('#bottleneck')!.checked).toBe(true);
    expect(container.querySelector<HTMLInputElement>('#hiring')!.checked).toBe(false);
  });

  it('hands the typing back from the first commit, before a form that changes once hydrated re-renders', async () => {
    // As the shell does it (App's onFirstCommit): a microtask from the root's first layout effect.
    function Root({ onRender }: { onRender: (state: Record<string, unknown>) => void }) {
      useLayoutEffect(() => queueMicrotask(() => handBackTypedValues(document.body)), []);
      return <HydratedForm onRender={onRender} />;
    }
    function HydratedForm({ onRender }: { onRender: (state: Record<string, unknown>) => void }) {
      const hydrated = useHydrated();
      const [challenge, setChallenge] = useState('');
      onRender({ challenge, hydrated });
      return (
        <textarea
          id="challenge"
          value={challenge}
          placeholder={hydrated ? 'Describe it' : ''}
          onChange={(event) => setChallenge(event.target.value)}
        />
      );
    }
    const container = document.createElement('div');
    container.innerHTML = renderToString(<Root onRender={() => undefined} />);
    document.body.append(container);
    container.querySelector<HTMLTextAreaElement>('#challenge')!.value = 'Typed before the scripts ran';
    const states: Array<Record<string, unknown>> = [];
    // As in the browser: hydration in a transition, its effects in later tasks (act would run them at once).
    const actEnvironment = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
    actEnvironment.IS_REACT_ACT_ENVIRONMENT = false;
    try {
      startTransition(() => {
        hydrateRoot(container, <Root onRender={(state) => states.push(state)} />);
      });
      for (let tries = 0; tries < 50 && !states.at(-1)?.hydrated; tries += 1) {
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    } finally {
      actEnvironment.IS_REACT_ACT_ENVIRONMENT = true;
    }
    expect(states.at(-1)).toEqual({ challenge: 'Typed before the scripts ran', hydrated: true });
    expect(container.querySelector<HTMLTextAreaElement>('#challenge')!.value).toBe(
      'Typed before the scripts ran',
    );
  });
});
