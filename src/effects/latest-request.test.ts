import { Subject } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { latestRequest } from './latest-request';

describe('latestRequest', () => {
  it('delivers the answer of the newest request only, whichever answers first', () => {
    const request = latestRequest();
    const first = new Subject<string>();
    const second = new Subject<string>();
    const answers: string[] = [];
    request.run(first, (answer) => answers.push(`first: ${answer}`));
    request.run(second, { next: (answer) => answers.push(`second: ${answer}`) });
    first.next('late');
    second.next('fresh');
    expect(answers).toEqual(['second: fresh']);
    expect(first.observed).toBe(false);
  });

  it('delivers a failure of the newest request, and nothing after cancel', () => {
    const request = latestRequest();
    const failing = new Subject<string>();
    const failures: unknown[] = [];
    request.run(failing, { error: (error: unknown) => failures.push(error) });
    failing.error(new Error('offline'));
    expect(failures).toEqual([new Error('offline')]);

    const cancelled = new Subject<string>();
    const answers: string[] = [];
    request.run(cancelled, (answer) => answers.push(answer));
    request.cancel();
    cancelled.next('too late');
    expect(answers).toEqual([]);
    expect(cancelled.observed).toBe(false);
  });
});
