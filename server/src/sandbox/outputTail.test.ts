import { OutputTail } from './outputTail';

describe('OutputTail', () => {
  it('keeps everything while it fits', () => {
    const tail = new OutputTail(10, 100);
    expect(tail.push(Buffer.from('abc'))).toBe(true);
    expect(tail.push(Buffer.from('def'))).toBe(true);
    expect(tail.text()).toBe('abcdef');
    expect(tail.truncated).toBe(false);
  });

  it('keeps only the last bytes of long output, across chunk boundaries', () => {
    const tail = new OutputTail(5, 100);
    for (const chunk of ['1234', '5678', '90']) tail.push(Buffer.from(chunk));
    expect(tail.text()).toBe('67890');
    expect(tail.truncated).toBe(true);
    expect(tail.total).toBe(10);
  });

  it('says stop once more than the maximum has been read', () => {
    const tail = new OutputTail(5, 8);
    expect(tail.push(Buffer.from('12345678'))).toBe(true);
    expect(tail.push(Buffer.from('9'))).toBe(false);
  });

  it('replaces a character cut at the start and invalid bytes', () => {
    const tail = new OutputTail(3, 100);
    tail.push(Buffer.from('é', 'utf8'));
    tail.push(Buffer.from([0x61, 0xff]));
    expect(tail.text()).toBe('\ufffda\ufffd');
  });
});
