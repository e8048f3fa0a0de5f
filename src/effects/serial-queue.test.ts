import { firstValueFrom, Subject, timer, map } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { SerialQueue } from './serial-queue';

describe('SerialQueue', () => {
  it('runs one request at a time, in order', async () => {
    const queue = new SerialQueue('search');
    const log: string[] = [];
    const first = new Subject<string>();
    const a = firstValueFrom(queue.run(() => { log.push('start a'); return first; }));
    const b = firstValueFrom(queue.run(() => { log.push('start b'); return timer(1).pipe(map(() => 'b')); }));
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(log).toEqual(['start a']);
    first.next('a');
    first.complete();
    expect(await a).toBe('a');
    expect(await b).toBe('b');
    expect(log).toEqual(['start a', 'start b']);
  });

  it('goes on with the next request after a failure', async () => {
    const queue = new SerialQueue('documents');
    const failed = firstValueFrom(queue.run(() => { throw new Error('down'); }));
    const next = firstValueFrom(queue.run(() => timer(1).pipe(map(() => 'ok'))));
    await expect(failed).rejects.toThrow('down');
    expect(await next).toBe('ok');
  });

  it('skips a request whose caller has gone away before its turn', async () => {
    const queue = new SerialQueue('search');
    const gate = new Subject<string>();
    let ran = false;
    const first = firstValueFrom(queue.run(() => gate));
    queue.run(() => { ran = true; return timer(1); }).subscribe().unsubscribe();
    gate.next('done');
    gate.complete();
    await first;
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(ran).toBe(false);
  });
});
