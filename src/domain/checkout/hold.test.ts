import { describe, expect, it } from 'vitest';
import { formatHoldTime, holdNotice } from './hold';

const until = new Date(Date.now() + 30 * 60_000).toISOString();

describe('holdNotice', () => {
  it("sends a guest's lapsed hold to the email's link, and never an owner's (that hold has no link)", () => {
    const guest = holdNotice({ state: 'lapsed', until, confirmBy: 'guest' }, 'ada@example.com');
    const owner = holdNotice({ state: 'lapsed', until, confirmBy: 'owner' }, 'ada@example.com');
    expect(guest).toContain('You can still confirm it from the link in your email');
    expect(owner).not.toMatch(/link/);
    expect(owner).toContain(`held until ${formatHoldTime(until)} and was not accepted in time`);
    expect(owner).toContain('will email ada@example.com');
  });

  it('says until when a hold is held, and nothing of a confirmed one', () => {
    expect(holdNotice({ state: 'held', until, confirmBy: 'guest' }, 'ada@example.com')).toContain(`held until ${formatHoldTime(until)} and is not confirmed yet`);
    expect(holdNotice({ state: 'held', until, confirmBy: 'owner' }, 'ada@example.com')).toContain('We will email ada@example.com when it is accepted');
    expect(holdNotice({ state: 'confirmed', until, confirmBy: 'guest' }, 'ada@example.com')).toBeNull();
  });
});
