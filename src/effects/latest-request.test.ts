import { Subject } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { latestRequest } from './latest-request';

describe('latestRequest', () => {
  it('drops the request in flight when a new one starts, and the last one on unsubscribe', () => {
    const request = latestRequest();
    const first = new Subject<string>();
    const second = new Subject<string>();
    const answers: string[] = [];
    request.run(first, { next: (answer) => answers.push(answer) });
    request.run(second, { next: (answer) => answers.push(answer) });
    first.next('stale');
    second.next('fresh');
    expect(answers).toEqual(['fresh']);
    expect(first.observed).toBe(false);
    request.unsubscribe();
    second.next('after');
    expect(answers).toEqual(['fresh']);
    expect(second.observed).toBe(false);
  });
});
