import { describe, expect, it } from 'vitest';
import { serviceOrigin } from './service-origin';

describe('serviceOrigin: what the CSP must allow for a service the page calls', () => {
  it.each([
    ['', null],
    ['https://rank.example', 'https://rank.example'],
    ['https://Rank.Example:8443/v1/', 'https://rank.example:8443'],
    ['http://localhost:9000', 'http://localhost:9000'],
    ['rank.example', null],
    ['//rank.example', null],
    ['javascript:alert(1)', null],
    ['https://', null],
  ])('%j → %j', (host, expected) => {
    expect(serviceOrigin(host)).toBe(expected);
  });
});
