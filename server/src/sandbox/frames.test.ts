import { CHANNEL_MAX_BYTES, parseChannel } from './frames';

function frame(kind: string, payload: Buffer): Buffer {
  const header = Buffer.alloc(9);
  header.write('SQSB', 0, 'ascii');
  header.write(kind, 4, 'ascii');
  header.writeUInt32BE(payload.length, 5);
  return Buffer.concat([header, payload]);
}

const STARTED = frame('S', Buffer.alloc(0));

function final(fields: Record<string, unknown>, results = Buffer.alloc(0)): Buffer {
  const json = Buffer.from(
    JSON.stringify({
      exitCode: 0,
      signal: null,
      archiveProblems: [],
      results: 'none',
      resultsProblem: null,
      harnessError: null,
      commandStarted: true,
      ...fields,
    }),
  );
  const length = Buffer.alloc(4);
  length.writeUInt32BE(json.length);
  return frame('F', Buffer.concat([length, json, results]));
}

describe('parseChannel', () => {
  it('reads a started frame then a final frame with the results bytes', () => {
    const reading = parseChannel(Buffer.concat([STARTED, final({ results: 'read' }, Buffer.from('<xml/>'))]));
    expect(reading.problem).toBeNull();
    expect(reading.started).toBe(true);
    expect(reading.final?.results?.toString()).toBe('<xml/>');
    expect(reading.final?.exitCode).toBe(0);
  });

  it('an empty channel: the harness never started', () => {
    expect(parseChannel(Buffer.alloc(0))).toEqual({ started: false, final: null, problem: null });
  });

  it('a started frame alone: the harness was stopped before it reported', () => {
    expect(parseChannel(STARTED)).toEqual({ started: true, final: null, problem: null });
  });

  it.each([
    ['bytes that are not a frame', Buffer.from('hello, harness')],
    ['a frame was cut short', Buffer.concat([STARTED, final({}).subarray(0, 12)])],
    ['bytes after the final frame', Buffer.concat([STARTED, final({}), Buffer.from('x')])],
    ['a frame out of order', Buffer.concat([STARTED, STARTED])],
    ['a frame out of order', final({})],
    ['a final frame that does not parse', Buffer.concat([STARTED, final({ exitCode: 'zero' })])],
    [
      'a final frame that does not parse',
      Buffer.concat([STARTED, final({ results: 'none' }, Buffer.from('x'))]),
    ],
    [
      'a final frame that does not parse',
      Buffer.concat([STARTED, frame('F', Buffer.from([0, 0, 0, 2, 0x7b]))]),
    ],
  ])('refuses %s', (problem, bytes) => {
    expect(parseChannel(bytes).problem).toBe(problem);
  });

  it('refuses a channel that held more than the largest results file', () => {
    expect(parseChannel(Buffer.alloc(0), true).problem).toBe('more bytes than a results file may hold');
    expect(CHANNEL_MAX_BYTES).toBeGreaterThan(10 * 1000 * 1000);
  });
});
