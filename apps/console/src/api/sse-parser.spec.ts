import { describe, expect, it } from '@jest/globals';
import { SseParser } from './sse-parser.js';

const WIRE = 'event: step_start\ndata: {"a":1}\nid: 2\n\n: heartbeat\n\nevent: done\ndata: {"status":"completed"}\nid: 3\n\n';

describe('SseParser', () => {
  it('frames events with their type, data and id, skipping comments', () => {
    expect(new SseParser().feed(WIRE)).toEqual([
      { event: 'step_start', data: '{"a":1}', id: '2' },
      { event: 'done', data: '{"status":"completed"}', id: '3' },
    ]);
  });

  it('gives the same events whatever the chunking, CRLF included', () => {
    const whole = new SseParser().feed(WIRE);
    for (const text of [WIRE, WIRE.replace(/\n/g, '\r\n')]) {
      const parser = new SseParser();
      const events = [...text].flatMap((char) => parser.feed(char));
      expect(events).toEqual(whole);
    }
  });

  it('joins multi-line data and defaults the type to message; an unfinished event waits', () => {
    const parser = new SseParser();
    expect(parser.feed('data: one\ndata: two\n')).toEqual([]);
    expect(parser.feed('\n')).toEqual([{ event: 'message', data: 'one\ntwo' }]);
  });
});
